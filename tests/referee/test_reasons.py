"""Every engine reason code has a sentence in both languages, and codes lead to rulings."""

import re

import pytest
from django.utils import translation

from referee import reasons
from referee.reasons import (
    REASON_RULINGS,
    RULE_RULINGS,
    RULING_KEYS,
    SENTENCES,
    error_message,
    ruling_for,
    sentence,
)
from rules.engine.melds import classify_meld
from rules.engine.notation import parse_indicator, parse_tiles
from rules.engine.tiles import Colour, tile
from rules.engine.verdicts import REASONS, NotationError, ReasonCode

from .helpers import KEYS

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
INDICATOR = parse_indicator("b8")


def sample_facts(code):
    """A value for every fact the engine documents for this code."""
    values = {
        "token": "x14",
        "letter": "x",
        "number": 7,
        "meld": 1,
        "count": 3,
        "limit": 2,
        "tile": tile("r", 7),
        "index": 1,
        "colour": Colour.BLUE,
        "size": 4,
        "low": 12,
        "high": 14,
        "expected": 3,
        "found": 2,
        "minimum": 3,
        "maximum": 4,
        "first": tile("r", 7),
        "second": tile("k", 7),
        "face": tile("b", 9),
        "verdict": classify_meld(parse_tiles("r7 r7 b7"), INDICATOR),
        "missing": (tile("y", 3),),
        "extra": (),
        "field": "groups",
        "round": 3,
        "tiles": 13,
        "at": "high",
        "stands_for": (tile("k", 4),),
        "offence": ReasonCode.PLAYABLE_DISCARD,
        "pile": 1,
        "seat": 3,
        "seats": (2, 4),
        "others": (4,),
        "penalty_tiles": 1,
        "points": 40,
        "factor": 5,
        "partner": 3,
        "value": "won",
    }
    return {name: values.get(name, 1) for name in REASONS[code].facts}


def test_every_engine_reason_code_has_a_sentence():
    missing = [code for code in ReasonCode if code not in SENTENCES]
    assert not missing, f"no sentence for {missing}"
    assert set(SENTENCES) <= set(ReasonCode)


class Recorder(dict):
    """Records every placeholder a message asks for."""

    def __init__(self, *args):
        super().__init__(*args)
        self.used = set(self)

    def __missing__(self, key):
        self.used.add(key)
        return 1


@pytest.mark.parametrize("code", list(ReasonCode), ids=str)
def test_sentences_only_use_facts_the_engine_gives(code):
    message = SENTENCES[code]
    for language in ("en", "de"):
        with translation.override(language):
            if isinstance(message, tuple):
                recorder = Recorder({message[1]: 2})
                message[0] % recorder
            else:
                recorder = Recorder()
                str(message) % recorder
        allowed = set(REASONS[code].facts) | {"token"}
        assert recorder.used <= allowed, (code, language, recorder.used - allowed)


@pytest.mark.parametrize("code", list(ReasonCode), ids=str)
def test_every_sentence_renders_in_both_languages(code):
    facts = sample_facts(code)
    with translation.override("en"):
        english = sentence(code, facts)
    with translation.override("de"):
        german = sentence(code, facts)
    for text in (english, german):
        assert text and text != str(code)
        assert "%(" not in text and "None" not in text
    assert english != german, f"{code} is not translated"


def test_facts_are_put_into_words_in_the_pages_language():
    verdict = classify_meld(parse_tiles("r13 r1 r2"), INDICATOR)
    with translation.override("en"):
        assert "red 2" in reasons.describe(verdict)
        assert "tile 3" in reasons.describe(verdict)
    with translation.override("de"):
        assert "rote 2" in reasons.describe(verdict)
        assert "Stein 3" in reasons.describe(verdict)


