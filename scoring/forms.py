"""The score calculator's form — reusable by any page that records a round (the game sheets).

A Django form whose fields read the query parameters of docs/interface.md's "Calculator
parameters" with the engine's own notation and enum; `clean` then asks the engine
(`rules.engine.scoring`) to score the round and files its errors under the fields they concern.
What the pages show of a form is `scoring.presenters`. No rule is decided here.

`CalculatorForm(data=request.GET)` (or `request.POST`; `initial={...}` for an empty form;
`prefix="c"` reads `c-indicator`, `c-round`, … as any Django form does)
    Fields `indicator` (a `Tile`), `round` (a number of a `Round` row), the flags `team`,
    `okey_finish`, `exhausted` (on for "1", "on", "true" or "yes") and per player i = 1…4
    `name<i>` (cut to 30 characters, `kutsite.text.clean_name`), `state<i>` (a `PlayerState`),
    `rack<i>` (tiles, or None) and `points<i>` (0…9999, or None). Data holding none of those
    keys leaves the form unbound: the empty calculator. Text over 200 characters is refused
    (`max_length`) and control characters are dropped before anything is read.

    `form.is_valid()`      True when the engine scored the round;
    `form.errors`          each field's message in the page's language, with the code of the
                           engine (`NOT_A_TILE`, `TOO_MANY_COPIES`, …) or of Django's field
                           (`invalid_choice`, `max_value`, …); who ended the round: `__all__`;
    `form.cleaned_data`    the fields that read, even while others err (the indicator shows its
                           Okey at once);
    `form.result`          the engine's `ScoreResult` (None until valid); `form.scores` its
                           four scores;
    `form.values[name]`    a parameter's text as given (its initial value when unbound);
    `form.query_string()`  the canonical query of the input (only parameters that are set), for
                           a permalink or to store a round and open it again (the calculator's
                           own names, whatever the prefix).

`calculator_query(players, *, round, indicator, team, okey_finish, exhausted, states, racks,
points)` is the query string (no "?") that opens the calculator pre-filled — per-player
sequences may be shorter than four; empty strings and None are left out — and `calculator_url`
the calculator's URL in the active language with that query.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any
from urllib.parse import quote_plus, urlencode

from django import forms
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.functional import lazy
from django.utils.translation import get_language, gettext, gettext_lazy, pgettext

from kutsite import content
from kutsite.fields import (
    BooleanField,
    CharField,
    IntegerField,
    QueryForm,
    Shared,
    TrimmedChoiceField,
    is_on,
)
from kutsite.text import NAME_LENGTH, clean_name, clean_text
from kutsite.tiles import typed_tiles
from rules import reasons
from rules.engine.notation import parse_indicator, parse_tiles, still_typing
from rules.engine.scoring import PlayerInput, PlayerState, ScoreError, score_round
from rules.engine.verdicts import InputError, ReasonCode
from rules.models import Round

_ = gettext_lazy
PLAYERS = (1, 2, 3, 4)
POINTS_LIMIT = 9999  # a sanity bound on a typed total (not a rule)
TEXT_LIMIT = 200  # longer text in any parameter is refused before parsing
_WHOLE = re.compile(r"-?\s*[0-9]+")
# What `urlencode` writes unchanged, and a space, which it writes as "+".
_PLAIN = re.compile(r"[A-Za-z0-9_.~ -]*")
TOO_LONG = _("This is longer than %(limit_value)s characters.")
# Errors about the whole round: "who ended the round" (`data-error="state"`).
ROUND_WIDE = frozenset({ReasonCode.NO_FINISHER, ReasonCode.MORE_THAN_ONE_FINISHER})


def tidy_name(text: str) -> str:
    return clean_name(text)[:NAME_LENGTH].strip()


def player_name(number: int, name: str = "") -> str:
    """A player's name, or "Player 2" where none was given."""
    return name or gettext("Player %(number)s") % {"number": number}


