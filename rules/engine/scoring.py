"""Scoring a round (S1–S7, E1, E2).

Choices where the rules are silent:
- The player who ended the round holds no tiles: a rack or points > 0 for them is an error
  (`FINISHER_WITH_TILES`).
- A melded player needs a rack or points (`MISSING_RACK`), not both (`RACK_AND_POINTS`); a
  not-melded player's rack is only used for the copy check.
- `okey_finish` in the final round is ignored, with the note `OKEY_FINISH_IGNORED_IN_FINAL`
  (C4); with `exhausted` it is an error, since nobody finished.
- In the final round every state but "finished" is scored as not melded: 500 (S7), never
  doubled; the finisher's partner at a team table scores 0 (S5).
- An exhausted round (E2, the fourth time) has no finisher and no zero scores.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .tiles import (
    FALSE_JOKER_CODE,
    OKEY_POINTS,
    Tile,
    check_indicator,
    is_okey,
    multiplier,
    okey_of,
    physical,
)
from .verdicts import InputError, ReasonCode, facts, rule_of

NOT_MELDED_POINTS = 500  # S2 (and S7: everyone but the finisher in the last round)
FINISHER_POINTS = 0  # S1: ending the round scores nothing (S5: nor does the finisher's partner)
OKEY_FINISH_FACTOR = 2  # S4: a round finished with Okey doubles everyone else's score
MAX_REDEALS = 3  # E2: KÜT deals a round again at most three times in a row; the next is scored


class PlayerState(StrEnum):
    FINISHED = "finished"
    MELDED = "melded"
    NOT_MELDED = "not-melded"


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerInput:
    """A player's end of round: `state` (a PlayerState or its value), and either the tiles
    left (`rack`) or their total (`points`, Okeys and false jokers at 25)."""

    state: PlayerState | str
    rack: tuple[Tile, ...] | None = None
    points: int | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """One line of a breakdown. `points` is the line's figure: a contribution (FACE_VALUES,
    OKEY_25, FALSE_JOKER_25, POINTS_GIVEN) or the running total (MULTIPLIER, DOUBLED, and the
    fixed scores FINISHER_ZERO, TEAM_PARTNER_ZERO, NOT_MELDED, FINAL_ROUND_500)."""

    code: ReasonCode
    rule: str
    points: int | None
    facts: Mapping[str, Any]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerScore:
    seat: int
    state: PlayerState
    score: int
    breakdown: tuple[Step, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreError:
    """An input error: `seat` 1..4 (None: the whole round), `field` the input it concerns
    ("state", "rack", "points", "indicator", "players", "okey_finish", "exhausted")."""

    seat: int | None
    field: str
    code: ReasonCode
    rule: str | None
    facts: Mapping[str, Any]


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreResult:
    ok: bool
    players: tuple[PlayerScore, ...]
    errors: tuple[ScoreError, ...] = ()
    notes: tuple[Step, ...] = ()
    team_totals: tuple[int, int] | None = None  # seats 1+3, seats 2+4

    def score(self, seat: int) -> int:
        return self.players[seat - 1].score


def partner_of(seat: int) -> int:
    """Team partners sit opposite: 1 & 3, 2 & 4 (S5)."""
    return (seat + 1) % 4 + 1


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """After the last round the lowest total wins (S6): the winning seats (1-based; ties
    share)."""
    if not totals:
        return ()
    low = min(totals)
    return tuple(seat for seat, total in enumerate(totals, 1) if total == low)


def _step(code: ReasonCode, rule: str, figure: int | None, **values: Any) -> Step:
    return Step(code, rule, figure, facts(**values))


def _validate(
    players: Sequence[PlayerInput],
    indicator: Tile,
    *,
    final_round: bool,
    team: bool,
    okey_finish: bool,
    exhausted: bool,
) -> tuple[list[ScoreError], list[PlayerState | None]]:
    errors: list[ScoreError] = []

    def error(seat: int | None, field: str, code: ReasonCode, **values: Any) -> None:
        rule = rule_of(code)
        errors.append(
            ScoreError(seat=seat, field=field, code=code, rule=rule, facts=facts(**values))
        )

    try:
        check_indicator(indicator)
    except InputError as bad:
        error(None, "indicator", bad.code)
    if len(players) != 4:
        error(None, "players", ReasonCode.WRONG_PLAYER_COUNT, count=len(players))
        return errors, []
    states: list[PlayerState | None] = []
    for seat, p in enumerate(players, 1):
        try:
            states.append(PlayerState(p.state))
        except ValueError:
            states.append(None)
            error(seat, "state", ReasonCode.UNKNOWN_STATE, value=p.state)
    finishers = [seat for seat, s in enumerate(states, 1) if s is PlayerState.FINISHED]
    if exhausted:
        for seat in finishers:
            error(seat, "state", ReasonCode.FINISHER_WHEN_EXHAUSTED)
        if okey_finish:
            error(None, "okey_finish", ReasonCode.OKEY_FINISH_WHEN_EXHAUSTED)
    elif None not in states:
        if not finishers:
            error(None, "state", ReasonCode.NO_FINISHER)
        for seat in finishers[1:]:
            error(seat, "state", ReasonCode.MORE_THAN_ONE_FINISHER, seats=tuple(finishers))
    partner = partner_of(finishers[0]) if team and len(finishers) == 1 else None
    for seat, (p, state) in enumerate(zip(players, states, strict=True), 1):
        if p.points is not None and p.points < 0:
            error(seat, "points", ReasonCode.NEGATIVE_POINTS, points=p.points)
        if p.rack is not None and p.points is not None:
            error(seat, "points", ReasonCode.RACK_AND_POINTS)
        if state is PlayerState.FINISHED and (p.rack or p.points):
            error(seat, "rack" if p.rack else "points", ReasonCode.FINISHER_WITH_TILES)
        needs_rack = state is PlayerState.MELDED and not final_round and seat != partner
        if needs_rack and not p.rack and p.points is None:
            error(seat, "rack", ReasonCode.MISSING_RACK)
    if not any(e.field == "indicator" for e in errors):
        counts: Counter[Tile] = Counter({indicator: 1})
        holders: dict[Tile, set[int]] = {}
        passed: dict[Tile, int] = {}  # the seat whose rack took a kind past the set's two
        for seat, p in enumerate(players, 1):
            for t in p.rack or ():
                kind = physical(t, indicator)
                counts[kind] += 1
                holders.setdefault(kind, set()).add(seat)
                if counts[kind] == 3:
                    passed.setdefault(kind, seat)
        for kind, seat in passed.items():
            # The count is all the racks hold; the indicator is one more copy (T1, T2).
            shown = kind == indicator
            found: dict[str, Any] = {"indicator": True} if shown else {}
            if len(holders[kind]) > 1:
                found["racks"] = True  # the copies are on several racks, not only this one
            if kind == okey_of(indicator):
                found["okey"] = True  # there are two Okeys, whatever was typed for them (T3)
            error(
                seat,
                "rack",
                ReasonCode.TOO_MANY_COPIES,
                tile=kind,
                count=counts[kind] - shown,
                limit=2,
                **found,
            )
    return errors, states


def _rack_steps(p: PlayerInput, indicator: Tile) -> tuple[list[Step], int]:
    if p.rack is None:
        points = p.points or 0
        return [_step(ReasonCode.POINTS_GIVEN, "S3", points, points=points)], points
    steps = []
    numbered = tuple(t for t in p.rack if t.code != FALSE_JOKER_CODE and not is_okey(t, indicator))
    okeys = sum(1 for t in p.rack if is_okey(t, indicator))
    jokers = sum(1 for t in p.rack if t.code == FALSE_JOKER_CODE)
    face_sum = sum(t.number for t in numbered)
    if numbered:
        steps.append(_step(ReasonCode.FACE_VALUES, "S3", face_sum, tiles=numbered, points=face_sum))
    if okeys:
        points = OKEY_POINTS * okeys
        steps.append(
            _step(ReasonCode.OKEY_25, "S3", points, count=okeys, each=OKEY_POINTS, points=points)
        )
    if jokers:
        points = OKEY_POINTS * jokers
        steps.append(
            _step(
                ReasonCode.FALSE_JOKER_25,
                "S3",
                points,
                count=jokers,
                each=OKEY_POINTS,
                points=points,
            )
        )
    return steps, face_sum + OKEY_POINTS * (okeys + jokers)


def score_round(
    players: Sequence[PlayerInput],
    indicator: Tile,
    *,
    final_round: bool = False,
    team: bool = False,
    okey_finish: bool = False,
    exhausted: bool = False,
) -> ScoreResult:
    """Each player's score for the round, with a breakdown, or the input errors (as data)."""
    errors, states = _validate(
        players,
        indicator,
        final_round=final_round,
        team=team,
        okey_finish=okey_finish,
        exhausted=exhausted,
    )
    if errors:
        return ScoreResult(ok=False, players=(), errors=tuple(errors))
    notes = []
    if okey_finish and final_round:
        notes.append(_step(ReasonCode.OKEY_FINISH_IGNORED_IN_FINAL, "C4", None))
    if exhausted:
        notes.append(_step(ReasonCode.EXHAUSTED_SCORED, "E2", None))
    doubled = okey_finish and not final_round
    okey_colour = okey_of(indicator).colour
    factor = multiplier(indicator)
    finisher = next((s for s, st in enumerate(states, 1) if st is PlayerState.FINISHED), None)
    partner = partner_of(finisher) if team and finisher else None
    scores = []
    for seat, (p, state) in enumerate(zip(players, states, strict=True), 1):
        assert state is not None
        steps: list[Step]
        if seat == finisher:
            score = FINISHER_POINTS
            steps = [_step(ReasonCode.FINISHER_ZERO, "S1", score, points=score)]
        elif seat == partner:
            score = FINISHER_POINTS
            steps = [
                _step(ReasonCode.TEAM_PARTNER_ZERO, "S5", score, partner=finisher, points=score)
            ]
        elif final_round:
            score = NOT_MELDED_POINTS
            steps = [_step(ReasonCode.FINAL_ROUND_500, "S7", score, points=score)]
        elif state is PlayerState.NOT_MELDED:
            score = NOT_MELDED_POINTS
            steps = [_step(ReasonCode.NOT_MELDED, "S2", score, points=score)]
        else:
            steps, total = _rack_steps(p, indicator)
            score = total * factor
            steps.append(
                _step(
                    ReasonCode.MULTIPLIER,
                    "S3",
                    score,
                    factor=factor,
                    colour=okey_colour,
                    points=score,
                )
            )
        if doubled and score:
            score *= OKEY_FINISH_FACTOR
            steps.append(
                _step(ReasonCode.DOUBLED, "S4", score, factor=OKEY_FINISH_FACTOR, points=score)
            )
        scores.append(PlayerScore(seat=seat, state=state, score=score, breakdown=tuple(steps)))
    totals = None
    if team:
        totals = (scores[0].score + scores[2].score, scores[1].score + scores[3].score)
    return ScoreResult(ok=True, players=tuple(scores), notes=tuple(notes), team_totals=totals)


