"""The best play from a rack: the opening that leaves the fewest points (C2, S3), the most tiles
laid down as melds (C4, P4), the outs, and the part of a contract a rack already holds.

Exact, like the solver, and bounded by the same rack limit (`MAX_RACK_TILES`). How:

- Fewest points: the rack's points are fixed, so the opening that leaves the fewest points is
  the one that lays down the most (an Okey or a false joker counts 25, S3). An Okey is worth more
  on the table than any numbered tile, so the search also lets a spare Okey replace a meld's
  lowest tile. Runs by depth-first search over the candidate runs with a simple upper bound;
  groups and pairs together by a dynamic programme over the 13 numbers (they meet only within a
  number), with each number's options computed once and cached.
- Most tiles as melds: the all-at-once search with one more choice for the lowest tile — leave
  it on the rack — memoised on the remaining counts. With `keep`, at least one tile stays for
  the discard (P8).
- Outs: a tile that would open stands where a wild could in an opening with one more wild;
  one search over the runs with that wild collects them all, and for the groups and pairs
  left, faces that look alike to them (same count, numbers with the same counts) are asked once.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .columns import WILD, _groups_and_pairs, _values
from .contracts import Contract
from .solver import (
    ORDER,
    Melds,
    _contract,
    _most_pairs,
    _options,
    _prepare,
    _rest,
    _run_candidates,
    _to_tiles,
    bounded,
    lowest,
)
from .tiles import FALSE_JOKER, OKEY, OKEY_POINTS, TILES, Tile, okey_code

INFINITE = 1 << 30


def _by_value(okey: int) -> tuple[int, ...]:
    values = _values(okey)
    return tuple(sorted(range(52), key=lambda f: -values[f]))


# The 52 faces from the most points to the fewest, for each Okey face (a false joker: 25).
_BY_VALUE = tuple(_by_value(okey) for okey in range(52))


@dataclass(frozen=True, slots=True)
class Out:
    """A tile that would let the rack open with one more tile, and how many are unseen."""

    tile: Tile
    unseen: int


def _melds_tiles(found: list[list[int]], wilds: list[Tile], jokers: list[Tile], okey: int) -> Melds:
    return _to_tiles(found, wilds, jokers, okey)


def rest_of(rack: Iterable[Tile], melds: Iterable[Iterable[Tile]]) -> tuple[Tile, ...]:
    """The rack's tiles that are not in the melds, in rack order."""
    laid = Counter(t.code for m in melds for t in m)
    left = []
    for t in rack:
        if laid[t.code]:
            laid[t.code] -= 1
        else:
            left.append(t)
    return tuple(left)


# ---------------------------------------------------------------- the best opening (C2)


