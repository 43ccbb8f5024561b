"""Offline and installable, through the Django client: the manifest per language, the service
worker at the root, its store list and version, the offline page, the CSP that allows them."""

import json
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse
from django.utils import translation
from PIL import Image

from games import services
from kutsite import content
from kutsite.storage import minified
from referee.models import Ruling
from rules.models import Round
from tests.rules.guide_pages import guide_paths

pytestmark = pytest.mark.django_db

LANGUAGES = {
    "en": {"guide": "/en/guide/", "referee": "/en/referee/", "offline": "You are offline"},
    "de": {
        "guide": "/de/anleitung/",
        "referee": "/de/schiedsrichter/",
        "offline": "Du bist offline",
    },
}


def manifest_of(client, language):
    response = client.get(f"/{language}/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/manifest+json")
    return json.loads(response.content)


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_has_its_own_installable_manifest(client, language):
    data = manifest_of(client, language)
    assert data["lang"] == language
    assert data["start_url"] == data["scope"] == f"/{language}/"
    assert data["display"] == "standalone"
    assert data["short_name"] == "Küt"
    # The palette of site.css (--bg, light mode).
    with open(finders.find("css/site.css"), encoding="utf-8") as handle:
        css = handle.read()
    assert re.search(r"--bg:\s*" + data["background_color"], css)
    assert re.search(r"--bg:\s*" + data["theme_color"], css)


def test_the_manifest_speaks_the_language_of_its_prefix(client):
    english, german = manifest_of(client, "en"), manifest_of(client, "de")
    assert english["name"] == "Küt rules"
    assert german["name"] == "Küt-Regeln"
    assert "offline" in english["description"] and "offline" in german["description"]
    assert english["description"] != german["description"]


def test_manifest_icons_exist_at_their_sizes_and_include_maskable_pngs(client):
    icons = manifest_of(client, "en")["icons"]
    purposes = set()
    for icon in icons:
        path = finders.find(icon["src"].removeprefix("/static/"))
        assert path, icon
        if icon["type"] == "image/png":
            width, height = (int(n) for n in icon["sizes"].split("x"))
            with Image.open(path) as image:
                assert image.size == (width, height)
                # Maskable icons have no transparent corners for a mask to reveal.
                assert image.mode == "RGB"
            purposes.add((width, icon["purpose"]))
    assert {(192, "maskable"), (512, "maskable"), (192, "any"), (512, "any")} <= purposes


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_links_the_manifest_of_its_language(client, language):
    html = client.get(LANGUAGES[language]["guide"]).content.decode()
    assert f'<link rel="manifest" href="/{language}/manifest.webmanifest">' in html


def test_the_service_worker_is_served_from_the_root_as_javascript(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    # From the root, the worker's scope is the whole site without a Service-Worker-Allowed header.
    assert "Service-Worker-Allowed" not in response
    # Never kept stale: a new worker reaches phones on their next visit.
    assert "no-cache" in response["Cache-Control"]
    body = response.content.decode()
    assert 'addEventListener("fetch"' in body
    # minified as the scripts under /static/ ship (kutsite/storage.py)
    source = Path(finders.find("js/sw.js")).read_text(encoding="utf-8")
    assert body == minified("js/sw.js", source) and len(body) < len(source) * 0.6
    assert client.post("/sw.js").status_code == 405


@pytest.mark.parametrize("path", ["/en/", "/de/schiedsrichter/", "/sw.js", "/en/offline/"])
def test_csp_allows_the_worker_and_the_manifest_from_the_site_only(client, path):
    csp = client.get(path)["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in csp.split(";"))
    assert directives["default-src"] == "'none'"
    assert directives["worker-src"] == "'self'"
    assert directives["manifest-src"] == "'self'"
    assert "unsafe" not in csp


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_store_list_holds_every_rules_page_of_its_language(client, language):
    response = client.get(f"/{language}/offline/store.json")
    assert response.status_code == 200
    assert "no-cache" in response["Cache-Control"]
    data = response.json()
    urls = data["urls"]
    assert data["language"] == language
    assert data["offline"] == f"/{language}/offline/"
    rounds = [u for u in urls if re.fullmatch(rf"/{language}/(rounds|runden)/\d+/", u)]
    assert len(rounds) == Round.objects.count() == 20
    referee = LANGUAGES[language]["referee"]
    rulings = [u for u in urls if u.startswith(referee) and u != referee]
    with translation.override(language):  # each language has its own ruling slugs
        expected = sorted(reverse("referee:ruling", args=[r.key]) for r in Ruling.objects.all())
    assert sorted(rulings) == expected
    assert len(rulings) == 9
    for page in (*guide_paths(language), referee, f"/{language}/offline/"):
        assert page in urls
    assert "/static/css/site.css" in urls and "/static/js/site.js" in urls
    # Every stored URL answers, so the worker can fill its store in one go.
    for url in urls:
        assert client.get(url).status_code == 200, url


def test_the_store_version_follows_the_content(client):
    before = client.get("/en/offline/store.json").json()["version"]
    assert before == f"{content.BUILD}:{content.version()}"
    ruling = Ruling.objects.first()
    ruling.question_en = ruling.question_en + " (edited)"
    ruling.save()
    after = client.get("/en/offline/store.json").json()["version"]
    assert after != before
    assert after == f"{content.BUILD}:{content.version()}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_offline_page_says_what_works_in_its_language(client, language):
    response = client.get(f"/{language}/offline/")
    assert response.status_code == 200
    html = response.content.decode()
    assert LANGUAGES[language]["offline"] in html
    assert f'<html lang="{language}">' in html
    # Links to what works offline, and a retry that keeps the address (and a GET form's input).
    assert f'href="{LANGUAGES[language]["guide"]}"' in html
    assert f'href="{LANGUAGES[language]["referee"]}"' in html
    assert '<a href="" data-retry>' in html
    assert '<meta name="robots" content="noindex">' in html
    assert "<script>" not in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_file_a_stored_page_uses_is_stored_too(client, language):
    urls = set(client.get(f"/{language}/offline/store.json").json()["urls"])
    for url in [u for u in urls if not u.startswith("/static/") and u.endswith("/")]:
        html = client.get(url).content.decode()
        used = re.findall(r'<(?:link|script)[^>]* (?:href|src)="(/static/[^"]+)"', html)
        assert used, url
        assert set(used) <= urls, (url, set(used) - urls)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_file_a_kept_record_page_uses_is_stored_too(client, language):
    """The edit sheet has the worker keep the page that records its next round (games/sheet.js):
    opened with no signal, it needs its scripts and styles from the store."""
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    urls = set(client.get(f"/{language}/offline/store.json").json()["urls"])
    with translation.override(language):
        html = client.get(reverse("games:record", args=[game.edit_secret])).content.decode()
    used = re.findall(r'<(?:link|script)[^>]* (?:href|src)="(/static/[^"]+)"', html)
    assert "/static/games/entry.js" in used
    assert set(used) <= urls, set(used) - urls