@dataclass(frozen=True, slots=True, kw_only=True)
class RackScore:
    """What one rack would score if the round ended now, with the working."""

    score: int
    breakdown: tuple[Step, ...]


def rack_score(
    rack: Sequence[Tile], indicator: Tile, *, melded: bool, final_round: bool = False
) -> RackScore:
    """The penalty this rack scores if the round ends now and someone else ended it: 500 when
    not melded (S2; in the final round always, S7), else the rack's points × 5 or × 2 (S3)."""
    check_indicator(indicator)
    if final_round:
        return RackScore(
            score=NOT_MELDED_POINTS,
            breakdown=(
                _step(
                    ReasonCode.FINAL_ROUND_500, "S7", NOT_MELDED_POINTS, points=NOT_MELDED_POINTS
                ),
            ),
        )
    if not melded:
        return RackScore(
            score=NOT_MELDED_POINTS,
            breakdown=(
                _step(ReasonCode.NOT_MELDED, "S2", NOT_MELDED_POINTS, points=NOT_MELDED_POINTS),
            ),
        )
    steps, total = _rack_steps(PlayerInput(state=PlayerState.MELDED, rack=tuple(rack)), indicator)
    factor = multiplier(indicator)
    score = total * factor
    steps.append(
        _step(
            ReasonCode.MULTIPLIER,
            "S3",
            score,
            factor=factor,
            colour=okey_of(indicator).colour,
            points=score,
        )
    )
    return RackScore(score=score, breakdown=tuple(steps))
