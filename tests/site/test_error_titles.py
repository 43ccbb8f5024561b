"""A page that answers with a mistake to fix says so in its title, and an htmx answer keeps the
title true as the mistake is corrected: a screen reader hears the title when the page loads,
and a tab keeps it."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
PAGES = {
    # view: (its title in English and German, a query with a mistake, one without)
    "referee:check": (
        ("Meld checker", "Kombination prüfen"),
        "indicator=b8&tiles=x13",
        "indicator=b8&tiles=r1+r2+r3",
    ),
    "referee:discard": (
        ("Discard checker", "Abwurf prüfen"),
        "indicator=b8&table=b4+b5+b6&tile=q",
        "indicator=b8&table=b4+b5+b6&tile=b3",
    ),
    "referee:rack": (
        ("What can I lay down?", "Was kann ich auslegen?"),
        "indicator=b8&round=1&rack=r7+k7+zz",
        "indicator=b8&round=1&rack=r7+k7+b7",
    ),
    "scoring:calculator": (
        ("Score calculator", "Punkterechner"),
        "indicator=r4&round=3&state1=finished&rack2=x&state3=not-melded&points4=40",
        "indicator=r4&round=3&state1=finished&rack2=k3&state3=not-melded&points4=40",
    ),
}
ERROR = {"en": "Error: ", "de": "Fehler: "}


def titles(html: str) -> list[str]:
    return re.findall(r"<title>([^<]*)</title>", html)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("view", PAGES)
def test_the_title_says_error_while_a_mistake_is_marked(client, view, language):
    (english, german), wrong, right = PAGES[view]
    name = {"en": english, "de": german}[language]
    with translation.override(language):
        path = reverse(view)
    for query, title in ((wrong, f"{ERROR[language]}{name} · Küt"), (right, f"{name} · Küt")):
        assert titles(client.get(f"{path}?{query}").content.decode()) == [title], query
        # htmx takes a <title> at the top of an answer for the page's own
        fragment = client.get(f"{path}?{query}", headers=HTMX).content.decode()
        assert titles(fragment) == [title], query
        assert fragment.lstrip().startswith("<title>"), query
