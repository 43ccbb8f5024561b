"""P1–P8: a turn, adding tiles to the table, taking an Okey."""

import pytest

from rules.engine import (
    PlayAction,
    ReasonCode,
    can_add,
    can_swap_okey,
    may_play,
    next_seat,
)

from .helpers import B8, T, t

R = ReasonCode

ADD_CASES = [
    # rule, meld, tile, reason, where it fits / facts
    ("P6", "r10 r11 r12", "r13", R.CAN_ADD, ("high",)),  # the guide's example
    ("P6", "r10 r11 r12", "r9", R.CAN_ADD, ("low",)),
    ("P6", "r11 r12 r13", "r1", R.CAN_ADD, ("high",)),  # the 1 after 13
    ("P6", "r2 r3 r4", "r1", R.CAN_ADD, ("low",)),
    ("P6", "r12 r13 r1", "r2", R.RUN_WRAPS_PAST_ONE, {"tile": t("r2")}),
    ("P6", "r1 r2 r3", "r13", R.RUN_WRAPS_PAST_ONE, {}),
    (
        "P6",
        "r10 r11 r12",
        "r8",
        R.NOT_AT_RUN_END,
        {"low": t("r9"), "high": t("r13"), "swap": False},
    ),
    ("P6", "k10 k11 k12", "k8", R.NOT_AT_RUN_END, {"low": t("k9"), "high": t("k13")}),
    # the ends a run can take (M2): nothing below a 1, a 1 after 13
    ("P6", "r1 r2 r3", "r9", R.NOT_AT_RUN_END, {"low": None, "high": t("r4")}),
    ("P6", "r2 r3 r4", "r9", R.NOT_AT_RUN_END, {"low": t("r1"), "high": t("r5")}),
    ("P6", "r11 r12 r13", "r5", R.NOT_AT_RUN_END, {"low": t("r10"), "high": t("r1")}),
    ("P6", "r5 r6 r7", "r13", R.NOT_AT_RUN_END, {}),
    ("P6", "r12 r13 r1", "r10", R.NOT_AT_RUN_END, {"low": t("r11"), "high": None}),
    ("P6", "r10 r11 r12", "k13", R.WRONG_COLOUR_FOR_RUN, {"colour": "r"}),
    ("P6", "r10 r11 r12", "ok", R.CAN_ADD, ("low", "high")),
    ("P6", "r12 r13 r1", "ok", R.CAN_ADD, ("low",)),
    ("P6", "r3 r2 r1", "r4", R.CAN_ADD, ("high",)),  # written high to low
    ("P6", "r10 ok r12", "r11", R.NOT_AT_RUN_END, {"swap": True}),
    ("P6", "r7 k7 b7", "y7", R.CAN_ADD, ("group",)),  # the missing fourth colour
    ("P6", "r7 k7 ok", "b7", R.CAN_ADD, ("group",)),
    ("P6", "r7 k7 b7", "ok", R.CAN_ADD, ("group",)),
    ("P6", "r7 k7 b7", "fj", R.WRONG_NUMBER_FOR_GROUP, {"number": 7}),  # fj is b9
    ("P6", "r7 k7 b7", "r7", R.COLOUR_ALREADY_IN_GROUP, {"colour": "r"}),
    ("P6", "r7 k7 b7", "y8", R.WRONG_NUMBER_FOR_GROUP, {"number": 7}),
    ("P6", "r7 k7 b7 y7", "r7", R.GROUP_FULL, {}),  # never a fifth tile
    ("P6", "r7 k7 b7 y7", "ok", R.GROUP_FULL, {}),  # not even an Okey
    ("P6", "y9 y9", "r9", R.ADD_TO_PAIR, {}),  # never to a pair: it does not become a group
    ("T1", "y9 y9", "y9", R.TOO_MANY_COPIES, {}),  # a third yellow 9 does not exist
    ("P6", "y9 ok", "ok", R.ADD_TO_PAIR, {}),
    ("M2", "r13 r1 r2", "r3", R.INVALID_MELD, {}),
    ("T1", "r7 ok b9", "ok", R.TOO_MANY_COPIES, {}),  # a third Okey does not exist (b9 is one)
    # one tile and two Okeys: a group or a run, so both additions fit
    ("P6", "ok ok r5", "k5", R.CAN_ADD, ("group",)),
    ("P6", "ok ok r5", "r6", R.CAN_ADD, ("high",)),
    ("P6", "ok ok r5", "r2", R.CAN_ADD, ("low",)),
]


