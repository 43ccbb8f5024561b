"""X1–X6 penalty discards and B1–B3 buying a discard."""

import pytest

from rules.engine import InputError, ReasonCode, judge_discard, playable_on, resolve_buy

from .helpers import B8, M, T, t

R = ReasonCode
TABLE = "b4 b5 b6|r7 k7 b7"

CASES = [
    # rule, tile, table, rack, pile, ends round, penalty, reason, offence
    ("X1", "ok", TABLE, None, None, False, 2, R.OKEY_DISCARD, R.OKEY_DISCARD),
    ("X1", "b9", TABLE, None, None, False, 2, R.OKEY_DISCARD, R.OKEY_DISCARD),  # b9 is an Okey
    ("X1", "ok", "", None, None, False, 2, R.OKEY_DISCARD, R.OKEY_DISCARD),
    ("X2", "b7", TABLE, None, None, False, 2, R.PLAYABLE_DISCARD, R.PLAYABLE_DISCARD),
    ("X2", "b3", TABLE, None, None, False, 2, R.PLAYABLE_DISCARD, R.PLAYABLE_DISCARD),
    ("X2", "y7", TABLE, None, None, False, 2, R.PLAYABLE_DISCARD, R.PLAYABLE_DISCARD),
    ("X2", "r1", "r11 r12 r13", None, None, False, 2, R.PLAYABLE_DISCARD, R.PLAYABLE_DISCARD),
    ("X2", "r1", "r12 r13 ok", None, None, False, 0, R.NOT_PLAYABLE, None),  # a swap, no add
    ("X2", "b8", TABLE, None, None, False, 0, R.NOT_PLAYABLE, None),
    ("X2", "fj", TABLE, None, None, False, 0, R.NOT_PLAYABLE, None),  # fj is a b9, not b7
    ("X2", "fj", "b6 b7 b8", None, None, False, 2, R.PLAYABLE_DISCARD, R.PLAYABLE_DISCARD),
    ("X2", "r7", TABLE, None, None, False, 0, R.NOT_PLAYABLE, None),  # group has red
    ("X2", "y8", "y8 ok|r1 r2 r3", None, None, False, 0, R.NOT_PLAYABLE, None),  # pair: no
    ("X2", "r2", "r12 r13 r1", None, None, False, 0, R.NOT_PLAYABLE, None),  # past the 1
    ("X2", "k7", "r7 k7 b7 y7", None, None, False, 0, R.NOT_PLAYABLE, None),  # no fifth
    ("X3", "b7", TABLE, "b7 ok y7", None, False, 0, R.NO_CHOICE, R.PLAYABLE_DISCARD),
    ("X3", "ok", TABLE, "ok b3", None, False, 0, R.NO_CHOICE, R.OKEY_DISCARD),
    # X3 does not apply when another rack tile is free of penalty
    ("X2", "b7", TABLE, "b7 r1", None, False, 2, R.PLAYABLE_DISCARD, R.PLAYABLE_DISCARD),
    ("X2", "r1", TABLE, "b7 r1", None, False, 0, R.NOT_PLAYABLE, None),
    ("X4", "b7", TABLE, "b7", None, True, 0, R.FINAL_TILE, R.PLAYABLE_DISCARD),
    ("X4", "r1", TABLE, None, None, True, 0, R.FINAL_TILE, None),
    ("X5", "b7", TABLE, None, 1, False, 0, R.PILE_TOO_SMALL, R.PLAYABLE_DISCARD),
    ("X5", "ok", TABLE, None, 0, False, 0, R.PILE_TOO_SMALL, R.OKEY_DISCARD),
    ("X2", "b7", TABLE, None, 2, False, 2, R.PLAYABLE_DISCARD, R.PLAYABLE_DISCARD),  # X5 not
    ("X6", "ok", TABLE, "ok", 0, True, 0, R.FINISHED_WITH_OKEY, R.OKEY_DISCARD),
    ("X6", "b9", TABLE, None, None, True, 0, R.FINISHED_WITH_OKEY, R.OKEY_DISCARD),
    ("X4", "fj", TABLE, None, None, True, 0, R.FINAL_TILE, None),  # a false joker is no Okey
]


@pytest.mark.parametrize(
    ("rule", "tile", "table", "rack", "pile", "ends", "penalty", "reason", "offence"),
    CASES,
    ids=[f"{c[0]}:{c[1]}" for c in CASES],
)
def test_judge_discard(rule, tile, table, rack, pile, ends, penalty, reason, offence):
    verdict = judge_discard(
        t(tile),
        M(table),
        B8,
        rack=None if rack is None else T(rack),
        pile=pile,
        ends_round=ends,
    )
    assert (verdict.penalty, verdict.reason, verdict.rule) == (penalty, reason, rule)
    assert verdict.offence is offence
    assert verdict.okey_finish is (reason is R.FINISHED_WITH_OKEY)


