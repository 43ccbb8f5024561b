"""Tiles, the indicator and the Okey (rules T1–T5).

A `Tile` is one of 54 kinds: a numbered tile (colour + 1..13), the false joker, or `OKEY` —
the token `ok`, "an Okey of this round" written before the indicator is known. Once an indicator
is given, `OKEY` and the numbered tile showing the Okey's face are the same physical kind of tile
(T3): both are wild. A false joker is never wild; it is the Okey's face (T4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from .verdicts import InputError, NotationError, ReasonCode


class Colour(StrEnum):
    """The four colours; the value is the notation letter."""

    RED = "r"
    BLACK = "k"
    BLUE = "b"
    YELLOW = "y"

    @property
    def ordinal(self) -> int:
        """0 to 3 in table order (red, black, blue, yellow); not `index`, which is `str`'s."""
        return _COLOUR_INDEX[self]


COLOURS: tuple[Colour, ...] = (Colour.RED, Colour.BLACK, Colour.BLUE, Colour.YELLOW)
_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}


class TileKind(StrEnum):
    NUMBER = "number"
    FALSE_JOKER = "false-joker"
    OKEY = "okey"


# A tile's `code`: colour index * 13 + number - 1 for numbered tiles (0..51), then these two.
FALSE_JOKER_CODE = 52
OKEY_CODE = 53
COPIES = 2  # T1: two of each numbered tile, two false jokers; two Okeys a round
PLAYERS = 4  # D1
STARTING_TILES = 15  # D1: the starting player's hand; the first move is a discard
OTHER_TILES = 14  # D1
PILE_AFTER_DEAL = 106 - 1 - STARTING_TILES - (PLAYERS - 1) * OTHER_TILES  # D1: 48 (derived)
OKEY_POINTS = 25  # S3: an Okey or a false joker left on the rack


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Tile:
    """A tile kind. Numbered: `Tile(Colour.RED, 7)`; otherwise use `FALSE_JOKER` or `OKEY`."""

    colour: Colour | None
    number: int = 0
    kind: TileKind = TileKind.NUMBER
    code: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.kind is TileKind.NUMBER:
            if self.colour is None:
                raise InputError(ReasonCode.MISSING_COLOUR, token=str(self.number))
            if not 1 <= self.number <= 13:
                raise InputError(ReasonCode.NUMBER_OUT_OF_RANGE, number=self.number)
            colour = Colour(self.colour)
            object.__setattr__(self, "colour", colour)
            code = _COLOUR_INDEX[colour] * 13 + self.number - 1
        else:
            if self.colour is not None or self.number != 0:
                raise ValueError("a false joker or Okey token has no colour or number")
            code = FALSE_JOKER_CODE if self.kind is TileKind.FALSE_JOKER else OKEY_CODE
        object.__setattr__(self, "code", code)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tile) and other.code == self.code

    def __hash__(self) -> int:
        return self.code

    def __lt__(self, other: Tile) -> bool:
        return self.code < other.code

    def __repr__(self) -> str:
        return f"<{self}>"

    def __str__(self) -> str:
        if self.kind is TileKind.NUMBER:
            return f"{self.colour}{self.number}"
        return "fj" if self.kind is TileKind.FALSE_JOKER else "ok"

    @property
    def is_number(self) -> bool:
        return self.kind is TileKind.NUMBER

    @property
    def is_false_joker(self) -> bool:
        return self.kind is TileKind.FALSE_JOKER

    @property
    def is_okey_token(self) -> bool:
        """The `ok` token: an Okey whatever the indicator (see `is_okey` for the face tile)."""
        return self.kind is TileKind.OKEY


FALSE_JOKER = Tile(None, 0, TileKind.FALSE_JOKER)
OKEY = Tile(None, 0, TileKind.OKEY)
TILES: tuple[Tile, ...] = (
    *(Tile(c, n) for c in COLOURS for n in range(1, 14)),
    FALSE_JOKER,
    OKEY,
)
"""All 54 tile kinds, indexed by `Tile.code`."""
FACES: tuple[Tile, ...] = TILES[:52]
"""The 52 numbered tiles, red 1 … yellow 13."""


