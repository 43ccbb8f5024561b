"""The score calculator's form — reusable by any page that records a round (e.g. game sheets).

This module only parses input and hands it to the rules engine (`rules.engine.scoring`); no rule
is decided here. The query parameters are DESIGN.md's "Calculator query parameters".

Python API (stable)
-------------------

`CalculatorForm(data=request.GET)` (or `request.POST`; `initial={...}` for an empty form)
    A Django form with the fields `indicator`, `round`, `team`, `okey_finish`, `exhausted` and, for
    each player i = 1…4, `name<i>`, `state<i>`, `rack<i>`, `points<i>`. Data holding none of those
    keys counts as no data: the form is unbound — no result and no errors (the empty calculator).
    Flags are on for "1" (also "on", "true", "yes"). A player gives `rack<i>` (tiles left, in the
    notation) OR `points<i>` (whole number ≥ 0); both at once is an error (`RACK_AND_POINTS`).

    `form.is_valid()`   True when the engine scored the round.
    `form.result`       the engine's `ScoreResult` (players → `PlayerScore(seat, score,
                        breakdown)`, `notes`, `team_totals`), or None.
    `form.scores`       `(score1, score2, score3, score4)` as ints, or None.
    `form.winners`      the player numbers (1…4) with the lowest score, or `()`.
    `form.players`      four `PlayerEntry`s (number, name, display_name, state, rack, points,
                        rack_text, points_text) as parsed — handy to store a round.
    `form.names`        the four display names ("Player 1" … where no name was given).
    `form.indicator_tile`, `form.okey`, `form.multiplier`
                        the indicator tile, the Okey tile and 5/2 (from the engine), each None
                        until the indicator is valid — available even while other fields err.
                        (`indicator_face`, `okey_face`: the same as `kutsite.tiles.Face`s.)
    `form.round_number`, `form.final` the round (1…20) and whether it plays by the final-round
                        rules (round 20); None / False until the round is valid.
    `form.team_table`, `form.finished_with_okey`, `form.pile_ran_out`  the flags as booleans.
                        In Python `form.indicator`, `form.round`, `form.team`, `form.okey_finish`
                        and `form.exhausted` are aliases of these; in templates `form.<field>` is
                        the bound field, so templates use the names above.
    `form.problems`     a list of `Problem`s: `field` (the `data-error` value, see below), `code`
                        (an engine `ReasonCode` or a `FormCode`), `player` (1…4 or None), `facts`,
                        `token`, `rule`, `name`, and `message` — the sentence in the active language
                        that names the player and the field and says why (`scoring.messages`).
    `form.errors`       the same problems as ordinary Django errors: under the field's name
                        (`rack2`, …) when it is a form field, else under `__all__`.
    `form.values`       {parameter: text} to re-fill inputs (defaults for an unbound form);
                        `form.value(name)` one of them.
    `form.query_string()` the canonical query string of this input (only parameters that are set),
                        e.g. to build a permalink, or to store a round and open it again.
    `form.working`, `form.notes`, `form.team_rows`
                        what `_result.html` shows: per player number, name, score, score_text,
                        lowest, rack (faces) and lines (the engine's steps phrased, plus a "Sum");
                        the round's notes as sentences; the two team totals at a team table.
    `form.round_choices`, `form.state_choices`, `form.player_rows`
                        what `_calculator_fields.html` renders (options and raw texts).
    Names (`name<i>`) are cut to 30 characters; any parameter over 200 characters is refused
    (`TEXT_TOO_LONG`); control characters are dropped, and names also lose bidi controls and
    zero-width characters and are normalised to NFC (`kutsite.text.clean_name`). Errors are
    collected, not stopped at the first: every notation/points error of every player is listed;
    once none is left, all of the engine's own checks (finishers, copies, racks vs. points …).

`calculator_query(players=("Ana", "Ben", "Cem", "Dila"), *, round=None, indicator="",
                  team=False, okey_finish=False, exhausted=False,
                  states=(), racks=(), points=())`
    The query string (no "?") that opens the calculator pre-filled. Per-player sequences may be
    shorter than four; empty strings and None are left out. `calculator_url(...)` takes the same
    arguments and returns the calculator's URL in the active language with that query.

`data-error` field names
    `indicator`, `round`, `okey_finish` (an Okey finish although nobody finished), `state` (nobody
    or more than one player ended the round: a round-wide error), and per player `name<i>`,
    `state<i>`, `rack<i>` (bad tile, too many copies of a tile, tiles on the finisher's rack, a
    melded player with neither rack nor points), `points<i>` (not a whole number, negative, too
    large, or given together with a rack).

Templates (stable)
------------------

`{% include "scoring/_calculator_fields.html" %}`
    The calculator's inputs — indicator, round, team table, Okey finish, pile ran out, four compact
    player blocks and one shared tile picker — WITHOUT the `<form>` tag, so another page can wrap
    them in its own form (`method="post"` plus `{% csrf_token %}` works too). Needs `form`. The
    inputs keep the parameter names and the ids `id_<parameter>` (state radios: `id_state<i>_1…3`).

`{% include "scoring/_result.html" %}`
    The result's content: the Okey and multiplier, the input errors (`data-error`), each player's
    score (`data-player`, `data-score`) with the lowest marked, each player's working, and team
    totals. Needs `form`. The calculator page wraps it in `<div id="calculator-result">`, naming it
    as the partial `"scoring/calculator.html#result"` (for `kutsite.htmx.render_page`); another page
    includes it in a container of its own and targets that container (innerHTML swap).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.translation import gettext

from kutsite.text import clean_name
from kutsite.tiles import face_of
from rules.engine import DEFAULT_ROUNDS
from rules.engine import scoring as engine_scoring
from rules.engine.notation import parse_indicator, parse_tiles
from rules.engine.tiles import Tile, multiplier, okey_of
from rules.engine.verdicts import InputError, ReasonCode
from scoring.messages import error_message
from scoring.working import notes as round_notes
from scoring.working import team_totals
from scoring.working import working as player_working

PLAYERS = (1, 2, 3, 4)
# The engine's default list (docs/rules.md): rounds 1…20, the last one the all-at-once round (C4).
FIRST_ROUND = DEFAULT_ROUNDS[0].number
LAST_ROUND = DEFAULT_ROUNDS[-1].number
NAME_LENGTH = 30
POINTS_LIMIT = 9999  # a sanity bound on a typed total (not a rule)
TEXT_LIMIT = 200  # longer text in any parameter is refused before parsing


class State(StrEnum):
    FINISHED = "finished"
    MELDED = "melded"
    NOT_MELDED = "not-melded"


class FormCode(StrEnum):
    """Problems with the input's form, found before the engine is asked."""

    ROUND_OUT_OF_RANGE = "ROUND_OUT_OF_RANGE"
    POINTS_NOT_WHOLE = "POINTS_NOT_WHOLE"
    POINTS_TOO_LARGE = "POINTS_TOO_LARGE"
    TEXT_TOO_LONG = "TEXT_TOO_LONG"


