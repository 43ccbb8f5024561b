"""The solver: can a rack meet a contract (C2), or go down all at once in the final round (C4)?

Exact, never a wrong yes or no (tests compare it with a brute force over the classifier).
Up to two Okeys are wild; a false joker is the Okey's face (T3, T4). Racks are bounded
(`MAX_RACK_TILES`): a longer rack raises `InputError(RACK_TOO_LONG)`, so no input runs long.

How, briefly. The rack becomes counts of the 52 faces plus a number of wilds. Two exchange
arguments keep the search small without losing solutions: (1) a wild never needs to sit at a
run position whose real tile is still free — swap the real tile in and the wild into whatever
meld held that tile (an Okey fits anywhere the tile did); (2) likewise a group uses a wild only
when every other colour of its number is already spent. Then:

- all at once: depth-first over the lowest remaining tile (number by number, see `ORDER`),
  which must be in some meld — a pair with its twin (or an Okey), a group of its number with
  higher colours, or a run of 3–5 tiles (longer runs split into such pieces) where all lower
  tiles are wilds; failed states memoised.
- contracts: runs by depth-first search in a fixed candidate order, then pairs likewise, then
  groups exactly by a small dynamic programme: k groups of size s at one number need
  max(0, k·s − Σ_colours min(count, k)) wilds, numbers being independent but for the wilds.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from itertools import combinations

from .columns import WILD, _groups_and_pairs
from .contracts import MAX_CONTRACT_TILES, Contract
from .tiles import FALSE_JOKER_CODE, OKEY_CODE, TILES, Tile, excess_copies, okey_code
from .verdicts import InputError, ReasonCode

Melds = tuple[tuple[Tile, ...], ...]

# The bound that keeps every search short (bench/engine.py measures the worst case): a rack
# holds 15 tiles at most after the deal, and buying (B1) and penalty tiles (X1, X2) add some;
# 26 is more than any rack reaches in play. Longer racks are an input error, not a slow answer.
MAX_RACK_TILES = 26


def bounded(contract: Contract) -> Contract:
    """The contract, if the searches take it: at most `MAX_CONTRACT_TILES` tiles (P8), the
    bound `validate_round_list` sets for a round list — a longer one is an input error."""
    if contract.tile_count > MAX_CONTRACT_TILES:
        raise InputError(
            ReasonCode.CONTRACT_TOO_LONG,
            field="round",
            tiles=contract.tile_count,
            limit=MAX_CONTRACT_TILES,
        )
    return contract


def _prepare(
    rack: Iterable[Tile], indicator: Tile, limit: int = MAX_RACK_TILES
) -> tuple[list[int], list[Tile], list[Tile]]:
    rack = tuple(rack)
    if len(rack) > limit:
        raise InputError(ReasonCode.RACK_TOO_LONG, field="rack", count=len(rack), limit=limit)
    excess = excess_copies(rack, indicator)
    if excess is not None:
        raise InputError(ReasonCode.TOO_MANY_COPIES, field="rack", **excess.facts())
    okey = okey_code(indicator)
    counts = [0] * 52
    wilds: list[Tile] = []
    jokers: list[Tile] = []
    for t in rack:
        if t.code in (OKEY_CODE, okey):
            wilds.append(t)
        elif t.code == FALSE_JOKER_CODE:
            jokers.append(t)
            counts[okey] += 1
        else:
            counts[t.code] += 1
    return counts, wilds, jokers


def _to_tiles(melds: list[list[int]], wilds: list[Tile], jokers: list[Tile], okey: int) -> Melds:
    wilds, jokers = list(wilds), list(jokers)
    out = []
    for meld in melds:
        tiles = []
        for code in meld:
            if code == WILD:
                tiles.append(wilds.pop())
            elif code == okey:
                tiles.append(jokers.pop())
            else:
                tiles.append(TILES[code])
        out.append(tuple(tiles))
    return tuple(out)


# ---------------------------------------------------------------- all at once (C4)


def _run_shapes(first: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every run of 3–5 through the tile `first`: its faces and the index of `first`."""
    colour, v = divmod(first, 13)
    base = colour * 13
    shapes = []
    for top in (1, 14) if v == 0 else (v + 1,):
        for length in (3, 4, 5):
            for start in range(max(1, top - length + 1), top + 1):
                end = start + length - 1
                if end > 14:
                    break
                faces = tuple(base + (p - 1) % 13 for p in range(start, end + 1))
                shapes.append((faces, top - start))
    return tuple(shapes)


_RUN_SHAPES = tuple(_run_shapes(f) for f in range(52))