def _best_contract(
    counts: list[int], w: int, contract: Contract, okey: int
) -> tuple[int, list[list[int]]] | None:
    values = _values(okey)
    groups, group_size, pairs = contract.groups, contract.group_size, contract.pairs
    runs, size = contract.runs, contract.run_size
    if not runs:
        return _groups_and_pairs(counts, w, groups, group_size, pairs, values)
    if _contract(counts, w, contract) is None:
        return None  # no opening at all: nothing to maximise
    all_runs = [
        [colour * 13 + (p - 1) % 13 for p in range(start, start + size)]
        for colour in range(4)
        for start in range(1, 16 - size)
    ]

    def bound(faces: list[int]) -> int:
        ordered = sorted(values[f] for f in faces)
        return sum(ordered[w:]) + OKEY_POINTS * min(w, size)

    # Only runs the rack could ever fill, the richest first: a good opening is found early
    # and the bounds below then cut most of the search.
    candidates = sorted(
        (faces for faces in all_runs if sum(1 for f in faces if not counts[f]) <= w),
        key=bound,
        reverse=True,
    )
    suffix = [0] * (len(candidates) + 1)
    for j in range(len(candidates) - 1, -1, -1):
        suffix[j] = max(suffix[j + 1], bound(candidates[j]))
    rest_tiles = groups * group_size + 2 * pairs
    rest_bound = rest_tiles * 13 + 12 * min(rest_tiles, w + counts[okey])
    best: list[Any] = [-1, None]

    def richest(n: int, w: int) -> int:
        """The most points any `n` of the rack's remaining tiles (wilds at 25) could lay."""
        total = OKEY_POINTS * min(n, w)
        n -= min(n, w)
        for f in _BY_VALUE[okey]:
            if not n:
                break
            take = min(n, counts[f])
            total += take * values[f]
            n -= take
        return total

    def solve(left: int, first: int, w: int, points: int, chosen: list[list[int]]) -> None:
        if not left:
            found = _groups_and_pairs(counts, w, groups, group_size, pairs, values)
            if found is not None and points + found[0] > best[0]:
                best[0], best[1] = points + found[0], found[1] + chosen
            return
        if best[0] >= 0 and points + richest(left * size + rest_tiles, w) <= best[0]:
            return
        for j in range(first, len(candidates)):
            if points + left * suffix[j] + rest_bound <= best[0]:
                return
            faces = candidates[j]
            have: Counter[int] = Counter()
            gaps: list[int] = []
            present: list[int] = []
            for i, f in enumerate(faces):
                have[f] += 1
                (present if have[f] <= counts[f] else gaps).append(i)
            if len(gaps) > w:
                continue
            present.sort(key=lambda i: values[faces[i]])
            for extra in range(min(w - len(gaps), len(present)) + 1):
                wild_at = {*gaps, *present[:extra]}
                meld = [WILD if i in wild_at else f for i, f in enumerate(faces)]
                used = len(wild_at)
                gain = sum(values[f] for f in meld if f >= 0) + OKEY_POINTS * used
                for f in meld:
                    if f >= 0:
                        counts[f] -= 1
                solve(left - 1, j, w - used, points + gain, [*chosen, meld])
                for f in meld:
                    if f >= 0:
                        counts[f] += 1

    solve(runs, 0, w, 0, [])
    if best[1] is None:
        return None
    # Found as groups, pairs, runs; the contract's order is groups, runs, pairs.
    head, run_melds = best[1][:-runs], best[1][-runs:]
    group_melds = [m for m in head if len(m) != 2]  # a group has 3 or 4 tiles, a pair 2
    return best[0], group_melds + run_melds + [m for m in head if len(m) == 2]


def best_opening(rack: Iterable[Tile], contract: Contract, indicator: Tile) -> Melds | None:
    """The opening meld (C2) that leaves the fewest points on the rack (S3), or None. In table
    order: groups, runs, pairs. Not for the final round (see `best_cover`)."""
    if contract.is_final:
        raise ValueError("the final round has no opening meld; use best_cover")
    counts, wilds, jokers = _prepare(rack, indicator)
    bounded(contract)
    okey = okey_code(indicator)
    found = _best_contract(counts, len(wilds), contract, okey)
    if found is None:
        return None
    return _melds_tiles(found[1], wilds, jokers, okey)


# ---------------------------------------------------------------- the most tiles (C4, P4)


_Cover = tuple[int, list[list[int]]]  # tiles left over, and the melds laid


