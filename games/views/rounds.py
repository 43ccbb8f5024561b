"""A round through the calculator: record the sheet's next round, or correct one on it.

The calculator's fields in the sheet's own POST form. Whatever goes wrong, the entry stays in
the form and the page says why; nothing is written. An entry made for a round that is no
longer the one it was made for stays with its round and is never saved to another one.
"""

from __future__ import annotations

from contextlib import suppress

from django.http import Http404, QueryDict
from django.shortcuts import redirect
from django.urls import reverse
from django_htmx.http import HttpResponseClientRedirect

from games import services
from games.forms import VersionForm, new_submission
from games.messages import (
    already_on_sheet_message,
    conflict_message,
    fixed_round_message,
    invalid_form_message,
    moved_meanwhile_message,
    not_saved_message,
    recorded_meanwhile_message,
    refusal_message,
    saved_as_entered_message,
    taken_back_message,
)
from games.models import EDIT, Entry, Game
from games.presenters import contract_texts, sheet_context
from games.recording import calculator_form, initial_calculator_form, round_of, scored_entry
from games.sheet import ROUND_COUNT, Kind, exhausted_is_scored, is_scored, progress
from games.views.access import after_write, game_entries, game_or_404, private_sheet, reload
from kutsite.htmx import render_page, wants_fragment
from kutsite.http import form_page
from kutsite.tiles import typed_tiles
from rules.engine.verdicts import InputError
from scoring.forms import FIELD_NAMES, TILE_FIELDS
from scoring.presenters import Calculation


def _entry_page(
    request,
    game: Game,
    form,
    *,
    round_number: int | None,
    editing: bool,
    status: int = 200,
    message: str = "",
    conflict: bool = False,
    entries=None,
    submission: str = "",
    round_errors: list[str] | None = None,
    kept: bool = False,
    saved: bool = False,
):
    """The record/edit page: the calculator's fields in our own POST form. After a conflict
    it also shows the sheet as it is now ("here is the latest") above the kept entry.

    `kept`: the entry was made for a round that is no longer the next one (another phone
    recorded it, or took rounds back). It stays with its own round and cannot be saved from
    here: the page offers to open it on the page of a round it may go to, where it is saved
    by a tap that names that round. `saved`: `message` is good news (the entry is on the sheet
    as it is), said as a status, not as an alert."""
    if entries is None:
        entries = game_entries(game)
    # After a conflict, or with an entry for a round that is no longer the next, the page shows
    # the sheet as it is now (its standing, and the entry's round as the sheet has it) and is
    # for deciding where the entry goes: no picker. The whole sheet is a link away.
    deciding = conflict or kept
    on_sheet = _scored(entries, round_number) if deciding and round_number else None
    contracts = contract_texts()
    context = sheet_context(game, entries, contracts, mode=EDIT)
    record_url = reverse("games:record", args=[game.edit_secret])
    action_url = (
        reverse("games:edit_round", args=[game.edit_secret, round_number])
        if editing
        else record_url
    )
    correct_url = ""
    if kept and is_scored(entries, round_number):
        correct_url = reverse("games:edit_round", args=[game.edit_secret, round_number])
        action_url = correct_url  # the live scores: for the round the entry was made for
    if request.method == "POST":
        # Drawn at the address the form was sent to: the language switch leads to the same
        # entry at the page's own address, which holds what was typed (never a token). A kept
        # entry's is the record page's, which keeps it with its round as this page does (the
        # edit page's would offer to save it over the round another phone recorded).
        query = form.query_string() if form.is_bound else ""
        own = record_url if kept else action_url
        context["page_path"] = f"{own}?{query}" if query else own
    context.update(
        {
            "form": form,
            "calc": Calculation(form, live=wants_fragment(request)),
            "round_number": round_number,
            "round_errors": round_errors or [],
            "round_contract": contracts.get(round_number, "") if round_number else "",
            "editing": editing,
            "version": game.version,
            "submission": submission or new_submission(),
            "message": message,
            "conflict": conflict,
            "kept": kept,
            "refused": status == 400,
            "head_variant": "deciding" if deciding else "",
            "no_picker": deciding,
            "sheet_scores": _seat_scores(game, on_sheet) if on_sheet else [],
            "saved": saved,
            "correct_url": correct_url,
            "action_url": action_url,
            # E2: the pile running out is scored only the fourth time; before, it is a redeal
            "exhausted_offered": round_number is not None
            and exhausted_is_scored([e.line for e in entries], round_number),
        }
    )
    return render_page(request, "games/entry.html", "result", context, status=status)


def _sent_round(data) -> int | None:
    """The round a record form was drawn for (its hidden field, or the address a live answer
    wrote it into), if it names one."""
    sent = data.get("round", "").strip()
    if sent.isascii() and sent.isdigit() and len(sent) <= 3 and 1 <= int(sent) <= ROUND_COUNT:
        return int(sent)
    return None