def quoted(value: Any) -> str:
    return pgettext("quoted user input", "“%(text)s”") % {"text": value}


# --- The rounds: the `Round` rows, kept per content version and language ----------------------


@dataclass(frozen=True)
class Rounds:
    choices: tuple[tuple[int, str], ...]  # (number, label); the final round says so
    finals: frozenset[int]  # the rounds played by the final-round rules (C4)
    message: str  # "Choose a round from 1 to 20."


def rounds() -> Rounds:
    return content.remember(f"scoring.rounds:{get_language()}", _read_rounds)


def _read_rounds() -> Rounds:
    rows = Round.objects.cached()
    numbers = [r.number for r in rows] or [""]
    return Rounds(
        choices=tuple(
            (
                r.number,
                gettext("%(number)s – last round") % {"number": r.number}
                if r.is_final
                else str(r.number),
            )
            for r in rows
        ),
        finals=frozenset(r.number for r in rows if r.is_final),
        message=gettext("Choose a round from %(first)s to %(last)s.")
        % {"first": numbers[0], "last": numbers[-1]},
    )


_rounds_message = lazy(lambda: rounds().message, str)

# The limit with the page's thousands separator ("9,999" / "9.999"), as every score is written.
_points_limit_message = lazy(
    lambda: (
        gettext("No rack is worth more than %(limit)s points.")
        % {"limit": reasons.format_points(POINTS_LIMIT)}
    ),
    str,
)


# --- Fields -----------------------------------------------------------------------------------


class TextField(CharField):
    """Text as typed (the form has dropped control characters: `QueryForm`); longer than
    `TEXT_LIMIT` is refused."""

    default_error_messages = {"max_length": TOO_LONG}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, max_length=TEXT_LIMIT, **kwargs)


class NameField(TextField):
    def clean(self, value: Any) -> str:
        return tidy_name(super().clean(value))


class IndicatorField(TextField):
    """One tile in the engine's notation (the empty field too is the engine's `EMPTY`)."""

    def clean(self, value: Any) -> Any:
        try:
            return parse_indicator(super().clean(value))
        except InputError as error:
            raise reasons.validation_error(error) from None


class RackField(TextField):
    """The tiles left on a rack, in the engine's notation; None when none are given."""

    def clean(self, value: Any) -> Any:
        text = super().clean(value)
        try:
            return parse_tiles(text, allow_empty=True) if text else None
        except InputError as error:
            raise reasons.validation_error(error) from None


class PointsField(IntegerField):
    """A total counted by the player: digits only, 0…9999; None when not given."""

    default_error_messages = {
        "invalid": _("%(value)s is not a whole number – enter the total as digits, like 42."),
        "min_value": reasons.SENTENCES[ReasonCode.NEGATIVE_POINTS],
        "max_value": _points_limit_message(),
        "max_length": TOO_LONG,
    }

    def __init__(self) -> None:
        super().__init__(required=False, min_value=0, max_value=POINTS_LIMIT)

    def to_python(self, value: Any) -> int | None:
        text = clean_text(value).strip()
        if len(text) > TEXT_LIMIT:
            raise ValidationError(
                self.error_messages["max_length"], "max_length", {"limit_value": TEXT_LIMIT}
            )
        if text and not _WHOLE.fullmatch(text):
            raise ValidationError(
                self.error_messages["invalid"], "invalid", {"value": quoted(text)}
            )
        return super().to_python(text.replace(" ", ""))


class StateInput(forms.Select):
    """A link that leaves out a player's state means the state the form pre-selects (melded);
    a state given but empty is an error."""

    def value_from_datadict(self, data: Any, files: Any, name: str) -> Any:
        return data.get(name, PlayerState.MELDED.value)


class StateField(Shared, forms.TypedChoiceField):
    """How a player's round ended: the engine's `PlayerState` (any case, spaces around)."""

    widget = StateInput

    def __init__(self) -> None:
        sentence = reasons.SENTENCES[ReasonCode.UNKNOWN_STATE]
        super().__init__(
            choices=[(state.value, state.value) for state in PlayerState],
            coerce=PlayerState,
            initial=PlayerState.MELDED,
            error_messages={"required": sentence, "invalid_choice": sentence},
        )

    def to_python(self, value: Any) -> str:
        return super().to_python(value).strip().lower()


