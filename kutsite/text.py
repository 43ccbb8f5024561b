"""Names are text: what a typed name keeps before it is stored or shown.

A name may hold any letter of any script, but not what only steers the text around it:
control characters (a tab or a line break becomes a space), bidi embeddings, overrides and
isolates (U+202A–U+202E, U+2066–U+2069, which could flip the scores beside a name on the sheet),
zero-width and other format characters (a soft hyphen, invisible operators, tags), which make
two names look the same, the blank "letters" some scripts have (Hangul fillers, the blank
braille cell), and the replacement character that stands where the browser sent bytes that
were no text. The one exception: a zero-width joiner or non-joiner between two characters,
which is how some names are spelt (the non-joiner in Persian "مهر‌نوش") and how an emoji is
built from others (👩‍💻); names are compared without them. A name with nothing left to see (only
combining marks) is no name. The rest is normalised to NFC, so that "ü" typed as one character
or as u + ¨ is the same name and counts as one character. `same_name_key` compares names as
they look: "Ａｎａ" is "Ana", and "A‍na" with a joiner is "Ana".
"""

from __future__ import annotations

import unicodedata
from typing import Any

#: A player's name, wherever it is typed: the calculator, a new game sheet, the sheet itself.
NAME_LENGTH = 30

#: Characters that are letters or symbols by category but show nothing, and the replacement
#: character (U+FFFD) that decoding puts where a form sent bytes that were no text.
BLANKS = frozenset(["\u115f", "\u1160", "\u3164", "\uffa0", "\u2800", "\u034f", "\ufffd"])
#: Zero-width non-joiner and joiner: kept between two characters (`clean_name`).
JOINERS = frozenset("\u200c\u200d")
#: Control and format characters (the bidi controls, zero-width characters, the soft hyphen,
#: tags), surrogates, private use and unassigned code points.
_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
_SPACES = frozenset("\t\n\r\v\f\x1c\x1d\x1e\x1f\x85\u2028\u2029")


def _kept(ch: str) -> str:
    if ch in _SPACES:
        return " "
    if ch in BLANKS or unicodedata.category(ch) in _DROPPED:
        return ""
    return ch


def clean_text(value: Any) -> str:
    """Text without control characters (tabs and newlines become spaces): what any field of a
    form shows again as typed. Format characters stay (a name may need its joiners)."""
    if not isinstance(value, str):
        return "" if value is None else str(value)
    if value.isprintable():  # no control character, no tab or line break: nearly all input
        return value
    return "".join(
        " " if ch in "\t\r\n" else ch
        for ch in value
        if ch in "\t\r\n" or unicodedata.category(ch) not in ("Cc", "Cs")
    )


def _joins(ch: str) -> bool:
    return not ch.isspace() and ch not in JOINERS


def clean_name(value: str) -> str:
    """The name as stored: no control codes, NFC, single spaces, no spaces at either end."""
    text = "".join(ch if ch in JOINERS else _kept(ch) for ch in unicodedata.normalize("NFC", value))
    text = "".join(
        ch
        for i, ch in enumerate(text)
        if ch not in JOINERS
        or (0 < i < len(text) - 1 and _joins(text[i - 1]) and _joins(text[i + 1]))
    )
    # Removing a character can leave a pair that composes (e + U+200B + ◌́): normalise again.
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if all(unicodedata.category(ch).startswith(("M", "Z")) for ch in name):
        return ""  # marks with nothing to sit on
    return name


def same_name_key(name: str) -> str:
    """What two names that look the same have in common: full-width "Ａｎａ" is "Ana", and so is
    "A‍na" with a zero-width joiner."""
    seen = "".join(ch for ch in name if ch not in JOINERS)
    return unicodedata.normalize("NFKC", seen).casefold()


def shown(value: str, limit: int = 24) -> str:
    """A piece of what someone typed, quoted back in a message: without what steers or hides
    text (a right-to-left override would turn the site's own sentence around it backwards),
    and cut to `limit` characters, so that a pasted page does not come back in the answer."""
    text = " ".join("".join(_kept(ch) for ch in value).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
