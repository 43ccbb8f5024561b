"""Error pages in the site's design and the URL's language: 400, 403 (CSRF and other), 404,
405, 429, 500 and 503 (any database failure, wherever it happens: `server_error`). Each
extends `base.html`, so it carries the same CSP-clean markup, the navigation and a way back.

A CSRF failure on a game-sheet form keeps what was typed: a phone whose CSRF cookie expired
gets the same fields back in a form with a fresh token and one button to send them again (the
sheet version and submission id travel along, so a resend never writes twice or over a newer
entry).
"""

from __future__ import annotations

import logging
import sys

from django.conf import settings
from django.core.exceptions import BadRequest
from django.db import Error as DatabaseError
from django.http import (
    HttpResponse,
    HttpResponseNotAllowed,
    HttpResponseRedirect,
    UnreadablePostError,
)
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import Resolver404, resolve, reverse, translate_url
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.html import escape
from django.utils.translation import gettext
from django.views.decorators.csrf import requires_csrf_token

logger = logging.getLogger("kutsite")

# A resend form repeats what was posted: only a form's worth of it.
REPLAY_MAX_FIELDS = 60
REPLAY_MAX_VALUE = 2000


def _error_page(request, template: str, status: int, context: dict | None = None):
    # error_page: base.html offers no "this page is also in …" (the switch goes home from here)
    response = render(request, template, {"error_page": True, **(context or {})}, status=status)
    # An error is about this request only: no shared cache keeps it, no search engine lists it.
    patch_cache_control(response, private=True, no_store=True)
    response.headers["X-Robots-Tag"] = "noindex"
    return response


@requires_csrf_token
def bad_request(request, exception=None):
    return _error_page(request, "400.html", 400)


@requires_csrf_token
def permission_denied(request, exception=None):
    return _error_page(request, "403.html", 403)


@requires_csrf_token
def page_not_found(request, exception=None):
    twin = _twin_in_this_language(request) if request.method in ("GET", "HEAD") else None
    if twin is not None:
        # Not permanent: a ruling's slug is content, and an editor may change it.
        return HttpResponseRedirect(twin)
    return _error_page(request, "404.html", 404)


def _twin_in_this_language(request) -> str | None:
    """An address whose language was changed by hand in its prefix only (/de/referee/… for
    /en/referee/…, as someone at the table edits a shared link): the same page in the prefix's
    language (/de/schiedsrichter/…), or None."""
    current = translation.get_language()
    prefix = f"/{current}/"
    if not request.path_info.startswith(prefix):
        return None
    rest = request.path_info[len(prefix) :]
    for code, _name in settings.LANGUAGES:
        if code == current:
            continue
        other = f"/{code}/{rest}"
        with translation.override(code):
            try:
                resolve(other)
            except Resolver404:
                continue
            twin = translate_url(other, current)
        if twin != other:
            query = request.META.get("QUERY_STRING", "")
            return f"{twin}?{query}" if query else twin
    return None


def too_many_requests(request, retry_after: int):
    minutes = max(1, -(-retry_after // 60))
    response = _error_page(request, "429.html", 429, {"minutes": minutes})
    response.headers["Retry-After"] = str(retry_after)
    return response


def _replay_fields(request) -> list[tuple[str, str]] | None:
    """The posted fields to send again, or None when there is nothing (sane) to resend."""
    try:
        items = [
            (name, value)
            for name, values in request.POST.lists()
            if name != "csrfmiddlewaretoken"
            for value in values
        ]
    except (UnreadablePostError, MultiPartParserError, ValueError):
        return None
    if not items or len(items) > REPLAY_MAX_FIELDS:
        return None
    if any(len(name) > 100 or len(value) > REPLAY_MAX_VALUE for name, value in items):
        return None
    return items


def _sheet_url(match) -> str:
    secret = match.kwargs.get("secret")
    return reverse("games:sheet", args=[secret]) if secret else ""


def csrf_failure(request, reason: str = ""):
    """CSRF_FAILURE_VIEW: the form's security token is missing or expired (403)."""
    match = getattr(request, "resolver_match", None)
    game_form = request.method == "POST" and match is not None and match.app_name == "games"
    fields = _replay_fields(request) if game_form else None
    context = {
        "replay_fields": fields,
        "replay_action": request.get_full_path(),
        "sheet_url": _sheet_url(match) if game_form else "",
        "form_url": request.get_full_path() if request.method == "POST" else "",
    }
    return _error_page(request, "403_csrf.html", 403, context)


class MethodNotAllowedPage:
    """Django's `require_http_methods` answers 405 with an empty body: give it a page."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if isinstance(response, HttpResponseNotAllowed) and not response.content:
            page = _error_page(request, "405.html", 405, {"allowed": response["Allow"]})
            page["Allow"] = response["Allow"]
            return page
        return response


# --- when something breaks -----------------------------------------------------------------

#: A request body Django cannot decode: the visitor's fault, even when it surfaces in an error
#: view (Django's error views read the POST for their CSRF check).
UNREADABLE_BODY = (MultiPartParserError, UnreadablePostError, BadRequest)


def is_database_error(error: BaseException | None) -> bool:
    """Any database failure — refused, stalled, timed out, corrupt — anywhere in the chain."""
    for _ in range(5):
        if error is None:
            return False
        if isinstance(error, DatabaseError):
            return True
        error = error.__cause__ or error.__context__
    return False


def _url_language(request) -> str:
    language = translation.get_language_from_path(request.path_info)
    return language or getattr(request, "LANGUAGE_CODE", None) or settings.LANGUAGE_CODE


def server_error(request):
    """`handler500`: a database that fails becomes the branded 503, anything else the 500."""
    error = sys.exception()
    if isinstance(error, UNREADABLE_BODY):
        return _failure_page(request, "400.html", 400, {})
    if is_database_error(error):
        return unavailable(request)
    return _failure_page(request, "500.html", 500, {})


def unavailable(request):
    """The branded 503 in the language of the URL; needs no database."""
    response = _failure_page(request, "503.html", 503, {"retry_after": settings.DB_RETRY_AFTER})
    response.headers["Retry-After"] = str(settings.DB_RETRY_AFTER)
    return response


def _failure_page(request, template: str, status: int, context: dict) -> HttpResponse:
    """Rendered without the request's middleware having run to the end (the failure may have
    happened in one): the language comes from the URL, and a broken template still answers."""
    with translation.override(_url_language(request)):
        try:
            html = render_to_string(template, {"error_page": True, **context}, request)
        except Exception:  # the answer must go out whatever else is broken
            logger.exception("The %s template failed; sending the plain version", template)
            html = _plain_page()
        response = HttpResponse(html, status=status)
        response.headers["Content-Language"] = translation.get_language()
    response.headers["Cache-Control"] = "private, no-store"
    response.headers["X-Robots-Tag"] = "noindex"
    return response


def _plain_page() -> str:
    title = escape(gettext("Küt is taking a short break"))
    text = escape(gettext("Something went wrong on our side. Try again in a moment."))
    language = escape(translation.get_language())
    return (
        f'<!doctype html><html lang="{language}"><meta charset="utf-8">'
        f"<title>{title} · Küt</title><h1>{title}</h1><p>{text}</p></html>"
    )