def test_a_run_ending_on_the_one_after_thirteen_says_so():
    verdict = classify_meld(parse_tiles("y11 y12 y13 y1"), INDICATOR)
    with translation.override("en"):
        assert reasons.describe(verdict) == "A run in yellow from 11 to 1 (4 tiles)."
    with translation.override("de"):
        assert reasons.describe(verdict) == "Eine Reihe in Gelb von 11 bis 1 (4 Steine)."


def test_plural_sentences_follow_the_count():
    with translation.override("en"):
        assert sentence(ReasonCode.TOO_FEW_TILES, {"count": 1, "minimum": 3}).startswith(
            "Only 1 tile:"
        )
        assert sentence(ReasonCode.TOO_FEW_TILES, {"count": 2, "minimum": 3}).startswith(
            "Only 2 tiles:"
        )
    with translation.override("de"):
        assert sentence(ReasonCode.PILE_TOO_SMALL, {"pile": 1}).count("1 Stein:") == 1


def test_missing_facts_never_raise():
    for code in ReasonCode:
        assert isinstance(sentence(code, {}), str)
    assert sentence("NOT_A_CODE") == "NOT_A_CODE"


def test_input_errors_name_the_token():
    with pytest.raises(NotationError) as caught:
        parse_tiles("r12 x14")
    with translation.override("en"):
        assert error_message(caught.value).startswith("“x14” is not a tile")
    with translation.override("de"):
        assert error_message(caught.value).startswith("„x14“ ist kein Stein")


def test_okey_roles_say_what_each_okey_stands_for():
    verdict = classify_meld(parse_tiles("k3 ok k5"), INDICATOR)
    with translation.override("en"):
        assert reasons.okey_roles(verdict) == ["The Okey at place 2 stands for black 4."]
    with translation.override("de"):
        assert reasons.okey_roles(verdict) == ["Der Okey an Stelle 2 steht für: schwarze 4."]


def test_ruling_keys_are_the_nine_published_slugs():
    assert RULING_KEYS == KEYS


def test_rulings_named_by_the_maps_exist_and_every_ruling_is_reachable():
    named = set(RULE_RULINGS.values()) | set(REASON_RULINGS.values())
    assert named <= set(RULING_KEYS)
    assert named == set(RULING_KEYS), set(RULING_KEYS) - named
    assert all(re.fullmatch(r"[TDMCPBXES]\d+", rule) for rule in RULE_RULINGS)
    assert set(REASON_RULINGS) <= set(ReasonCode)


@pytest.mark.parametrize(
    ("code", "rule", "slug"),
    [
        (ReasonCode.RUN_WRAPS_PAST_ONE, "M2", "run-12-13-1"),
        (ReasonCode.GROUP_TOO_LONG, "M1", "group-size"),
        (ReasonCode.GROUP_FULL, "P6", "group-size"),
        (ReasonCode.OKEY_DISCARD, "X1", "discard-okey"),
        (ReasonCode.NO_CHOICE, "X3", "discard-playable-tile"),
        (ReasonCode.FINISHED_WITH_OKEY, "X6", "discard-okey"),
        (ReasonCode.MELDED_THIS_TURN, "P3", "add-on-melding-turn"),
        (ReasonCode.NOT_MELDED_YET, "P5", "add-before-melding"),
        (ReasonCode.BOUGHT, "B1", "buy-discard"),
        (ReasonCode.TOO_FEW_TILES, "M2", "run-12-13-1"),
        (ReasonCode.TOO_FEW_TILES, "M1", "group-size"),
        (ReasonCode.VALID_PAIR, "M3", None),
        (ReasonCode.NOT_A_TILE, None, None),
    ],
)
def test_ruling_for_prefers_the_code_then_the_verdicts_rule(code, rule, slug):
    assert ruling_for(code, rule) == slug


def test_ruling_for_falls_back_to_the_codes_usual_rule():
    assert ruling_for(ReasonCode.RUN_WRAPS_PAST_ONE) == "run-12-13-1"
    assert ruling_for(rule="E2") == "pile-runs-out"
    assert ruling_for("NOT_A_CODE") is None
