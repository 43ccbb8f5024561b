"""Shorthands and the brute-force reference the solver is compared with."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, permutations

from rules.engine import (
    TILES,
    Contract,
    MeldKind,
    Tile,
    classify_meld,
    face_of,
    parse_indicator,
    parse_melds,
    parse_tile,
    parse_tiles,
    tile_points,
)


def T(text: str) -> tuple[Tile, ...]:
    return parse_tiles(text, allow_empty=True)


def t(text: str) -> Tile:
    return parse_tile(text)


def M(text: str) -> tuple[tuple[Tile, ...], ...]:
    return parse_melds(text, allow_empty=True)


def I(text: str) -> Tile:  # noqa: E743 - reads like the notation it stands for
    return parse_indicator(text)


B8 = I("b8")  # the guide's example: Okey blue 9


@cache
def laid(melds: Sequence[Sequence[Tile]]) -> list[Tile]:
    """Every tile of some melds, in order."""
    return [x for m in melds for x in m]


def points(tiles: Sequence[Tile], indicator: Tile) -> int:
    """What tiles are worth (S3)."""
    return sum(tile_points(x, indicator) for x in tiles)


def kinds_of(codes: tuple[int, ...], indicator: Tile) -> frozenset[MeldKind]:
    """Every kind some table order of these tiles (sorted codes) is classified as (the
    classifier decides).

    Only a shortcut from the rules' own definitions (M1–M3): the non-wild tiles of a meld share
    a number or a colour, and only a run (one colour) depends on the order of its tiles.
    """
    tiles = [TILES[c] for c in codes]
    faces = [f for f in (face_of(x, indicator) for x in tiles) if f is not None]
    same_number = len({f.number for f in faces}) <= 1
    same_colour = len({f.colour for f in faces}) <= 1
    if not (same_number or same_colour):
        return frozenset()
    orders = set(permutations(tiles)) if same_colour else [tiles]
    found: set[MeldKind] = set()
    for order in orders:
        verdict = classify_meld(order, indicator)
        if verdict.ok:
            found.update(verdict.kinds)
    return frozenset(found)


# A run of six or more tiles always splits into runs of three to five, and groups and pairs
# are at most four tiles long, so blocks of up to five tiles are enough for the reference.
MAX_BLOCK = 5


def brute_all_at_once(rack: Sequence[Tile], indicator: Tile) -> bool:
    @cache
    def can(codes: tuple[int, ...]) -> bool:
        if not codes:
            return True
        first, rest = codes[0], codes[1:]
        for size in range(1, min(MAX_BLOCK - 1, len(rest)) + 1):
            for picked in set(combinations(range(len(rest)), size)):
                block = (first, *(rest[i] for i in picked))
                left = tuple(c for i, c in enumerate(rest) if i not in picked)
                if kinds_of(tuple(sorted(block)), indicator) and can(left):
                    return True
        return False

    return can(tuple(sorted(x.code for x in rack)))


def brute_contract(rack: Sequence[Tile], contract: Contract, indicator: Tile) -> bool:
    if contract.is_final:
        return brute_all_at_once(rack, indicator)
    slots = contract.slots

    @cache
    def can(i: int, codes: tuple[int, ...]) -> bool:
        if i == len(slots):
            return True
        kind, size = slots[i]
        seen = set()
        for picked in combinations(range(len(codes)), size):
            block = tuple(codes[j] for j in picked)
            if block in seen:
                continue
            seen.add(block)
            if kind in kinds_of(block, indicator):
                left = tuple(c for j, c in enumerate(codes) if j not in picked)
                if can(i + 1, left):
                    return True
        return False

    return can(0, tuple(sorted(x.code for x in rack)))
