"""The rack helper's engine (C2, C4, P4, P8, S2, S3, S7, T1, T3, T4): the best opening, the most
tiles laid down, the outs and the penalty now — checked against brute force on small racks."""

from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import (
    DEFAULT_ROUNDS,
    FACES,
    FALSE_JOKER,
    FINAL,
    OKEY,
    REASONS,
    Contract,
    InputError,
    ReasonCode,
    check_all_at_once,
    check_opening,
    classify_meld,
    format_melds,
    format_tiles,
    solve_all_at_once,
    solve_contract,
    tile_points,
)
from rules.engine.best import best_cover, best_opening, contract_part, opening_outs, unseen
from rules.engine.contracts import MAX_CONTRACT_TILES
from rules.engine.rack import advise
from rules.engine.solver import MAX_RACK_TILES

from .helpers import B8, T, brute_contract, kinds_of, laid, points, t
from .test_solver import any_racks

ROUND = {r.number: r.contract for r in DEFAULT_ROUNDS}


def assert_from_rack(rack, melds):
    assert not Counter(x.code for x in laid(melds)) - Counter(x.code for x in rack)


# ---------------------------------------------------------------- brute force


def brute_best_opening(rack, contract, indicator):
    """The most points an opening (C2) lays down, by trying every choice of tiles; None: none."""
    slots = contract.slots
    tiles = sorted(rack, key=lambda x: x.code)

    @cache
    def best(i, codes):
        if i == len(slots):
            return 0
        kind, size = slots[i]
        found = None
        for picked in set(combinations(codes, size)):
            if kind in kinds_of(tuple(sorted(picked)), indicator):
                left = list(codes)
                for c in picked:
                    left.remove(c)
                rest = best(i + 1, tuple(left))
                if rest is not None:
                    value = sum(tile_points(FACES_AND_MORE[c], indicator) for c in picked) + rest
                    found = value if found is None else max(found, value)
        return found

    return best(0, tuple(x.code for x in tiles))


FACES_AND_MORE = {**{f.code: f for f in FACES}, FALSE_JOKER.code: FALSE_JOKER, OKEY.code: OKEY}


def brute_most_laid(rack, indicator, pairs):
    """The most tiles of the rack that go down as valid melds (pairs only if `pairs`)."""

    @cache
    def best(codes):
        if not codes:
            return 0
        first, rest = codes[0], codes[1:]
        found = best(rest)  # leave the first tile on the rack
        for size in range(1, min(4, len(rest)) + 1):
            for picked in set(combinations(range(len(rest)), size)):
                block = (first, *(rest[i] for i in picked))
                kinds = kinds_of(tuple(sorted(block)), indicator)
                if not pairs:
                    kinds = {k for k in kinds if k.value != "pair"}
                if kinds:
                    left = tuple(c for i, c in enumerate(rest) if i not in picked)
                    found = max(found, len(block) + best(left))
        return found

    return best(tuple(sorted(x.code for x in rack)))


# ---------------------------------------------------------------- against the brute force

CONTRACTS = [r.contract for r in DEFAULT_ROUNDS if not r.contract.is_final] + [
    Contract(groups=1, runs=1, pairs=1),
    Contract(runs=1, run_size=4, pairs=2),
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_racks(max_size=8))
def test_C2_S3_the_best_opening_leaves_the_fewest_points(drawn):
    indicator, rack = drawn
    for contract in CONTRACTS:
        melds = best_opening(rack, contract, indicator)
        expected = brute_best_opening(rack, contract, indicator)
        assert (melds is None) == (expected is None), (format_tiles(rack), contract)
        if melds is not None:
            assert check_opening(melds, contract, indicator).ok
            assert_from_rack(rack, melds)
            assert points(laid(melds), indicator) == expected, (format_tiles(rack), contract)


@settings(max_examples=150, deadline=None)
@given(any_racks(max_size=9))
def test_C4_P4_the_most_tiles_go_down(drawn):
    indicator, rack = drawn
    for pairs in (True, False):
        melds = best_cover(rack, indicator, pairs=pairs)
        assert_from_rack(rack, melds)
        for meld in melds:
            verdict = classify_meld(meld, indicator, allow_pairs=pairs)
            assert verdict.ok, format_melds(melds)
        assert len(laid(melds)) == brute_most_laid(rack, indicator, pairs), format_tiles(rack)
    whole = best_cover(rack, indicator)
    assert (len(laid(whole)) == len(rack) and bool(rack)) == (
        solve_all_at_once(rack, indicator) is not None
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_racks(max_size=7), st.sampled_from(CONTRACTS[:10]))
def test_C2_the_outs_are_exactly_the_tiles_that_open(drawn, contract):
    indicator, rack = drawn
    outs = {o.tile: o.unseen for o in opening_outs(rack, contract, indicator)}
    if solve_contract(rack, contract, indicator) is not None:
        assert outs == {}
        return
    for tile in [*FACES, OKEY, FALSE_JOKER]:
        if tile.code == indicator.code + 1 - (13 if indicator.number == 13 else 0):
            continue  # the Okey's face tile is the Okey, listed as `ok`
        left = unseen(tile, rack, indicator)
        opens = bool(left) and brute_contract((*rack, tile), contract, indicator)
        assert (tile in outs) == opens, (format_tiles(rack), contract, tile)
        if opens:
            assert outs[tile] == left


