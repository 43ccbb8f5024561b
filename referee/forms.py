"""The meld and discard checkers' GET forms: parse the query with the engine, per field.

Query parameters (docs/interface.md): meld check `tiles`, `indicator`, `round`; discard check
`table` (melds separated by `|`), `tile`, `indicator`, `rack`, `pile`, `final=1`; the rack
helper `indicator`, `round`, `rack`, `opened=1`. Every field
error is a sentence in the page's language (`rules.reasons`); the engine judges only once every
field parses. Data holding none of a form's keys leaves it unbound: the empty checker.

`contract_rounds()` is the content's rounds labelled with their contracts, once per language and
content version: the round fields' choices, and each round's contract for the views.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import get_language, gettext, gettext_lazy

from kutsite import content
from kutsite.fields import (
    BooleanField,
    CharField,
    FlagInput,
    IntegerField,
    QueryForm,
    TrimmedChoiceField,
)
from rules.engine.notation import parse_indicator, parse_melds, parse_tiles, still_typing
from rules.engine.solver import MAX_RACK_TILES
from rules.engine.tiles import PILE_AFTER_DEAL, Tile, excess_copies
from rules.engine.verdicts import InputError, ReasonCode
from rules.models import Round
from rules.reasons import rule_numbers, sentence, validation_error
from rules.wording import contract_text

_ = gettext_lazy
# X5: the fewest tiles the pile must hold for a penalty, as a word ("fewer than two").
_fewest_to_draw = lazy(
    lambda: (
        gettext("With fewer than %(least)s, no penalty tiles can be drawn.")
        % {"least": rule_numbers()["least"]}
    ),
    str,
)
TEXT_LIMIT = 200

NOTATION_ATTRS = {
    "autocomplete": "off",
    "autocapitalize": "off",
    "spellcheck": "false",
    "inputmode": "text",
}


def _text(
    label: Any,
    help_text: Any,
    *,
    required: Any = None,
    max_length: int = TEXT_LIMIT,
    attrs: Mapping[str, str] | None = None,
) -> CharField:
    """A field for tiles in the engine's notation; `required` is the message for an empty one
    (None: the field may stay empty)."""
    messages = {"max_length": _("That is too long for this field.")}
    if required is not None:
        messages["required"] = required
    return CharField(
        label=label,
        help_text=help_text,
        required=required is not None,
        max_length=max_length,
        strip=True,
        error_messages=messages,
        widget=forms.TextInput(attrs={**NOTATION_ATTRS, **(attrs or {})}),
    )


def _indicator(group: str) -> CharField:
    return _text(
        _("Indicator"),
        _(
            "The tile turned face up after the deal, e.g. b8. The Okey is the same colour, "
            "one number up (after 13 comes 1)."
        ),
        required=_("Enter the indicator tile, e.g. b8."),
        max_length=8,
        attrs={"data-picker-input": group, "data-picker-single": ""},
    )


@dataclass(frozen=True)
class ContractRounds:
    choices: tuple[tuple[int, str], ...]  # (4, "Round 4: two runs of four")
    by_number: dict[int, Round]


def contract_rounds() -> ContractRounds:
    """The rounds labelled with their contract's wording: once per language and version."""
    return content.remember(f"referee.round-choices:{get_language()}", _word_rounds)


def _word_rounds() -> ContractRounds:
    choices, by_number = [], {}
    for r in Round.objects.cached():
        try:
            text = contract_text(r.contract)
        except InputError:
            continue  # a round the engine cannot read is left out rather than offered
        label = gettext("Round %(number)s: %(contract)s") % {"number": r.number, "contract": text}
        choices.append((r.number, label))
        by_number[r.number] = r
    return ContractRounds(tuple(choices), by_number)


def _round(choices: Any, **options: Any) -> TrimmedChoiceField:
    """The round. `choices` is a function: the content's rounds in the active language are
    read when the field is validated or drawn, not copied into every form."""
    return TrimmedChoiceField(
        coerce=int,
        choices=choices,
        error_messages={
            "invalid_choice": _("There is no round %(value)s; choose one from the list.")
        },
        **options,
    )


def _optional_round_choices() -> list[tuple[Any, str]]:
    return [("", gettext("No round: just the meld")), *contract_rounds().choices]


def _trim(text: str) -> str:
    """A separator left dangling while tapping ("r12 r13 r1 |") is not an empty meld."""
    return text.strip().strip("|").strip()


