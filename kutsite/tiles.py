"""How a tile looks on a page: the view model behind the tile component.

The engine knows what a tile *is*; this module only decides how it is drawn and read out
(number, colour class, colour letter, and screen-reader text in the page's language).
"""

from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import get_language, gettext, gettext_lazy, pgettext, pgettext_lazy

from rules.engine.notation import LETTERS, parse_tiles
from rules.engine.tiles import is_okey, okey_of

COLOURS = ("r", "k", "b", "y")


# Lazy, so that a tile looks up only its own colour's words, in the language of the moment.
COLOUR_NAMES = {
    "r": pgettext_lazy("tile colour", "red"),
    "k": pgettext_lazy("tile colour", "black"),
    "b": pgettext_lazy("tile colour", "blue"),
    "y": pgettext_lazy("tile colour", "yellow"),
}
# The letter of the tile notation in the page's language (German: S schwarz, G gelb).
COLOUR_LETTERS = {
    "r": pgettext_lazy("colour letter for red", "R"),
    "k": pgettext_lazy("colour letter for black", "K"),
    "b": pgettext_lazy("colour letter for blue", "B"),
    "y": pgettext_lazy("colour letter for yellow", "Y"),
}
# One message per colour, so that German can inflect ("rote 7", "schwarze 7").
NUMBERED_LABELS = {
    "r": gettext_lazy("red %(number)s"),
    "k": gettext_lazy("black %(number)s"),
    "b": gettext_lazy("blue %(number)s"),
    "y": gettext_lazy("yellow %(number)s"),
}


WORDS = {"name": COLOUR_NAMES, "letter": COLOUR_LETTERS, "numbered": NUMBERED_LABELS}


# A live answer names a few dozen tiles: each colour's words are translated once per language.
@lru_cache(maxsize=64)
def _said(words: str, colour: str, language: str | None) -> str:
    return str(WORDS[words][colour])


def colour_name(colour: str) -> str:
    return _said("name", colour, get_language())


def colour_letter(colour: str) -> str:
    return _said("letter", colour, get_language())


def numbered_label(colour: str, number: int | str) -> str:
    return _said("numbered", colour, get_language()) % {"number": number}


@dataclass(frozen=True)
class Face:
    """One tile as drawn: a numbered tile, an Okey (wild) or a false joker."""

    kind: str  # "number", "okey" or "fj"
    colour: str | None = None
    number: int | None = None
    # For an Okey or false joker: the numbered tile it is or stands for, when known.
    shows: "Face | None" = None

    @property
    def css(self) -> str:
        if self.kind == "number":
            return self.colour or "k"
        return self.kind

    @property
    def symbol(self) -> str:
        if self.kind == "number":
            return str(self.number)
        if self.kind == "okey":
            return "★"
        return "J"

    @property
    def letter(self) -> str:
        if self.kind == "number":
            return colour_letter(self.colour)
        if self.kind == "okey":
            return "OK"
        return pgettext("short for false joker", "FJ")

    @property
    def label(self) -> str:
        if self.kind == "number":
            return numbered_label(self.colour, self.number)
        if self.kind == "okey":
            if self.shows:
                return gettext("Okey (as %(tile)s)") % {"tile": self.shows.label}
            return gettext("Okey")
        if self.shows:
            return gettext("false joker (%(tile)s)") % {"tile": self.shows.label}
        return gettext("false joker")

    @property
    def token(self) -> str:
        if self.kind == "number":
            return f"{self.colour}{self.number}"
        return "ok" if self.kind == "okey" else "fj"

    @property
    def typed(self) -> str:
        """The token as typed in the page's language: German `s12` for the tile marked S."""
        if self.kind == "number":
            return f"{typed_letter(self.colour, colour_letter(self.colour))}{self.number}"
        return self.token


def numbered(colour: str, number: int) -> Face:
    return Face("number", colour, number)


OKEY = Face("okey")
FALSE_JOKER = Face("fj")


PICKER_NUMBER = "#"  # where picker.js writes each of the numbers 1–13 into a row's name


def picker_rows() -> list[dict[str, str]]:
    """The picker's colour rows, one line of data each; picker.js draws the 13 tiles of a row
    (`numbered(colour, n)` for n = 1–13) from it, since the picker only shows with scripts."""
    return [
        {
            "colour": colour,
            "letter": (letter := colour_letter(colour)),
            "typed": typed_letter(colour, letter),
            "label": numbered_label(colour, PICKER_NUMBER),
        }
        for colour in COLOURS
    ]


def typed_letter(colour: str, letter: str) -> str:
    """What a tapped tile types: the letter it shows (German `s7` for the tile marked S), if
    the notation reads it as this colour; else the engine's own letter."""
    typed = letter.lower()
    return typed if LETTERS.get(typed) == colour else colour


def face_of(tile, indicator=None, stands_for=None) -> Face:
    """The face to draw for an engine tile (`rules.engine.tiles.Tile`).

    With the round's indicator, a tile showing the Okey's face is drawn as an Okey and a false
    joker says which tile it counts as. `stands_for` names the tile an Okey replaces in a meld.
    """
    if tile.is_false_joker:
        return Face("fj", shows=face_of(okey_of(indicator)) if indicator is not None else None)
    if tile.is_okey_token or (indicator is not None and is_okey(tile, indicator)):
        return Face("okey", shows=face_of(stands_for) if stands_for is not None else None)
    return numbered(str(tile.colour), tile.number)


def typed_tiles(text: str) -> str:
    """Tiles written in the engine's notation ("k3 y2 ok"), as the page's language types them
    ("s3 g2 ok" in German): a link that fills a form fills it as its help text says."""
    return " ".join(face_of(tile).typed for tile in parse_tiles(text, allow_empty=True))


def faces_of(tiles, indicator=None) -> list[Face]:
    return [face_of(t, indicator) for t in tiles]


def meld_faces(verdict, indicator=None) -> list[Face]:
    """A meld's tiles as faces (`verdict`: the engine's `MeldVerdict` for the meld).

    In a valid meld an Okey that can stand for only one tile says which (a run's gap, a pair's
    partner); an Okey with a choice (a group's missing colours) and every Okey of an invalid
    meld is drawn plain.
    """
    stands = dict(zip(verdict.okey_indexes, verdict.okey_stands_for, strict=False))
    faces = []
    for index, tile in enumerate(verdict.tiles):
        options = stands.get(index) if verdict.ok else None
        one = options[0] if options and len(options) == 1 else None
        faces.append(face_of(tile, indicator, stands_for=one))
    return faces