# ---------------------------------------------------------------- one case per contract shape


@pytest.mark.parametrize(
    ("number", "rack", "opening"),
    [
        (1, "r7 k7 b7 y7 r2", "k7 b7 y7"),  # C2: exactly three, the highest colours kept
        (1, "r7 k7 b7 y7 r13 k13 b13", "r13 k13 b13"),  # the 13s leave fewer points
        (1, "r7 k7 ok r1", "r7 k7 ok"),  # T3: the Okey fills the group
        (1, "r7 fj k7 r1", None),  # T4: the false joker is b9 (indicator b8), not wild
        (1, "r9 fj k9", "r9 k9 fj"),  # ...but it is a 9 in a group of 9s
        (2, "y12 y13 y1 y2", "y12 y13 y1"),  # M2: 12-13-1 is a run, 13-1-2 is not
        (2, "y13 y1 y2", None),
        (4, "b4 b5 b6 r12 r13 r1", "b4 b5 b6|r12 r13 r1"),
        (10, "r5 r5 k9 k9 y13 y13 y1", "r5 r5|k9 k9|y13 y13"),  # pairs (M3)
        (10, "r5 r5 k9 k9 y13 ok", "r5 r5|k9 k9|y13 ok"),  # an Okey as a partner (M4)
        (12, "k3 k4 k5 k6 k7 k8", "k4 k5 k6 k7 k8"),  # a run of five, the higher one
        (11, "r2 k2 b2 ok", "r2 k2 b2 ok"),
        (11, "r2 k2 b2", None),
    ],
)
def test_table_of_openings(number, rack, opening):
    melds = best_opening(T(rack), ROUND[number], B8)
    if opening is None:
        assert melds is None
    else:
        assert melds is not None
        # Ties may pick other tiles of equal worth: what counts is the points laid (S3).
        assert points(laid(melds), B8) == points(laid(M_(opening)), B8)
        assert check_opening(melds, ROUND[number], B8).ok


def M_(text):
    from rules.engine import parse_melds

    return parse_melds(text)


def test_a_spare_okey_replaces_the_lowest_tile_S3():
    # Group of three 7s with an Okey to spare: laying the Okey (25) instead of a 7 leaves
    # fewer points on the rack (S3 counts an Okey as 25).
    melds = best_opening(T("r7 k7 b7 ok"), Contract(groups=1), B8)
    assert OKEY in laid(melds) and len(laid(melds)) == 3


@pytest.mark.parametrize(
    ("rack", "opened", "expected"),
    [
        ("r7 k3", False, 500),  # S2: not melded
        ("k3 b11 ok", True, (3 + 11 + 25) * 2),  # S3: indicator b8 → Okey blue: ×2
        ("k3 fj", True, (3 + 25) * 2),  # a false joker counts 25 too
    ],
)
def test_S2_S3_the_penalty_now(rack, opened, expected):
    advice = advise(T(rack), Contract(groups=1), B8, opened=opened)
    assert advice.penalty.score == expected
    assert advice.penalty.breakdown[-1].rule == ("S3" if opened else "S2")


def test_S3_red_okey_multiplies_by_five():
    indicator = t("r5")  # Okey r6: red, ×5
    advice = advise(T("k3 b11 r6"), Contract(groups=1), indicator, opened=True)
    assert advice.penalty.score == (3 + 11 + 25) * 5


def test_S7_the_final_round_always_scores_500_unless_out():
    advice = advise(T("r1 r2 r3 r4 k7 b7 y7 b4 b5 b6 k11 k12 k13 y9"), FINAL, B8)
    assert not advice.ok and advice.reason is ReasonCode.NOT_ALL_AT_ONCE
    assert advice.facts["count"] == 1 and [str(x) for x in advice.left] == ["y9"]
    assert advice.penalty.score == 500 and advice.penalty.breakdown[0].rule == "S7"


@pytest.mark.parametrize("rack", ["r1 r2 r3", "r1 r2 r3 r4 k7 b7 y7 b4 b5 b6 k11 k12 k13"])
def test_C4_D1_a_last_round_rack_holds_the_whole_deal(rack):
    """Nobody melds before the last round ends: a rack of fewer than 14 tiles is no rack of
    that round, and three tiles of a run are not "the whole rack going down at once"."""
    with pytest.raises(InputError) as raised:
        advise(T(rack), FINAL, B8)
    error = raised.value
    assert error.code is ReasonCode.FINAL_RACK_TOO_SHORT and error.field == "rack"
    assert dict(error.facts) == {"count": len(T(rack)), "least": 14}
    assert REASONS[error.code].rule == "C4"


