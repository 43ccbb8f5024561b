"""Game sheets: start a game, keep its score, share it, export it.

Thin views: parse the request, call `games.services` (writes) or `games.sheet` (arithmetic),
render. Every write is a POST with a CSRF token and the sheet version the form was rendered
from, and ends in a redirect (PRG); a stale or invalid POST changes nothing and says why.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache, wraps

from django.conf import settings
from django.core.cache import caches
from django.http import Http404, HttpResponse, QueryDict
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import quote_etag
from django.utils.translation import get_language, gettext
from django.views.decorators.cache import cache_control
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import (
    condition,
    require_http_methods,
)

from games import export, services
from games.forms import NewGameForm, RedealForm, VersionForm, new_submission
from games.messages import (
    already_on_sheet_message,
    conflict_message,
    done_message,
    fixed_round_message,
    moved_meanwhile_message,
    not_saved_message,
    recorded_meanwhile_message,
    redeal_conflict_message,
    refusal_message,
    saved_as_entered_message,
    taken_back_message,
    undo_conflict_message,
)
from games.models import EDIT, VIEW, Entry, Game
from games.presenters import contract_texts, sheet_context
from games.recording import calculator_form, initial_calculator_form, round_of, scored_entry
from games.services import Done
from games.sheet import ROUND_COUNT, Kind, is_scored, progress
from kutsite import content
from kutsite.htmx import render_page, wants_fragment
from kutsite.http import read_only
from kutsite.ratelimit import rate_limited
from scoring.forms import FIELD_NAMES
from scoring.presenters import Calculation

KEPT_SECONDS = 600


class SheetMissing(Http404):
    """No game behind this secret: mistyped, cut off, or deleted after twelve months."""


def _missing_sheet(request) -> HttpResponse:
    """The 404 of a game sheet's address, in the design of the site's error pages
    (`kutsite.errors`): it says why a sheet may be gone and offers a new one."""
    response = render(request, "games/missing.html", {"error_page": True}, status=404)
    patch_cache_control(response, no_store=True)
    return response


SHEET_VARY = ("HX-Request", "HX-History-Restore-Request", "Cookie", "Accept-Encoding")


def private_sheet(view):
    """Headers for every page that carries a game's secret: never indexed, never sent to
    another site as a referrer, never kept by a shared cache; always revalidated (ETag).
    An address without a game gets the sheet's own 404.

    The referrer policy is the site's (`SECURE_REFERRER_POLICY`, `same-origin`), not
    `no-referrer`: under `no-referrer` browsers send `Origin: null` with a form's POST, which
    Django's CSRF check rightly refuses."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        try:
            response = view(request, *args, **kwargs)
        except SheetMissing:
            response = _missing_sheet(request)
        response.headers["X-Robots-Tag"] = "noindex, nofollow"
        patch_cache_control(response, private=True, no_cache=True)
        # All that a sheet's answer may depend on, on every answer: a 304 names what its 200
        # did (RFC 9110, 15.4.5), though only the 200 was drawn with the cookie or compressed.
        patch_vary_headers(response, SHEET_VARY)
        return response

    return wrapped


# --- Loading a game by its secret -----------------------------------------------------------


def _load(request, mode: str, secret: str) -> Game | None:
    """The game behind a secret, fetched once per request."""
    cache = request.__dict__.setdefault("_games_cache", {})
    if (mode, secret) not in cache:
        cache[mode, secret] = Game.objects.by_secret(mode, secret)
    return cache[mode, secret]


def _version(request, mode: str, secret: str) -> int | None:
    """The version of the game behind a secret (None: no such game).

    When this process keeps a copy of the sheet asked for, the version alone is read: it is
    all a visit or a poll then needs. Otherwise the whole game is loaded at once, since it is
    about to be drawn.
    """
    if _kept(request) is None:
        game = _load(request, mode, secret)
        return None if game is None else game.version
    if not hasattr(request, "_game_version"):  # asked by the ETag, then by the view
        request._game_version = Game.objects.version_by_secret(mode, secret)
    return request._game_version


