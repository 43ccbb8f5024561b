"""The site at a table with no signal: web app manifest, service worker, offline store.

- `/sw.js` serves `static/js/sw.js` from the root, so the worker's scope is the whole site,
  minified as the other scripts ship.
- `/<lang>/manifest.webmanifest` makes the site installable in the visitor's language.
- `/<lang>/offline/` is the branded page the worker shows for pages that need the server.
- `/<lang>/offline/store.json` tells the worker what to keep for offline use in one language
  and under which version (deploy + content): when the version changes, the worker fetches
  the pages again into a new store and deletes the old one, so an admin edit reaches an
  installed phone on its next online visit.
"""

from __future__ import annotations

import os
from functools import lru_cache

from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.cache import cache_control

from kutsite import content
from kutsite.http import public_page, read_only
from kutsite.storage import minified
from referee.models import Ruling
from rules.guide import steps
from rules.models import Round

# The palette of site.css: --bg in light mode (the manifest's colours).
LIGHT_BG = "#fbfaf7"

# Every static file the stored pages use (a test holds this list to the pages), and what a
# read-only game sheet or an edit sheet's record page kept offline needs to work as itself.
STATIC_FILES = [
    "css/site.css",
    "js/site.js",
    "django_htmx/htmx-2.min.js",
    "rules/rules.css",
    "referee/referee.css",
    "games/games.css",
    "games/print.css",
    "games/sheet.js",
    "games/mine.js",
    "games/my-games.js",
    "games/entry.js",
    "css/picker.css",
    "js/picker.js",
    "scoring/scoring.css",
    "scoring/calculator.js",
    "icons/favicon.svg",
    "icons/favicon.png",
    "icons/touch-icon.png",
    "icons/icon-192.png",
    "icons/icon-512.png",
]

ICONS = [
    {"src": "icons/favicon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
    *(
        {
            "src": f"icons/icon-{size}.png",
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": purpose,
        }
        for size in (192, 512)
        for purpose in ("any", "maskable")
    ),
]


def store_version() -> str:
    """What the offline store is tied to: the deploy and the content version."""
    return f"{content.BUILD}:{content.version()}"


@read_only
@cache_control(no_cache=True)
def service_worker(request):
    path = finders.find("js/sw.js")
    if path is None:  # pragma: no cover - the file ships with the site
        raise Http404
    script = _shipped_script(path, os.stat(path).st_mtime_ns)
    return HttpResponse(script, content_type="text/javascript; charset=utf-8")


@lru_cache(maxsize=1)
def _shipped_script(path: str, modified: int) -> str:
    """The worker minified as the other scripts ship (kutsite/storage.py), once per version of
    the file."""
    with open(path, encoding="utf-8") as handle:
        return minified("js/sw.js", handle.read())


@public_page
def manifest(request):
    language = get_language()
    home = reverse("home")
    data = {
        "id": home,
        "lang": language,
        "dir": "ltr",
        "name": gettext("Küt rules"),
        "short_name": "Küt",
        "description": gettext(
            "The rules of Küt (American Okey) at your table, also offline: the guide, "
            "the 20 rounds and the referee’s rulings."
        ),
        "start_url": home,
        "scope": home,
        "display": "standalone",
        "theme_color": LIGHT_BG,
        "background_color": LIGHT_BG,
        "icons": [{**icon, "src": static(icon["src"])} for icon in ICONS],
    }
    return JsonResponse(
        data,
        content_type="application/manifest+json; charset=utf-8",
        json_dumps_params={"ensure_ascii": False, "indent": 1},
    )


@public_page
def offline(request):
    return render(request, "offline.html")


def _pages() -> list[str]:
    return [
        reverse("home"),
        reverse("rules:guide"),
        *(reverse("rules:step", args=[s.anchor]) for s in steps()),
        reverse("rules:rounds"),
        *(reverse("rules:round", args=[r.number]) for r in Round.objects.cached()),
        reverse("referee:index"),
        *(reverse("referee:ruling", args=[r.key]) for r in Ruling.objects.cached()),
        reverse("rules:glossary"),
        reverse("offline"),
        reverse("manifest"),
    ]


@read_only
@cache_control(no_cache=True)
def store(request):
    """The worker's list for this language: pages and static files, and their version."""
    language = get_language()
    pages = content.remember(f"offline.pages:{language}", _pages)
    return JsonResponse(
        {
            "version": store_version(),
            "language": language,
            "offline": reverse("offline"),
            "urls": [*pages, *(static(name) for name in STATIC_FILES)],
            # Read-only game sheets opened before are kept too, marked with their time.
            "sheets": reverse("games:view", args=["x" * 22]).removesuffix("x" * 22 + "/"),
            # and an edit sheet with its record page, which the sheet asks for: only these
            "games": reverse("games:index"),
            "stale": gettext("Offline: this sheet as it was at %(time)s."),
        }
    )
