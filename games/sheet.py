"""The arithmetic of a game sheet: pure, typed functions, no Django.

The rules engine scores one round; a sheet strings twenty of them together. What that adds —
which round comes next, how often the pile has run out for it (E2), running totals, team totals
(S5: partners sit opposite, 1 & 3 and 2 & 4), the leader and the winner (S6: lowest total) — is
decided here, from the recorded entries alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from rules.engine.contracts import DEFAULT_ROUNDS
from rules.engine.scoring import MAX_REDEALS, winners

ROUND_COUNT = len(DEFAULT_ROUNDS)  # C3: a game has 20 rounds
TEAMS: tuple[tuple[int, int], ...] = ((1, 3), (2, 4))  # S5: partners sit opposite


class Kind(StrEnum):
    SCORED = "scored"
    REDEAL = "redeal"


@dataclass(frozen=True, slots=True)
class Line:
    """One recorded entry, in the order it was recorded."""

    seq: int
    round: int
    kind: Kind
    scores: tuple[int, int, int, int] | None = None


@dataclass(frozen=True, slots=True)
class Progress:
    """Where the game stands: the round to play next and its redeals so far."""

    next_round: int | None  # None once all rounds are scored
    redeals: int  # consecutive redeals recorded for `next_round`

    @property
    def finished(self) -> bool:
        return self.next_round is None

    @property
    def may_redeal(self) -> bool:
        """E2: the round may be dealt again up to three times in a row."""
        return self.next_round is not None and self.redeals < MAX_REDEALS

    @property
    def exhausted_is_scored(self) -> bool:
        """E2: after three redeals, the pile running out again is scored as normal."""
        return self.next_round is not None and self.redeals >= MAX_REDEALS


@dataclass(frozen=True, slots=True)
class Row:
    """One round of the sheet."""

    round: int
    scores: tuple[int, int, int, int] | None  # None: not scored (yet)
    running: tuple[int, int, int, int] | None  # totals after this round, when scored
    redeals: int  # how often the round was dealt again


@dataclass(frozen=True, slots=True)
class Standings:
    rows: tuple[Row, ...]
    totals: tuple[int, int, int, int]
    team_totals: tuple[int, int] | None  # (seats 1 & 3, seats 2 & 4) at a team table
    scored: int  # rounds scored so far
    finished: bool
    # The seats (or, at a team table, the team numbers 1/2) with the lowest total; several on
    # a tie. Empty before the first scored round.
    leaders: tuple[int, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """S6: after the last round the lowest total wins (team totals at a team table)."""
        return self.leaders if self.finished else ()


def next_seq(lines: Sequence[Line]) -> int:
    return max((line.seq for line in lines), default=0) + 1


def progress(lines: Sequence[Line]) -> Progress:
    """The next round is the first round not scored; redeals count since its last score."""
    scored = {line.round for line in lines if line.kind is Kind.SCORED}
    next_round = next((n for n in range(1, ROUND_COUNT + 1) if n not in scored), None)
    if next_round is None:
        return Progress(next_round=None, redeals=0)
    return Progress(next_round=next_round, redeals=redeal_count(lines, next_round))


class _Recorded(Protocol):  # a `Line`, or the `Entry` it comes from (whose kind is a str)
    kind: str
    round: int


def is_scored(lines: Iterable[_Recorded], round_number: int | None) -> bool:
    """Whether the sheet has scores for this round."""
    return any(line.kind == Kind.SCORED and line.round == round_number for line in lines)


def redeal_count(lines: Iterable[Line], round_number: int) -> int:
    """How many redeals were recorded for a round (they are consecutive by construction:
    a redeal is only ever recorded for the round being played)."""
    return sum(1 for line in lines if line.kind is Kind.REDEAL and line.round == round_number)


def exhausted_is_scored(lines: Iterable[Line], round_number: int) -> bool:
    """E2: the pile running out is scored only after the round was dealt again three times."""
    return redeal_count(lines, round_number) >= MAX_REDEALS


def standings(lines: Iterable[Line], *, team: bool) -> Standings:
    """Running totals round by round, team totals, the leader — and the winner after the last
    round (S6: lowest total; at a team table the partners' totals added, S5)."""
    lines = list(lines)
    by_round = {line.round: line.scores for line in lines if line.kind is Kind.SCORED}
    totals = [0, 0, 0, 0]
    rows = []
    for number in range(1, ROUND_COUNT + 1):
        scores = by_round.get(number)
        running = None
        if scores is not None:
            totals = [t + s for t, s in zip(totals, scores, strict=True)]
            running = (totals[0], totals[1], totals[2], totals[3])
        rows.append(
            Row(
                round=number,
                scores=scores,
                running=running,
                redeals=redeal_count(lines, number),
            )
        )
    final = (totals[0], totals[1], totals[2], totals[3])
    team_totals = None
    if team:
        team_totals = tuple(final[a - 1] + final[b - 1] for a, b in TEAMS)
    scored = len(by_round)
    leaders: tuple[int, ...] = ()
    if scored and team_totals is not None:
        leaders = winners(team_totals)  # team 1 or 2: the lowest total wins (S6)
    elif scored:
        leaders = winners(final)
    return Standings(
        rows=tuple(rows),
        totals=final,
        team_totals=team_totals,  # type: ignore[arg-type]
        scored=scored,
        finished=scored == ROUND_COUNT,
        leaders=leaders,
    )