FLAGS = ("team", "okey_finish", "exhausted")
PLAYER_FIELDS = ("name", "state", "rack", "points")
FIELD_NAMES: tuple[str, ...] = (
    "indicator",
    "round",
    *FLAGS,
    *(f"{part}{i}" for i in PLAYERS for part in PLAYER_FIELDS),
)
DEFAULTS: Mapping[str, str] = {"round": "1", **{f"state{i}": State.MELDED for i in PLAYERS}}
TRUE_VALUES = frozenset({"1", "on", "true", "yes"})
_WHOLE = re.compile(r"(-?)\s*(\d+)")


def is_true(value: Any) -> bool:
    return isinstance(value, str) and value.strip().lower() in TRUE_VALUES


def clean_text(value: Any) -> str:
    """Text without control characters (tabs and newlines become spaces)."""
    if not isinstance(value, str):
        return ""
    return "".join(
        " " if ch in "\t\r\n" else ch
        for ch in value
        if ch in "\t\r\n" or unicodedata.category(ch) not in ("Cc", "Cs")
    )


def default_name(number: int) -> str:
    return gettext("Player %(number)s") % {"number": number}


@dataclass(frozen=True)
class PlayerEntry:
    """One player's input, as parsed."""

    number: int
    name: str = ""
    state: str = ""  # a `State` value, or "" when missing or unknown
    rack: tuple[Tile, ...] | None = None  # None: no rack given
    points: int | None = None  # None: no total given
    rack_text: str = ""
    points_text: str = ""

    @property
    def display_name(self) -> str:
        return self.name or default_name(self.number)