def tile(colour: Colour | str, number: int) -> Tile:
    """The numbered tile; `colour` may be a `Colour` or its letter."""
    return Tile(Colour(colour), number)


def full_set() -> tuple[Tile, ...]:
    """The 106 tiles of a set (T1): two of each numbered tile and two false jokers."""
    return (*FACES, *FACES, FALSE_JOKER, FALSE_JOKER)


def check_indicator(indicator: Tile) -> None:
    """Raise `NotationError` unless the indicator is a numbered tile (T2, T5)."""
    if indicator.kind is TileKind.FALSE_JOKER:
        raise NotationError(ReasonCode.FALSE_JOKER_INDICATOR, field="indicator", token="fj")
    if indicator.kind is TileKind.OKEY:
        raise NotationError(ReasonCode.OKEY_INDICATOR, field="indicator", token="ok")


# The Okey's face code for each indicator code (T2); -1 where the tile cannot be an indicator.
_OKEY_CODES = (*(c - c % 13 + (c % 13 + 1) % 13 for c in range(52)), -1, -1)


def okey_code(indicator: Tile) -> int:
    """The code of the Okey's face for this indicator (T2), for the hot paths."""
    code = _OKEY_CODES[indicator.code]
    if code < 0:
        check_indicator(indicator)
    return code


def okey_of(indicator: Tile) -> Tile:
    """The Okey of the round: same colour, one number up; after 13 comes 1 (T2)."""
    return TILES[okey_code(indicator)]


def is_okey(t: Tile, indicator: Tile) -> bool:
    """Is this tile an Okey this round — the `ok` token or a tile with the Okey's face (T3)?"""
    return t.code == OKEY_CODE or t.code == okey_code(indicator)


def face_of(t: Tile, indicator: Tile) -> Tile | None:
    """The face a tile counts as inside melds: None for an Okey (wild), the Okey's face for a
    false joker (T4, M5), the tile itself otherwise."""
    if is_okey(t, indicator):
        return None
    if t.code == FALSE_JOKER_CODE:
        return okey_of(indicator)
    return t


def tile_points(t: Tile, indicator: Tile) -> int:
    """Points of a tile left on the rack (S3): 25 for an Okey or false joker, else its number."""
    if t.code == FALSE_JOKER_CODE or is_okey(t, indicator):
        return OKEY_POINTS
    return t.number


def multiplier(indicator: Tile) -> int:
    """S3: ×5 when the Okey is red or black, ×2 when blue or yellow."""
    colour = okey_of(indicator).colour
    return 5 if colour in (Colour.RED, Colour.BLACK) else 2


def physical(t: Tile, indicator: Tile) -> Tile:
    """The physical tile kind: `OKEY` is the Okey's face tile."""
    return okey_of(indicator) if t.code == OKEY_CODE else t


class Excess(NamedTuple):
    """More copies of a tile kind than the set holds (T1). `copies` is how often the tile was
    given; `indicator` is True when one more copy lies face up as the indicator (T2), so that
    only one can be in play."""

    tile: Tile
    copies: int  # not `count`, which is the tuple's own method
    indicator: bool = False
    okey: bool = False  # the tile is this round's Okey: there are only two Okeys (T3)

    def facts(self) -> dict[str, Any]:
        """The facts of a TOO_MANY_COPIES verdict."""
        found: dict[str, Any] = {"tile": self.tile, "count": self.copies, "limit": COPIES}
        if self.indicator:
            found["indicator"] = True
        if self.okey:
            found["okey"] = True
        return found


def excess_copies(tiles: Iterable[Tile], indicator: Tile | None = None) -> Excess | None:
    """The tile kind given more often than the set allows (T1), with how often it was given.

    With an indicator, `ok` counts as the Okey's face tile, and the indicator is one copy of
    its face lying face up: a tile showing the indicator's face can be given only once. The
    count is the full count of the kind, not where the limit was first passed.
    """
    counts: Counter[int] = Counter()
    ok = okey_code(indicator) if indicator is not None else -1
    for t in tiles:
        counts[ok if indicator is not None and t.code == OKEY_CODE else t.code] += 1
    shown = indicator.code if indicator is not None else -1
    for code, count in counts.items():
        if count + (code == shown) > COPIES:
            return Excess(TILES[code], count, code == shown, code == ok)
    return None