def _as_typed_here(query: str) -> QueryDict:
    """A stored entry's input with its tiles as this page's picker types them: the phone that
    recorded it may have written German `s7 g2` or English `k7 y2` for the same tiles."""
    data = QueryDict(query, mutable=True)
    for name in TILE_FIELDS:
        if text := data.get(name):
            with suppress(InputError):
                data[name] = typed_tiles(text)
    return data


def _has_calculator_input(data) -> bool:
    return any(key in data for key in FIELD_NAMES)


def _scored(entries: list[Entry], number: int) -> Entry | None:
    """Round `number`'s scores on the sheet, if it has them."""
    return next((e for e in entries if e.kind == Kind.SCORED and e.round == number), None)


def _seat_scores(game: Game, entry: Entry) -> list[dict]:
    """A scored round, a line per seat: its player's name and score."""
    players = zip(game.players, entry.scores, strict=True)
    return [
        {"seat": seat, "name": name, "score": score}
        for seat, (name, score) in enumerate(players, 1)
    ]


def _sent_entry_page(
    request,
    game: Game,
    entries,
    number: int,
    *,
    status: int,
    message: str,
    kept: bool = True,
    data=None,
    saved: bool = False,
):
    """The entry as sent (`data`, the POST unless given), for round `number`, beside the sheet
    as it is now. `kept`: that round is no longer the next one, and the entry is never saved to
    another round by the same tap."""
    return _entry_page(
        request,
        game,
        calculator_form(request.POST if data is None else data, game, round_number=number),
        round_number=number,
        editing=False,
        status=status,
        message=message,
        conflict=status == 409,
        entries=entries,
        kept=kept,
        saved=saved,
    )


def _other_round_page(
    request,
    game: Game,
    entries: list[Entry],
    number: int,
    entry: str,
    *,
    status: int,
    data=None,
    submission: str | None = None,
):
    """An entry (`entry`, its calculator query) made for round `number`, which is no longer
    the next round: it was recorded meanwhile, here or on another phone, or rounds were taken
    back. `submission`: the id of the form that sent it (None: an address opened again)."""
    scored = _scored(entries, number)
    held = scored is not None and scored.query == entry  # scored, with exactly this entry
    if scored is None:
        next_round = progress([e.line for e in entries]).next_round
        message = moved_meanwhile_message(number, next_round)
    elif held:
        message = saved_as_entered_message(number)
    elif submission is None or (
        (saved := services.sent_before(game, submission)) and saved.round == number
    ):
        message = already_on_sheet_message(number)  # opened again, or sent before and changed
    else:
        message = recorded_meanwhile_message(number)
    return _sent_entry_page(
        request, game, entries, number, status=status, message=message, data=data, saved=held
    )


