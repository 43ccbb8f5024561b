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
