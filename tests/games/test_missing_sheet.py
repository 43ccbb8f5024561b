"""A game sheet's address with no sheet behind it (mistyped, cut off, or deleted twelve months
after its last change) answers 404 with its own page: what may have happened, and a link to
start a new sheet — in the page's language and the design of the site's other error pages."""

import re

import pytest
from django.core.management import call_command

from games.retention import RETENTION_DAYS

from .test_export_retention import make_old

pytestmark = pytest.mark.django_db

UNKNOWN = "A" * 24

TEXT = {
    "en": (
        "Game sheet not found",
        "This game sheet does not exist, or it has been deleted: a sheet is deleted twelve "
        "months after its last change. If someone sent you the link, check that it arrived "
        "whole.",
        '<a href="/en/games/new/">Start a new game sheet</a>',
    ),
    "de": (
        "Spielblatt nicht gefunden",
        "Dieses Spielblatt gibt es nicht, oder es wurde gelöscht: Ein Spielblatt wird zwölf "
        "Monate nach seiner letzten Änderung gelöscht. Wenn dir jemand den Link geschickt hat, "
        "prüf, ob er vollständig angekommen ist.",
        '<a href="/de/spiele/neu/">Ein neues Spielblatt anlegen</a>',
    ),
}


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def assert_missing_sheet_page(response, language):
    assert response.status_code == 404
    html = response.content.decode()
    heading, sentence, link = TEXT[language]
    assert f'<html lang="{language}">' in html
    assert f'<h1 data-error-page="404">{heading}</h1>' in html
    assert f"<title>{heading} · Küt</title>" in html
    assert sentence in text_of(html)
    assert link in html
    assert "There is no page at this address" not in html
    assert "Keine Seite" not in html
    # like the site's other error pages: kept by no cache, listed by no search engine
    assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]
    assert "noindex" in response["X-Robots-Tag"]
    assert 'class="site-header"' in html and "data-offer=" not in html


@pytest.mark.parametrize(
    ("language", "path"),
    [
        ("en", f"/en/games/{UNKNOWN}/"),
        ("en", f"/en/games/view/{UNKNOWN}/"),
        ("en", f"/en/games/{UNKNOWN}/record/"),
        ("en", f"/en/games/{UNKNOWN}/rounds/3/"),
        ("en", f"/en/games/{UNKNOWN}/sheet.csv"),
        ("en", f"/en/games/view/{UNKNOWN}/sheet.csv"),
        ("de", f"/de/spiele/{UNKNOWN}/"),
        ("de", f"/de/spiele/ansehen/{UNKNOWN}/"),
        ("de", f"/de/spiele/{UNKNOWN}/eintragen/"),
    ],
)
def test_an_unknown_sheet_says_so_and_offers_a_new_one(client, language, path):
    assert_missing_sheet_page(client.get(path), language)


def test_a_write_to_an_unknown_sheet_gets_the_same_page(client):
    response = client.post(f"/en/games/{UNKNOWN}/undo/", {"version": 1})
    assert_missing_sheet_page(response, "en")


def test_a_polling_phone_gets_the_page_too(client):
    response = client.get(f"/en/games/{UNKNOWN}/", headers={"HX-Request": "true"})
    assert_missing_sheet_page(response, "en")


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_sheet_deleted_after_twelve_months_says_so(client, game, language):
    urls = {
        "en": (f"/en/games/{game.edit_secret}/", f"/en/games/view/{game.view_secret}/"),
        "de": (f"/de/spiele/{game.edit_secret}/", f"/de/spiele/ansehen/{game.view_secret}/"),
    }[language]
    for url in urls:
        assert client.get(url).status_code == 200
    # a round not on a live sheet, and any other address, keep the site's own 404
    round_3 = urls[0] + ("rounds/3/" if language == "en" else "runden/3/")
    for other in (round_3, f"/{language}/no-such-page/"):
        response = client.get(other)
        assert response.status_code == 404
        assert TEXT[language][0] not in response.content.decode()
    make_old(game, RETENTION_DAYS + 1)
    call_command("purge_games")
    for url in urls:
        assert_missing_sheet_page(client.get(url), language)


@pytest.mark.parametrize("outcome", ["written", "conflict"])
def test_a_sheet_deleted_while_a_round_is_being_written_says_so(client, game, monkeypatch, outcome):
    """The purge deletes the game between reading it and writing to it: whether the write was
    done or met a conflict, the sheet is read again, and the phone gets its 404, not a 500."""
    from games import services

    from .conftest import calculator_data

    write = services.record_round

    def deleted_meanwhile(current, *args, **kwargs):
        if outcome == "written":
            done = write(current, *args, **kwargs)
        type(current).objects.filter(pk=current.pk).delete()
        if outcome == "conflict":
            raise services.Conflict
        return done

    monkeypatch.setattr(services, "record_round", deleted_meanwhile)
    data = {**calculator_data(1), "version": game.version, "action": "save"}
    response = client.post(f"/en/games/{game.edit_secret}/record/", data)
    assert_missing_sheet_page(response, "en")