def _kept_key(request) -> str:
    """Which kept copy may answer: one per sheet address (its secret, language and query: a
    write's `?done=…` message) and per representation its `Vary` names — the page or the htmx
    fragment, compressed or not. Every other header the sheet varies on (the cookie with the
    CSRF token) changes only the slots that `_filled` fills in per answer, and the ETag
    (`sheet_etag`) is checked before a copy is used. A direct key: the page cache's own
    (`get_cache_key`) asks the store twice and cost a tenth of a kept sheet's answer."""
    meta = request.META
    query, encoding = meta.get("QUERY_STRING", ""), meta.get("HTTP_ACCEPT_ENCODING", "")
    which = f"{request.path}\n{query}\n{wants_fragment(request):d}\n{encoding}"
    return "games." + hashlib.md5(which.encode(), usedforsecurity=False).hexdigest()


def _kept(request) -> HttpResponse | None:
    """This process's last copy of the sheet at this address, if any (`_kept_key`)."""
    if not hasattr(request, "_kept_sheet"):
        request._kept_sheet = caches["pages"].get(_kept_key(request))
    return request._kept_sheet


def _keep(request, response: HttpResponse) -> None:
    caches["pages"].set(_kept_key(request), response, KEPT_SECONDS)


def sheet_etag(version: int, mode: str, fragment: bool) -> str:
    """One ETag per game version, content version, deploy, page kind, language and
    representation (page or fragment): a content edit or a new deploy reaches every sheet."""
    kind = "f" if fragment else "p"
    return f"g{version}-{content.version()}{content.BUILD}-{mode}-{get_language()}-{kind}"


def _etag_func(mode: str):
    def etag(request, secret):
        version = _version(request, mode, secret)
        return None if version is None else sheet_etag(version, mode, wants_fragment(request))

    return etag


def _game_or_404(request, mode: str, secret: str) -> Game:
    game = _load(request, mode, secret)
    if game is None:
        raise SheetMissing("No such game")
    return game


def _entries(game: Game) -> list[Entry]:
    """The game's entries in recording order (one query)."""
    return list(Entry.objects.filter(game=game).order_by("seq"))


def sheet_url(game: Game, mode: str = EDIT) -> str:
    if mode == EDIT:
        return reverse("games:sheet", args=[game.edit_secret])
    return reverse("games:view", args=[game.view_secret])


# --- Pages ----------------------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
@cache_control(private=True, no_cache=True)  # its form carries this visitor's CSRF token
# Only a sheet that was started counts: a typo in a name costs a visitor none of the limit.
@rate_limited("new-game", counts=lambda response: response.status_code == 302)
def new(request):
    """Start a game: four names and the kind of table; the sheet opens under its secret."""
    if request.method == "POST":
        form = NewGameForm(request.POST)
        if form.is_valid():
            game = services.create_game(form.players, team=form.team)
            return redirect(sheet_url(game), permanent=False)
        return render(request, "games/new.html", {"form": form}, status=400)
    return render(request, "games/new.html", {"form": NewGameForm()})


def _slot(name: str) -> str:
    # Unguessable, so no name a player types can hold one; the same in every process of a
    # deploy, should the page cache be shared between them.
    digest = hashlib.sha256(f"{settings.SECRET_KEY}:games.{name}".encode()).hexdigest()
    return f"{name}-slot-{digest[:32]}"


# The edit sheet is drawn with these in place of its forms' CSRF token and submission id, both
# new in every answer.
_TOKEN_SLOT = _slot("csrf")
_SUBMISSION_SLOT = _slot("submission")


def _filled(request, kept: HttpResponse) -> HttpResponse:
    """The kept edit sheet with this answer's own CSRF token and submission id."""
    body = kept.content
    if _TOKEN_SLOT.encode() in body:  # a finished game's sheet has no form, and sets no cookie
        body = body.replace(_TOKEN_SLOT.encode(), get_token(request).encode())
    body = body.replace(_SUBMISSION_SLOT.encode(), new_submission().encode())
    return HttpResponse(body, headers=kept.headers)


@lru_cache(maxsize=256)
def _kept_sheet(game: Game, secret: str, version: int, mode: str, language: str, texts: str):
    """A game's sheet as the templates show it, built once per version of the game and of the
    content and per language. The edit sheet cannot be kept whole (its forms carry fresh
    tokens), but re-reading the entries and re-building twenty rows on every poll was most of
    its cost. `secret`, `version`, `language` and `texts` (the content version) are the key.
    """
    return sheet_context(game, _entries(game), contract_texts(), mode=mode)