def test_C4_the_whole_rack_goes_down():
    rack = T("r1 r2 r3 r4 k7 b7 y7 y11 y12 y13 b5 b5 k10 ok k12")
    advice = advise(rack, FINAL, B8)
    assert advice.ok and advice.reason is ReasonCode.ALL_AT_ONCE and advice.left == ()
    assert check_all_at_once(advice.melds, B8, rack).ok


def test_C2_P4_an_opening_with_what_stays_and_what_follows():
    advice = advise(T("r7 k7 b7 b4 b5 b6 y2"), Contract(groups=1), B8)
    assert advice.ok and advice.reason is ReasonCode.CAN_OPEN
    assert format_melds(advice.melds) == "r7 k7 b7"
    assert format_tiles(advice.left) == "b4 b5 b6 y2"
    assert format_melds(advice.further) == "b4 b5 b6"  # P4: from the next turn
    assert advice.penalty.score == 500 and advice.penalty_after.score == (4 + 5 + 6 + 2) * 2


def test_C2_no_opening_names_what_is_missing_and_the_outs():
    advice = advise(T("r7 k7 r1 r2 b5"), Contract(groups=1, runs=1), B8)
    assert not advice.ok and advice.reason is ReasonCode.CANNOT_OPEN
    assert advice.missing == Contract(groups=1, runs=1) and advice.made is None
    advice = advise(T("r7 k7 b7 r1 r2 y5"), Contract(groups=1, runs=1), B8)
    assert advice.missing == Contract(runs=1)
    assert format_melds(advice.part) == "r7 k7 b7" and advice.made == Contract(groups=1)
    outs = {str(o.tile): o.unseen for o in advice.outs}
    # Only r3 finishes r1 r2 (13-1-2 is no run, M2); an Okey (T3) would stand in for it.
    assert outs == {"r3": 2, "ok": 2}


def test_P8_with_opened_the_melds_keep_a_tile_to_discard():
    advice = advise(T("r1 r2 r3 k7 b7 y7"), Contract(groups=1), B8, opened=True)
    assert advice.reason is ReasonCode.FURTHER_MELDS and advice.rule == "P4"
    assert len(advice.left) >= 1 and len(laid(advice.melds)) == 3


@pytest.mark.parametrize("rack", ["r1 r2 r3", "r1 r2 r3 k7 b7 y7 y8"])
def test_P8_with_opened_a_rack_that_is_all_melds_keeps_one_to_discard(rack):
    """Laid down whole, the rack would end the round without a discard: the answer is P8,
    not 'no further meld', and there is no score after laying nothing down."""
    advice = advise(T(rack), Contract(groups=1), B8, opened=True)
    if len(T(rack)) == 3:
        assert not advice.ok and advice.reason is ReasonCode.MUST_KEEP_DISCARD
        assert advice.rule == "P8" and advice.penalty_after is None and not advice.melds
    else:  # two melds and a tile: both go down, the y8 stays for the discard
        assert advice.ok and advice.reason is ReasonCode.FURTHER_MELDS
    no_meld = advise(T("r1 k5 y9"), Contract(groups=1), B8, opened=True)
    assert no_meld.reason is ReasonCode.FURTHER_MELDS and no_meld.penalty_after is None


@pytest.mark.parametrize(
    ("rack", "contract"),
    [("r7 k7 b7", Contract(groups=1)), ("r1 r2 r3 k7 b7 y7", Contract(groups=1, runs=1))],
)
def test_P8_an_opening_that_would_empty_the_rack_is_not_advised(rack, contract):
    advice = advise(T(rack), contract, B8)
    assert not advice.ok and advice.reason is ReasonCode.MUST_KEEP_DISCARD
    assert advice.rule == "P8" and advice.melds == () and advice.left == T(rack)
    assert sorted(laid(advice.part)) == sorted(T(rack))  # the contract it already holds
    # One tile more, and the same opening leaves it to discard.
    advice = advise((*T(rack), t("y2")), contract, B8)
    assert advice.ok and advice.reason is ReasonCode.CAN_OPEN and format_tiles(advice.left) == "y2"


def test_T1_unseen_counts_the_rack_and_the_indicator():
    assert unseen(t("b8"), T("r1"), B8) == 1  # the indicator is one of the two b8s
    assert unseen(t("r1"), T("r1 r1"), B8) == 0
    assert unseen(OKEY, T("b9"), B8) == 1  # b9 is an Okey this round
    assert unseen(FALSE_JOKER, T("fj"), B8) == 1


