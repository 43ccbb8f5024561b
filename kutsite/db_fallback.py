"""When the database is unreachable: the last good copy, else a branded 503, and fast.

- `is_database_error` says which exceptions mean "the database is not there" (connection
  refused, timed out, dropped: Django's `OperationalError` and `InterfaceError`).
- A failure opens a small per-process circuit breaker for `DB_RETRY_AFTER` seconds: while it is
  open, any attempt to *open* a connection fails at once instead of waiting for the network
  again (a silently dropped packet would otherwise cost every request the connect timeout).
  Requests that don't need the database never notice. After the pause one request tries again.
- `unavailable_response` renders `templates/503.html` in the language of the request, without
  touching the database, with `Retry-After` and `Cache-Control: no-store`; should even that
  template fail, a few lines of plain HTML in the same language go out instead.
"""

from __future__ import annotations

import logging
import time
from contextlib import contextmanager

from django.conf import settings
from django.db import connections
from django.db.utils import DataError, InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext

logger = logging.getLogger("kutsite.db")

DB_ERRORS = (OperationalError, InterfaceError)


def is_database_error(exc: BaseException | None) -> bool:
    seen = 0
    while exc is not None and seen < 5:
        if isinstance(exc, DB_ERRORS):
            return True
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return False


def is_out_of_range(exc: BaseException | None) -> bool:
    """A URL number the database cannot even hold (SQLite: OverflowError; PostgreSQL: 22003)."""
    if isinstance(exc, OverflowError):  # raised while binding the query's parameters
        return "sqlite" in str(exc).lower()
    if isinstance(exc, DataError):
        cause = exc.__cause__
        code = getattr(cause, "sqlstate", None) or getattr(cause, "pgcode", None)
        return code == "22003" or "out of range" in str(exc).lower()
    return False


class _Breaker:
    open_until: float = 0.0


def trip(exc: BaseException | None = None) -> None:
    """Remember that the database just failed; new connections fail fast for a while."""
    if not is_open():
        logger.warning("Database unavailable, answering from cache or 503: %s", exc)
    _Breaker.open_until = time.monotonic() + settings.DB_RETRY_AFTER


def reset() -> None:
    _Breaker.open_until = 0.0


def is_open() -> bool:
    return time.monotonic() < _Breaker.open_until


def _refuse(*args, **kwargs):
    raise OperationalError("database unavailable (circuit open, retrying shortly)")


@contextmanager
def fail_fast():
    """While the breaker is open, opening a database connection raises at once."""
    if not is_open():
        yield
        return
    patched = []
    for connection in connections.all():
        if connection.connection is None:
            connection.connect = _refuse
            patched.append(connection)
    try:
        yield
    finally:
        for connection in patched:
            connection.__dict__.pop("connect", None)


def _language(request: HttpRequest) -> str:
    language = translation.get_language_from_path(request.path_info)
    if language is None:
        language = getattr(request, "LANGUAGE_CODE", None) or settings.LANGUAGE_CODE
    return language


def unavailable_response(request: HttpRequest) -> HttpResponse:
    """The branded 503 page in the visitor's language; never touches the database."""
    with translation.override(_language(request)):
        try:
            html = render_to_string("503.html", {"retry_after": settings.DB_RETRY_AFTER}, request)
        except Exception:  # the page must go out whatever else is broken
            logger.exception("The 503 template failed; sending the plain version")
            html = _plain_page()
        response = HttpResponse(html, status=503)
        response.headers["Content-Language"] = translation.get_language()
    response.headers["Retry-After"] = str(settings.DB_RETRY_AFTER)
    response.headers["Cache-Control"] = "no-store"
    return response


def _plain_page() -> str:
    title = escape(gettext("Küt is taking a short break"))
    text = escape(
        gettext("This page needs our database, which is not answering right now. Try again soon.")
    )
    language = escape(translation.get_language())
    return (
        f'<!doctype html><html lang="{language}"><meta charset="utf-8">'
        f"<title>{title} · Küt</title><h1>{title}</h1><p>{text}</p></html>"
    )
