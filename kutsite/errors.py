"""Error pages in the site's design and the URL's language: 400, 403 (CSRF and other), 404,
405 and 429. Each extends `base.html`, so it carries the same CSP-clean markup, the navigation
and a way back.

A CSRF failure on a game-sheet form keeps what was typed: a phone whose CSRF cookie expired
gets the same fields back in a form with a fresh token and one button to send them again (the
sheet version and submission id travel along, so a resend never writes twice or over a newer
entry).
"""

from __future__ import annotations

from django.http import HttpResponseNotAllowed, UnreadablePostError
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils.cache import patch_cache_control
from django.views.decorators.csrf import requires_csrf_token

# A resend form repeats what was posted: only a form's worth of it.
REPLAY_MAX_FIELDS = 60
REPLAY_MAX_VALUE = 2000


def _error_page(request, template: str, status: int, context: dict | None = None):
    response = render(request, template, context or {}, status=status)
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
    return _error_page(request, "404.html", 404)


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
    secret = match.kwargs.get("secret") if match else None
    if not secret:
        return ""
    try:
        return reverse("games:sheet", args=[secret])
    except NoReverseMatch:
        return ""


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