def test_D1_the_rack_bound_is_an_input_error_in_the_engine_api():
    rack = (FACES * 2)[: MAX_RACK_TILES + 1]
    for call in (
        lambda: solve_all_at_once(rack, B8),
        lambda: solve_contract(rack, Contract(groups=1), B8),
        lambda: best_cover(rack, B8),
        lambda: best_opening(rack, Contract(groups=1), B8),
        lambda: opening_outs(rack, Contract(groups=1), B8),
        lambda: contract_part(rack, Contract(groups=1), B8),
        lambda: advise(rack, FINAL, B8),
        lambda: advise(rack, ROUND[9], B8),
        lambda: advise(rack, ROUND[9], B8, opened=True),
    ):
        with pytest.raises(InputError) as caught:
            call()
        assert caught.value.code is ReasonCode.RACK_TOO_LONG
        assert caught.value.facts["limit"] == MAX_RACK_TILES
    # 26 tiles are accepted: r1–r13 and k1–k13 go down whole as runs.
    assert solve_all_at_once(rack[:MAX_RACK_TILES], B8) is not None
    assert len(laid(best_cover(rack[:MAX_RACK_TILES], B8))) == MAX_RACK_TILES


def test_P8_a_contract_over_twelve_tiles_is_an_input_error_in_the_engine_api():
    # The searches are bounded by the contract as well as by the rack: a contract the round
    # list could never hold (over 12 tiles, P8) is refused before any search starts.
    rack = T("r1 k1 b1 r2 k2 b2 r3 k3 b3 r4 k4 b4 r6 y9")
    longest = Contract(groups=4)  # 12 tiles: the bound itself is accepted
    too_long = Contract(groups=2, runs=2, pairs=1)  # 14 tiles
    assert longest.tile_count == MAX_CONTRACT_TILES
    assert solve_contract(rack, longest, B8) is not None
    assert advise(rack, longest, B8).ok
    for call in (
        lambda: solve_contract(rack, too_long, B8),
        lambda: best_opening(rack, too_long, B8),
        lambda: opening_outs(rack, too_long, B8),
        lambda: contract_part(rack, too_long, B8),
        lambda: advise(rack, too_long, B8),
        lambda: advise(rack, too_long, B8, opened=True),
    ):
        with pytest.raises(InputError) as caught:
            call()
        assert caught.value.code is ReasonCode.CONTRACT_TOO_LONG
        assert caught.value.facts == {"tiles": 14, "limit": MAX_CONTRACT_TILES}


# Found unpinned by a mutation run of rack.py: each fails on one changed line.


def test_C2_what_is_missing_leaves_out_the_runs_and_pairs_the_rack_holds():
    advice = advise(T("r1 r2 r3 k7 b7 y5"), Contract(groups=1, runs=1), B8)
    assert advice.reason is ReasonCode.CANNOT_OPEN
    assert (advice.made, advice.missing) == (Contract(runs=1), Contract(groups=1))
    advice = advise(T("r5 r5 k9 y2 k11"), Contract(pairs=2), B8)
    assert advice.reason is ReasonCode.CANNOT_OPEN
    assert (advice.made, advice.missing) == (Contract(pairs=1), Contract(pairs=1))


def test_M3_no_pair_is_advised_once_the_contract_is_down():
    """Pairs only in a contract that asks for them and in the last round (M3, C4)."""
    advice = advise(T("r5 r5 k9"), Contract(groups=1), B8, opened=True)
    assert (advice.ok, advice.reason, advice.melds) == (False, ReasonCode.FURTHER_MELDS, ())
    advice = advise(T("r5 r5"), Contract(groups=1), B8, opened=True)
    assert (advice.ok, advice.reason, advice.rule) == (False, ReasonCode.FURTHER_MELDS, "P4")
    advice = advise(T("r7 k7 b7 y5 y5 k1"), Contract(groups=1), B8)
    assert advice.reason is ReasonCode.CAN_OPEN and advice.further == ()


def test_P8_the_melds_that_follow_an_opening_keep_a_tile_to_discard():
    advice = advise(T("r1 r2 r3 k7 b7 y7"), Contract(groups=1), B8)
    assert advice.reason is ReasonCode.CAN_OPEN and advice.further == ()
    assert sorted(advice.left) == sorted(T("r1 r2 r3"))


def test_S3_the_penalty_after_further_melds_counts_the_rack_left():
    # Okey b9 (×2): y9 and k1 stay after r1 r2 r3 and k7 b7 y7 go down: (9 + 1) × 2 = 20
    advice = advise(T("r1 r2 r3 k7 b7 y7 y9 k1"), Contract(groups=1), B8, opened=True)
    assert advice.ok and advice.reason is ReasonCode.FURTHER_MELDS
    assert advice.penalty_after is not None and advice.penalty_after.score == 20