def _options(counts: list[int], first: int, w: int) -> list[tuple[list[int], int]]:
    """Every meld (face codes, wilds used) that holds the lowest remaining tile `first` (lowest
    in `ORDER`: every tile of a lower number, and of a lower colour at this number, is gone)."""
    v = first % 13
    colour = first // 13
    out: list[tuple[list[int], int]] = []
    for faces, at in _RUN_SHAPES[first]:
        meld = [f if i == at or counts[f] else WILD for i, f in enumerate(faces)]
        used = meld.count(WILD)
        if used <= w:
            out.append((meld, used))
    others = [c * 13 + v for c in range(colour + 1, 4) if counts[c * 13 + v]]
    for size in (2, 3):
        for combo in combinations(others, size):
            out.append(([first, *combo], 0))
    for k in range(max(1, 2 - len(others)), min(w, 3 - len(others)) + 1):
        out.append(([first, *others, *[WILD] * k], k))
    if counts[first] >= 2:
        out.append(([first, first], 0))
    elif w:
        out.append(([first, WILD], 1))
    out.sort(key=lambda option: option[1])
    return out


# The lowest remaining tile is taken number by number (all the 1s, then the 2s, …): a meld
# then reaches at most four numbers ahead (a run from a 1 at its top end, 12-13-1, aside), so
# the remaining counts differ only near the front and the memo holds few states.
ORDER = tuple(c * 13 + v for v in range(13) for c in range(4))


def lowest(counts: list[int], start: int) -> int:
    """The index in `ORDER` of the first tile left at or after `start` (52: none)."""
    while start < 52 and not counts[ORDER[start]]:
        start += 1
    return start


def _all_at_once(counts: list[int], wilds: int) -> list[list[int]] | None:
    failed: set[bytes] = set()

    def solve(start: int, w: int) -> list[list[int]] | None:
        at = lowest(counts, start)
        if at == 52:
            return [] if w == 0 else [[WILD, WILD]] if w == 2 else None
        first = ORDER[at]
        key = bytes(counts) + bytes((w,))
        if key in failed:
            return None
        for meld, used in _options(counts, first, w):
            for f in meld:
                if f >= 0:
                    counts[f] -= 1
            rest = solve(at, w - used)
            for f in meld:
                if f >= 0:
                    counts[f] += 1
            if rest is not None:
                rest.append(meld)
                return rest
        failed.add(key)
        return None

    found = solve(0, wilds)
    return None if found is None else found[::-1]


def solve_all_at_once(rack: Iterable[Tile], indicator: Tile) -> Melds | None:
    """An arrangement of the whole rack as valid melds — groups, runs, pairs (C4) — or None."""
    counts, wilds, jokers = _prepare(rack, indicator)
    if not any(counts) and not wilds:
        return None
    found = _all_at_once(counts, len(wilds))
    if found is None:
        return None
    return _to_tiles(found, wilds, jokers, okey_code(indicator))


# ---------------------------------------------------------------- contracts (C2)


def _groups(counts: list[int], w: int, wanted: int, size: int) -> list[list[int]] | None:
    """`wanted` groups of exactly `size` from the counts with at most `w` wilds, or None."""
    if not wanted:
        return []
    never = w + 1
    best = [0] + [never] * wanted
    picks: list[list[tuple[int, int]]] = [[] for _ in range(wanted + 1)]
    for v in range(13):
        a, b, c, d = counts[v], counts[13 + v], counts[26 + v], counts[39 + v]
        if not (a or b or c or d) and w < size:
            continue  # (an all-wild group only ever fits the outs' test with a third wild)
        total, most = a + b + c + d, max(a, b, c, d)
        options = []
        for k in range(1, wanted + 1):
            # k groups hold at most k copies of each colour's tile
            held = total if k >= most else min(a, k) + min(b, k) + min(c, k) + min(d, k)
            need = k * size - held
            if need <= w:
                options.append((k, max(0, need)))
        if not options:
            continue
        new_best, new_picks = best[:], picks[:]
        for j in range(wanted):
            if best[j] >= never:
                continue
            for k, need in options:
                if j + k <= wanted and best[j] + need < new_best[j + k]:
                    new_best[j + k] = best[j] + need
                    new_picks[j + k] = [*picks[j], (v, k)]
        best, picks = new_best, new_picks
    if best[wanted] > w:
        return None
    melds = []
    for v, k in picks[wanted]:
        faces = [c * 13 + v for c in range(4) for _ in range(min(counts[c * 13 + v], k))]
        groups: list[list[int]] = [[] for _ in range(k)]
        for i, f in enumerate(faces):
            groups[i % k].append(f)
        for g in groups:
            melds.append((g + [WILD] * size)[:size])
    return melds


def _most_pairs(counts: list[int], w: int, start: int = 0) -> int:
    """How many pairs the faces from `start` on and `w` wilds could make at most: a twin is a
    pair, a single takes a wild, two wilds pair up."""
    twins = singles = 0
    for f in range(start, 52):
        k = counts[f]
        if k >= 2:
            twins += k // 2
            singles += k % 2
        elif k:
            singles += 1
    with_wild = min(w, singles)
    return twins + with_wild + (w - with_wild) // 2