@pytest.mark.parametrize(
    ("rule", "meld", "tile", "reason", "expect"),
    ADD_CASES,
    ids=[f"{c[0]}:{c[1]}+{c[2]}" for c in ADD_CASES],
)
def test_P6_adding_a_tile(rule, meld, tile, reason, expect):
    verdict = can_add(t(tile), T(meld), B8)
    assert (verdict.reason, verdict.rule) == (reason, rule)
    assert verdict.ok is (reason is R.CAN_ADD)
    if verdict.ok:
        assert verdict.at == expect
        assert verdict.result is not None and verdict.result.ok
        assert t(tile) in verdict.result.tiles and len(verdict.result.tiles) == len(T(meld)) + 1
    else:
        for key, value in expect.items():
            assert verdict.facts[key] == value, key


def test_P6_the_result_is_in_table_order():
    assert can_add(t("r13"), T("r10 r11 r12"), B8).result.tiles == T("r10 r11 r12 r13")
    assert can_add(t("r9"), T("r10 r11 r12"), B8).result.tiles == T("r9 r10 r11 r12")
    assert can_add(t("r4"), T("r3 r2 r1"), B8).result.tiles == T("r4 r3 r2 r1")


SWAP_CASES = [
    ("P7", "k3 ok k5", "k4", R.CAN_SWAP_OKEY, {"index": 1, "stands_for": t("k4")}),
    ("P7", "k3 ok k5", "k6", R.TILE_NOT_STOOD_FOR, {"stands_for": (t("k4"),)}),
    ("P7", "r12 r13 ok", "r1", R.CAN_SWAP_OKEY, {"index": 2}),
    ("P7", "r7 k7 ok y7", "b7", R.CAN_SWAP_OKEY, {"index": 2}),
    ("P7", "r7 k7 ok y7", "r7", R.TILE_NOT_STOOD_FOR, {"stands_for": (t("b7"),)}),
    ("P7", "r7 k7 ok", "b7", R.GROUP_NEEDS_FOUR_TO_SWAP, {}),  # add the fourth tile first
    ("P7", "r7 k7 ok ok", "y7", R.CAN_SWAP_OKEY, {"index": 2}),
    ("P7", "k3 k4 k5", "k4", R.NO_OKEY_IN_MELD, {}),
    ("P7", "k3 ok k5", "ok", R.SWAP_WITH_OKEY, {}),
    ("P7", "k3 ok k5", "b9", R.SWAP_WITH_OKEY, {}),  # b9 is an Okey too (T3)
    ("P7", "b8 ok b10", "fj", R.CAN_SWAP_OKEY, {"stands_for": t("b9")}),  # fj is a real b9
    ("P7", "y9 ok", "y9", R.CAN_SWAP_OKEY, {"index": 1}),  # our choice: pairs too
    ("P7", "ok ok r5", "r3", R.CAN_SWAP_OKEY, {"index": 0}),  # as the run r3-r4-r5
    # one tile and two Okeys, a group or a run: a tile for the group is refused as such
    ("P7", "ok ok r5", "k5", R.GROUP_NEEDS_FOUR_TO_SWAP, {}),
    ("P7", "ok r7 ok", "b7", R.GROUP_NEEDS_FOUR_TO_SWAP, {}),
    ("P7", "ok ok r5", "r9", R.TILE_NOT_STOOD_FOR, {"stands_for": (t("r3"), t("r4"))}),
    ("P7", "r7 k7 ok", "y9", R.GROUP_NEEDS_FOUR_TO_SWAP, {}),  # no tile would do
    ("M1", "r7 r7 ok", "k7", R.INVALID_MELD, {}),
]


