"""Sentences of the game sheet, in the page's language: why a write was refused, what it did."""

from __future__ import annotations

from django.utils.translation import gettext

from games.services import Done, Reason, Refused
from games.sheet import MAX_REDEALS, Kind
from rules.wording import times_word


def conflict_message() -> str:
    return gettext(
        "This sheet changed meanwhile – here is the latest. Nothing of yours was saved: "
        "check the sheet, then send your entry again if it is still needed."
    )


def undo_conflict_message() -> str:
    """An undo sent from a sheet that has changed since: what it would take back is unknown."""
    return gettext(
        "This sheet changed meanwhile – here is the latest. Nothing was taken back: check the "
        "sheet, then undo again if it is still needed."
    )


def redeal_conflict_message() -> str:
    return gettext(
        "This sheet changed meanwhile – here is the latest. The redeal was not recorded: check "
        "the sheet, then record it again if it is still needed."
    )


def invalid_form_message(form) -> str:
    """A write form's errors, each said once (its hidden fields all say "reload the sheet")."""
    errors = [str(e) for errors in form.errors.values() for e in errors]
    return " ".join(dict.fromkeys(errors))


def not_saved_message() -> str:
    """A refused Save reopens the page where it was: this says so at the top of it."""
    return gettext("Nothing was saved: correct the fields marked below, then save again.")


def recorded_meanwhile_message(number: int) -> str:
    """A conflict: the round this entry was made for was recorded by another phone."""
    return gettext(
        "Round %(round)s was recorded on another phone meanwhile – here is the sheet as it "
        "is now. Nothing of yours was saved, and your entry was not moved to another round: "
        "it is below, still as round %(round)s."
    ) % {"round": number}


def already_on_sheet_message(number: int) -> str:
    """A record page opened again (reloaded, or Back after Save) with an entry made for a
    round that is on the sheet by now, recorded here or on another phone."""
    return gettext(
        "Round %(round)s is already on the sheet – here it is as it is now. This page saved "
        "nothing, and your entry was not moved to another round: it is below, still as round "
        "%(round)s."
    ) % {"round": number}


def saved_as_entered_message(number: int) -> str:
    """A record page opened again, or sent again, with the very entry that round `number` on
    the sheet holds: its save got through, though its answer may not have (a lost signal)."""
    return gettext(
        "Round %(round)s is on the sheet with exactly this entry: it was saved, and there is "
        "nothing more to do here."
    ) % {"round": number}


def taken_back_message(number: int) -> str:
    """A correction of a round that was taken back (undone) meanwhile."""
    return gettext(
        "This sheet changed meanwhile – here is the latest. Nothing of yours was saved: round "
        "%(round)s was taken back, so there is no round %(round)s to correct. Your entry is "
        "below, still as round %(round)s."
    ) % {"round": number}


def moved_meanwhile_message(number: int, next_round: int) -> str:
    """A conflict: the round this entry was made for is no longer the next (rounds were
    taken back meanwhile)."""
    return gettext(
        "This sheet changed meanwhile – here is the latest. Nothing of yours was saved: "
        "round %(round)s is no longer the next round to record, round %(next)s is. Your "
        "entry is below, still as round %(round)s."
    ) % {"round": number, "next": next_round}


def fixed_round_message(number: int, *, editing: bool) -> str:
    """A record or edit page sent with a round other than its own (the round is fixed)."""
    if editing:
        return gettext("This page corrects round %(round)s only: no other round was saved.") % {
            "round": number
        }
    return gettext(
        "This page records round %(round)s, the next round of the sheet: no other round was saved."
    ) % {"round": number}


def refusal_message(refusal: Refused) -> str:
    facts = {"limit": MAX_REDEALS, **refusal.facts}
    # How often, in words ("three times" / "dreimal"); a count of zero gets its own sentence.
    redeals = facts.get("redeals")
    facts["limit"] = times_word(facts["limit"])
    if isinstance(redeals, int):
        facts["redeals"] = times_word(redeals)
    reason = refusal.reason
    if reason is Reason.GAME_OVER:
        return gettext("All rounds are on the sheet already: the game is over.")
    if reason is Reason.ROUND_TAKEN:
        return (
            gettext(
                "Round %(round)s is on the sheet already. To change it, edit round "
                "%(round)s; the next round to record is round %(next)s."
            )
            % facts
        )
    if reason is Reason.WRONG_ROUND:
        return gettext("The next round to record is round %(next)s, not round %(round)s.") % facts
    if reason is Reason.NOT_RECORDED:
        return gettext("Round %(round)s is not on the sheet yet, so it cannot be edited.") % facts
    if reason is Reason.NO_MORE_REDEALS:
        return (
            gettext(
                "Round %(round)s has been dealt again %(limit)s in a row. When the pile "
                "runs out a fourth time the round is scored: record it with “the pile ran "
                "out a fourth time”."
            )
            % facts
        )
    if reason is Reason.EXHAUSTED_TOO_EARLY and redeals == 0:
        return (
            gettext(
                "In round %(round)s the pile has not run out before. Up to %(limit)s, the "
                "round is dealt again without a score: record a redeal instead."
            )
            % facts
        )
    if reason is Reason.EXHAUSTED_TOO_EARLY:
        return (
            gettext(
                "In round %(round)s the pile has run out only %(redeals)s so far. Up to "
                "%(limit)s, the round is dealt again without a score: record a redeal "
                "instead."
            )
            % facts
        )
    if reason is Reason.NOTHING_TO_UNDO:
        return gettext("There is nothing to undo: no round is on the sheet yet.")
    raise ValueError(reason)


def done_message(done: Done) -> str:
    message = _done_sentence(done)
    if done.repeated:
        return gettext("This was sent more than once and saved once.") + " " + message
    return message


def _done_sentence(done: Done) -> str:
    values = {"round": done.round}
    if done.action == "recorded":
        return gettext("Round %(round)s is on the sheet.") % values
    if done.action == "edited":
        return gettext("Round %(round)s has been corrected.") % values
    if done.action == "redeal":
        return gettext("Redeal of round %(round)s noted: no score, deal again.") % values
    if done.action == "undone" and done.kind is Kind.REDEAL:
        return gettext("Undone: the redeal of round %(round)s.") % values
    if done.action == "undone":
        return gettext("Undone: the scores of round %(round)s.") % values
    raise ValueError(done.action)
