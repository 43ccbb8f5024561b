"""Sentences whose grammar depends on what fills their placeholders: rendered from the engine's
own verdicts (and the pages that show them), in both languages. A review rendered every reason
code with hundreds of thousands of facts; these are the cases it found wrong."""

import re

import pytest
from django.utils import translation

from rules.engine.discards import resolve_buy
from rules.engine.notation import parse_indicator, parse_tile, parse_tiles
from rules.engine.play import can_add, can_swap_okey
from rules.engine.verdicts import ReasonCode
from rules.reasons import describe, sentence

B8 = parse_indicator("b8")
LANGUAGES = ["en", "de"]


def said(verdict, language):
    with translation.override(language):
        return describe(verdict)


def page_text(client, url):
    html = client.get(url).content.decode()
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_okey_standing_for_several_tiles_is_not_that_one_tile(language):  # P7
    verdict = can_swap_okey(parse_tile("r9"), parse_tiles("r3 ok ok r6"), B8)
    assert verdict.reason is ReasonCode.TILE_NOT_STOOD_FOR
    text = said(verdict, language)
    assert {"en": " or ", "de": " oder "}[language] in text, text
    assert "only that tile" not in text and "Nur dieser Stein" not in text, text


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_buy_limit_of_one_is_not_all_1_buys(language):  # B2
    verdict = resolve_buy(1, {3}, buys_used={3: 1}, limit=1)
    assert verdict.reason is ReasonCode.BUY_LIMIT_REACHED
    text = said(verdict, language)
    assert not re.search(r"all 1 buys|alle 1 Käufe", text), text


@pytest.mark.parametrize(
    ("tile", "meld", "indicator", "gap"),
    [
        ("r2", "r12 r13 r1", "b8", r"in position \)|\(\. Stein"),  # P6 past the 1: no index to give
        ("r1", "y1 y1", "y1", r"Meld  is|Kombination  ist"),  # an invalid meld: no number
    ],
)
@pytest.mark.parametrize("language", LANGUAGES)
def test_adding_a_tile_names_no_missing_index(tile, meld, indicator, gap, language):
    verdict = can_add(parse_tile(tile), parse_tiles(meld), parse_indicator(indicator))
    assert not verdict.ok
    text = said(verdict, language)
    assert not re.search(gap, text) and "  " not in text, text


def test_german_pair_shortfall_agrees_with_paar():  # C2
    with translation.override("de"):
        text = sentence(ReasonCode.MISSING_PAIR, {"expected": 1, "found": 0})
    assert text.endswith("du hast keine Paare."), text


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "words"),
    [
        # a tile named in the middle of a German sentence takes its article
        ("/de/schiedsrichter/pruefen/?indicator=b8&tiles=r5+r6", "und die rote 5 und die rote 6"),
        ("/de/schiedsrichter/pruefen/?indicator=b8&tiles=r1+r3+r5", "gehört die rote 2"),
        ("/de/schiedsrichter/okey-nehmen/", "indem du die "),
    ],
)
def test_german_tiles_in_a_sentence_have_their_article(client, url, words):
    assert words in page_text(client, url)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_further_meld_is_not_0_more_melds(client, language):  # P4, P8
    prefix = {"en": "/en/referee/rack/", "de": "/de/schiedsrichter/steinhalter/"}[language]
    text = page_text(client, f"{prefix}?indicator=b8&round=1&rack=r7+k2&opened=1")
    assert {"en": "no further meld", "de": "keine weitere Kombination"}[language] in text, text
    assert not re.search(r"\b0 (more|weitere)", text), text