@pytest.mark.parametrize(
    ("rule", "meld", "tile", "reason", "facts"),
    SWAP_CASES,
    ids=[f"{c[0]}:{c[1]}<-{c[2]}" for c in SWAP_CASES],
)
def test_P7_taking_an_okey(rule, meld, tile, reason, facts):
    verdict = can_swap_okey(t(tile), T(meld), B8)
    assert (verdict.reason, verdict.rule) == (reason, rule)
    assert verdict.ok is (reason is R.CAN_SWAP_OKEY)
    for key, value in facts.items():
        assert verdict.facts[key] == value, key
    if verdict.ok:
        assert verdict.result.ok  # the meld stays valid
        assert verdict.result.tiles[verdict.okey_index] == t(tile)


A = PlayAction
PLAY_CASES = [
    # rule, action, has melded, melded this turn, tiles left, final round, reason
    ("P2", A.MELD, False, False, 5, False, R.MAY_MELD),
    ("P2", A.MELD, True, False, 5, False, R.ALREADY_MELDED),
    ("P8", A.MELD, False, False, 0, False, R.MUST_KEEP_DISCARD),
    # P8's edge: one tile left is enough to discard, so the move is allowed (P2, P4)
    ("P2", A.MELD, False, False, 1, False, R.MAY_MELD),
    ("P4", A.ADD, True, False, 1, False, R.MAY_PLAY),
    ("P4", A.ADD, True, False, 3, False, R.MAY_PLAY),
    ("P4", A.NEW_MELD, True, False, None, False, R.MAY_PLAY),
    ("P4", A.TAKE_OKEY, True, False, 1, False, R.MAY_PLAY),
    ("P5", A.ADD, False, False, 5, False, R.NOT_MELDED_YET),
    ("P5", A.NEW_MELD, False, False, 5, False, R.NOT_MELDED_YET),
    ("P7", A.TAKE_OKEY, False, False, 5, False, R.NOT_MELDED_YET),
    ("P3", A.ADD, True, True, 5, False, R.MELDED_THIS_TURN),
    ("P3", A.NEW_MELD, True, True, 5, False, R.MELDED_THIS_TURN),
    ("P7", A.TAKE_OKEY, True, True, 5, False, R.MELDED_THIS_TURN),
    ("P8", A.ADD, True, False, 0, False, R.MUST_KEEP_DISCARD),
    ("P8", A.NEW_MELD, True, False, 0, False, R.MUST_KEEP_DISCARD),
    ("C4", A.MELD, False, False, 5, True, R.FINAL_ROUND_ALL_AT_ONCE),
    ("C4", A.ADD, True, False, 5, True, R.FINAL_ROUND_ALL_AT_ONCE),
]


@pytest.mark.parametrize(
    ("rule", "action", "melded", "this_turn", "left", "final", "reason"),
    PLAY_CASES,
    ids=[f"{c[0]}:{c[1]}" for c in PLAY_CASES],
)
def test_when_a_player_may_play(rule, action, melded, this_turn, left, final, reason):
    verdict = may_play(
        action,
        has_melded=melded,
        melded_this_turn=this_turn,
        tiles_left=left,
        final_round=final,
    )
    assert (verdict.reason, verdict.rule) == (reason, rule)
    assert verdict.ok is (reason in (R.MAY_MELD, R.MAY_PLAY))
    assert verdict.facts["action"] is action


def test_may_play_takes_the_action_by_value():
    assert may_play("add", has_melded=True).ok
    with pytest.raises(ValueError):
        may_play("dance", has_melded=True)


def test_P1_the_discard_goes_to_the_player_on_the_right_who_plays_next():
    assert [next_seat(s) for s in (1, 2, 3, 4)] == [2, 3, 4, 1]