class FlagTextInput(forms.CheckboxInput):
    """A tick box read as the text the link gives: the calculator re-fills its inputs from that
    text (`CalculatorForm.values`), and its field decides what is on (`is_on`)."""

    def value_from_datadict(self, data: Any, files: Any, name: str) -> Any:
        return data.get(name)


class FlagField(BooleanField):
    widget = FlagTextInput

    def __init__(self) -> None:
        super().__init__(required=False)

    def to_python(self, value: Any) -> bool:
        return is_on(value)


# --- The form ---------------------------------------------------------------------------------


class CalculatorForm(QueryForm):
    """The calculator's input, read field by field; the engine scores the round in `clean`."""

    presets = {"round"}  # a round page's link: `?round=4`

    indicator = IndicatorField()
    # The content's rounds in the active language, read when the field is validated; the
    # same message for a missing round and for one that is none of them.
    round = TrimmedChoiceField(
        coerce=int,
        initial=1,
        choices=lambda: rounds().choices,
        error_messages=dict.fromkeys(("required", "invalid_choice"), _rounds_message()),
    )
    team, okey_finish, exhausted = FlagField(), FlagField(), FlagField()
    name1, state1, rack1, points1 = NameField(), StateField(), RackField(), PointsField()
    name2, state2, rack2, points2 = NameField(), StateField(), RackField(), PointsField()
    name3, state3, rack3, points3 = NameField(), StateField(), RackField(), PointsField()
    name4, state4, rack4, points4 = NameField(), StateField(), RackField(), PointsField()

    def __init__(self, data: Any = None, *args: Any, **kwargs: Any) -> None:
        super().__init__(data, *args, **kwargs)
        self.rounds = rounds()
        self.result = None

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        # The engine also judges a round in which some player's field does not read, so that
        # every mistake shows at once; it is then told nothing of that player, and what it says
        # of them is left out. Not when the indicator, the round or a name is wrong (the round
        # and the messages depend on them), nor while a tile is typed halfway (the live answer
        # waits for it).
        if self.typing or any(name[:-1] not in PLAYER_FIELDS for name in self.errors):
            return data
        unread = {int(name[-1]) for name in self.errors}
        result = score_round(
            [
                PlayerInput(
                    state=data.get(f"state{i}", ""),
                    rack=data.get(f"rack{i}"),
                    points=data.get(f"points{i}"),
                )
                for i in PLAYERS
            ],
            data["indicator"],
            final_round=data["round"] in self.rounds.finals,
            team=data["team"],
            okey_finish=data["okey_finish"],
            exhausted=data["exhausted"],
        )
        names = [player_name(i, data[f"name{i}"]) for i in PLAYERS]
        seen: set[tuple[str | None, str]] = set()
        for error in result.errors:
            field = _field_of(error)
            if field is not None and error.seat in unread:
                continue
            if (field, error.code) not in seen:  # e.g. MORE_THAN_ONE_FINISHER once per finisher
                seen.add((field, error.code))
                self.add_error(field, ValidationError(_reason(error, names), code=str(error.code)))
        if result.ok and not unread:
            self.result = result
        return data

    @property
    def scores(self) -> tuple[int, ...] | None:
        if not self.is_valid() or self.result is None:
            return None
        return tuple(p.score for p in self.result.players)

    @cached_property
    def values(self) -> dict[str, str]:
        """The text of each parameter as given (its initial value for an unbound form): what
        each widget reads from the data, as a bound field's `value()` would give it (no field of
        the calculator prepares its value)."""
        if not self.is_bound:
            return {
                name: clean_text(self.get_initial_for_field(field, name))
                for name, field in self.fields.items()
            }
        return {
            name: clean_text(
                field.widget.value_from_datadict(self.data, self.files, self.add_prefix(name))
            )
            for name, field in self.fields.items()
        }

    @cached_property
    def typing(self) -> frozenset[str]:
        """The fields of tiles that end in a tile typed halfway (`k3 b`)."""
        found = set()
        for name, parse in TILE_FIELDS.items():
            typed = (
                clean_text(self.data.get(self.add_prefix(name), "")) if name in self.errors else ""
            )
            if typed[-1:].isalpha():
                try:
                    parse(typed.strip())
                except InputError as error:
                    if still_typing(typed.strip(), error):
                        found.add(name)
        return frozenset(found)

    def query_string(self) -> str:
        """The canonical query string of the input: the parameters that are set, in order.

        As `urlencode` writes it. The names need no quoting, and most values are tiles, digits
        and plain names, which need none either: `urlencode` spent some 300 function calls on
        an answer's dozen values, one of the larger parts of a calculator answer."""
        values = self.values
        pairs = []
        for name, field in self.fields.items():
            text = values[name].strip()
            if isinstance(field, FlagField):
                if field.to_python(text):
                    pairs.append(f"{name}=1")
            elif text:
                plain = _PLAIN.fullmatch(text)
                pairs.append(f"{name}={text.replace(' ', '+') if plain else quote_plus(text)}")
        return "&".join(pairs)


