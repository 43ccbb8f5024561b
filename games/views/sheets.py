"""The sheet pages: start a game, its sheet for those who keep the score, the read-only sheet."""

from __future__ import annotations

import json

from django.conf import settings
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import cache_control
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import condition

from games import services
from games.forms import NewGameForm, new_submission
from games.messages import done_message
from games.models import EDIT, VIEW, Game
from games.services import Done
from games.sheet import Kind
from games.views import kept
from games.views.access import private_sheet, sheet_url
from kutsite.htmx import render_page
from kutsite.http import form_page, read_only
from kutsite.ratelimit import rate_limited


@form_page
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


def render_sheet(
    request, game: Game, mode: str, *, status: int = 200, message: str = "", slots: bool = False
):
    """The sheet (`slots`: with `kept`'s slots for the token and the submission id), or, for
    a refused write (`status`, `message`), the whole page."""
    shown = kept.kept_sheet_context(game, mode)
    # a write answers on the edit sheet: the read-only one never says what was done
    done = mode == EDIT and not message and Done.from_param(request.GET.get("done"), game.version)
    # an undone round, entered again as it was (its input, `entry`, as the undo sent it)
    entry = request.GET.get("entry", "") if done and done.action == "undone" else ""
    again = done.round if entry and done.kind is Kind.SCORED and len(entry) <= 2000 else None
    context = {
        **shown,
        "game": game,
        "message": message,
        "done": done_message(done) if done else "",
        "again_round": again,
        "again_url": f"{shown['record_url']}?{entry}" if again else "",
        "poll_headers": json.dumps(
            {"If-None-Match": kept.sheet_etag(game.version, mode, fragment=True)}
        ),
        "poll_seconds": settings.GAME_POLL_SECONDS,
        # sheet.js: a poll that fails says since when the sheet is as it was (as sw.js does)
        "offline_note": gettext("Offline: this sheet as it was at %(time)s."),
        "submission": kept.SUBMISSION_SLOT if slots else new_submission(),
        "edit_link": (request.build_absolute_uri(shown["sheet_url"]) if shown["sheet_url"] else ""),
        "view_link": request.build_absolute_uri(shown["view_url"]),
    }
    if slots:
        context["csrf_token"] = kept.TOKEN_SLOT
    if status != 200:
        # A refused write shows the whole page (the message sits outside the fragment) at the
        # address it was sent to (…/undo/): the language switch leads to the sheet's own.
        context["page_path"] = shown["self_url"]
        return render(request, "games/sheet.html", context, status=status)
    return render_page(request, "games/sheet.html", "sheet", context)


@private_sheet
@read_only
@condition(etag_func=kept.etag_func(EDIT))
def sheet(request, secret):
    """The sheet for the players who keep the score: everything, and the buttons to write.

    Kept like the read-only sheet, but with a slot where its forms carry the CSRF token and the
    submission id, which every answer fills in anew (`kept.filled`).
    """
    return kept.filled(request, kept.kept_or_drawn(request, EDIT, secret, _sheet_with_slots))


def _sheet_with_slots(request, game: Game):
    return render_sheet(request, game, EDIT, slots=True)


@private_sheet
@read_only
@condition(etag_func=kept.etag_func(VIEW))
def view(request, secret):
    """The read-only sheet: the same scores, no way to change them.

    It holds no form and no token, so it is rendered once per version of the game and of the
    content (its ETag) and kept in this process's page cache under its secret URL; the one
    query for the version stays, so a write is seen at once.
    """
    return kept.kept_or_drawn(request, VIEW, secret, _compressed_view)


@gzip_page
def _compressed_view(request, game: Game):
    # Kept compressed (its key holds the Accept-Encoding asked with), not gzipped per visit.
    return render_sheet(request, game, VIEW)
