"""What a page shows of a `CalculatorForm`: the inputs to re-fill, the Okey, the errors with the
player and field they concern, each player's score and working, the team totals.

Pure presentation: scores and steps come from the engine's `ScoreResult`; this module orders
them into lines and adds the displayed contributions up into a "Sum" line
before the multiplier (the engine's MULTIPLIER step carries the product).

`Calculation(form)` is what the templates get as `calc`:

`{% include "scoring/_calculator_fields.html" %}`
    The calculator's inputs (indicator, round, the flags, four player blocks and one shared
    tile picker) WITHOUT the `<form>` tag, so another page wraps them in its own form
    (`method="post"` plus `{% csrf_token %}` works too). Needs `calc`. The inputs keep the
    parameter names and the ids `id_<parameter>` (state radios: `id_state<i>_1…3`).
`{% include "scoring/_result.html" %}`
    The Okey and multiplier, the input errors (`data-error`), each player's score (`data-player`,
    `data-score`, the lowest marked), each player's working and the team totals. Needs `calc`.
    The calculator wraps it in `<div id="calculator-result">` as the partial
    `"scoring/calculator.html#result"`; another page includes it in a container of its own.

`data-error` names the parameter (`indicator`, `round`, `okey_finish`, `name<i>`, `state<i>`,
`rack<i>`, `points<i>`), or `state` when nobody or more than one player ended the round.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext, gettext_lazy

from kutsite.cards import CardScore, CardSpec
from kutsite.tiles import Face, face_of
from rules.engine.scoring import PlayerState, winners
from rules.engine.tiles import Tile, multiplier, okey_of
from rules.engine.verdicts import ReasonCode
from scoring import messages
from scoring.forms import PLAYERS, CalculatorForm, player_name, tidy_name

_ = gettext_lazy
STATE_LABELS = (
    (PlayerState.FINISHED, _("ended the round")),
    (PlayerState.MELDED, _("melded")),
    (PlayerState.NOT_MELDED, _("not melded")),
)
CONTRIBUTIONS = frozenset(
    {
        ReasonCode.FACE_VALUES,
        ReasonCode.OKEY_25,
        ReasonCode.FALSE_JOKER_25,
        ReasonCode.POINTS_GIVEN,
    }
)


@dataclass(frozen=True)
class Problem:
    """One input error: where (`field`, the `data-error` value), why (`code`, `reason`)."""

    field: str
    code: str
    reason: str
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
        """Where, then why: "Ben, tiles left: “x14” is not a tile." """
        return messages.located(self.field, self.name, self.reason)


@dataclass(frozen=True)
class Line:
    code: str  # the engine's step code, or "SUM"
    text: str
    rule: str | None = None


@dataclass(frozen=True)
class PlayerWorking:
    number: int
    name: str
    score: int
    lowest: bool
    lines: list[Line] = field(default_factory=list)

    @property
    def score_text(self) -> str:
        return messages.number(self.score)


def lines_of(breakdown, names) -> list[Line]:
    lines: list[Line] = []
    contributions = [s for s in breakdown if s.code in CONTRIBUTIONS]
    for step in breakdown:
        if step.code == ReasonCode.MULTIPLIER and len(contributions) > 1:
            total = sum(s.points or 0 for s in contributions)
            lines.append(Line("SUM", messages.sum_text(total), "S3"))
        lines.append(Line(str(step.code), messages.step_text(step, names), step.rule))
    return lines


class Calculation:
    """A calculator form as its templates show it."""

    def __init__(self, form: CalculatorForm, *, live: bool = False) -> None:
        self.form = form
        self.live = live
        self.result = form.result if form.is_bound and form.is_valid() else None
        # An answer while someone types (`live`) waits for an empty or half-typed field
        self.pending = form.pending if live else ""

    @cached_property
    def read(self) -> dict[str, Any]:
        """The fields that read, even while others err (empty for an unbound form)."""
        return self.form.cleaned_data if self.form.is_bound else {}

    # -- the inputs, re-filled ----------------------------------------------------------

    @cached_property
    def values(self) -> dict[str, str]:
        return self.form.values

    def _flag(self, name: str) -> bool:
        return self.form.fields[name].to_python(self.values[name])

    @property
    def team_table(self) -> bool:
        return self._flag("team")

    @property
    def finished_with_okey(self) -> bool:
        return self._flag("okey_finish")

    @property
    def pile_ran_out(self) -> bool:
        return self._flag("exhausted")

    @property
    def round_choices(self) -> list[dict[str, Any]]:
        """The round select's options; the final round says so."""
        chosen = self.round_selected
        return [
            {"value": str(number), "label": label, "selected": chosen == str(number)}
            for number, label in self.form.rounds.choices
        ]

    @property
    def round_selected(self) -> str:
        """The chosen round as its option value, or "" when it is none of them. Few values,
        so the template keeps the select once per choice (a typed value is not a key)."""
        chosen = self.values["round"].strip()
        return chosen if chosen in {str(n) for n, _label in self.form.rounds.choices} else ""

    state_choices = STATE_LABELS

    @property
    def player_rows(self) -> list[dict[str, Any]]:
        """Per player the texts to re-fill the inputs: number, name, state (a valid one or ""),
        rack, points. Text throughout: the template writes the number into every id, and a
        number would be localised each time; the number is a digit, safe as it is, and not
        escaped each time either."""
        v = self.values
        states = {str(state) for state, _label in STATE_LABELS}
        rows = []
        for i in PLAYERS:
            state = v[f"state{i}"].strip().lower()
            rows.append(
                {
                    "number": SafeString(i),
                    "name": v[f"name{i}"],
                    "state": state if state in states else "",
                    "rack": v[f"rack{i}"],
                    "points": v[f"points{i}"],
                }
            )
        return rows

    # -- the round ----------------------------------------------------------------------

    @cached_property
    def names(self) -> list[str]:
        return [player_name(i, tidy_name(self.values[f"name{i}"])) for i in PLAYERS]

    @property
    def round_number(self) -> int | None:
        return self.read.get("round")

    @property
    def indicator_tile(self) -> Tile | None:
        return self.read.get("indicator")

    @property
    def okey(self) -> Tile | None:
        indicator = self.indicator_tile
        return okey_of(indicator) if indicator is not None else None

    @property
    def multiplier(self) -> int | None:
        indicator = self.indicator_tile
        return multiplier(indicator) if indicator is not None else None

    @property
    def okey_face(self) -> Face | None:
        okey = self.okey
        return face_of(okey) if okey is not None else None

    @property
    def indicator_face(self) -> Face | None:
        indicator = self.indicator_tile
        return face_of(indicator) if indicator is not None else None

    # -- errors -------------------------------------------------------------------------

    @cached_property
    def problems(self) -> list[Problem]:
        """Every error in the order of the fields, so seat by seat, whether a field or the
        engine found it; the round's own (`__all__`) last. None while `pending`; a live answer
        leaves out the fields not reached yet (`quiet`) beside a real error."""
        if not self.form.is_bound or self.pending:
            return []
        order = {name: position for position, name in enumerate(self.form.fields)}
        found = []
        quiet = self.form.quiet if self.live else ()
        by_field = [item for item in self.form.errors.as_data().items() if item[0] not in quiet]
        for name, errors in sorted(by_field, key=lambda item: order.get(item[0], len(order))):
            where = "state" if name == "__all__" else name
            seat = int(where[-1]) if where[-1].isdigit() else None
            for error in errors:
                found.append(
                    Problem(
                        field=where,
                        code=str(error.code),
                        reason=next(iter(error)),
                        name=self.names[seat - 1] if seat else "",
                    )
                )
        return found

    # -- the result ---------------------------------------------------------------------

    @cached_property
    def working(self) -> list[PlayerWorking]:
        """Each player's score, lowest mark and working lines."""
        if self.result is None:
            return []
        names = self.names
        lowest = winners([p.score for p in self.result.players])
        rows = []
        for player in self.result.players:
            rows.append(
                PlayerWorking(
                    number=player.seat,
                    name=names[player.seat - 1],
                    score=player.score,
                    lowest=player.seat in lowest,
                    lines=lines_of(player.breakdown, names),
                )
            )
        return rows

    @cached_property
    def summary(self) -> str:
        """The scores in one line, for link previews and sharing: "Round 3 – Ana: 0; Ben: 1,195;
        …", then each team's total as the card has it ("Ana & Cem: 500"). A colon after each
        name ("Player 1 0" would read as "Player 10"), a semicolon between them (a comma is the
        thousands separator in English)."""
        scores = "; ".join(
            [f"{row.name}: {row.score_text}" for row in self.working]
            + [f"{' & '.join(team['names'])}: {team['text']}" for team in self.team_rows]
        )
        if scores and self.round_number:
            return gettext("Round %(number)s – %(scores)s") % {
                "number": self.round_number,
                "scores": scores,
            }
        return scores

    def card(self) -> CardSpec:
        """The answer's share card: each player's score, then each team's total, the lowest
        marked in words as the table marks it."""
        lowest = gettext("lowest")
        rows = [CardScore(r.name, r.score_text, lowest if r.lowest else "") for r in self.working]
        rows += [
            CardScore(" & ".join(team["names"]), team["text"], lowest if team["lowest"] else "")
            for team in self.team_rows
        ]
        return CardSpec(
            language=get_language(),
            brand=gettext("Küt · Score calculator"),
            question=gettext("Scores for round %(number)s") % {"number": self.round_number},
            answer="",
            scores=tuple(rows),
        )

    @property
    def notes(self) -> list[str]:
        if self.result is None:
            return []
        return [messages.note_text(step.code) for step in self.result.notes]

    @property
    def team_rows(self) -> list[dict[str, Any]]:
        if self.result is None or not self.result.team_totals:
            return []
        names = self.names
        first, second = self.result.team_totals
        return [
            {
                "names": (names[0], names[2]),
                "total": first,
                "text": messages.number(first),
                "lowest": first <= second,
            },
            {
                "names": (names[1], names[3]),
                "total": second,
                "text": messages.number(second),
                "lowest": second <= first,
            },
        ]