def _pairs_then_groups(
    counts: list[int], w: int, pairs: int, groups: int, size: int
) -> list[list[int]] | None:
    def solve(left: int, start: int, w: int) -> list[list[int]] | None:
        if not left:
            return _groups(counts, w, groups, size)
        if _most_pairs(counts, w, start) < left:
            return None
        for f in range(start, 52):
            k = counts[f]
            if not k or (k == 1 and not w):
                continue
            used = 0 if k >= 2 else 1
            meld = [f, f] if k >= 2 else [f, WILD]
            counts[f] -= 2 - used
            rest = solve(left - 1, f + 1, w - used)
            counts[f] += 2 - used
            if rest is not None:
                return [meld, *rest]
        if w >= 2:
            rest = solve(left - 1, 52, w - 2)
            if rest is not None:
                return [[WILD, WILD], *rest]
        return None

    return solve(pairs, 0, w)


_NO_POINTS = [0] * 52


def _rest(counts: list[int], w: int, pairs: int, groups: int, size: int) -> list[list[int]] | None:
    """The contract's pairs and groups from the counts (pairs first), or None. Both together
    by the number-by-number programme: a search over the pairs would try every choice of
    pairs before finding that no groups are left."""
    if not (pairs and groups):
        return _pairs_then_groups(counts, w, pairs, groups, size)
    found = _groups_and_pairs(counts, w, groups, size, pairs, _NO_POINTS)
    if found is None:
        return None
    melds = found[1]
    return [m for m in melds if len(m) == 2] + [m for m in melds if len(m) != 2]


def _run_candidates(
    counts: list[int], wilds: int, size: int
) -> tuple[list[list[int]], list[list[int]]]:
    """The runs of `size` the counts could fill with at most `wilds` wilds, and by_need[w]:
    the indexes of those that could still fit with w wilds left (needs only grow)."""
    candidates: list[list[int]] = []
    needs: list[int] = []
    for colour in range(4):
        base = colour * 13
        missing = [0 if counts[base + i] else 1 for i in range(13)] * 2  # 13 wraps to 1
        need = sum(missing[:size])  # the run from 1: one window slid along the colour
        for start in range(1, 16 - size):
            if need <= wilds:
                candidates.append([base + (p - 1) % 13 for p in range(start, start + size)])
                needs.append(need)
            need += missing[start - 1 + size] - missing[start - 1]
    by_need = [[j for j, n in enumerate(needs) if n <= w] for w in range(wilds + 1)]
    return candidates, by_need


def _contract(counts: list[int], wilds: int, contract: Contract) -> list[list[int]] | None:
    if sum(counts) + wilds < contract.tile_count:
        return None
    groups, group_size, pairs = contract.groups, contract.group_size, contract.pairs
    if groups and _groups(counts, wilds, groups, group_size) is None:
        return None  # even with every tile free the groups fail
    runs = contract.runs
    if not runs:
        found = _rest(counts, wilds, pairs, groups, group_size)
        return None if found is None else found[pairs:] + found[:pairs]
    size = contract.run_size
    candidates, by_need = _run_candidates(counts, wilds, size)
    rest_tiles = groups * group_size + 2 * pairs
    real = sum(counts)

    def solve(left: int, first: int, w: int, real: int) -> list[list[int]] | None:
        if not left:
            return _rest(counts, w, pairs, groups, group_size)
        if real + w < left * size + rest_tiles:
            return None
        if pairs and _most_pairs(counts, w) < pairs:
            return None  # the runs only take tiles and wilds the pairs would need
        pool = by_need[w]
        for j in pool[bisect_left(pool, first) :]:
            meld = []
            used = 0
            for f in candidates[j]:
                if counts[f]:
                    meld.append(f)
                else:
                    meld.append(WILD)
                    used += 1
            if used > w:
                continue
            taken = size - used
            for f in meld:
                if f >= 0:
                    counts[f] -= 1
            rest = solve(left - 1, j, w - used, real - taken)
            for f in meld:
                if f >= 0:
                    counts[f] += 1
            if rest is not None:
                return [meld, *rest]
        return None

    found = solve(runs, 0, wilds, real)
    if found is None:
        return None
    # Found as runs, pairs, groups; the contract's order is groups, runs, pairs.
    return found[runs + pairs :] + found[:runs] + found[runs : runs + pairs]


def solve_contract(rack: Iterable[Tile], contract: Contract, indicator: Tile) -> Melds | None:
    """One opening meld from the rack that meets the contract exactly (C2): groups, then
    runs, then pairs, each in table order — or None. The final round: `solve_all_at_once`."""
    if contract.is_final:
        return solve_all_at_once(rack, indicator)
    counts, wilds, jokers = _prepare(rack, indicator)
    found = _contract(counts, len(wilds), bounded(contract))
    if found is None:
        return None
    return _to_tiles(found, wilds, jokers, okey_code(indicator))