def _cover(counts: list[int], wilds: int, pairs: bool, keep: bool) -> list[list[int]] | None:
    """Melds laying down the most tiles; with `keep`, at least one tile stays (None: none can)."""
    memo: dict[bytes, tuple[_Cover, _Cover]] = {}
    nothing: _Cover = (INFINITE, [])

    def solve(start: int, w: int) -> tuple[_Cover, _Cover]:
        """(fewest left over, fewest left over with at least one left), with their melds."""
        at = lowest(counts, start)
        if at == 52:
            if w == 2 and pairs:
                return (0, [[WILD, WILD]]), (2, [])
            return (w, []), ((w, []) if w else nothing)
        first = ORDER[at]
        key = bytes(counts) + bytes((w,))
        if key in memo:
            return memo[key]
        counts[first] -= 1
        any_left, _ = solve(at, w)
        counts[first] += 1
        best_any = best_keep = (any_left[0] + 1, any_left[1])
        for meld, used in _options(counts, first, w):
            if len(meld) == 2 and not pairs:
                continue
            for f in meld:
                if f >= 0:
                    counts[f] -= 1
            rest_any, rest_keep = solve(at, w - used)
            for f in meld:
                if f >= 0:
                    counts[f] += 1
            if rest_any[0] < best_any[0]:
                best_any = (rest_any[0], [*rest_any[1], meld])
            if rest_keep[0] < best_keep[0]:
                best_keep = (rest_keep[0], [*rest_keep[1], meld])
        memo[key] = (best_any, best_keep)
        return memo[key]

    best_any, best_keep = solve(0, wilds)
    found = best_keep if keep else best_any
    return None if found[0] >= INFINITE else found[1][::-1]


def best_cover(
    rack: Iterable[Tile], indicator: Tile, *, pairs: bool = True, keep: bool = False
) -> Melds:
    """Melds laying down as many of the rack's tiles as possible (empty: none). With `pairs`,
    pairs count (the final round, C4); `keep` leaves at least one tile to discard (P8)."""
    counts, wilds, jokers = _prepare(rack, indicator)
    found = _cover(counts, len(wilds), pairs, keep) or []
    return _melds_tiles(found, wilds, jokers, okey_code(indicator))


# ---------------------------------------------------------------- outs and the part held


def unseen(tile: Tile, rack: Iterable[Tile], indicator: Tile) -> int:
    """Copies of a tile not in the rack nor the indicator (T1: two of each). `OKEY`: the
    Okeys of the round, the `ok` token and the Okey's face tile alike."""
    okey = okey_code(indicator)
    if tile.code in (OKEY.code, okey):
        held = sum(1 for t in rack if t.code in (OKEY.code, okey))
    else:
        held = sum(1 for t in rack if t.code == tile.code) + (tile.code == indicator.code)
    return max(0, 2 - held)


def _rest_outs(counts: list[int], w: int, contract: Contract, faces: Iterable[int]) -> set[int]:
    """The faces among `faces` that, one more added to the counts, let the contract's groups
    and pairs fit with `w` wilds. These see each number's four counts only as a whole, in any
    colour order, and the numbers in any order: faces with the same count, in numbers with
    the same counts, answer alike, so one search answers for all of them."""
    groups, size, pairs = contract.groups, contract.group_size, contract.pairs
    answers: dict[tuple[int, ...], bool] = {}
    found = set()
    for f in faces:
        key = (counts[f], *sorted(counts[f % 13 :: 13]))
        if key not in answers:
            counts[f] += 1
            answers[key] = _rest(counts, w, pairs, groups, size) is not None
            counts[f] -= 1
        if answers[key]:
            found.add(f)
    return found


