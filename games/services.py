"""Every write to a game sheet: one transaction each, guarded by the sheet's version.

A write first moves `Game.version` from the version its form was rendered from to the next one
(`UPDATE … WHERE version = v`). If another phone wrote in between, that matches no row: the
write raises `Conflict` and changes nothing, and the other phone's entry stays. Only then is the
request checked against the sheet as it is inside the transaction (`Refused` rolls everything
back, the version bump included).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from games.models import Entry, Game, Submission
from games.sheet import (
    ROUND_COUNT,
    Kind,
    Line,
    exhausted_is_scored,
    is_scored,
    next_seq,
    progress,
    redeal_count,
)


class Conflict(Exception):
    """The sheet changed after the form was rendered: nothing was written."""


class Reason(StrEnum):
    GAME_OVER = "GAME_OVER"  # every round is scored already
    ROUND_TAKEN = "ROUND_TAKEN"  # recording a round that is on the sheet already
    WRONG_ROUND = "WRONG_ROUND"  # recording a round other than the next one
    NOT_RECORDED = "NOT_RECORDED"  # editing a round that is not on the sheet
    NO_MORE_REDEALS = "NO_MORE_REDEALS"  # E2: three redeals in a row already
    EXHAUSTED_TOO_EARLY = "EXHAUSTED_TOO_EARLY"  # E2: scored as exhausted before 3 redeals
    NOTHING_TO_UNDO = "NOTHING_TO_UNDO"


class Refused(Exception):
    """The request does not fit the sheet as it is: nothing was written."""

    def __init__(self, reason: Reason, **facts):
        super().__init__(reason)
        self.reason = reason
        self.facts = facts


# `?done=recorded-scored-3-v12`: what a write did, and the sheet's version right after it.
_DONE = re.compile(r"(recorded|edited|redeal|undone)-(scored|redeal)-(\d{1,2})(-again)?-v(\d{1,9})")


@dataclass(frozen=True)
class Done:
    """What a successful write did, for the confirmation on the sheet."""

    action: str  # "recorded", "edited", "redeal", "undone"
    round: int
    kind: Kind
    repeated: bool = False  # the same form was sent before: nothing written this time
    entry: str = ""  # an undone round's calculator input, to enter it again (not in `param`)

    def param(self, version: int) -> str:
        """This write as the sheet's `?done=…`, with the sheet's `version` right after it."""
        again = "-again" if self.repeated else ""
        return f"{self.action}-{self.kind.value}-{self.round}{again}-v{version}"

    @classmethod
    def from_param(cls, value: str, version: int) -> Done | None:
        """The write a sheet's `?done=…` names, while it is news: once the sheet has changed
        again (another round, an undo), a reloaded or copied address no longer says "Round 1 is
        on the sheet". Only what a write could have said: a round of the game, after a write
        (version 1 is new)."""
        match = _DONE.fullmatch(value or "")
        if not match or int(match[5]) != version or version < 2:
            return None
        action, kind, number, again, _ = match.groups()
        if not 1 <= int(number) <= ROUND_COUNT:
            return None
        return cls(action, int(number), Kind(kind), repeated=bool(again))


def create_game(players: Sequence[str], *, team: bool) -> Game:
    with transaction.atomic():
        return Game.objects.create(
            player1=players[0],
            player2=players[1],
            player3=players[2],
            player4=players[3],
            team=team,
        )


def _bump(game: Game, version: int) -> None:
    """Claim the sheet for this write, or raise `Conflict` (must run inside a transaction)."""
    claimed = Game.objects.filter(pk=game.pk, version=version).update(
        version=F("version") + 1, updated_at=timezone.now()
    )
    if claimed != 1:
        raise Conflict


def _lines(game: Game) -> list[Line]:
    return [e.line for e in Entry.objects.filter(game=game).order_by("seq")]


def sent_before(game: Game, submission: str) -> Submission | None:
    """What this form's id saved on this sheet, if anything."""
    return Submission.objects.filter(game=game, token=submission).first() if submission else None


def already_done(
    game: Game,
    submission: str,
    action: str,
    round_number: int | None = None,
    query: str | None = None,
) -> Done | None:
    """What the form sent with this id did, if it was saved before (a double submit): the
    same `action` ("recorded", "edited", "redeal", "undone") for the same round (None: any),
    still on the sheet as it was written (a scored round: with the same entry, `query`).

    One id can reach two different writes: a sheet's forms share the id of their page, two
    tabs revalidating one sheet (304) share its page, and Back brings a sent form back to be
    changed and sent again. Only the same write sent again while the sheet holds it is a
    repeat; another one is judged as new, and its page's version shows it is out of date."""
    saved = sent_before(game, submission)
    if saved is None or saved.action != action:
        return None
    if round_number is not None and saved.round != round_number:
        return None
    if action != "undone":
        held = Entry.objects.filter(game=game, round=saved.round, kind=saved.kind)
        if query is not None:
            held = held.filter(query=query)
        if not held.exists():
            return None  # taken back or changed since: "saved once" would not be true
    return Done(saved.action, saved.round, Kind(saved.kind), repeated=True)


