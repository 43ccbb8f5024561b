"""Wording a QA pass found wanting, mostly in German: what the pages now say instead."""

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

from referee.models import Ruling
from rules.engine.notation import parse_tile
from rules.engine.tiles import Colour
from rules.engine.verdicts import ReasonCode
from rules.reasons import sentence

pytestmark = pytest.mark.django_db


def text(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    return re.sub(r"\s+", " ", html.unescape(response.content.decode()))


def path(language: str, name: str, *args) -> str:
    with translation.override(language):
        return reverse(name, args=args)


def description(page: str) -> str:
    return re.search(r'<meta name="description" content="([^"]*)"', page)[1]


def test_the_last_round_lays_down_all_the_tiles_of_the_rack(client):  # C4
    page = text(client, path("de", "rules:round", 20))
    assert "<dd>Alle Steine des Steinhalters</dd>" in page
    # the tiles go down, not the rack that holds them
    assert not re.search(r"ganze[nr]? Steinhalter", page)
    assert "Beenden mit Okey verdoppelt in dieser Runde nichts." in page
    rounds = text(client, path("de", "rules:rounds"))
    assert "· alle Steine</span>" in rounds and "der ganze Steinhalter" not in rounds


@pytest.mark.parametrize(
    ("language", "usual", "last"),
    [
        ("en", "with an example opening meld", "With an example of a whole rack laid down"),
        (
            "de",
            "mit einem Beispiel zum Auslegen.",
            "wie alle Steine eines Steinhalters auf einmal ausgelegt",
        ),
    ],
)
def test_a_rounds_description_says_what_its_example_shows(client, language, usual, last):
    assert usual in description(text(client, path(language, "rules:round", 3)))
    final = description(text(client, path(language, "rules:round", 20)))
    assert last in final and usual not in final and "opening meld" not in final
    assert "Beispiel-Auslage" not in text(client, path("de", "rules:rounds"))


def test_the_german_glossary(client):
    page = text(client, path("de", "rules:glossary"))
    assert "Das Spiel vom Austeilen, bis jemand die Runde beendet." in page
    assert "in den Quellen nicht erwähnt" in page


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("referee:index", ()),
        ("referee:ruling", ("anlegen-vor-dem-auslegen",)),
        ("rules:glossary", ()),
    ],
)
def test_german_pages_speak_of_the_sources_in_the_plural(client, name, args):
    page = text(client, path("de", name, *args))
    assert "Quellen" in page
    assert not re.search(r"\bder Quelle\b", page)


def test_the_referee_says_how_the_app_decides(client):
    page = text(client, path("de", "referee:index"))
    assert "„Regel in der KÜT-App“ zeigt, wie die App KÜT entscheidet." in page
    assert "gibt die Regeln der Küt-App" not in page


def test_german_rulings_on_buying_and_taking_the_okey():  # B1, P7
    with translation.override("de"):
        buying = Ruling.objects.get(key="buy-discard").app_ruling
        okey = Ruling.objects.get(key="take-the-okey").app_ruling
    # The tile is named, not a pronoun with nothing to stand for (QA passes one and two).
    assert "Lässt diese Person den Stein liegen, darf ihn jemand anderes" in buying
    # Two buyers: the guide's words, not the sources' („Wollen zwei Spieler denselben Stein …")
    assert "Bei zwei Interessenten geht der Stein an den, der in der Reihenfolge eher" in buying
    assert "Wollen ihn zwei" not in buying
    assert "Aus einer Küt-Gruppe darfst du den Okey erst nehmen, wenn sie vier Steine hat." in okey
    assert "Den Okey zu nehmen zählt, als würdest du etwas auf den Tisch legen." in okey


def test_the_tile_picker_says_where_the_tiles_go_without_sie(client):
    page = text(client, path("de", "referee:check"))
    assert "Die Steine kommen ins Feld:" in page and "Sie kommen" not in page


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "(red 2 in position 3)"), ("de", "(3. Stein, rote 2)")],
)
def test_a_tile_is_named_by_its_place_in_plain_words(language, said):
    with translation.override(language):
        text = sentence(
            ReasonCode.GROUP_REPEATED_COLOUR,
            {"colour": Colour.RED, "index": 2, "tile": parse_tile("r2")},
        )
    assert said in text, text
