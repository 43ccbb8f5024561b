"""The calculator answer's share card: the round's scores as a 1200×630 PNG, named by the answer
page's `og:image` in the page's language, drawn for its query (kutsite/cards.py)."""

import io
from html import unescape

import pytest
from django.test import RequestFactory
from django.utils import translation
from PIL import Image

from kutsite.cards import CardScore, render_card
from scoring.forms import CalculatorForm
from scoring.presenters import Calculation
from tests.referee.helpers import find

from .helpers import base_round, url

pytestmark = pytest.mark.django_db

NAMED = {"name1": "Ana", "name2": "Ben", "name3": "Cem", "name4": "Dila"}


def card_address(html: str) -> str | None:
    if 'property="og:image"' not in html:
        return None
    found = html.split('property="og:image" content="', 1)[1].split('"', 1)[0]
    return unescape(found).removeprefix("http://testserver")


def spec(language: str, **params):
    with translation.override(language):
        form = CalculatorForm(RequestFactory().get("/", params).GET)
        assert form.is_valid(), form.errors
        return Calculation(form).card()


@pytest.mark.parametrize("language", ["en", "de"])
def test_an_answer_names_the_card_of_its_scores(client, language):
    page = url(language, **base_round(**NAMED))
    html = client.get(page).content.decode()
    address = card_address(html)
    # the answer's own query, as its permalink has it (the parameters that are set, in order)
    path, query = find(html, data_share=True)["href"].split("?")
    assert path == page.split("?")[0] and set(query.split("&")) == set(
        page.split("?")[1].split("&")
    )
    assert address == f"{path}card.png?{query}"
    # its words for a reader who cannot see it: the scores in one line, as the preview's title
    alt = html.split('property="og:image:alt" content="', 1)[1].split('"', 1)[0]
    assert (
        alt
        == {"en": "Round 3", "de": "Runde 3"}[language] + " – Ana: 0; Ben: 195; Cem: 500; Dila: 200"
    )
    response = client.get(address)
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert Image.open(io.BytesIO(response.content)).size == (1200, 630)
    assert response["Cache-Control"].startswith("public, max-age=60")
    assert client.get(address, headers={"If-None-Match": response["ETag"]}).status_code == 304


@pytest.mark.parametrize(
    "params",
    [
        {},  # the empty calculator
        base_round(indicator="zz"),  # an error: no scores
        base_round(state1="melded"),  # nobody ended the round
    ],
)
def test_a_calculator_without_scores_has_no_card(client, params):
    assert card_address(client.get(url("en", **params)).content.decode()) is None
    card = url("en", **params).replace("/calculator/", "/calculator/card.png")
    assert client.get(card).status_code == 404


def test_a_live_answer_names_no_card(client):
    html = client.get(url("en", **base_round()), headers={"HX-Request": "true"}).content.decode()
    assert card_address(html) is None


@pytest.mark.parametrize(
    ("language", "question", "lowest", "score"),
    [
        ("en", "Scores for round 3", "lowest", "195"),
        ("de", "Punkte in Runde 3", "Bestwert", "195"),
    ],
)
def test_the_card_shows_each_score_as_the_table_does(language, question, lowest, score):
    """S1–S3 worked out by the engine: Ana ended the round (0), Ben's k3 b11 and the Okey
    (3 + 11 + 25) × 5 for a red Okey, Cem did not meld (500), Dila typed 40 × 5."""
    drawn = spec(language, **base_round(**NAMED))
    assert drawn.question == question
    assert drawn.brand == {"en": "Küt · Score calculator", "de": "Küt · Punkterechner"}[language]
    assert drawn.scores == (
        CardScore("Ana", "0", lowest),
        CardScore("Ben", score),
        CardScore("Cem", "500"),
        CardScore("Dila", "200"),
    )


def test_a_team_tables_card_adds_each_teams_total_in_the_pages_number_format():
    drawn = spec("de", **base_round(team="1", points4="600", **NAMED))  # Dila: 3,000
    *players, first, second = drawn.scores
    assert [p.name for p in players] == ["Ana", "Ben", "Cem", "Dila"]
    # S5: Ana ended the round, so her partner Cem scores 0 too
    assert first == CardScore("Ana & Cem", "0", "Bestwert")
    assert second == CardScore("Ben & Dila", "3.195")


def test_cards_differ_by_language_and_scores():
    english, german = spec("en", **base_round()), spec("de", **base_round())
    other = spec("en", **base_round(points4="41"))
    assert len({english.etag, german.etag, other.etag}) == 3
    assert render_card(english) != render_card(other)
