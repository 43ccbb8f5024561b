import logging
import sys

from django.conf import settings
from django.core.exceptions import BadRequest
from django.db import Error as DatabaseError
from django.http import (
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseRedirect,
    UnreadablePostError,
)
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse, translate_url
from django.utils import translation
from django.utils.html import escape
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from kutsite.http import public_page

logger = logging.getLogger("kutsite")

LANGUAGE_CODES = {code for code, _name in settings.LANGUAGES}


@require_safe
@cache_control(private=True, max_age=0)
@vary_on_headers("Cookie", "Accept-Language")
def root(request):
    """Send `/` to the visitor's language: their cookie first, else Accept-Language."""
    language = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if language not in LANGUAGE_CODES:
        language = translation.get_language_from_request(request, check_path=False)
    if language not in LANGUAGE_CODES:
        language = settings.LANGUAGE_CODE
    with translation.override(language):
        return HttpResponseRedirect(reverse("home"))


@require_safe
@never_cache
def switch_language(request, language):
    """Remember the visitor's choice and land on the same page in the other language."""
    if language not in LANGUAGE_CODES:
        language = settings.LANGUAGE_CODE
    target = request.GET.get("next", "")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ) or not target.startswith("/"):
        target = "/"
    target = translate_url(target, language)
    if target == "/" or not target.startswith(f"/{language}/"):
        with translation.override(language):
            target = reverse("home")
    response = HttpResponseRedirect(target)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        secure=getattr(settings, "LANGUAGE_COOKIE_SECURE", False),
    )
    return response


@require_safe
@public_page
def home(request):
    return render(request, "home.html")


@require_safe
def robots_txt(request):
    lines = [
        "User-agent: *",
        "Disallow: /admin/",
        "Disallow: /language/",
        f"Sitemap: {request.build_absolute_uri(reverse('sitemap'))}",
        "",
    ]
    return HttpResponse("\n".join(lines), content_type="text/plain; charset=utf-8")


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
        return HttpResponseBadRequest(
            "Bad request: the request body could not be read.", content_type="text/plain"
        )
    if is_database_error(error):
        return unavailable(request)
    return _error_page(request, "500.html", 500, {})


def unavailable(request):
    """The branded 503 in the language of the URL; needs no database."""
    response = _error_page(request, "503.html", 503, {"retry_after": settings.DB_RETRY_AFTER})
    response.headers["Retry-After"] = str(settings.DB_RETRY_AFTER)
    return response


def _error_page(request, template: str, status: int, context: dict) -> HttpResponse:
    with translation.override(_url_language(request)):
        try:
            html = render_to_string(template, context, request)
        except Exception:  # the answer must go out whatever else is broken
            logger.exception("The %s template failed; sending the plain version", template)
            html = _plain_page()
        response = HttpResponse(html, status=status)
        response.headers["Content-Language"] = translation.get_language()
    response.headers["Cache-Control"] = "no-store"
    return response


def _plain_page() -> str:
    title = escape(gettext("Küt is taking a short break"))
    text = escape(gettext("Something went wrong on our side. Try again in a moment."))
    language = escape(translation.get_language())
    return (
        f'<!doctype html><html lang="{language}"><meta charset="utf-8">'
        f"<title>{title} · Küt</title><h1>{title}</h1><p>{text}</p></html>"
    )
