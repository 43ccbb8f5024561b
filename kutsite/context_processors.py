from functools import lru_cache

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.urls import get_script_prefix, reverse, translate_url
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language, get_language_info, gettext, override

from kutsite import content


def _absolute(request, path: str) -> str:
    # The 400 page for a request with a foreign Host header renders this too: paths then.
    try:
        return request.build_absolute_uri(path)
    except DisallowedHost:
        return path


def site(request):
    """The page's twins in every language, for hreflang, canonical and the switcher.

    Lazy: an htmx fragment never shows them, so it never pays for resolving the URL twice.
    """
    path = request.get_full_path()
    current = get_language()
    return {"twins": SimpleLazyObject(lambda: _twins(request, path, current)), "page_path": path}


@lru_cache
def _language(code: str, prefix: str) -> dict:
    """What the switcher shows for language `code`, in that language: drawn once per process
    (and script prefix, which the switch URL starts with)."""
    with override(code):
        return {
            "code": code,
            "name": get_language_info(code)["name_local"],
            "switch_url": reverse("switch_language", args=[code]),
            "offer": gettext("This page is also in English"),
            "offer_close": gettext("Close"),
        }


@lru_cache(maxsize=1024)
def _twin_path(version: str, path: str, code: str) -> str:
    """`path` in language `code`; the version keys it because rulings' slugs are content."""
    return translate_url(path, code)


def _twins(request, path: str, current: str) -> dict:
    """The links for search engines (canonical, hreflang) name the page without its query: a
    checker's or the calculator's answer is one visitor's (such pages say `noindex`), and a
    stray `?utm_source=…` does not make a page of its own. Every answer has a new query but
    one of a few paths, so each path is translated once (resolve and reverse). `og:url`, for a
    link sent to the table, is the address as asked, query and all, unless the page has an
    answer with a link of its own (`kutsite.cards.answer_links`)."""
    base = path.partition("?")[0]
    version = content.version()
    alternates = []
    for code, _name in settings.LANGUAGES:
        alternates.append(
            {
                **_language(code, get_script_prefix()),
                "url": _absolute(request, _twin_path(version, base, code)),
                "current": code == current,
            }
        )
    canonical = next((a["url"] for a in alternates if a["current"]), _absolute(request, base))
    x_default = next(a["url"] for a in alternates if a["code"] == settings.LANGUAGE_CODE)
    return {
        "alternates": alternates,
        "canonical_url": canonical,
        "page_url": _absolute(request, path),
        "x_default_url": x_default,
        "other_languages": [a for a in alternates if not a["current"]],
    }
