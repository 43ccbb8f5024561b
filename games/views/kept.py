"""What spares a sheet being drawn again: its ETag, and the copies this process keeps.

Every phone at a table asks for its sheet every few seconds. A poll whose ETag still holds gets
a 304; a visit gets the kept copy of its sheet while the ETag holds. The read-only sheet is kept
whole; the edit sheet with a slot where its forms carry the CSRF token and the submission id,
which every answer fills in anew (`filled`). Both keep what they show once per version.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

from django.conf import settings
from django.core.cache import caches
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils.translation import get_language

from games.forms import new_submission
from games.models import Game
from games.presenters import contract_texts, sheet_context
from games.views.access import SheetMissing, game_entries, game_or_404, load
from kutsite import content
from kutsite.htmx import wants_fragment

KEPT_SECONDS = 600


def _key(request) -> str:
    """Which kept copy may answer: one per sheet address (the site's name and scheme, which its
    absolute share links hold; its secret, language and query: a write's `?done=…` message)
    and per representation its `Vary` names — the page or the htmx fragment, compressed or
    not. Every other header the sheet varies on (the cookie with the CSRF token) changes only
    the slots that `filled` fills in per answer, and the ETag (`sheet_etag`) is checked
    before a copy is used. A direct key: the page cache's own (`get_cache_key`) asks the store
    twice and cost a tenth of a kept sheet's answer."""
    meta = request.META
    query, encoding = meta.get("QUERY_STRING", ""), meta.get("HTTP_ACCEPT_ENCODING", "")
    which = (
        f"{request.scheme}://{request.get_host()}{request.path}\n{query}\n"
        f"{wants_fragment(request):d}\n{encoding}"
    )
    return "games." + hashlib.md5(which.encode(), usedforsecurity=False).hexdigest()


def _kept(request) -> HttpResponse | None:
    """This process's last copy of the sheet at this address, if any (`_key`)."""
    if not hasattr(request, "kut_kept_sheet"):
        request.kut_kept_sheet = caches["pages"].get(_key(request))
    return request.kut_kept_sheet


def _version(request, mode: str, secret: str) -> int | None:
    """The version of the game behind a secret (None: no such game).

    When this process keeps a copy of the sheet asked for, the version alone is read: it is
    all a visit or a poll then needs. Otherwise the whole game is loaded at once, since it is
    about to be drawn.
    """
    if _kept(request) is None:
        game = load(request, mode, secret)
        return None if game is None else game.version
    if not hasattr(request, "kut_game_version"):  # asked by the ETag, then by the view
        request.kut_game_version = Game.objects.version_by_secret(mode, secret)
    return request.kut_game_version


def sheet_etag(version: int, mode: str, fragment: bool) -> str:
    """One ETag per game version, content version, deploy, page kind, language and
    representation (page or fragment): a content edit or a new deploy reaches every sheet.

    Weak (RFC 9110, 8.8.1): the same ETag names the sheet gzipped and not, and the edit sheet
    with each answer's own CSRF token and submission id; equal in meaning, not in bytes."""
    kind = "f" if fragment else "p"
    return f'W/"g{version}-{content.version()}{content.BUILD}-{mode}-{get_language()}-{kind}"'


def _etag(request, mode: str, secret: str) -> str | None:
    version = _version(request, mode, secret)
    return None if version is None else sheet_etag(version, mode, wants_fragment(request))


def etag_func(mode: str):
    """The sheet's ETag, for `condition`: a poll whose sheet has not changed gets a 304."""
    return lambda request, secret: _etag(request, mode, secret)


def kept_or_drawn(request, mode: str, secret: str, draw) -> HttpResponse:
    """The kept copy of this sheet while its ETag holds; otherwise `draw(request, game)`'s
    answer, kept from now on."""
    etag = _etag(request, mode, secret)
    if etag is None:
        raise SheetMissing("No such game")
    kept = _kept(request)
    if kept is None or kept["ETag"] != etag:
        kept = draw(request, game_or_404(request, mode, secret))
        kept["ETag"] = etag
        caches["pages"].set(_key(request), kept, KEPT_SECONDS)
    return kept


def _slot(name: str) -> str:
    # Unguessable, so no name a player types can hold one; the same in every process of a
    # deploy, should the page cache be shared between them.
    digest = hashlib.sha256(f"{settings.SECRET_KEY}:games.{name}".encode()).hexdigest()
    return f"{name}-slot-{digest[:32]}"


# The edit sheet is drawn with these in place of its forms' CSRF token and submission id, both
# new in every answer.
TOKEN_SLOT = _slot("csrf")
SUBMISSION_SLOT = _slot("submission")


def filled(request, kept: HttpResponse) -> HttpResponse:
    """The kept edit sheet with this answer's own CSRF token and submission id."""
    body = kept.content.replace(TOKEN_SLOT.encode(), get_token(request).encode())
    body = body.replace(SUBMISSION_SLOT.encode(), new_submission().encode())
    return HttpResponse(body, headers=kept.headers)


def kept_sheet_context(game: Game, mode: str) -> dict:
    """A game's sheet as the templates show it (`sheet_context`), built once per version of
    the game and of the content and per language. The edit sheet cannot be kept whole (its
    forms carry fresh tokens), but re-reading the entries and re-building twenty rows on every
    poll was most of its cost."""
    language = get_language()
    return _kept_sheet_context(
        game, game.secret(mode), game.version, mode, language, content.version()
    )


@lru_cache(maxsize=256)
def _kept_sheet_context(
    game: Game, secret: str, version: int, mode: str, language: str, texts: str
):
    # `secret`, `version`, `language` and `texts` (the content version) are the key.
    return sheet_context(game, game_entries(game), contract_texts(), mode=mode)
