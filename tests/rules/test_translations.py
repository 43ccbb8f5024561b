"""German pages are German all the way through: no English sentence from the rules catalogue or
the database shows up on them, and every guide text comes out translated."""

import html as html_lib
import re
from pathlib import Path

import polib
import pytest

from rules.models import GlossaryTerm, Round
from tests.rules.guide_pages import guide_paths

pytestmark = pytest.mark.django_db

CATALOGUE = Path(__file__).resolve().parents[2] / "rules/locale/de/LC_MESSAGES/django.po"
GERMAN_PAGES = [*guide_paths("de"), "/de/runden/", "/de/glossar/"] + [
    f"/de/runden/{n}/" for n in range(1, 21)
]
SPLIT = re.compile(r"%\(\w+\)s|<[^>]+>|\{\{[^}]+\}\}")


def fragments(text: str, minimum: int = 24) -> list[str]:
    """The longest plain-text pieces of a message (placeholders and tags removed)."""
    return [f.strip() for f in SPLIT.split(text) if len(f.strip()) >= minimum]


def page_text(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    assert response.headers["Content-Language"] == "de"
    return html_lib.unescape(response.content.decode())


@pytest.fixture(scope="module")
def entries():
    return [e for e in polib.pofile(str(CATALOGUE)) if e.msgid and not e.obsolete]


@pytest.fixture
def german_pages(client):
    return {path: page_text(client, path) for path in GERMAN_PAGES}


def test_no_english_message_shows_on_a_german_page(entries, german_pages):
    leaks = []
    for entry in entries:
        german = " ".join([entry.msgstr, *entry.msgstr_plural.values()])
        for piece in fragments(entry.msgid) + fragments(entry.msgid_plural or ""):
            if piece in german:
                continue  # the same words in both languages
            leaks += [(path, piece) for path, text in german_pages.items() if piece in text]
    assert not leaks, leaks[:10]


def test_every_guide_text_comes_out_in_german(entries, german_pages):
    guide = "\n".join(german_pages[path] for path in guide_paths("de"))
    checked = 0
    for entry in entries:
        if not any("templates/rules/guide" in path for path, _line in entry.occurrences):
            continue
        # of a plural entry, the form the page's count asks for
        forms = [entry.msgstr] if not entry.msgid_plural else entry.msgstr_plural.values()
        pieces = [fragments(form, 16) for form in forms]
        shown = [p for p in pieces if all(piece in guide for piece in p)]
        assert shown, pieces
        checked += len(shown[0])
    assert checked > 40


def test_no_english_content_from_the_database_on_german_pages(german_pages):
    english = []
    for r in Round.objects.all():
        english += [r.title_en, r.notes_en]
    for t in GlossaryTerm.objects.all():
        english += [t.definition_en]
    for text in english:
        for path, page in german_pages.items():
            assert text not in page, (path, text)


def test_german_content_from_the_database_is_there(german_pages):
    rounds = german_pages["/de/runden/"]
    for r in Round.objects.all():
        assert r.title_de in rounds
        assert r.notes_de in german_pages[f"/de/runden/{r.number}/"]
    glossary = german_pages["/de/glossar/"]
    for t in GlossaryTerm.objects.all():
        assert t.term_de in glossary and t.definition_de in glossary


def test_a_blank_german_title_would_be_caught(client):
    Round.objects.filter(number=7).update(title_de="")
    page = page_text(client, "/de/runden/7/")
    # No fallback: the English title does not stand in for the missing German one.
    assert Round.objects.get(number=7).title_en not in page
    from rules.completeness import missing_translations

    problems = missing_translations()
    assert len(problems) == 1 and problems[0].endswith("title (de)")


def _german_texts():
    """Every German text the site shows: its catalogues and the German content."""
    from referee.models import Ruling

    root = Path(__file__).resolve().parents[2]
    site = root / "locale/de/LC_MESSAGES/django.po"
    for po in [*sorted(root.glob("*/locale/de/LC_MESSAGES/django.po")), site]:
        for entry in polib.pofile(str(po)):
            for text in [entry.msgstr, *entry.msgstr_plural.values()]:
                yield f"{po.parent.parent.parent.parent.name}: {entry.msgid[:40]}", text
    for model in (GlossaryTerm, Ruling):
        for row in model.objects.all():
            for field in row._meta.fields:
                if field.name.endswith("_de"):
                    yield f"{model.__name__} {row.pk} {field.name}", getattr(row, field.name) or ""


@pytest.mark.parametrize(
    ("wrong", "why"),
    [
        (r"\bdes Okey\b(?!s|-)", "the wild tile's genitive is “des Okeys”"),
        # "diese Seite" is this page; the site that decides or follows a rule is a Website
        (
            r"hat diese Seite\b|diese Seite (übernimmt|entscheidet|folgt)",
            "the site calls itself “diese Website”",
        ),
    ],
)
def test_german_wording_is_consistent(wrong, why):
    found = [where for where, text in _german_texts() if re.search(wrong, text)]
    assert not found, (why, found)