class CheckerForm(QueryForm):
    """Shared by the checkers.

    `pending`: what an answer given while someone types waits for (kutsite/live.py).
    """

    def __init__(self, data: Mapping[str, Any] | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(data, **kwargs)
        self.typing: set[str] = set()  # the fields that end in a tile still being typed

    def parse(self, name: str, parse: Any, text: str, **options: Any) -> Any:
        """`parse(text)`; the engine's error becomes field `name`'s error, in words."""
        try:
            return parse(text, **options)
        except InputError as error:
            typed = str(self.data.get(self.add_prefix(name), ""))  # before the field strips it
            if still_typing(text, error) and typed[-1:].isalpha():
                self.typing.add(name)
            raise validation_error(error) from None

    def one_tile(self, name: str) -> Tile:
        found = self.parse(name, parse_tiles, self.cleaned_data[name])
        if len(found) != 1:
            raise forms.ValidationError(
                gettext("Enter exactly one tile; you entered %(count)s.") % {"count": len(found)},
                code="NOT_ONE_TILE",
            )
        return found[0]

    def clean_indicator(self):
        return self.parse("indicator", parse_indicator, self.cleaned_data["indicator"])

    def add_engine_error(self, error: InputError, default: str) -> None:
        """Put an engine error under the field it names (or `default`)."""
        field = error.field if error.field in self.fields else default
        self.add_error(field, validation_error(error))


class MeldCheckForm(CheckerForm):
    """`?tiles=r12+r13+r1&indicator=b8&round=4`. Several melds are separated by `|`."""

    presets = {"round"}  # a round page's link: `?round=4`

    indicator = _indicator("meld")
    tiles = _text(
        _("Tiles"),
        _(
            "In any order, e.g. r12 r13 r1 – r red, k (or s) black, b blue, y (or g) yellow; "
            "ok for an Okey, fj for a false joker. Separate several melds with “|”."
        ),
        required=_("Enter at least one tile."),
        attrs={"data-picker-input": "meld"},
    )
    round = _round(
        _optional_round_choices,
        label=_("Round (optional)"),
        help_text=_("With a round, the checker also says whether this is a valid opening meld."),
        required=False,
        empty_value=None,
    )

    def clean_tiles(self):
        return self.parse("tiles", parse_melds, _trim(self.cleaned_data["tiles"]))

    def clean(self):
        data = super().clean()
        melds, indicator = data.get("tiles"), data.get("indicator")
        if melds and indicator is not None and len(melds) > 1:
            excess = excess_copies((t for m in melds for t in m), indicator)
            if excess is not None:
                self.add_error("tiles", sentence(ReasonCode.TOO_MANY_COPIES, excess.facts()))
        return data


class DiscardCheckForm(CheckerForm):
    """`?table=b4+b5+b6|r7+k7+b7&tile=b3&indicator=b8&rack=…&pile=…&final=1`."""

    indicator = _indicator("discard")
    table = _text(
        _("Melds on the table"),
        _("Every meld on the table, separated by “|”, e.g. b4 b5 b6 | r7 k7 b7."),
        attrs={"data-picker-input": "discard"},
    )
    tile = _text(
        _("Discarded tile"),
        _("The tile thrown away, e.g. b3 (ok for an Okey)."),
        required=_("Enter the discarded tile, e.g. b3."),
        max_length=8,
        attrs={"data-picker-input": "discard", "data-picker-single": ""},
    )
    rack = _text(
        _("Rack before the discard (optional)"),
        _(
            "Every tile on the rack before the discard, the discarded one included: "
            "the checker then knows whether there was a choice."
        ),
        attrs={"data-picker-input": "discard"},
    )
    pile = IntegerField(
        label=_("Tiles left in the draw pile (optional)"),
        help_text=_fewest_to_draw(),
        required=False,
        min_value=0,
        max_value=PILE_AFTER_DEAL,
        error_messages={
            "invalid": _("Enter the number of tiles as a whole number."),
            "min_value": _("The number of tiles in the draw pile cannot be negative."),
            "max_value": _(
                "After the deal the draw pile holds %(limit_value)s tiles, and it only gets "
                "smaller."
            ),
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    final = BooleanField(
        label=_("This discard ends the round"),
        required=False,
        widget=FlagInput(attrs={"value": "1"}),
    )

    def clean_table(self):
        return self.parse("table", parse_melds, _trim(self.cleaned_data["table"]), allow_empty=True)

    def clean_tile(self):
        return self.one_tile("tile")

    def clean_rack(self):
        text = self.cleaned_data["rack"]
        return self.parse("rack", parse_tiles, text) if text else None


class RackForm(CheckerForm):
    """`?indicator=b8&round=4&rack=r12+r13+r1+…&opened=1`: the rack helper's question."""

    presets = {"round"}  # a round page's link: `?round=4`

    indicator = _indicator("rack")
    round = _round(
        lambda: contract_rounds().choices,
        label=_("Round"),
        help_text=_(
            "Every round but the last has its own contract; in round 20 the whole rack goes "
            "down at once."
        ),
        required=False,
        empty_value=1,
        initial=1,
    )
    rack = _text(
        _("Your rack"),
        _(
            "Every tile on your rack, in any order, e.g. r7 k7 b7 y2 – r red, k (or s) black, "
            "b blue, y (or g) yellow; ok for an Okey, fj for a false joker. Up to 26 tiles."
        ),
        required=_("Enter the tiles on your rack."),
        attrs={"data-picker-input": "rack"},
    )
    opened = BooleanField(
        label=_("I have already melded this round"),
        required=False,
        widget=FlagInput(attrs={"value": "1"}),
    )

    def clean_rack(self):
        tiles = self.parse("rack", parse_tiles, self.cleaned_data["rack"])
        if len(tiles) > MAX_RACK_TILES:
            error = InputError(
                ReasonCode.RACK_TOO_LONG, field="rack", count=len(tiles), limit=MAX_RACK_TILES
            )
            raise validation_error(error)
        return tiles

    def clean(self):
        data = super().clean()
        rack, indicator = data.get("rack"), data.get("indicator")
        if rack and indicator is not None:
            excess = excess_copies(rack, indicator)
            if excess is not None:
                self.add_error("rack", sentence(ReasonCode.TOO_MANY_COPIES, excess.facts()))
        return data