def _entry_post(request, game: Game, *, editing: bool, round_number: int | None = None):
    """Check or save a round entered in the calculator (record or edit)."""
    version_form = VersionForm(request.POST)
    entries = game_entries(game)
    if not editing:
        # The record page records the sheet's next round, shown as text: any other is refused.
        round_number = progress([e.line for e in entries]).next_round
    form = calculator_form(request.POST, game, round_number=round_number)
    sent = _sent_round(request.POST)  # the round the form was drawn for
    fixed = round_number is not None
    if not fixed:
        round_number = round_of(form)  # the game is over: answered below, once the version holds
    submission = ""
    round_errors: list[str] = []

    def page(*, status: int = 200, message: str = "", conflict=False, on=game):
        return _entry_page(
            request,
            on,
            form,
            round_number=round_number,
            editing=editing,
            status=status,
            message=message,
            conflict=conflict,
            # A conflict needs a new decision, so a new form; otherwise the entry keeps its id.
            submission="" if conflict else submission,
            round_errors=round_errors,
        )

    def taken_back(fresh: Game, entries, *, status: int):
        """The round being corrected was undone meanwhile: the entry stays with its round, and
        the page offers to record it as the next round (with its own number, if that is next)."""
        message = taken_back_message(round_number)
        return _sent_entry_page(
            request, fresh, entries, round_number, status=status, message=message
        )

    def conflict(fresh: Game):
        """Another phone wrote first: nothing was saved, the entry stays for its own round."""
        entries = game_entries(fresh)
        if editing:  # the round is the page's own (its address)
            if not is_scored(entries, round_number):
                return taken_back(fresh, entries, status=409)
            return page(status=409, message=conflict_message(), conflict=True, on=fresh)
        next_round = progress([e.line for e in entries]).next_round
        if sent is not None and sent != next_round:
            # Round `sent` was recorded meanwhile (or rounds were taken back): the entry must
            # not become the next round by the tap that would send it again.
            return _other_round_page(
                request, fresh, entries, sent, entry, status=409, submission=submission
            )
        # Still the next round (another round was changed): the entry may be sent again as is.
        return _sent_entry_page(
            request, fresh, entries, next_round, status=409, message=conflict_message(), kept=False
        )

    if not version_form.is_valid():
        return page(status=400, message=invalid_form_message(version_form))
    version = version_form.cleaned_data["version"]
    submission = version_form.cleaned_data["submission"]
    # Sent twice: the first copy was saved (for the round the form was drawn for).
    intent = ("edited", round_number) if editing else ("recorded", sent)
    # What the first copy wrote, if this is one: the entry as the form drew it, for its round.
    drawn = (
        form
        if editing or sent == round_number
        else calculator_form(request.POST, game, round_number=sent)
    )
    entry = drawn.query_string()
    if (done := services.already_done(game, submission, *intent, entry)) is not None:
        return after_write(game, done)
    if version != game.version:
        return conflict(game)
    if not fixed:
        # The game is over: the page says so, and there is no field to correct.
        return page(status=400)
    if sent != round_number:
        fresh = reload(game)
        if fresh.version != version:
            # Another phone wrote between reading the game and its rounds: that is a conflict,
            # not a wrong round (the rounds were read after the other write).
            return conflict(fresh)
        if not editing and sent is not None and is_scored(entries, sent):
            # Sent again from an old page: say that round is on the sheet, and how to change it;
            # the entry stays with that round.
            refusal = services.Refused(services.Reason.ROUND_TAKEN, round=sent, next=round_number)
            message = refusal_message(refusal)
            return _sent_entry_page(request, game, entries, sent, status=400, message=message)
        round_errors.append(fixed_round_message(round_number, editing=editing))
        return page(status=400, message=not_saved_message())
    if request.POST.get("action") == "check":
        # Checking writes nothing: its answer is the page's own address holding the entry (as a
        # live answer writes it), so Back, Reload and the language switch never meet a POST.
        return redirect(f"{request.path}?{form.query_string()}#result-heading")
    if not form.is_valid():
        return page(status=400, message=not_saved_message())
    write = services.edit_round if editing else services.record_round
    try:
        done = write(game, version, submission=submission, **scored_entry(form))
    except services.Conflict:
        return conflict(reload(game))
    except services.Refused as refusal:
        if refusal.reason is services.Reason.NOT_RECORDED:
            return taken_back(game, entries, status=400)
        return page(status=400, message=refusal_message(refusal))
    return after_write(game, done)


@private_sheet
@form_page
def record(request, secret):
    """Record the next round through the calculator, pre-filled from the game."""
    game = game_or_404(request, EDIT, secret)
    if request.method == "POST":
        return _entry_post(request, game, editing=False)
    entries = game_entries(game)
    state = progress([e.line for e in entries])
    if not _has_calculator_input(request.GET):
        form = initial_calculator_form(game, state)
    elif (sent := _sent_round(request.GET)) is not None and sent != state.next_round:
        # The address holds an entry for another round (a live answer wrote it there, then the
        # round was recorded, here or on another phone, or taken back): reloaded, the entry
        # stays with its round and is never saved as the next one by the usual tap.
        entry = calculator_form(request.GET, game, round_number=sent).query_string()
        return _other_round_page(request, game, entries, sent, entry, status=200, data=request.GET)
    else:
        form = calculator_form(request.GET, game, round_number=state.next_round)
    return _entry_page(
        request, game, form, round_number=state.next_round, editing=False, entries=entries
    )


def _not_on_sheet(request, game: Game, entries: list[Entry], number: int):
    """The correction page of a round that is not on the sheet (any more: another phone took
    it back). The next round to record opens the record page, with whatever was typed here;
    an entry for another round is kept with its round, as the record page keeps one."""
    query = request.GET.urlencode()
    if number == progress([e.line for e in entries]).next_round:
        record_url = reverse("games:record", args=[game.edit_secret])
        url = f"{record_url}?{query}" if query else record_url
        # a live answer: the whole page goes, not only the scores under a form for round N
        return HttpResponseClientRedirect(url) if wants_fragment(request) else redirect(url)
    if not _has_calculator_input(request.GET):
        raise Http404("Round not on the sheet")
    entry = calculator_form(request.GET, game, round_number=number).query_string()
    return _other_round_page(request, game, entries, number, entry, status=200, data=request.GET)


@private_sheet
@form_page
def edit_round(request, secret, number):
    """Correct a round already on the sheet: the calculator, opened with its input."""
    if number > ROUND_COUNT:
        raise Http404("No such round")  # a POST too: there is nothing there to correct
    game = game_or_404(request, EDIT, secret)
    if request.method == "POST":
        return _entry_post(request, game, editing=True, round_number=number)
    entries = game_entries(game)
    if (entry := _scored(entries, number)) is None:
        return _not_on_sheet(request, game, entries, number)
    data = request.GET if _has_calculator_input(request.GET) else _as_typed_here(entry.query)
    form = calculator_form(data, game, round_number=number)
    return _entry_page(request, game, form, round_number=number, editing=True, entries=entries)
