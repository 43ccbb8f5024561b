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
