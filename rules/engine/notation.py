"""Tile notation (docs/interface.md, "Tile notation"): parse and format.

Tokens are separated by spaces, `+`, commas, hyphens or invisible format characters and are
case-insensitive: a colour letter (`r` red, `k` black, `b` blue, `y` yellow; German `s` = black,
`g` = yellow) and a number 1–13, `fj` for a false joker, `ok` for an Okey of the round. Melds on
a table are separated by `|`.

Parsing needs no indicator: `ok` parses to `OKEY`, which every function taking an indicator
treats as wild. Formatting is canonical (English letters, lower case, single spaces), so
`parse_tiles(format_tiles(tiles)) == tiles` for every tuple of tiles.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .tiles import FALSE_JOKER, OKEY, Colour, Tile, TileKind, check_indicator
from .verdicts import InputError, NotationError, ReasonCode

LETTERS: dict[str, Colour] = {
    "r": Colour.RED,
    "k": Colour.BLACK,
    "s": Colour.BLACK,
    "b": Colour.BLUE,
    "y": Colour.YELLOW,
    "g": Colour.YELLOW,
}
# Spaces, `+`, commas, hyphens, and the invisible format characters a pasted text may carry
# (zero-width spaces and joiners, direction marks and overrides, a byte-order mark, a soft
# hyphen): "r1\u200b r2" is r1 and r2, not a token "r1\u200b" that looks like a tile.
_SEPARATORS = re.compile(
    r"[\s+,\-\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]+"
)
_TOKEN = re.compile(r"([^\W\d_]*)(\d*)")
#: How a token starts before it is a tile: a colour letter still without its number, or the
#: first letter of `ok` or `fj`.
_BEGINNINGS = frozenset(LETTERS) | {"o", "f"}
# What people type instead, told apart so that the error says what to write (`3k`, `black`,
# `b11ok`, `joker`). Colour words in both languages, with the letter the same page reads.
_NUMBER = re.compile(r"1[0-3]|[1-9]")
_ONE_TILE = re.compile(rf"[{''.join(LETTERS)}](?:{_NUMBER.pattern})|ok|fj")
_TOGETHER = re.compile(rf"(?:{_ONE_TILE.pattern}){{2,}}")
_SWAPPED = re.compile(rf"([0-9]+)([{''.join(LETTERS)}])")
_COLOUR_WORDS = {
    **dict.fromkeys(("red", "rot"), "r"),
    "black": "k",
    "schwarz": "s",
    **dict.fromkeys(("blue", "blau"), "b"),
    "yellow": "y",
    "gelb": "g",
}
_JOKER_WORDS = frozenset({"joker", "jokers", "okey", "okeys"})


def _misspelt(text: str, token: str, position: int | None, following: str) -> NotationError:
    """The error for a token that is no tile, naming what to write where it can tell
    (`following`: the next token, the number of "black 3")."""
    if text in _JOKER_WORDS:
        return NotationError(ReasonCode.JOKER_WORD, token=token, position=position)
    if swapped := _SWAPPED.fullmatch(text):
        if not _NUMBER.fullmatch(swapped[1]):
            number = int(swapped[1])
            code = ReasonCode.NUMBER_OUT_OF_RANGE
            return NotationError(code, token=token, position=position, number=number)
        written = f"{swapped[2]}{swapped[1]}"
        code = ReasonCode.NUMBER_BEFORE_COLOUR
        return NotationError(code, token=token, position=position, written=written)
    if _TOGETHER.fullmatch(text):
        written = " ".join(_ONE_TILE.findall(text))
        code = ReasonCode.TILES_TOGETHER
        return NotationError(code, token=token, position=position, written=written)
    words = re.fullmatch(r"([^\W\d_]+)([0-9]*)", text)
    if words and words[1] in _COLOUR_WORDS:
        digits = next((n for n in (words[2], following) if _NUMBER.fullmatch(n)), "7")
        written = f"{_COLOUR_WORDS[words[1]]}{digits}"
        code = ReasonCode.COLOUR_WORD
        return NotationError(code, token=token, position=position, written=written)
    return NotationError(ReasonCode.NOT_A_TILE, token=token, position=position)


def parse_tile(token: str, position: int | None = None, following: str = "") -> Tile:
    """One token → a tile, or `NotationError` naming the token and why (`following`: the
    token after it, which an error may name: "black 3" is written k3)."""
    text = token.strip().lower()
    if text == "fj":
        return FALSE_JOKER
    if text == "ok":
        return OKEY
    if not text:
        raise NotationError(ReasonCode.EMPTY, position=position)
    match = _TOKEN.fullmatch(text)
    if match is None:
        raise _misspelt(text, token, position, following)
    letters, digits = match.groups()
    if not digits:
        if letters in LETTERS:
            raise NotationError(ReasonCode.MISSING_NUMBER, token=token, position=position)
        raise _misspelt(text, token, position, following)
    if not letters:
        raise NotationError(ReasonCode.MISSING_COLOUR, token=token, position=position)
    if letters in _COLOUR_WORDS or (letters not in LETTERS and _TOGETHER.fullmatch(text)):
        raise _misspelt(text, token, position, following)
    if letters not in LETTERS:
        raise NotationError(
            ReasonCode.UNKNOWN_COLOUR, token=token, position=position, letter=letters
        )
    number = int(digits)
    if not 1 <= number <= 13:
        raise NotationError(
            ReasonCode.NUMBER_OUT_OF_RANGE, token=token, position=position, number=number
        )
    return Tile(LETTERS[letters], number)


def tokens(text: str) -> list[str]:
    return [t for t in _SEPARATORS.split(text) if t]


def parse_tiles(text: str, *, allow_empty: bool = False) -> tuple[Tile, ...]:
    """Space/`+`/comma/hyphen separated tokens → tiles. Empty input raises `EMPTY` unless
    `allow_empty` (e.g. the rack of the player who ended the round)."""
    found = tokens(text)
    if not found and not allow_empty:
        raise NotationError(ReasonCode.EMPTY)
    return tuple(parse_tile(t, i, "".join(found[i + 1 : i + 2])) for i, t in enumerate(found))


def parse_indicator(text: str) -> Tile:
    """Exactly one numbered tile (T2); a false joker (T5) or `ok` is an input error."""
    found = tokens(text)
    if not found:
        raise NotationError(ReasonCode.EMPTY, field="indicator")
    if len(found) > 1:
        raise NotationError(
            ReasonCode.NOT_ONE_TILE, field="indicator", token=text.strip(), count=len(found)
        )
    t = parse_tile(found[0], 0)
    check_indicator(t)
    return t


def parse_melds(text: str, *, allow_empty: bool = False) -> tuple[tuple[Tile, ...], ...]:
    """Melds separated by `|` (`b4 b5 b6|r7 k7 b7`). An empty meld between separators raises
    `EMPTY_MELD` with `position` = the meld's index; a bad token's `position` counts tokens
    within its meld and `facts["meld"]` names the meld."""
    if not text.strip() or ("|" not in text and not tokens(text)):  # only spaces or commas
        if allow_empty:
            return ()
        raise NotationError(ReasonCode.EMPTY)
    melds = []
    for index, part in enumerate(text.split("|")):
        if not tokens(part):
            raise NotationError(ReasonCode.EMPTY_MELD, position=index, meld=index)
        try:
            melds.append(parse_tiles(part))
        except NotationError as error:
            raise NotationError(
                error.code,
                token=error.token,
                position=error.position,
                meld=index,
                **dict(error.facts),
            ) from None
    return tuple(melds)


def still_typing(text: str, error: InputError) -> bool:
    """Whether `error`, raised by parsing `text`, is only that its last token is not finished:
    the text ends in that token, which is the start of a tile (`r`, `o` …), and every token
    before it read. A checker that answers while someone types waits for the rest."""
    if error.code not in (ReasonCode.MISSING_NUMBER, ReasonCode.NOT_A_TILE):
        return False
    if not text or not text[-1].isalpha():
        return False
    last_meld = text.count("|")
    found = tokens(text.split("|")[-1])
    return (
        bool(found)
        and found[-1].lower() in _BEGINNINGS
        and error.token == found[-1]
        and error.position == len(found) - 1
        and error.facts.get("meld", last_meld) == last_meld
    )


def format_tile(t: Tile) -> str:
    if t.kind is TileKind.NUMBER:
        return f"{t.colour}{t.number}"
    return "fj" if t.kind is TileKind.FALSE_JOKER else "ok"


def format_tiles(tiles: Iterable[Tile], separator: str = " ") -> str:
    return separator.join(format_tile(t) for t in tiles)


def format_melds(melds: Iterable[Iterable[Tile]]) -> str:
    return "|".join(format_tiles(m) for m in melds)
