"""Groups and pairs together, number by number (C1, C2): they meet only within a number, so a
small dynamic programme over the 13 numbers is exact — each number's four faces serve `k`
groups and `q` pairs with `u` wilds in a few ways, computed once per column and cached.

Used by the solver to decide whether groups and pairs both fit (a depth-first search over the
pairs would try every choice before saying no) and by `best.py` for the most points laid.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from .tiles import OKEY_POINTS  # an Okey or a false joker laid down or left on the rack (S3)

WILD = -1


def _values(okey: int) -> list[int]:
    # Among the counts, the Okey's face holds only false jokers (the face tiles are wild).
    values = [f % 13 + 1 for f in range(52)]
    values[okey] = OKEY_POINTS
    return values


_Melds = tuple[tuple[int, ...], ...]  # colour indexes or WILD, one tuple per meld


@lru_cache(maxsize=4096)
def _column_options(
    column: tuple[int, ...], values: tuple[int, ...], groups: int, size: int, pairs: int, w: int
) -> tuple[tuple[int, int, int, int, _Melds], ...]:
    """Every way one number's four faces serve `k` groups and `q` pairs with `u` wilds, as
    (k, q, u, points laid, melds of colour indexes / WILD); the best for each (k, q, u)."""
    best: dict[tuple[int, int, int], tuple[int, _Melds]] = {}
    choices = [
        [0, *([1] if c >= 2 and pairs else []), *([2] if c >= 1 and pairs and w else [])]
        for c in column
    ]
    for pick in product(*choices):
        q = sum(1 for p in pick if p)
        u = sum(1 for p in pick if p == 2)
        if q > pairs or u > w:
            continue
        left = list(column)
        pair_melds: list[tuple[int, ...]] = []
        pair_points = 0
        for colour, p in enumerate(pick):
            if p == 1:
                left[colour] -= 2
                pair_melds.append((colour, colour))
                pair_points += 2 * values[colour]
            elif p == 2:
                left[colour] -= 1
                pair_melds.append((colour, WILD))
                pair_points += values[colour] + OKEY_POINTS
        for k in range(groups + 1):
            free = [(values[c], c) for c in range(4) for _ in range(min(left[c], k))]
            free.sort(reverse=True)
            for extra in range(w - u + 1) if k else (0,):
                real = k * size - extra
                if real > len(free):
                    continue
                kept = sorted(c for _, c in free[:real])
                group_melds = [list(kept[i::k]) for i in range(k)]
                melds = tuple(tuple(g + [WILD] * (size - len(g))) for g in group_melds) + tuple(
                    pair_melds
                )
                points = pair_points + sum(v for v, _ in free[:real]) + OKEY_POINTS * extra
                key = (k, q, u + extra)
                if key not in best or best[key][0] < points:
                    best[key] = (points, melds)
    return tuple((k, q, u, points, melds) for (k, q, u), (points, melds) in best.items())


def _groups_and_pairs(
    counts: list[int], w: int, groups: int, size: int, pairs: int, values: list[int]
) -> tuple[int, list[list[int]]] | None:
    """The most points laid as exactly `groups` groups of `size` and `pairs` pairs."""
    states: dict[tuple[int, int, int], tuple[int, list[tuple[int, _Melds]]]] = {(0, 0, 0): (0, [])}
    if groups or pairs:
        for v in range(13):
            column = (counts[v], counts[13 + v], counts[26 + v], counts[39 + v])
            if not any(column) and w < size:
                continue  # (an all-wild group only ever fits the outs' test with a third wild)
            column_values = (values[v], values[13 + v], values[26 + v], values[39 + v])
            options = _column_options(column, column_values, groups, size, pairs, w)
            new = dict(states)
            for (g0, p0, u0), (points0, picks0) in states.items():
                for k, q, u, points, melds in options:
                    key = (g0 + k, p0 + q, u0 + u)
                    if key[0] > groups or key[1] > pairs or key[2] > w or not (k or q):
                        continue
                    total = points0 + points
                    if key not in new or new[key][0] < total:
                        new[key] = (total, [*picks0, (v, melds)])
            states = new
    found: tuple[int, list[list[int]]] | None = None
    for (g0, p0, u0), (points, picks) in states.items():
        missing = pairs - p0
        if g0 != groups or u0 + 2 * missing > w:
            continue
        total = points + 2 * OKEY_POINTS * missing
        if found is None or total > found[0]:
            laid: list[list[int]] = []
            pair_melds: list[list[int]] = []
            for v, column_melds in picks:
                for meld in column_melds:
                    faces = [WILD if c == WILD else c * 13 + v for c in meld]
                    (pair_melds if len(meld) == 2 else laid).append(faces)
            pair_melds += [[WILD, WILD]] * missing
            found = (total, laid + pair_melds)
    return found