def _render_sheet(
    request, game: Game, mode: str, *, status: int = 200, message: str = "", slots: bool = False
):
    kept = _kept_sheet(
        game, game.secret(mode), game.version, mode, get_language(), content.version()
    )
    # a write answers on the edit sheet: the read-only one never says what was done
    done = mode == EDIT and not message and Done.from_param(request.GET.get("done"), game.version)
    context = {**kept, "game": game}
    context.update(
        {
            "message": message,
            "done": done_message(done) if done else "",
            "poll_headers": json.dumps(
                {"If-None-Match": quote_etag(sheet_etag(game.version, mode, fragment=True))}
            ),
            "poll_seconds": settings.GAME_POLL_SECONDS,
            # sheet.js: a poll that fails says since when the sheet is as it was (as sw.js does)
            "offline_note": gettext("Offline: this sheet as it was at %(time)s."),
            "submission": _SUBMISSION_SLOT if slots else new_submission(),
            "edit_link": (
                request.build_absolute_uri(context["sheet_url"]) if context["sheet_url"] else ""
            ),
            "view_link": request.build_absolute_uri(context["view_url"]),
        }
    )
    if slots:
        context["csrf_token"] = _TOKEN_SLOT
    if status != 200:
        # A refused write shows the whole page (the message sits outside the fragment) at the
        # address it was sent to (…/undo/): the language switch leads to the sheet's own.
        context["page_path"] = sheet_url(game, mode)
        return render(request, "games/sheet.html", context, status=status)
    return render_page(request, "games/sheet.html", "sheet", context)


def _current_etag(request, mode: str, secret: str) -> str:
    version = _version(request, mode, secret)
    if version is None:
        raise SheetMissing("No such game")
    return quote_etag(sheet_etag(version, mode, wants_fragment(request)))


@private_sheet
@read_only
@condition(etag_func=_etag_func(EDIT))
def sheet(request, secret):
    """The sheet for the players who keep the score: everything, and the buttons to write.

    Kept like the read-only sheet, but with a slot where its forms carry the CSRF token and the
    submission id, which every answer fills in anew (`_filled`).
    """
    etag = _current_etag(request, EDIT, secret)
    kept = _kept(request)
    if kept is None or kept["ETag"] != etag:
        kept = _render_sheet(request, _game_or_404(request, EDIT, secret), EDIT, slots=True)
        kept["ETag"] = etag
        _keep(request, kept)
    return _filled(request, kept)


@private_sheet
@read_only
@condition(etag_func=_etag_func(VIEW))
def view(request, secret):
    """The read-only sheet: the same scores, no way to change them.

    It holds no form and no token, so it is rendered once per version of the game and of the
    content (its ETag) and kept in this process's page cache under its secret URL; the one
    query for the version stays, so a write is seen at once.
    """
    etag = _current_etag(request, VIEW, secret)
    kept = _kept(request)
    if kept is not None and kept["ETag"] == etag:
        return kept
    response = _compressed_view(request, _game_or_404(request, VIEW, secret))
    # Kept compressed (its key holds the Accept-Encoding asked with), not gzipped per visit.
    response["ETag"] = etag
    _keep(request, response)
    return response


@gzip_page
def _compressed_view(request, game: Game):
    return _render_sheet(request, game, VIEW)


# --- Writes ---------------------------------------------------------------------------------


def _reload(game: Game) -> Game:
    """The game as it is now; deleted meanwhile (kept no longer, `purge_games`): the sheet's 404."""
    try:
        return Game.objects.get(pk=game.pk)
    except Game.DoesNotExist:
        raise SheetMissing("Deleted meanwhile") from None


def _after_write(game: Game, done: services.Done):
    version = _reload(game).version
    return redirect(f"{sheet_url(game)}?done={done.param(version)}")


def _refused_sheet(request, game: Game, message: str, status: int):
    # Read the game again: the refusal may be due to a write we have not seen yet.
    return _render_sheet(request, _reload(game), EDIT, status=status, message=message)


def _invalid_form_message(form) -> str:
    errors = [str(e) for errors in form.errors.values() for e in errors]
    return " ".join(dict.fromkeys(errors))


def _sheet_write(request, secret, form_class, write, conflict):
    """A button on the sheet: check its form, write, then show the sheet — or say why not
    (`conflict`: the words for a sheet that changed meanwhile). Its address opened again (a
    reopened tab, a copied link) leads to the sheet: only the button's POST writes."""
    game = _game_or_404(request, EDIT, secret)
    if request.method != "POST":
        return redirect(sheet_url(game))
    form = form_class(request.POST)
    if not form.is_valid():
        return _refused_sheet(request, game, _invalid_form_message(form), 400)
    try:
        done = write(game, form.cleaned_data)
    except services.Conflict:
        return _refused_sheet(request, game, conflict(), 409)
    except services.Refused as refusal:
        return _refused_sheet(request, game, refusal_message(refusal), 400)
    return _after_write(game, done)


