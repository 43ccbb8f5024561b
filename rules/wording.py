"""A contract's wording, generated from its data in the page's language.

The words are built from the engine's `Contract`, never stored, so an edit of a round in the
admin changes the rule and its wording together.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from django.utils.translation import get_language, gettext, ngettext, pgettext_lazy

from rules.engine.contracts import Contract

# Translated when a word is asked for, in the language of that moment; only that one word.
_NUMBER_WORDS = {
    2: pgettext_lazy("number word", "two"),
    3: pgettext_lazy("number word", "three"),
    4: pgettext_lazy("number word", "four"),
    5: pgettext_lazy("number word", "five"),
    6: pgettext_lazy("number word", "six"),
    7: pgettext_lazy("number word", "seven"),
    8: pgettext_lazy("number word", "eight"),
    9: pgettext_lazy("number word", "nine"),
    10: pgettext_lazy("number word", "ten"),
    11: pgettext_lazy("number word", "eleven"),
    12: pgettext_lazy("number word", "twelve"),
    13: pgettext_lazy("number word", "thirteen"),
    14: pgettext_lazy("number word", "fourteen"),
}
_TIMES_WORDS = {
    1: pgettext_lazy("how often", "once"),
    2: pgettext_lazy("how often", "twice"),
    3: pgettext_lazy("how often", "three times"),
    4: pgettext_lazy("how often", "four times"),
    5: pgettext_lazy("how often", "five times"),
}


def number_word(n: int) -> str:
    """A small number as a word ("three", "drei"); larger numbers stay digits."""
    word = _NUMBER_WORDS.get(n)
    return str(n) if word is None else str(word)


def times_word(n: int) -> str:
    """How often, in words: "once", "twice", "three times" / "einmal", "zweimal", "dreimal"."""
    word = _TIMES_WORDS.get(n)
    if word is not None:
        return str(word)
    return ngettext("%(count)s time", "%(count)s times", n) % {"count": n}


def join_words(parts: Iterable[object], *, either: bool = False) -> str:
    """ "a", "a and b", "a, b and c" — with `either`, "a, b or c" — in the page's language."""
    parts = [str(p) for p in parts]
    if len(parts) <= 1:
        return "".join(parts)
    values = {"list": ", ".join(parts[:-1]), "last": parts[-1]}
    if either:
        return gettext("%(list)s or %(last)s") % values
    return gettext("%(list)s and %(last)s") % values


def contract_parts(contract: Contract) -> list[str]:
    """One phrase per kind of meld the contract asks for: groups, then runs, then pairs."""
    parts = []
    if contract.groups:
        parts.append(
            ngettext(
                "one Küt group of %(size)s",
                "%(count)s Küt groups of %(size)s",
                contract.groups,
            )
            % {"count": number_word(contract.groups), "size": number_word(contract.group_size)}
        )
    if contract.runs:
        parts.append(
            ngettext("one run of %(size)s", "%(count)s runs of %(size)s", contract.runs)
            % {"count": number_word(contract.runs), "size": number_word(contract.run_size)}
        )
    if contract.pairs:
        parts.append(
            ngettext("one pair", "%(count)s pairs", contract.pairs)
            % {"count": number_word(contract.pairs)}
        )
    return parts


def contract_text(contract: Contract) -> str:
    """ "two groups of four and one run of three" / "zwei Küt-Gruppen aus je vier Steinen und
    eine Reihe aus drei Steinen"; the all-at-once round has its own sentence.

    Worded once per language and contract: the words follow from those two alone (an edited
    round is a new `Contract`), and the rack helper and the checkers' verdicts word their
    round's contract on every answer (some 150 function calls)."""
    return _contract_text(get_language(), contract)


@lru_cache(maxsize=256)
def _contract_text(language: str | None, contract: Contract) -> str:
    if contract.is_final:
        return gettext("all at once – the whole rack as valid melds, no contract")
    return join_words(contract_parts(contract))


def tile_count_text(contract: Contract) -> str:
    """ "3 tiles" for the opening meld; the final round lays down the whole rack."""
    if contract.is_final:
        return gettext("the whole rack")
    count = contract.tile_count
    return ngettext("%(count)s tile", "%(count)s tiles", count) % {"count": count}