def test_X2_the_verdict_names_the_meld_and_the_end():
    verdict = judge_discard(t("b3"), M(TABLE), B8)
    assert verdict.facts["meld"] == 0 and verdict.facts["at"] == "low"
    assert playable_on(t("y7"), M(TABLE), B8)[0] == 1
    assert playable_on(t("r1"), M(TABLE), B8) is None


LAID_AS_CASES = [
    # table, tile, meld named, the kind it must have been laid as (None: however it was laid)
    ("r5 ok ok", "r8", 0, "run"),  # 5-6-7 takes the 8; a Küt group of fives does not (P6)
    ("r5 ok ok", "k5", 0, "group"),  # the group's missing colour; a run of reds does not
    ("ok ok r5", "r6", 0, "run"),
    ("r4 r5 r6", "r7", 0, None),  # one reading only
    ("r7 k7 ok", "b7", 0, None),
    ("r5 ok ok|r9 r10 r11", "r8", 1, None),  # a meld that takes it however it lies comes first
    ("r5 ok ok|y5 b5 k5", "r5", 1, None),
]


@pytest.mark.parametrize(("table", "tile", "meld", "kind"), LAID_AS_CASES)
def test_X2_a_tile_that_fits_an_ambiguous_meld_only_one_way_says_which(table, tile, meld, kind):
    """One tile and two Okeys may be a Küt group or a run, and the table does not say which:
    the penalty stands, named with the kind the meld must have been laid as (`laid_as`), so
    that the referee can say it holds only then."""
    verdict = judge_discard(t(tile), M(table), B8)
    assert (verdict.penalty, verdict.reason, verdict.rule) == (2, R.PLAYABLE_DISCARD, "X2")
    assert verdict.facts["meld"] == meld
    assert verdict.facts.get("laid_as") == kind


def test_precedence_final_tile_beats_pile_and_no_choice():
    # X4/X6 first, then X5, then X3, then X1/X2 (module docstring).
    verdict = judge_discard(t("b7"), M(TABLE), B8, rack=T("b7"), pile=0, ends_round=True)
    assert verdict.reason is R.FINAL_TILE
    verdict = judge_discard(t("b7"), M(TABLE), B8, rack=T("b7 ok"), pile=1)
    assert verdict.reason is R.PILE_TOO_SMALL


@pytest.mark.parametrize(
    ("kwargs", "code", "field"),
    [
        ({"rack": T("r1 r2")}, R.TILE_NOT_ON_RACK, "rack"),
        ({"rack": T("b7 r2"), "ends_round": True}, R.FINAL_TILE_NOT_LAST, "rack"),
        ({"pile": -1}, R.NEGATIVE_PILE, "pile"),
    ],
)
def test_discard_input_errors(kwargs, code, field):
    with pytest.raises(InputError) as caught:
        judge_discard(t("b7"), M(TABLE), B8, **kwargs)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_an_invalid_table_meld_is_an_input_error():
    with pytest.raises(InputError) as caught:
        judge_discard(t("b7"), M("b4 b5 b6|r13 r1 r2"), B8)
    assert caught.value.code is R.INVALID_MELD and caught.value.position == 1
    assert caught.value.rule == "M2" and caught.value.field == "table"


@pytest.mark.parametrize(
    ("table", "rack", "field"),
    [
        ("r7 k7 b7|b5 b6 b7", "b7", "table"),  # together too many: the table as before
        ("b4 b5 b6", "r1 r1 r1 b3", "rack"),  # the rack alone: its own field, not the table's
        ("r1 r2 r3|r1 k1 b1|y1 r1 b1", "b3", "table"),  # the table alone
    ],
)
def test_T1_too_many_copies_names_the_field_that_holds_them(table, rack, field):
    with pytest.raises(InputError) as caught:
        judge_discard(T(rack)[-1], M(table), B8, rack=T(rack))
    assert caught.value.code is R.TOO_MANY_COPIES and caught.value.field == field


# Buying (B1–B3); seats in turn order, the discard goes to the next seat