@dataclass(frozen=True)
class Problem:
    """One input error: where (`field`, the `data-error` value), why (`code`) and the facts."""

    field: str
    code: str
    player: int | None = None
    facts: Mapping[str, Any] = field(default_factory=dict)
    token: str | None = None
    rule: str | None = None
    name: str = ""  # the player's display name, for the sentence

    @property
    def input_id(self) -> str:
        """The id of the input to jump to (the first radio button of a state)."""
        if self.field == "state":
            return "id_state1_1"
        if self.field.startswith("state"):
            return f"id_{self.field}_1"
        return f"id_{self.field}"

    @property
    def message(self) -> str:
        return error_message(self)


class _Text(forms.CharField):
    """Any text: validation happens in `CalculatorForm.clean`, with our own codes."""

    def __init__(self):
        super().__init__(required=False, strip=False)
        self.validators = []

    def to_python(self, value):
        return clean_text(value)


class CalculatorForm(forms.Form):
    """Parse the calculator's parameters and score the round with the engine."""

    def __init__(self, data=None, *args, **kwargs):
        if data is not None and not any(key in data for key in FIELD_NAMES):
            data = None
        super().__init__(data, *args, **kwargs)
        for name in FIELD_NAMES:
            self.fields[name] = _Text()
        self.problems: list[Problem] = []
        self.result = None
        self.players: list[PlayerEntry] = [PlayerEntry(i) for i in PLAYERS]
        self._indicator: Tile | None = None
        self._round: int | None = None

    # -- values for templates and callers ---------------------------------------------

    def _raw(self, name: str) -> str:
        if not self.is_bound or (name.startswith("state") and name not in self.data):
            # A link that leaves out a player's state means the state the form pre-selects.
            value = self.initial.get(name, DEFAULTS.get(name, ""))
            return clean_text(str(value)) if value is not None else ""
        return clean_text(self.data.get(name, ""))

    def value(self, name: str) -> str:
        """The text of one parameter as given (its default for an unbound form)."""
        return self._raw(name)

    @property
    def values(self) -> dict[str, str]:
        return {name: self._raw(name) for name in FIELD_NAMES}

    @property
    def round_choices(self) -> list[dict[str, Any]]:
        """The round select's options; the last one reads "20 – final round"."""
        chosen = self._raw("round").strip()
        return [
            {
                "value": str(n),
                "label": gettext("%(number)s – final round") % {"number": n}
                if n == LAST_ROUND
                else str(n),
                "selected": chosen == str(n),
            }
            for n in range(FIRST_ROUND, LAST_ROUND + 1)
        ]

    @property
    def state_choices(self) -> list[tuple[str, str]]:
        return [
            (State.FINISHED.value, gettext("ended the round")),
            (State.MELDED.value, gettext("melded")),
            (State.NOT_MELDED.value, gettext("not melded")),
        ]

    @property
    def player_rows(self) -> list[dict[str, Any]]:
        """Per player the raw texts to re-fill the inputs: number, name, state, rack, points."""
        return [
            {
                "number": i,
                "name": self._raw(f"name{i}"),
                "state": self._raw(f"state{i}").strip().lower(),
                "rack": self._raw(f"rack{i}"),
                "points": self._raw(f"points{i}"),
            }
            for i in PLAYERS
        ]

    def _cleaned(self) -> None:
        if self.is_bound and not hasattr(self, "cleaned_data"):
            self.full_clean()

    @property
    def indicator_tile(self) -> Tile | None:
        self._cleaned()
        return self._indicator

    @property
    def okey(self) -> Tile | None:
        indicator = self.indicator_tile
        return okey_of(indicator) if indicator is not None else None

    @property
    def multiplier(self) -> int | None:
        indicator = self.indicator_tile
        return multiplier(indicator) if indicator is not None else None

    @property
    def round_number(self) -> int | None:
        self._cleaned()
        return self._round

    @property
    def final(self) -> bool:
        return self.round_number == LAST_ROUND

    @property
    def team_table(self) -> bool:
        return is_true(self._raw("team"))

    @property
    def finished_with_okey(self) -> bool:
        return is_true(self._raw("okey_finish"))

    @property
    def pile_ran_out(self) -> bool:
        return is_true(self._raw("exhausted"))

    # Python-only aliases (kept from the first version of this API). In templates
    # `form.<field name>` is the bound field, so templates use the names above.
    @property
    def indicator(self) -> Tile | None:
        return self.indicator_tile

    @property
    def round(self) -> int | None:
        return self.round_number

    @property
    def team(self) -> bool:
        return self.team_table

    @property
    def okey_finish(self) -> bool:
        return self.finished_with_okey

    @property
    def exhausted(self) -> bool:
        return self.pile_ran_out

    @property
    def names(self) -> list[str]:
        self._cleaned()
        if self.is_bound:
            return [p.display_name for p in self.players]
        return [_name(self._raw(f"name{i}")) or default_name(i) for i in PLAYERS]

    @property
    def scores(self) -> tuple[int, ...] | None:
        if not self.is_bound or not self.is_valid() or self.result is None:
            return None
        return tuple(p.score for p in self.result.players)

    @property
    def winners(self) -> tuple[int, ...]:
        scores = self.scores
        if not scores:
            return ()
        low = min(scores)
        return tuple(i for i, s in zip(PLAYERS, scores, strict=True) if s == low)

    @property
    def working(self):
        """Each player's score, lowest mark, drawn rack and working lines (`scoring.working`)."""
        return player_working(self)

    @property
    def notes(self) -> list[str]:
        return round_notes(self)

    @property
    def team_rows(self) -> list[dict[str, Any]]:
        return team_totals(self)

    @property
    def okey_face(self):
        okey = self.okey
        return face_of(okey) if okey is not None else None

    @property
    def indicator_face(self):
        indicator = self.indicator_tile
        return face_of(indicator) if indicator is not None else None

    def query_string(self) -> str:
        """The canonical query string of the input: the parameters that are set, in order."""
        pairs = []
        for name in FIELD_NAMES:
            raw = self._raw(name).strip()
            if name in FLAGS:
                if is_true(raw):
                    pairs.append((name, "1"))
            elif raw:
                pairs.append((name, raw))
        return urlencode(pairs)

    # -- validation -------------------------------------------------------------------

    def _problem(self, field_name: str, code: str, player: int | None = None, **kw: Any) -> None:
        name = self.players[player - 1].display_name if player else ""
        problem = Problem(field=field_name, code=str(code), player=player, name=name, **kw)
        self.problems.append(problem)
        target = field_name if field_name in self.fields else None
        self.add_error(target, ValidationError(problem.message, code=str(code)))

    def _input_error(self, error: InputError, field_name: str, player: int | None) -> None:
        self._problem(
            field_name,
            error.code,
            player,
            facts=dict(error.facts),
            token=error.token,
            rule=error.rule,
        )

    def clean(self):
        data = {name: self.cleaned_data.get(name, "") for name in FIELD_NAMES}
        self.players = [
            PlayerEntry(
                number=i,
                name=_name(data[f"name{i}"]),
                state=_state(self._raw(f"state{i}")),
                rack_text=data[f"rack{i}"].strip(),
                points_text=data[f"points{i}"].strip(),
            )
            for i in PLAYERS
        ]
        too_long = [name for name in FIELD_NAMES if len(data[name]) > TEXT_LIMIT]
        for name in too_long:
            player = int(name[-1]) if name[-1].isdigit() else None
            self._problem(name, FormCode.TEXT_TOO_LONG, player, facts={"limit": TEXT_LIMIT})
        if too_long:
            return self.cleaned_data

        # The indicator first: the Okey and its multiplier show even while other fields err.
        try:
            self._indicator = parse_indicator(data["indicator"])
        except InputError as error:
            self._input_error(error, "indicator", None)

        raw_round = data["round"].strip()
        if raw_round.isascii() and raw_round.isdigit() and len(raw_round) <= 3:
            number = int(raw_round)
            if FIRST_ROUND <= number <= LAST_ROUND:
                self._round = number
        if self._round is None:
            self._problem(
                "round",
                FormCode.ROUND_OUT_OF_RANGE,
                facts={"first": FIRST_ROUND, "last": LAST_ROUND, "value": raw_round},
            )

        for player in list(self.players):
            self._parse_player(player, data)

        if self.problems:
            return self.cleaned_data
        result = engine_scoring.score_round(
            [
                engine_scoring.PlayerInput(
                    state=engine_scoring.PlayerState(p.state), rack=p.rack, points=p.points
                )
                for p in self.players
            ],
            self._indicator,
            final_round=self._round == LAST_ROUND,
            team=self.team_table,
            okey_finish=self.finished_with_okey,
            exhausted=self.pile_ran_out,
        )
        seen: set[tuple[str, str]] = set()
        for error in result.errors:
            field_name = error_field(error.code, error.seat, error.field)
            if (field_name, error.code) in seen:
                continue  # e.g. MORE_THAN_ONE_FINISHER comes once per extra finisher
            seen.add((field_name, error.code))
            error_facts = dict(error.facts or {})
            seat = error.seat if field_name[-1:].isdigit() else None
            if "seats" in error_facts:
                error_facts["names"] = [
                    self.players[s - 1].display_name for s in error_facts["seats"]
                ]
            self._problem(field_name, error.code, seat, facts=error_facts, rule=error.rule)
        if result.ok and not self.problems:
            self.result = result
        return self.cleaned_data

    def _parse_player(self, player: PlayerEntry, data: Mapping[str, str]) -> None:
        i = player.number
        rack = None
        points = None
        if not player.state:
            self._problem(f"state{i}", ReasonCode.UNKNOWN_STATE, i, facts={"value": ""})
        if player.rack_text:
            try:
                rack = parse_tiles(player.rack_text, allow_empty=True)
            except InputError as error:
                self._input_error(error, f"rack{i}", i)
        if player.points_text:
            match = _WHOLE.fullmatch(player.points_text)
            if match is None or not match.group(2).isascii():
                self._problem(
                    f"points{i}", FormCode.POINTS_NOT_WHOLE, i, facts={"value": player.points_text}
                )
            elif len(match.group(2)) > 6 or int(match.group(2)) > POINTS_LIMIT:
                self._problem(
                    f"points{i}", FormCode.POINTS_TOO_LARGE, i, facts={"limit": POINTS_LIMIT}
                )
            else:
                points = int(match.group(2)) * (-1 if match.group(1) else 1)
        self.players[i - 1] = PlayerEntry(
            number=i,
            name=player.name,
            state=player.state,
            rack=rack,
            points=points,
            rack_text=player.rack_text,
            points_text=player.points_text,
        )


