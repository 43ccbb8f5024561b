"""Every code the engine's scoring can produce has a sentence, in English and German."""

import inspect
import re

import pytest
from django.utils import translation

from rules.engine import notation, scoring, tiles
from rules.engine.verdicts import REASONS, ReasonCode
from scoring import messages
from scoring.forms import FormCode, Problem

CODE = re.compile(r"ReasonCode\.([A-Z][A-Z0-9_]*)")


def codes_in(*objects):
    return {ReasonCode[name] for obj in objects for name in CODE.findall(inspect.getsource(obj))}


# What the calculator runs: the scoring module, and the notation it parses input with.
SCORING_CODES = codes_in(scoring)
NOTATION_CODES = codes_in(
    notation.parse_tile, notation.parse_tiles, notation.parse_indicator, tiles.check_indicator
)


def test_the_engine_emits_codes_we_can_find():
    # guards the source scan itself: it must see the well-known codes
    assert {ReasonCode.MULTIPLIER, ReasonCode.NO_FINISHER} <= SCORING_CODES
    assert {ReasonCode.NOT_A_TILE, ReasonCode.FALSE_JOKER_INDICATOR} <= NOTATION_CODES


@pytest.mark.parametrize("code", sorted(SCORING_CODES | NOTATION_CODES))
def test_every_engine_code_has_a_sentence(code):
    assert code in messages.ERRORS or code in messages.STEPS or code in messages.NOTES


def sample_facts(code):
    values = {
        "token": "x14",
        "letter": "x",
        "number": 14,
        "count": 3,
        "tile": tiles.tile("r", 7),
        "limit": 2,
        "seats": (1, 2),
        "names": ["Ana", "Ben"],
        "value": "asleep",
        "points": 40,
        "first": 1,
        "last": 20,
        "partner": 1,
        "factor": 5,
        "colour": "r",
        "tiles": (tiles.tile("r", 3),),
    }
    return {name: values.get(name, 1) for name in getattr(REASONS.get(code), "facts", ())}


ALL_ERRORS = sorted(messages.ERRORS)


@pytest.mark.parametrize("code", ALL_ERRORS)
def test_error_sentences_differ_by_language_and_name_the_field(code):
    facts = (
        sample_facts(code)
        if code in ReasonCode.__members__
        else {"value": "x", "limit": 10, "first": 1, "last": 20}
    )
    problem = Problem(field="rack2", code=code, player=2, facts=facts, token="x14", name="Ben")
    with translation.override("en"):
        english = problem.message
    with translation.override("de"):
        german = problem.message
    assert english.startswith("Ben, tiles left: ")
    assert german.startswith("Ben, übrige Steine: ")
    assert english != german
    assert "%(" not in english and "%(" not in german


@pytest.mark.parametrize("code", sorted(messages.STEPS))
def test_step_sentences_fill_every_placeholder(code):
    step = scoring.Step(code, "S3", 40, sample_facts(code))
    for language in ("en", "de"):
        with translation.override(language):
            text = messages.step_text(step, ["Ana", "Ben", "Cem", "Dila"])
        assert text and "%(" not in text
        assert re.search(r"\d", text)


@pytest.mark.parametrize("code", sorted(messages.NOTES))
def test_notes_are_translated(code):
    with translation.override("en"):
        english = messages.note_text(code)
    with translation.override("de"):
        german = messages.note_text(code)
    assert english and german and english != german


def test_form_codes_have_sentences():
    assert set(FormCode) <= set(messages.ERRORS)


def test_numbers_use_the_page_language():
    with translation.override("en"):
        assert messages.number(1000) == "1,000"
    with translation.override("de"):
        assert messages.number(1000) == "1.000"
