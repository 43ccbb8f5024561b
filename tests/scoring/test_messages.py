"""The calculator's sentences: engine codes in the shared wording (`rules.reasons`), with the
player and the field in front; the form's own messages; the working and notes in both
languages."""

import inspect
import re
from types import SimpleNamespace

import pytest
from django.utils import translation

from rules import reasons
from rules.engine import notation, scoring, tiles
from rules.engine.verdicts import REASONS, ReasonCode
from scoring import messages
from scoring.forms import CalculatorForm
from scoring.presenters import Problem
from tests.scoring.helpers import base_round

CODE = re.compile(r"ReasonCode\.([A-Z][A-Z0-9_]*)")


def codes_in(*objects):
    return {ReasonCode[name] for obj in objects for name in CODE.findall(inspect.getsource(obj))}


# What the calculator runs: the scoring module, and the notation it parses input with.
SCORING_CODES = codes_in(scoring)
NOTATION_CODES = codes_in(
    notation.parse_tile,
    notation._misspelt,
    notation.parse_tiles,
    notation.parse_indicator,
    tiles.check_indicator,
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


ERROR_CODES = sorted(SCORING_CODES - STEP_CODES | NOTATION_CODES)


def engine_error(code, **facts):
    """An engine error record, as `rules.reasons.error_message` reads one."""
    return SimpleNamespace(code=code, facts=facts or sample_facts(code), token="x14")


def problem(code, **facts):
    """The calculator's problem for an engine error, worded in the active language."""
    reason = reasons.error_message(engine_error(code, **facts))
    return Problem(field="rack2", code=code, reason=reason, name="Ben")


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


@pytest.mark.parametrize("code", ERROR_CODES)
def test_engine_errors_are_worded_by_the_shared_module(code):
    for language in ("en", "de"):
        with translation.override(language):
            expected = reasons.error_message(engine_error(code))
            assert problem(code).message == f"{messages.field_label('rack2', 'Ben')}: {expected}"


@pytest.mark.django_db
def test_errors_name_players_where_the_engine_has_their_seats():
    params = base_round(name1="Ana", name2="Ben", state2="finished", rack2="")
    for language, ending in (("en", "but Ana and Ben are marked."), ("de", "aber Ana und Ben.")):
        with translation.override(language):
            form = CalculatorForm(params)
            assert not form.is_valid()
            assert form.non_field_errors()[0].endswith(ending)


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
    step = scoring.Step(ReasonCode.TEAM_PARTNER_ZERO, "S5", 0, {"partner": 3, "points": 0})
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


@pytest.mark.django_db
def test_the_forms_own_messages_are_translated():
    """Every message the form's fields declare exists in both languages, with its values."""
    declared = {
        (name, code)
        for name, field in CalculatorForm().fields.items()
        for code in field.error_messages
    }
    assert {("points1", "invalid"), ("points1", "max_value"), ("name1", "max_length")} <= declared
    sentences = {}
    for language in ("en", "de"):
        with translation.override(language):
            fields = CalculatorForm().fields
            params = {"value": "“x”", "limit_value": 10, "show_value": 11}
            sentences[language] = {
                (name, code): str(fields[name].error_messages[code]) % params
                for name, code in declared
            }
    for key in declared:
        english, german = sentences["en"][key], sentences["de"][key]
        assert english and german and english != german, key
        assert "%(" not in english and "%(" not in german, key


def test_numbers_use_the_page_language():
    with translation.override("en"):
        assert messages.number(1000) == "1,000"
    with translation.override("de"):
        assert messages.number(1000) == "1.000"
