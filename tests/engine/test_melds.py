"""M1–M5 (and T3, T4 inside melds): classifying a meld given in table order."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules.engine import (
    FACES,
    OKEY,
    Contract,
    MeldKind,
    ReasonCode,
    check_opening,
    classify_meld,
    format_tiles,
    okey_of,
)

from .helpers import B8, I, T, t

R = ReasonCode
GROUP, RUN, PAIR = MeldKind.GROUP, MeldKind.RUN, MeldKind.PAIR

# rule, tiles (indicator b8: Okey b9), kind or None, reason, facts subset
CASES = [
    # M1 Küt group — docs/rules.md's own examples first
    ("M1", "r7 k7 b7", GROUP, R.VALID_GROUP, {"number": 7, "size": 3}),
    ("M1", "r7 k7 b7 y7", GROUP, R.VALID_GROUP, {"size": 4}),
    ("M1", "r7 r7 b7", None, R.GROUP_REPEATED_COLOUR, {"colour": "r", "index": 1}),
    ("M1", "r7 k7 b7 y7 ok", None, R.GROUP_TOO_LONG, {"count": 5, "maximum": 4}),
    ("M1", "r7 k7 b7 y7 r7", None, R.GROUP_TOO_LONG, {"count": 5}),
    ("M1", "r7 k7 b8", None, R.GROUP_MIXED_NUMBERS, {"tile": t("b8"), "number": 7}),
    ("M1", "k13 y13 r13", GROUP, R.VALID_GROUP, {"number": 13}),
    # two tiles are a meld only as a pair (M3): the verdict says a third would start a group
    ("M3", "r7 k7", None, R.PAIR_NOT_IDENTICAL, {"first": t("r7"), "start": GROUP}),
    ("M3", "r7", None, R.TOO_FEW_TILES, {"count": 1, "minimum": 2}),
    ("M3", "", None, R.TOO_FEW_TILES, {"count": 0}),
    # M2 runs
    ("M2", "b4 b5 b6", RUN, R.VALID_RUN, {"colour": "b", "low": 4, "high": 6}),
    ("M2", "r1 r2 r3", RUN, R.VALID_RUN, {"low": 1, "high": 3}),
    ("M2", "y12 y13 y1", RUN, R.VALID_RUN, {"low": 12, "high": 14}),
    ("M2", "r11 r12 r13 r1", RUN, R.VALID_RUN, {"size": 4}),
    ("M2", "r13 r1 r2", None, R.RUN_WRAPS_PAST_ONE, {"tile": t("r2"), "index": 2}),
    ("M2", "r12 r13 r1 r2", None, R.RUN_WRAPS_PAST_ONE, {"tile": t("r2")}),
    # tiles are a set: the Okey goes where the run is valid, whatever the typed order
    ("M2", "k12 k13 k1 ok", RUN, R.VALID_RUN, {"low": 11, "high": 14}),
    ("M2", "ok r1 r2", RUN, R.VALID_RUN, {"low": 1, "high": 3}),
    ("M2", "r13 r1 ok", RUN, R.VALID_RUN, {"low": 12, "high": 14}),
    ("M2", "b5 b3 b4", RUN, R.VALID_RUN, {"low": 3, "high": 5}),
    ("M2", "b5 b6 r7", None, R.RUN_MIXED_COLOURS, {"tile": t("r7"), "colour": "b"}),
    ("M2", "r4 r6 r7", None, R.RUN_NOT_CONSECUTIVE, {"tile": t("r6"), "expected": t("r5")}),
    ("M2", "r5 r5 r6", None, R.RUN_NOT_CONSECUTIVE, {"index": 1, "expected": t("r6")}),
    ("M2", "r7 r6 r4", None, R.RUN_NOT_CONSECUTIVE, {"tile": t("r4"), "expected": t("r5")}),
    ("M3", "r7 r8", None, R.PAIR_NOT_IDENTICAL, {"start": RUN}),
    ("M2", "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13", RUN, R.VALID_RUN, {"size": 13}),
    (
        "M2",
        "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 r1",
        RUN,
        R.VALID_RUN,
        {"low": 1, "high": 14},
    ),
    (
        "M2",
        "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 r1 r2",
        None,
        R.RUN_WRAPS_PAST_ONE,
        {"index": 14},
    ),
    # our choice: a run written high to low is the same run
    ("M2", "r3 r2 r1", RUN, R.VALID_RUN, {"low": 1, "high": 3}),
    ("M2", "r1 r13 r12", RUN, R.VALID_RUN, {"low": 12, "high": 14}),
    ("M2", "r2 r1 r13", None, R.RUN_WRAPS_PAST_ONE, {"tile": t("r2"), "index": 0}),
    # M3 pairs
    ("M3", "y9 y9", PAIR, R.VALID_PAIR, {"tile": t("y9")}),
    ("M3", "r9 y9", None, R.PAIR_NOT_IDENTICAL, {"start": GROUP}),
    ("M3", "r3 r9", None, R.PAIR_NOT_IDENTICAL, {"start": None}),
    ("M3", "r3 r9", None, R.PAIR_NOT_IDENTICAL, {"first": t("r3"), "second": t("r9")}),
    ("M3", "r3 k9", None, R.PAIR_NOT_IDENTICAL, {}),
    # M4 Okeys fill any missing tile; also the partner in a pair
    (
        "M4",
        "k3 ok k5",
        RUN,
        R.VALID_RUN,
        {"low": 3, "high": 5},
    ),  # the guide's black 3, Okey, black 5
    ("M4", "r7 k7 ok", GROUP, R.VALID_GROUP, {"number": 7}),
    ("M4", "ok r7", PAIR, R.VALID_PAIR, {"tile": t("r7")}),
    ("M4", "ok ok", PAIR, R.VALID_PAIR, {"tile": None}),
    ("M4", "ok ok r5", GROUP, R.VALID_GROUP, {}),
    ("M4", "r12 ok r1", RUN, R.VALID_RUN, {"low": 12, "high": 14}),
    ("M4", "ok ok ok", None, R.TOO_MANY_COPIES, {"tile": t("b9"), "count": 3}),
    # M5 / T4 a false joker is the Okey's face (b9), never wild
    ("M5", "b8 fj b10", RUN, R.VALID_RUN, {"low": 8, "high": 10}),
    ("M5", "r9 k9 fj", GROUP, R.VALID_GROUP, {"number": 9}),
    ("M5", "fj fj", PAIR, R.VALID_PAIR, {"tile": t("b9")}),
    ("M5", "fj ok", PAIR, R.VALID_PAIR, {"tile": t("b9")}),
    (
        "T4",
        "fj r7 k7",
        None,
        R.FALSE_JOKER_NOT_WILD,
        {"tile": t("fj"), "index": 0, "face": t("b9")},
    ),
    ("T4", "r3 fj r5", None, R.FALSE_JOKER_NOT_WILD, {"index": 1}),
    ("T4", "fj r7", None, R.FALSE_JOKER_NOT_WILD, {}),
    ("T1", "fj fj fj", None, R.TOO_MANY_COPIES, {"tile": t("fj"), "count": 3}),
    ("T1", "r7 r7 r7", None, R.TOO_MANY_COPIES, {"tile": t("r7")}),
    ("T1", "r1 r1 r1", None, R.TOO_MANY_COPIES, {"tile": t("r1"), "count": 3}),
    # rows a mutation test found unpinned: each fails on one changed line of melds.py
    ("M1", "ok ok r5 r5", None, R.GROUP_REPEATED_COLOUR, {}),  # two Okeys are not too many (T3)
    ("M1", "r7 k7 b7 r7", None, R.GROUP_REPEATED_COLOUR, {"colour": "r"}),  # four, not too long
    ("M1", "r1 k1 y5", None, R.GROUP_MIXED_NUMBERS, {"tile": t("y5"), "number": 1}),
    ("M4", "r1 ok", PAIR, R.VALID_PAIR, {"tile": t("r1")}),
    ("M4", "ok r1", PAIR, R.VALID_PAIR, {"tile": t("r1")}),
    ("T4", "r1 k1 fj", None, R.FALSE_JOKER_NOT_WILD, {}),  # the false joker is b9, not a 1
    ("T4", "fj fj ok", None, R.FALSE_JOKER_NOT_WILD, {}),
    ("M2", "r3 fj k7", None, R.RUN_MIXED_COLOURS, {}),
    ("M2", "r3 k5 ok ok", None, R.RUN_MIXED_COLOURS, {"tile": t("k5"), "colour": "r"}),
    # the indicator b8 lies face up: a meld can hold only one more blue 8, in every mode (T1)
    ("T1", "b8 b8", None, R.TOO_MANY_COPIES, {"tile": t("b8"), "count": 2, "indicator": True}),
    ("T1", "b7 b8 b8", None, R.TOO_MANY_COPIES, {"count": 2, "indicator": True}),
]


@pytest.mark.parametrize(
    ("rule", "tiles", "kind", "reason", "facts"), CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES]
)
def test_classify(rule, tiles, kind, reason, facts):
    verdict = classify_meld(T(tiles), B8)
    assert verdict.ok is (kind is not None)
    assert verdict.kind is kind
    assert verdict.reason is reason
    assert verdict.rule == {"M4": verdict.rule, "M5": verdict.rule}.get(rule, rule)
    for key, value in facts.items():
        assert verdict.facts[key] == value, key


@pytest.mark.parametrize(
    ("tiles", "stands_for"),
    [
        ("k3 ok k5", [["k4"]]),
        ("ok r2 r3", [["r1"]]),
        ("r12 r13 ok", [["r1"]]),
        ("ok r13 r1", [["r12"]]),
        ("r5 ok r3", [["r4"]]),  # written high to low: position still decides
        ("r7 k7 ok", [["b7", "y7"]]),  # three-tile group: either missing colour
        ("r7 k7 b7 ok", [["y7"]]),
        ("r7 k7 ok ok", [["b7", "y7"], ["b7", "y7"]]),
        ("ok r7", [["r7"]]),
        ("ok ok", [[], []]),  # a pair of two Okeys: any tile
        ("b4 b9 b6", [["b5"]]),  # b9 is the Okey with indicator b8 (T3)
    ],
)
def test_M4_what_each_okey_stands_for(tiles, stands_for):
    verdict = classify_meld(T(tiles), B8)
    assert verdict.ok
    assert [[str(x) for x in options] for options in verdict.okey_stands_for] == stands_for


def test_M4_one_tile_and_two_okeys_read_as_group_or_run():
    verdict = classify_meld(T("ok ok r5"), B8)
    assert verdict.kinds == (GROUP, RUN)
    run = verdict.reading(RUN)
    assert run is not None and (run.low, run.high) == (3, 5)
    assert run.stands_for == ((t("r3"),), (t("r4"),))
    assert verdict.reading(PAIR) is None


@pytest.mark.parametrize(
    ("indicator", "typed", "laid", "low", "high"),
    [
        # the false joker is y9 and the Okey wild: the typed order made the joker look wild
        ("y8", "ok ok y7 fj", "ok y7 ok fj", 6, 9),
        ("y8", "y7 fj ok ok", "ok y7 ok fj", 6, 9),
        # the false joker is r13, and the r13 typed is the Okey: 12-13-1 (M2)
        ("r12", "r1 r13 fj", "r13 fj r1", 12, 14),
        ("r12", "fj r1 r13", "r13 fj r1", 12, 14),
        # the false joker is r1, and the r1 typed is the Okey: 1-2-3
        ("r13", "r1 fj r2", "fj r2 r1", 1, 3),
    ],
)
def test_M5_a_false_joker_typed_out_of_order_is_laid_at_its_face(indicator, typed, laid, low, high):
    verdict = classify_meld(T(typed), I(indicator))
    assert verdict.ok and verdict.reason is R.VALID_RUN, verdict.reason
    assert verdict.arranged and verdict.tiles == T(laid)
    assert (verdict.facts["low"], verdict.facts["high"]) == (low, high)


@pytest.mark.parametrize("typed", ["ok r1 ok", "r1 ok ok", "ok ok r1"])
def test_M2_a_one_with_two_okeys_is_a_run_in_any_order_typed(typed):
    """As typed, "ok r1 ok" is only a group (13-1-2 is no run); laid 1-2-3 it is a run too,
    so a round that asks for a run accepts it however it was typed (C2)."""
    verdict = classify_meld(T(typed), B8)
    assert verdict.ok and verdict.kinds[0] is GROUP and RUN in verdict.kinds
    opening = check_opening([T(typed)], Contract(runs=1), B8)
    assert opening.ok and opening.reason is R.CONTRACT_MET and opening.kinds == (RUN,)


@pytest.mark.parametrize("typed", ["r5 fj r7", "y5 fj y7", "fj y11 y12"])
def test_T4_a_false_joker_no_order_can_place_stays_not_wild(typed):
    # indicator y8: the false joker is y9, and only as a wild tile could it fill these gaps
    verdict = classify_meld(T(typed), I("y8"))
    assert not verdict.ok and verdict.reason is R.FALSE_JOKER_NOT_WILD and verdict.rule == "T4"
    assert not verdict.arranged


def test_M3_pairs_only_where_allowed():
    verdict = classify_meld(T("y9 y9"), B8, allow_pairs=False)
    assert not verdict.ok and verdict.reason is R.PAIR_NOT_ALLOWED and verdict.rule == "M3"
    assert classify_meld(T("r7 k7 b7"), B8, allow_pairs=False).ok


def test_okey_indexes_and_tiles_are_reported():
    verdict = classify_meld(T("r7 ok b7 b9"), B8)
    assert verdict.ok and verdict.okey_indexes == (1, 3)
    assert verdict.tiles == T("r7 ok b7 b9")


def test_the_indicator_decides_which_tile_is_wild():
    assert not classify_meld(T("r3 r9 r5"), B8).ok
    assert classify_meld(T("r3 r9 r5"), I("r8")).ok  # r9 is the Okey now


# ---------------------------------------------------------------- properties


@st.composite
def valid_melds(draw):
    indicator = draw(st.sampled_from(FACES))
    okey = okey_of(indicator)
    kind = draw(st.sampled_from(["run", "group"]))
    if kind == "run":
        colour = draw(st.integers(0, 3))
        length = draw(st.integers(3, 14))
        start = draw(st.integers(1, 15 - length))
        tiles = [FACES[colour * 13 + (p - 1) % 13] for p in range(start, start + length)]
    else:
        number = draw(st.integers(0, 12))
        colours = draw(st.permutations(range(4)))[: draw(st.integers(3, 4))]
        tiles = [FACES[c * 13 + number] for c in colours]
    # Two copies of each tile (T1), and the face-up indicator is one of them.
    assume(tiles.count(indicator) <= 1)
    if okey in tiles and draw(st.booleans()):
        tiles[tiles.index(okey)] = OKEY
    return indicator, tuple(tiles)


@settings(deadline=None)  # a shared, noisy machine: no time limits
@given(valid_melds(), st.data())
def test_replacing_one_tile_of_a_valid_meld_by_an_okey_keeps_it_valid(drawn, data):
    indicator, tiles = drawn
    before = classify_meld(tiles, indicator)
    assert before.ok, format_tiles(tiles)
    assume(len(before.okey_indexes) <= 1)
    index = data.draw(st.integers(0, len(tiles) - 1))
    assume(index not in before.okey_indexes)
    replaced = (*tiles[:index], OKEY, *tiles[index + 1 :])
    after = classify_meld(replaced, indicator)
    assert after.ok, format_tiles(replaced)
    assert set(before.kinds) <= set(after.kinds)
    # ... and the Okey stands for the tile it replaced.
    reading = after.reading(before.kind)
    assert reading is not None
    if after.arranged:
        # "ok k1 ok" is laid k1 ok ok to read as a run too; as a group, both Okeys stand for
        # the same missing colours, the replaced tile's among them
        assert before.kind is GROUP
        assert all(tiles[index] in stands for stands in reading.stands_for)
    else:
        slot = after.okey_indexes.index(index)
        assert tiles[index] in reading.stands_for[slot]


@settings(deadline=None)  # a shared, noisy machine: no time limits
@given(st.lists(st.sampled_from((*FACES, OKEY)), min_size=0, max_size=6), st.sampled_from(FACES))
def test_every_verdict_carries_a_catalogued_reason_and_rule(tiles, indicator):
    from rules.engine import REASONS

    verdict = classify_meld(tiles, indicator)
    assert verdict.reason in REASONS
    assert verdict.rule and verdict.rule[0] in "MT"
    assert verdict.ok == (verdict.reason in (R.VALID_GROUP, R.VALID_RUN, R.VALID_PAIR))


def test_verdicts_are_frozen_dataclasses_equal_to_ordinary_construction():
    from dataclasses import FrozenInstanceError, fields

    from rules.engine import MeldVerdict

    verdict = classify_meld(T("k3 ok k5"), B8)
    again = MeldVerdict(**{f.name: getattr(verdict, f.name) for f in fields(verdict)})
    assert again == verdict and repr(again) == repr(verdict)
    with pytest.raises(FrozenInstanceError):
        verdict.ok = False  # type: ignore[misc]
    assert classify_meld(T("k3 ok k5"), B8).readings[0] is verdict.readings[0]  # shared


def test_M4_a_red_1_with_an_okey_is_a_pair_the_okey_standing_for_r1():
    for typed in ("r1 ok", "ok r1"):
        assert classify_meld(T(typed), B8).okey_stands_for == ((t("r1"),),)
    for pair in ("y9 y9", "r1 r1"):  # red 1 is code 0: no Okey in a pair of two real tiles
        assert classify_meld(T(pair), B8).okey_stands_for == ()
    assert classify_meld(T("r7 r7 b7"), B8).okey_stands_for == ()  # invalid: stands for nothing


def test_M4_read_as_gives_the_other_reading_of_one_tile_and_two_okeys():
    """The referee's checkers show `ok ok r5` as the kind the table laid it as (read_as)."""
    verdict = classify_meld(T("ok ok r5"), B8)
    run = verdict.read_as(RUN)
    assert run.ok and run.kind is RUN and run.kinds == (RUN, GROUP)
    assert (run.reason, run.rule) == (R.VALID_RUN, "M2")
    assert (run.facts["low"], run.facts["high"], run.facts["size"]) == (3, 5, 3)
    assert run.okey_stands_for == ((t("r3"),), (t("r4"),))
    assert verdict.read_as(GROUP) is verdict and verdict.read_as(PAIR) is verdict
    invalid = classify_meld(T("r7 r7 b7"), B8)
    assert invalid.read_as(RUN) is invalid


def test_M3_a_pair_where_pairs_are_not_allowed_has_no_kind():
    verdict = classify_meld(T("y9 y9"), B8, allow_pairs=False)
    assert not verdict.ok and verdict.kinds == () and verdict.kind is None