def _name(text: str) -> str:
    return clean_name(text)[:NAME_LENGTH].strip()


def _state(text: str) -> str:
    value = text.strip().lower()
    return value if value in State._value2member_map_ else ""


def error_field(code: str, seat: int | None, engine_field: str | None = None) -> str:
    """The `data-error` field for an engine error about player `seat` (1…4) or the round."""
    if code in (ReasonCode.NO_FINISHER, ReasonCode.MORE_THAN_ONE_FINISHER):
        return "state"
    if code == ReasonCode.OKEY_FINISH_WHEN_EXHAUSTED:
        return "okey_finish"
    if seat is None:
        return engine_field if engine_field in FIELD_NAMES else "state"
    if code in (ReasonCode.UNKNOWN_STATE, ReasonCode.FINISHER_WHEN_EXHAUSTED):
        return f"state{seat}"
    if code in (ReasonCode.NEGATIVE_POINTS, ReasonCode.RACK_AND_POINTS):
        return f"points{seat}"
    if engine_field in PLAYER_FIELDS:
        return f"{engine_field}{seat}"
    return f"rack{seat}"


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
    """The calculator's query string (without "?"), parameters in DESIGN.md's order."""
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
    """The calculator's URL in the active language, pre-filled by `calculator_query`."""
    query = calculator_query(*args, **kwargs)
    url = reverse("scoring:calculator")
    return f"{url}?{query}" if query else url