def _write(
    game: Game,
    version: int,
    action,
    submission: str = "",
    *,
    intent: tuple[str, int | None] | tuple[str, int, str],
):
    """Run `action(lines)` in one transaction after a successful version bump; a form sent
    again with the same `submission` id for the same write (`intent`: `already_done`'s action,
    round and entry) gets the first answer and writes nothing."""
    if (done := already_done(game, submission, *intent)) is not None:
        return done
    try:
        with transaction.atomic():
            _bump(game, version)
            done = action(_lines(game))
            if submission:
                Submission.objects.create(
                    game=game,
                    token=submission,
                    action=done.action,
                    round=done.round,
                    kind=done.kind.value,
                )
            return done
    except (Conflict, IntegrityError) as error:
        # The copy that raced us may have won with the same id: then this one is a repeat.
        if (done := already_done(game, submission, *intent)) is not None:
            return done
        if isinstance(error, Conflict):
            raise
        raise Conflict from error  # a unique constraint caught what the version did not


def _check_exhausted(lines: list[Line], round_number: int, exhausted: bool) -> None:
    if exhausted and not exhausted_is_scored(lines, round_number):
        redeals = redeal_count(lines, round_number)
        raise Refused(Reason.EXHAUSTED_TOO_EARLY, round=round_number, redeals=redeals)


def _score_columns(scores: Sequence[int]) -> dict[str, int]:
    """The four scores as the entry's columns `score1` … `score4`."""
    return {f"score{seat}": score for seat, score in enumerate(scores, 1)}


def record_round(
    game: Game,
    version: int,
    *,
    round_number: int,
    scores: Sequence[int],
    query: str,
    exhausted: bool = False,
    submission: str = "",
) -> Done:
    """Score the next round of the sheet."""

    def action(lines: list[Line]) -> Done:
        state = progress(lines)
        if state.next_round is None:
            raise Refused(Reason.GAME_OVER)
        if is_scored(lines, round_number):
            raise Refused(Reason.ROUND_TAKEN, round=round_number, next=state.next_round)
        if round_number != state.next_round:
            raise Refused(Reason.WRONG_ROUND, round=round_number, next=state.next_round)
        _check_exhausted(lines, round_number, exhausted)
        Entry.objects.create(
            game=game,
            seq=next_seq(lines),
            round=round_number,
            kind=Kind.SCORED,
            query=query,
            **_score_columns(scores),
        )
        return Done("recorded", round_number, Kind.SCORED)

    return _write(game, version, action, submission, intent=("recorded", round_number, query))


def edit_round(
    game: Game,
    version: int,
    *,
    round_number: int,
    scores: Sequence[int],
    query: str,
    exhausted: bool = False,
    submission: str = "",
) -> Done:
    """Replace the scores of a round already on the sheet."""

    def action(lines: list[Line]) -> Done:
        if not is_scored(lines, round_number):
            raise Refused(Reason.NOT_RECORDED, round=round_number)
        _check_exhausted(lines, round_number, exhausted)
        Entry.objects.filter(game=game, round=round_number, kind=Kind.SCORED).update(
            query=query, **_score_columns(scores)
        )
        return Done("edited", round_number, Kind.SCORED)

    return _write(game, version, action, submission, intent=("edited", round_number, query))


def record_redeal(game: Game, version: int, *, round_number: int, submission: str = "") -> Done:
    """The pile ran out and nobody finished: the round is dealt again, no score (E2)."""

    def action(lines: list[Line]) -> Done:
        state = progress(lines)
        if state.next_round is None:
            raise Refused(Reason.GAME_OVER)
        if round_number != state.next_round:
            raise Refused(Reason.WRONG_ROUND, round=round_number, next=state.next_round)
        if not state.may_redeal:
            raise Refused(Reason.NO_MORE_REDEALS, round=round_number, redeals=state.redeals)
        Entry.objects.create(game=game, seq=next_seq(lines), round=round_number, kind=Kind.REDEAL)
        return Done("redeal", round_number, Kind.REDEAL)

    return _write(game, version, action, submission, intent=("redeal", round_number))


def undo_last(game: Game, version: int, *, submission: str = "") -> Done:
    """Take back the last entry, a scored round or a redeal."""

    def action(lines: list[Line]) -> Done:
        if not lines:
            raise Refused(Reason.NOTHING_TO_UNDO)
        last = lines[-1]
        undone = Entry.objects.filter(game=game, seq=last.seq)
        entry = undone.values_list("query", flat=True).first() or ""
        undone.delete()
        return Done("undone", last.round, last.kind, entry=entry)

    return _write(game, version, action, submission, intent=("undone", None))