FIELD_NAMES: tuple[str, ...] = tuple(CalculatorForm.base_fields)
#: A player's fields that the engine reads (`name<i>` only words its messages).
PLAYER_FIELDS = ("state", "rack", "points")
TILE_FIELDS = {"indicator": parse_indicator, **{f"rack{i}": parse_tiles for i in PLAYERS}}


def _field_of(error: ScoreError) -> str | None:
    """The field an engine error belongs to; None for who ended the round (`__all__`)."""
    if error.code in ROUND_WIDE:
        return None
    if error.seat is None:
        return error.field if error.field in FIELD_NAMES else None
    return f"{error.field}{error.seat}"


def _reason(error: ScoreError, names: Sequence[str]) -> str:
    """The engine's sentence, with the players' names where it has their seats."""
    seats = error.facts.get("seats")
    if seats:
        error = replace(error, facts={**error.facts, "seats": [names[s - 1] for s in seats]})
    return reasons.error_message(error)


def calculator_query(
    players: Sequence[str] = (),
    *,
    round: int | None = None,  # the parameter's public name
    indicator: str = "",
    team: bool = False,
    okey_finish: bool = False,
    exhausted: bool = False,
    states: Sequence[str] = (),
    racks: Sequence[str] = (),
    points: Sequence[int | str | None] = (),
) -> str:
    """The calculator's query string (without "?"), parameters in docs/interface.md's order."""
    pairs: list[tuple[str, str]] = []
    if indicator:
        pairs.append(("indicator", indicator))
    if round is not None:
        pairs.append(("round", str(round)))
    for name, on in (("team", team), ("okey_finish", okey_finish), ("exhausted", exhausted)):
        if on:
            pairs.append((name, "1"))
    for i in PLAYERS:
        for part, values in (
            ("name", players),
            ("state", states),
            ("rack", racks),
            ("points", points),
        ):
            value = values[i - 1] if i <= len(values) else None
            if value is not None and str(value) != "":
                pairs.append((f"{part}{i}", str(value)))
    return urlencode(pairs)


def calculator_url(*args: Any, **kwargs: Any) -> str:
    """The calculator's URL in the active language, pre-filled by `calculator_query`, its tiles
    in that language's notation."""
    if kwargs.get("indicator"):
        kwargs["indicator"] = typed_tiles(kwargs["indicator"])
    if kwargs.get("racks"):
        kwargs["racks"] = [typed_tiles(rack) for rack in kwargs["racks"]]
    query = calculator_query(*args, **kwargs)
    url = reverse("scoring:calculator")
    return f"{url}?{query}" if query else url
