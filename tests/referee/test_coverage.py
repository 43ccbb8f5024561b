"""Reason codes and rule IDs lead to the referee ruling that covers them."""

import re

import pytest

from referee.coverage import REASON_RULINGS, RULE_RULINGS, RULING_KEYS, ruling_for
from rules.engine.verdicts import ReasonCode

from .helpers import KEYS


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
        # Links follow the reason (issue 16): only the reasons a ruling is about link it.
        (ReasonCode.TOO_FEW_TILES, "M3", None),
        (ReasonCode.PAIR_NOT_IDENTICAL, "M3", None),
        (ReasonCode.RUN_NOT_CONSECUTIVE, "M2", None),
        (ReasonCode.RUN_MIXED_COLOURS, "M2", None),
        (ReasonCode.GROUP_MIXED_NUMBERS, "M1", None),
        (ReasonCode.VALID_RUN, "M2", None),
        (ReasonCode.GROUP_REPEATED_COLOUR, "M1", "group-size"),
        (ReasonCode.VALID_PAIR, "M3", None),
        (ReasonCode.NOT_A_TILE, None, None),
    ],
)
def test_ruling_for_prefers_the_code_then_the_verdicts_rule(code, rule, slug):
    assert ruling_for(code, rule) == slug


@pytest.mark.parametrize(
    ("code", "found", "slug"),
    [
        (ReasonCode.VALID_RUN, {"low": 12, "high": 14}, "run-12-13-1"),  # M2: 12-13-1
        (ReasonCode.VALID_RUN, {"low": 1, "high": 3}, None),  # M2: 1-2-3 is no dispute
        (ReasonCode.VALID_GROUP, {"size": 4}, "group-size"),  # M1: four is the most
        (ReasonCode.VALID_GROUP, {"size": 3}, None),
    ],
)
def test_a_valid_meld_links_the_ruling_it_illustrates(code, found, slug):
    assert ruling_for(code, None, found) == slug


def test_ruling_for_falls_back_to_the_codes_usual_rule():
    assert ruling_for(ReasonCode.RUN_WRAPS_PAST_ONE) == "run-12-13-1"
    assert ruling_for(rule="E2") == "pile-runs-out"
    assert ruling_for("NOT_A_CODE") is None
