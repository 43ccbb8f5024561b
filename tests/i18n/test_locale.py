"""Every interface string exists in German, and German pages really come out German."""

import re
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted(
    p for p in ROOT.glob("**/locale/de/LC_MESSAGES/django.po") if ".venv" not in p.parts
)
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+\}")
# A straight apostrophe in English prose: inside a word (round's) or after a plural (players').
STRAIGHT_APOSTROPHE = re.compile(r"(?<=[^\W\d_])'(?=[^\W\d_])|(?<=s)'(?=[\s.,:;)]|$)")


def test_there_are_german_catalogues():
    assert ROOT / "locale/de/LC_MESSAGES/django.po" in CATALOGUES


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_catalogue_is_complete(path):
    catalogue = polib.pofile(str(path))
    untranslated = [e.msgid for e in catalogue.untranslated_entries()]
    fuzzy = [e.msgid for e in catalogue.fuzzy_entries()]
    assert not untranslated, f"untranslated in {path}: {untranslated}"
    assert not fuzzy, f"fuzzy in {path}: {fuzzy}"
    assert not catalogue.metadata_is_fuzzy, f"{path} has a fuzzy header"


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_translations_keep_their_placeholders(path):
    for entry in polib.pofile(str(path)).translated_entries():
        if entry.msgid_plural:
            continue
        assert sorted(PLACEHOLDER.findall(entry.msgid)) == sorted(
            PLACEHOLDER.findall(entry.msgstr)
        ), entry.msgid


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_plural_translations_keep_their_placeholders(path):
    """The plural keeps every placeholder. The singular may say its count as a word ("einen
    Strafstein", "nach der ersten Runde"), so it may leave out that one, and only that one."""
    for entry in polib.pofile(str(path)).translated_entries():
        if not entry.msgid_plural:
            continue
        wanted = set(PLACEHOLDER.findall(entry.msgid_plural))
        assert set(PLACEHOLDER.findall(entry.msgstr_plural[1])) == wanted, entry.msgid
        singular = set(PLACEHOLDER.findall(entry.msgstr_plural[0]))
        assert singular <= wanted and len(wanted - singular) <= 1, entry.msgid


@pytest.mark.parametrize(
    "text", ["the round's contract", "the players' scores", "the players'"], ids=repr
)
def test_a_straight_apostrophe_is_found(text):
    assert STRAIGHT_APOSTROPHE.search(text)


@pytest.mark.parametrize(
    "text", ["the round’s contract", 'class="x"', "<a href='#a'>b</a>", "x = 'y'"], ids=repr
)
def test_quotes_in_markup_are_not_apostrophes(text):
    assert not STRAIGHT_APOSTROPHE.search(text)


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_english_interface_text_sets_the_typographic_apostrophe(path):
    """The site's English writes ’ (the round’s contract), as it writes “…” and –. Not Django's
    own words the project translates for it (kutsite/admin_words.py): those are Django's."""
    straight = [
        entry.msgid
        for entry in polib.pofile(str(path))
        if STRAIGHT_APOSTROPHE.search(f"{entry.msgid}\n{entry.msgid_plural}")
        and any(place != "kutsite/admin_words.py" for place, _line in entry.occurrences)
    ]
    assert not straight, straight


@pytest.mark.django_db
def test_english_content_sets_the_typographic_apostrophe():
    """The same for the content in the database: rounds, glossary, rulings and examples."""
    from modeltranslation.translator import translator

    checked = 0
    for model in translator.get_registered_models():
        names = [f"{name}_en" for name in translator.get_options_for_model(model).fields]
        for row in model.objects.values("pk", *names):
            for name in names:
                text = row[name] or ""
                checked += bool(text)
                assert not STRAIGHT_APOSTROPHE.search(text), (model.__name__, row["pk"], name)
    assert checked > 100  # the content is there to be read


def test_german_home_page_is_german(client):
    response = client.get("/de/")
    assert response.status_code == 200
    assert response.headers["Content-Language"] == "de"
    html = response.content.decode()
    assert '<html lang="de">' in html
    assert "Schiedsrichter" in html
    assert "Küt – die Regeln für euren Tisch" in html


def test_tile_labels_are_german_on_german_pages():
    from django.utils import translation

    from kutsite.tiles import FALSE_JOKER, Face, numbered

    with translation.override("de"):
        assert numbered("r", 7).label == "rote 7"
        assert numbered("k", 13).letter == "S"
        assert numbered("y", 1).letter == "G"
        assert FALSE_JOKER.label == "falscher Joker"
        assert Face("okey", shows=numbered("b", 9)).label == "Okey (als blaue 9)"
    with translation.override("en"):
        assert numbered("r", 7).label == "red 7"
        assert Face("fj", shows=numbered("b", 9)).label == "false joker (blue 9)"


@pytest.mark.django_db
def test_the_admins_own_words_are_german_for_a_german_editor(client):
    """Django 6.1's German catalogue lacks a few admin words; the project's supplies them
    (kutsite/admin_words.py)."""
    from django.contrib.auth import get_user_model

    editor = get_user_model().objects.create_superuser("editor", "e@example.com", "pw-12345678")
    client.force_login(editor)
    html = client.get("/admin/referee/ruling/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert ">Ausführen</button>" in html  # the actions bar
    assert "- Bitte auswählen -" in html  # the actions list's empty choice
    assert 'visually-hidden">Entscheidungen durchsuchen</h2>' in html  # the search box
    for english in (">Run</button>", "- Select an option -", ">Search "):
        assert english not in html
