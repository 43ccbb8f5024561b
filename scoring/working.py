"""View models for the result: each player's score and working, phrased for the page.

Pure presentation of the engine's `ScoreResult`: scores and steps come from the engine; this
module only orders them into lines, draws the racks and adds up the displayed contributions
into a "Sum" line before the multiplier (the engine's MULTIPLIER step carries the product).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext

from kutsite.tiles import Face, faces_of
from rules.engine.verdicts import ReasonCode
from scoring import messages

CONTRIBUTIONS = frozenset(
    {
        ReasonCode.FACE_VALUES,
        ReasonCode.OKEY_25,
        ReasonCode.FALSE_JOKER_25,
        ReasonCode.POINTS_GIVEN,
    }
)


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
    rack: list[Face] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)

    @property
    def score_text(self) -> str:
        return messages.number(self.score)

    @property
    def rack_label(self) -> str:
        return gettext("Tiles left on %(name)s's rack") % {"name": self.name}


def lines_of(breakdown, names) -> list[Line]:
    lines: list[Line] = []
    contributions = [s for s in breakdown if s.code in CONTRIBUTIONS]
    for step in breakdown:
        if step.code == ReasonCode.MULTIPLIER and len(contributions) > 1:
            total = sum(s.points or 0 for s in contributions)
            lines.append(Line("SUM", messages.sum_text(total), "S3"))
        lines.append(Line(str(step.code), messages.step_text(step, names), step.rule))
    return lines


def working(form) -> list[PlayerWorking]:
    """Each player's score and working, for a form whose round the engine scored."""
    result = form.result
    if result is None:
        return []
    names = form.names
    winners = form.winners
    rows = []
    for player, entry in zip(result.players, form.players, strict=True):
        rack = faces_of(entry.rack, form.indicator_tile) if entry.rack else []
        rows.append(
            PlayerWorking(
                number=player.seat,
                name=names[player.seat - 1],
                score=player.score,
                lowest=player.seat in winners,
                rack=rack,
                lines=lines_of(player.breakdown, names),
            )
        )
    return rows


def summary(form) -> str:
    """The scores in one line, for link previews and sharing: "Round 3: Ana 0, Ben 195, …"."""
    rows = working(form)
    if not rows:
        return ""
    scores = ", ".join(f"{row.name} {row.score_text}" for row in rows)
    if form.round_number:
        return gettext("Round %(number)s: %(scores)s") % {
            "number": form.round_number,
            "scores": scores,
        }
    return scores


def notes(form) -> list[str]:
    result = form.result
    if result is None:
        return []
    return [messages.note_text(step.code) for step in result.notes]


def team_totals(form) -> list[dict]:
    result = form.result
    if result is None or not result.team_totals:
        return []
    names = form.names
    first, second = result.team_totals
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
