"""The calculator's sentences: engine codes in the shared wording (`rules.reasons`), with the
player and the field in front; the form's own codes; the working and notes in both languages."""

import inspect
import re

import pytest
from django.utils import translation

from rules import reasons
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
STEP_CODES = {
    ReasonCode[name]
    for name in re.findall(r"_step\(\s*ReasonCode\.([A-Z0-9_]+)", inspect.getsource(scoring))
}
NOTE_CODES = {ReasonCode.OKEY_FINISH_IGNORED_IN_FINAL, ReasonCode.EXHAUSTED_SCORED}


def test_the_engine_emits_codes_we_can_find():
    # guards the source scan itself: it must see the well-known codes
    assert {ReasonCode.MULTIPLIER, ReasonCode.NO_FINISHER} <= SCORING_CODES
    assert {ReasonCode.NOT_A_TILE, ReasonCode.FALSE_JOKER_INDICATOR} <= NOTATION_CODES
    assert {ReasonCode.FACE_VALUES, ReasonCode.TEAM_PARTNER_ZERO} <= STEP_CODES
    assert NOTE_CODES <= STEP_CODES


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
        "tiles": (tiles.tile("r", 3), tiles.tile("b", 11)),
    }
    return {name: values.get(name, 1) for name in getattr(REASONS.get(code), "facts", ())}


ERROR_CODES = sorted(SCORING_CODES - STEP_CODES | NOTATION_CODES) + sorted(FormCode)


def problem(code, **facts):
    facts = facts or (
        sample_facts(code)
        if code in ReasonCode.__members__
        else {"value": "x", "limit": 10, "first": 1, "last": 20}
    )
    return Problem(field="rack2", code=code, player=2, facts=facts, token="x14", name="Ben")


@pytest.mark.parametrize("code", ERROR_CODES)
def test_error_sentences_differ_by_language_and_name_the_field(code):
    with translation.override("en"):
        english = problem(code).message
    with translation.override("de"):
        german = problem(code).message
    assert english.startswith("Ben, tiles left: ")
    assert german.startswith("Ben, übrige Steine: ")
    assert english != german
    assert "%(" not in english and "%(" not in german


@pytest.mark.parametrize("code", sorted(SCORING_CODES - STEP_CODES | NOTATION_CODES))
def test_engine_errors_are_worded_by_the_shared_module(code):
    p = problem(code)
    for language in ("en", "de"):
        with translation.override(language):
            assert p.message.endswith(reasons.error_message(p)), code


def test_errors_name_players_where_the_engine_has_their_seats():
    p = problem(ReasonCode.MORE_THAN_ONE_FINISHER, seats=(1, 2), names=["Ana", "Ben"])
    with translation.override("en"):
        assert p.message.endswith("but Ana and Ben are marked.")
    with translation.override("de"):
        assert p.message.endswith("markiert sind aber Ana und Ben.")


@pytest.mark.parametrize("code", sorted(STEP_CODES - NOTE_CODES))
def test_step_sentences_fill_every_placeholder(code):
    step = scoring.Step(code, "S3", 40, sample_facts(code))
    for language in ("en", "de"):
        with translation.override(language):
            text = messages.step_text(step, ["Ana", "Ben", "Cem", "Dila"])
            assert text == reasons.sentence(code, {**step.facts, "partner": "Ana"})
        assert text and "%(" not in text
        assert re.search(r"\d", text)


def test_a_partner_is_named():
    step = scoring.Step(ReasonCode.TEAM_PARTNER_ZERO, "S5", 0, {"partner": 3})
    with translation.override("en"):
        assert messages.step_text(step, ["Ana", "Ben", "Cem", "Dila"]) == (
            "Partner of Cem, who ended the round: 0"
        )


@pytest.mark.parametrize("code", sorted(NOTE_CODES))
def test_notes_are_translated(code):
    with translation.override("en"):
        english = messages.note_text(code)
    with translation.override("de"):
        german = messages.note_text(code)
    assert english and german and english != german
    assert english != str(code)


def test_form_codes_have_sentences():
    assert set(FormCode) == set(messages.FORM_ERRORS)


def test_numbers_use_the_page_language():
    with translation.override("en"):
        assert messages.number(1000) == "1,000"
    with translation.override("de"):
        assert messages.number(1000) == "1.000"
