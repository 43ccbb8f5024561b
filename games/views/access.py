"""How a view reaches a game: by its secret, under the headers of every page that carries one,
and back to its sheet after a write."""

from __future__ import annotations

from functools import wraps
from urllib.parse import urlencode

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers

from games.models import Entry, Game
from games.services import Done

SHEET_VARY = ("HX-Request", "HX-History-Restore-Request", "Cookie", "Accept-Encoding")


class SheetMissing(Http404):
    """No game behind this secret: mistyped, cut off, or deleted after twelve months."""


def _missing_sheet(request) -> HttpResponse:
    """The 404 of a game sheet's address, in the design of the site's error pages
    (`kutsite.errors`): it says why a sheet may be gone and offers a new one."""
    response = render(request, "games/missing.html", {"error_page": True}, status=404)
    patch_cache_control(response, no_store=True)
    return response


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


def load(request, mode: str, secret: str) -> Game | None:
    """The game behind a secret, fetched once per request (asked by the ETag, then by the
    view: `kut_games` is the project's own attribute on the request)."""
    if not hasattr(request, "kut_games"):
        request.kut_games = {}
    cache = request.kut_games
    if (mode, secret) not in cache:
        cache[mode, secret] = Game.objects.by_secret(mode, secret)
    return cache[mode, secret]


def game_or_404(request, mode: str, secret: str) -> Game:
    game = load(request, mode, secret)
    if game is None:
        raise SheetMissing("No such game")
    return game


def reload(game: Game) -> Game:
    """The game as it is now; deleted meanwhile (kept no longer, `purge_games`): the sheet's 404."""
    try:
        return Game.objects.get(pk=game.pk)
    except Game.DoesNotExist:
        raise SheetMissing("Deleted meanwhile") from None


def game_entries(game: Game) -> list[Entry]:
    """The game's entries in recording order (one query)."""
    return list(Entry.objects.filter(game=game).order_by("seq"))


def sheet_url(game: Game) -> str:
    return reverse("games:sheet", args=[game.edit_secret])


def after_write(game: Game, done: Done):
    """The sheet, saying what was done (`?done=…`) as long as nothing else was done since; an
    undone round's input with it (`entry`), so that it can be entered again."""
    version = reload(game).version
    entry = f"&{urlencode({'entry': done.entry})}" if done.entry else ""
    return redirect(f"{sheet_url(game)}?done={done.param(version)}{entry}")
