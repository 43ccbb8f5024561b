"""Every reason code that melds, contracts, round lists, notation, table play and discards can
produce has a sentence, in English and in German."""

import re
from pathlib import Path

import pytest
from django.utils import translation

import rules.engine as engine
from rules.engine import Colour, ReasonCode, tile
from rules.engine.melds import classify_meld
from rules.engine.notation import parse_indicator, parse_tiles
from rules.reasons import SENTENCES, error_sentence, sentence
from rules.wording import contract_text

ENGINE = Path(engine.__file__).parent
# Scoring codes are the calculator's (scoring app); every other module is covered here.
MODULES = ("tiles.py", "notation.py", "melds.py", "contracts.py", "play.py", "discards.py")


def produced_codes() -> set[ReasonCode]:
    found = set()
    for name in MODULES:
        source = (ENGINE / name).read_text()
        found |= {ReasonCode[c] for c in re.findall(r"ReasonCode\.([A-Z_0-9]+)", source)}
    return found


def sample_facts(code: ReasonCode) -> dict:
    verdict = classify_meld(parse_tiles("r7 r7 b7"), parse_indicator("b8"))
    values = {
        "tile": tile("r", 7),
        "face": tile("b", 9),
        "first": tile("y", 9),
        "second": tile("r", 3),
        "expected": 2,
        "found": 1,
        "colour": Colour.BLUE,
        "number": 7,
        "size": 5,
        "low": 12,
        "high": 14,
        "count": 3,
        "limit": 12,
        "tiles": 13,
        "meld": 0,
        "round": 4,
        "token": "x14",
        "letter": "x",
        "seat": 3,
        "stands_for": tile("k", 4),
        "at": "high",
        "verdict": verdict,
    }
    if code is ReasonCode.RUN_NOT_CONSECUTIVE:
        values["expected"] = tile("r", 8)
    return values


def test_the_scan_finds_the_codes():
    codes = produced_codes()
    assert ReasonCode.RUN_WRAPS_PAST_ONE in codes and ReasonCode.EXAMPLE_REJECTED in codes
    assert len(codes) > 60


def test_every_code_the_engine_can_produce_here_has_a_sentence():
    missing = produced_codes() - set(SENTENCES)
    assert not missing, sorted(missing)


@pytest.mark.parametrize("code", sorted(SENTENCES), ids=str)
def test_sentence_exists_in_both_languages(code):
    facts = sample_facts(code)
    with translation.override("en"):
        english = sentence(code, facts)
    with translation.override("de"):
        german = sentence(code, facts)
    assert english.strip() and german.strip()
    assert english != german, code
    assert "%(" not in english and "%(" not in german


def test_sentences_use_the_facts():
    with translation.override("en"):
        assert sentence(
            ReasonCode.VALID_RUN, {"size": 3, "colour": "y", "low": 12, "high": 14}
        ) == ("A run of three in yellow, from 12 to 1.")
    with translation.override("de"):
        text = sentence(ReasonCode.GROUP_REPEATED_COLOUR, {"colour": Colour.RED})
        assert text.startswith("Rot kommt zweimal vor")


def test_input_errors_become_sentences_naming_the_token():
    with pytest.raises(engine.InputError) as caught:
        parse_tiles("r7 x14")
    with translation.override("de"):
        assert "„x14“" in error_sentence(caught.value)


def test_contract_wording_in_both_languages():
    c = engine.Contract(groups=1, group_size=4, runs=1, run_size=5, pairs=1)
    with translation.override("en"):
        assert contract_text(c) == "one group of four, one run of five and one pair"
        assert contract_text(engine.Contract(pairs=3)) == "three pairs"
    with translation.override("de"):
        assert contract_text(c) == (
            "eine Küt-Gruppe aus vier Steinen, eine Reihe aus fünf Steinen und ein Paar"
        )
        assert contract_text(engine.Contract(runs=2, run_size=5)) == (
            "zwei Reihen aus je fünf Steinen"
        )
        assert contract_text(engine.FINAL).startswith("alles auf einmal")