@pytest.mark.parametrize(
    ("rule", "discarder", "wanting", "used", "seat", "penalty", "reason"),
    [
        ("B1", 1, {2}, {}, 2, 0, R.TAKEN_IN_TURN),
        ("B1", 1, {2, 3, 4}, {}, 2, 0, R.TAKEN_IN_TURN),  # the next player has first claim
        ("B1", 4, {1, 3}, {}, 1, 0, R.TAKEN_IN_TURN),
        ("B1", 1, {4}, {}, 4, 1, R.BOUGHT),
        ("B1", 1, set(), {}, None, 0, R.NO_TAKER),
        ("B3", 1, {3, 4}, {}, 3, 1, R.SOONER_TURN_WINS),
        ("B3", 2, {4, 1}, {}, 4, 1, R.SOONER_TURN_WINS),
        ("B3", 3, {1, 2}, {}, 1, 1, R.SOONER_TURN_WINS),
        ("B2", 1, {3}, {3: 5}, None, 0, R.BUY_LIMIT_REACHED),
        ("B1", 1, {3, 4}, {3: 5}, 4, 1, R.BOUGHT),  # 3 has used up their buys
        ("B1", 1, {3}, {3: 4}, 3, 1, R.BOUGHT),
        ("B1", 1, {2}, {2: 5}, 2, 0, R.TAKEN_IN_TURN),  # taking in turn is not buying
    ],
)
def test_buying(rule, discarder, wanting, used, seat, penalty, reason):
    verdict = resolve_buy(discarder, wanting, buys_used=used)
    assert (verdict.seat, verdict.penalty_tiles, verdict.reason, verdict.rule) == (
        seat,
        penalty,
        reason,
        rule,
    )


def test_B2_the_limit_is_per_table_and_the_verdict_counts_down():
    assert resolve_buy(1, {3}, buys_used={3: 2}, limit=3).facts["buys_left"] == 0
    assert resolve_buy(1, {3}, buys_used={3: 3}, limit=3).reason is R.BUY_LIMIT_REACHED
    assert resolve_buy(1, {3}, limit=0).facts["seats"] == (3,)


@pytest.mark.parametrize(
    ("discarder", "wanting", "limit", "code"),
    [
        (5, {2}, 5, R.UNKNOWN_SEAT),
        (1, {0}, 5, R.UNKNOWN_SEAT),
        (1, {1}, 5, R.DISCARDER_CANNOT_TAKE),
        (1, {3}, -1, R.NEGATIVE_LIMIT),
    ],
)
def test_buying_input_errors(discarder, wanting, limit, code):
    with pytest.raises(InputError) as caught:
        resolve_buy(discarder, wanting, limit=limit)
    assert caught.value.code is code


# Found unpinned by a mutation run of discards.py: each fails on one changed line.


def test_D1_X5_a_pile_larger_than_after_the_deal_is_an_input_error():
    """48 tiles are left in the pile after the deal (D1); more cannot remain."""
    with pytest.raises(InputError) as caught:
        judge_discard(t("b7"), M(TABLE), B8, pile=49)
    assert caught.value.code is R.PILE_TOO_LARGE and caught.value.field == "pile"
    verdict = judge_discard(t("b7"), M(TABLE), B8, pile=48)
    assert (verdict.penalty, verdict.rule) == (2, "X2")


def test_B1_B2_a_seat_that_has_not_bought_yet_may_buy_under_a_limit_of_one():
    verdict = resolve_buy(1, {3}, limit=1)
    assert (verdict.seat, verdict.penalty_tiles, verdict.reason, verdict.rule) == (
        3,
        1,
        R.BOUGHT,
        "B1",
    )
    assert verdict.facts["buys_left"] == 0


@pytest.mark.parametrize(
    ("rule", "tile", "pile", "reason", "facts"),
    [
        ("X1", "b9", None, ReasonCode.OKEY_DISCARD, {"penalty_tiles": 2}),
        ("X2", "b7", None, ReasonCode.PLAYABLE_DISCARD, {"penalty_tiles": 2}),
        ("X5", "b7", 1, ReasonCode.PILE_TOO_SMALL, {"pile": 1, "least": 2}),
    ],
)
def test_a_penalty_verdict_carries_the_numbers_its_sentence_states(rule, tile, pile, reason, facts):
    """X1, X2, X5: the penalty's tiles and the fewest tiles a penalty needs in the pile are the
    engine's PENALTY_TILES, given as facts; the sentences only word them."""
    verdict = judge_discard(t(tile), M("b4 b5 b6"), B8, pile=pile)
    assert verdict.reason is reason, rule
    assert {name: verdict.facts[name] for name in facts} == facts
    assert verdict.penalty == verdict.facts.get("penalty_tiles", 0)