@private_sheet
@require_http_methods(["GET", "HEAD", "POST"])
def redeal(request, secret):
    """The pile ran out before anyone finished: no score, the round is dealt again (E2)."""
    return _sheet_write(
        request,
        secret,
        RedealForm,
        lambda game, data: services.record_redeal(
            game, data["version"], round_number=data["round"], submission=data["submission"]
        ),
        redeal_conflict_message,
    )


@private_sheet
@require_http_methods(["GET", "HEAD", "POST"])
def undo(request, secret):
    """Take back the last entry (a scored round or a redeal)."""
    return _sheet_write(
        request,
        secret,
        VersionForm,
        lambda game, data: services.undo_last(game, data["version"], submission=data["submission"]),
        undo_conflict_message,
    )


def _render_entry_page(
    request,
    game: Game,
    form,
    *,
    round_number: int | None,
    editing: bool,
    version: int,
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
        entries = _entries(game)
    contracts = contract_texts()
    context = sheet_context(game, entries, contracts, mode=EDIT)
    action_url = (
        reverse("games:edit_round", args=[game.edit_secret, round_number])
        if editing
        else reverse("games:record", args=[game.edit_secret])
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
        own = reverse("games:record", args=[game.edit_secret]) if kept else action_url
        context["page_path"] = f"{own}?{query}" if query else own
    context.update(
        {
            "form": form,
            "calc": Calculation(form, live=wants_fragment(request)),
            "round_number": round_number,
            "round_errors": round_errors or [],
            "round_contract": contracts.get(round_number, "") if round_number else "",
            "editing": editing,
            "version": version,
            "submission": submission or new_submission(),
            "message": message,
            "conflict": conflict,
            "kept": kept,
            "saved": saved,
            "correct_url": correct_url,
            "action_url": action_url,
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


def _holds(entries, number: int, entry: str) -> bool:
    """Round `number` on the sheet is scored with exactly this entry (a calculator query)."""
    scored = [e for e in entries if e.round == number and e.kind == Kind.SCORED]
    return bool(scored) and scored[-1].query == entry


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
    return _render_entry_page(
        request,
        game,
        calculator_form(request.POST if data is None else data, game, round_number=number),
        round_number=number,
        editing=False,
        version=game.version,
        status=status,
        message=message,
        conflict=status == 409,
        entries=entries,
        kept=kept,
        saved=saved,
    )


def _entry_post(request, game: Game, *, editing: bool, round_number: int | None = None):
    """Check or save a round entered in the calculator (record or edit). Whatever goes
    wrong, the entry stays in the form and the page says why; nothing is written."""
    version_form = VersionForm(request.POST)
    entries = _entries(game)
    lines = [e.line for e in entries]
    if not editing:
        # The record page records the sheet's next round, shown as text: any other is refused.
        round_number = progress(lines).next_round
    form = calculator_form(request.POST, game, round_number=round_number)
    sent = _sent_round(request.POST)  # the round the form was drawn for
    fixed = round_number is not None
    if not fixed:
        round_number = round_of(form)  # the game is over: answered below, once the version holds
    submission = ""
    round_errors: list[str] = []

    def page(*, version: int, status: int = 200, message: str = "", conflict=False, on=game):
        return _render_entry_page(
            request,
            on,
            form,
            round_number=round_number,
            editing=editing,
            version=version,
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
        entries = _entries(fresh)
        if editing:  # the round is the page's own (its address)
            if not is_scored(entries, round_number):
                return taken_back(fresh, entries, status=409)
            return page(
                version=fresh.version,
                status=409,
                message=conflict_message(),
                conflict=True,
                on=fresh,
            )
        next_round = progress([e.line for e in entries]).next_round
        if sent is not None and sent != next_round:
            # Round `sent` was recorded meanwhile (or rounds were taken back): the entry must
            # not become the next round by the tap that would send it again.
            held = _holds(entries, sent, entry)  # scored, with exactly this entry
            if not is_scored(entries, sent):
                message = moved_meanwhile_message(sent, next_round)
            elif held:
                message = saved_as_entered_message(sent)
            elif (saved := services.sent_before(fresh, submission)) and saved.round == sent:
                message = already_on_sheet_message(sent)  # this form, sent before and changed
            else:
                message = recorded_meanwhile_message(sent)
            return _sent_entry_page(
                request, fresh, entries, sent, status=409, message=message, saved=held
            )
        # Still the next round (another round was changed): the entry may be sent again as is.
        return _sent_entry_page(
            request, fresh, entries, next_round, status=409, message=conflict_message(), kept=False
        )

    if not version_form.is_valid():
        return page(version=game.version, status=400, message=_invalid_form_message(version_form))
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
        return _after_write(game, done)
    if version != game.version:
        return conflict(game)
    if not fixed:
        # The game is over: the page says so, and there is no field to correct.
        return page(version=version, status=400)
    if sent != round_number:
        fresh = _reload(game)
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
        return page(version=version, status=400, message=not_saved_message())
    if request.POST.get("action") == "check":
        # Checking writes nothing: its answer is the page's own address holding the entry (as a
        # live answer writes it), so Back, Reload and the language switch never meet a POST.
        return redirect(f"{request.path}?{form.query_string()}#result-heading")
    if not form.is_valid():
        return page(version=version, status=400, message=not_saved_message())
    write = services.edit_round if editing else services.record_round
    try:
        done = write(game, version, submission=submission, **scored_entry(form))
    except services.Conflict:
        return conflict(_reload(game))
    except services.Refused as refusal:
        if refusal.reason is services.Reason.NOT_RECORDED:
            return taken_back(game, entries, status=400)
        return page(version=version, status=400, message=refusal_message(refusal))
    return _after_write(game, done)


@private_sheet
@require_http_methods(["GET", "HEAD", "POST"])
def record(request, secret):
    """Record the next round through the calculator, pre-filled from the game."""
    game = _game_or_404(request, EDIT, secret)
    if request.method == "POST":
        return _entry_post(request, game, editing=False)
    entries = _entries(game)
    state = progress([e.line for e in entries])
    sent = _sent_round(request.GET)
    if _has_calculator_input(request.GET) and sent is not None and sent != state.next_round:
        # The address holds an entry for another round (a live answer wrote it there, then the
        # round was recorded, here or on another phone, or taken back): reloaded, the entry
        # stays with its round and is never saved as the next one by the usual tap.
        entry = calculator_form(request.GET, game, round_number=sent).query_string()
        held = _holds(entries, sent, entry)  # scored, with exactly this entry
        if not is_scored(entries, sent):
            message = moved_meanwhile_message(sent, state.next_round)
        elif held:
            message = saved_as_entered_message(sent)
        else:
            message = already_on_sheet_message(sent)
        return _sent_entry_page(
            request, game, entries, sent, status=200, message=message, data=request.GET, saved=held
        )
    if _has_calculator_input(request.GET):
        form = calculator_form(request.GET, game, round_number=state.next_round)
    else:
        form = initial_calculator_form(game, state)
    return _render_entry_page(
        request,
        game,
        form,
        round_number=state.next_round,
        editing=False,
        version=game.version,
        entries=entries,
    )


def _has_calculator_input(data) -> bool:
    return any(key in data for key in FIELD_NAMES)


@private_sheet
@require_http_methods(["GET", "HEAD", "POST"])
def edit_round(request, secret, number):
    """Correct a round already on the sheet: the calculator, opened with its input."""
    if number > ROUND_COUNT:
        raise Http404("No such round")  # a POST too: there is nothing there to correct
    game = _game_or_404(request, EDIT, secret)
    if request.method == "POST":
        return _entry_post(request, game, editing=True, round_number=number)
    entries = _entries(game)
    entry = next((e for e in entries if e.kind == Kind.SCORED and e.round == number), None)
    if entry is None:
        raise Http404("Round not on the sheet")
    data = request.GET if _has_calculator_input(request.GET) else QueryDict(entry.query)
    form = calculator_form(data, game, round_number=number)
    return _render_entry_page(
        request,
        game,
        form,
        round_number=number,
        editing=True,
        version=game.version,
        entries=entries,
    )


# --- Export ---------------------------------------------------------------------------------


def _csv(request, game: Game):
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{export.filename(game)}"'
    export.write_csv(response, export.sheet_rows(game, _entries(game)), get_language())
    return response


@private_sheet
@read_only
def csv_edit(request, secret):
    return _csv(request, _game_or_404(request, EDIT, secret))


@private_sheet
@read_only
def csv_view(request, secret):
    return _csv(request, _game_or_404(request, VIEW, secret))