def _out_faces(counts: list[int], w: int, contract: Contract, faces: set[int]) -> set[int]:
    """The faces among `faces` that, one more added to the counts, let them meet the contract
    with `w` wilds — for counts that do not meet it with `w` wilds but do with one more.

    Such a face stands where a wild could in a solution with that one more wild (a solution
    using the added tile gives one with a wild in its place, and the counts alone fail, so it
    is used), and the other way round. So one search over the runs with `w + 1` wilds, in the
    solver's order, collects them all: the faces whose places its runs' wilds take, and for
    the groups and pairs left, the faces that would save one of their wilds. Like the solver
    it puts a run's wild only where the tile is missing, and loses no face by it: a wild for a
    free tile would mean the counts meet the contract with `w` wilds, and a wild for a tile
    another meld holds swaps with it, the other meld's wild then standing for that tile."""
    if not contract.runs:
        return _rest_outs(counts, w, contract, faces)
    groups, group_size, pairs = contract.groups, contract.group_size, contract.pairs
    size = contract.run_size
    candidates, by_need = _run_candidates(counts, w + 1, size)
    rest_tiles = groups * group_size + 2 * pairs
    found: set[int] = set()

    def solve(left: int, first: int, w: int, real: int, held: list[int]) -> None:
        """`held`: the faces the wilds of the runs chosen so far stand for."""
        if len(found) == len(faces):
            return
        if not left:
            if _rest(counts, w, pairs, groups, group_size) is not None:
                found.update(f for f in held if f in faces)
                if w:
                    found.update(_rest_outs(counts, w - 1, contract, faces - found))
            return
        if real + w < left * size + rest_tiles:
            return
        if pairs and _most_pairs(counts, w) < pairs:
            return
        pool = by_need[w]
        for j in pool[bisect_left(pool, first) :]:
            meld = [f if counts[f] else WILD for f in candidates[j]]
            stand_for = [f for f, m in zip(candidates[j], meld, strict=True) if m == WILD]
            used = len(stand_for)
            if used > w:
                continue
            for f in meld:
                if f >= 0:
                    counts[f] -= 1
            solve(left - 1, j, w - used, real - (size - used), held + stand_for)
            for f in meld:
                if f >= 0:
                    counts[f] += 1

    solve(contract.runs, 0, w + 1, sum(counts), [])
    return found


def opening_outs(rack: Iterable[Tile], contract: Contract, indicator: Tile) -> tuple[Out, ...]:
    """Every tile that, drawn now, would let the rack open (C2), with how many are unseen;
    only tiles that can still be drawn. Empty when the rack opens already."""
    rack = tuple(rack)
    counts, wilds, jokers = _prepare(rack, indicator)
    bounded(contract)
    w = len(wilds)
    if contract.is_final or _contract(counts, w, contract) is not None:
        return ()
    if _contract(counts, w + 1, contract) is None:
        return ()  # not even a third Okey, which stands for any tile, would open it
    okey = okey_code(indicator)
    # `unseen` for a numbered tile: the rack holds counts[f] of it (the Okey's face aside).
    left = [max(0, 2 - counts[f] - (f == indicator.code)) for f in range(52)]
    jokers_left = 2 - len(jokers)
    faces = {f for f in range(52) if f != okey and left[f]}
    if jokers_left > 0:
        faces.add(okey)  # a false joker: one more of the Okey's face (T4)
    outs = _out_faces(counts, w, contract, faces)
    found = [Out(TILES[f], left[f]) for f in range(52) if f != okey and f in outs]
    okeys_left = unseen(OKEY, rack, indicator)
    if okeys_left:
        found.append(Out(OKEY, okeys_left))  # one more wild: opens, as tested above
    if jokers_left > 0 and okey in outs:
        found.append(Out(FALSE_JOKER, jokers_left))
    return tuple(found)


def contract_part(
    rack: Iterable[Tile], contract: Contract, indicator: Tile
) -> tuple[Contract | None, Melds]:
    """The largest part of the contract the rack holds — most melds, then most tiles — and
    its melds (None, (): not even one meld)."""
    counts, wilds, jokers = _prepare(rack, indicator)
    bounded(contract)
    parts = [
        (g + r + p, g * contract.group_size + r * contract.run_size + 2 * p, g, r, p)
        for g in range(contract.groups + 1)
        for r in range(contract.runs + 1)
        for p in range(contract.pairs + 1)
        if g + r + p
    ]
    parts.sort(reverse=True)
    for _, _, g, r, p in parts:
        part = Contract(
            groups=g,
            group_size=contract.group_size,
            runs=r,
            run_size=contract.run_size,
            pairs=p,
        )
        found = _contract(counts, len(wilds), part)
        if found is not None:
            return part, _melds_tiles(found, wilds, jokers, okey_code(indicator))
    return None, ()
