"""The rack helper's searches in `best.py` and `columns.py` (C2, M2, P8, S3, T3, T4): cases a
mutation run of the two modules found unpinned — each test fails on one changed line there.

Every expected value is worked out from the rules by hand (comments give the sums), not read
off the engine's output."""

import pytest

from rules.engine import Contract, check_opening
from rules.engine.best import best_cover, best_opening, contract_part, opening_outs, rest_of

from .helpers import B8, I, M, T, laid, points

# ---------------------------------------------------------------- the best opening (C2, S3)


@pytest.mark.parametrize(
    ("contract", "indicator", "rack", "worth", "left"),
    [
        # M2: 13-1-2 is no run, so y1 y2 y3 (6) and not y13 y1 y2 (16) however rich it is.
        (Contract(runs=1), B8, "y13 y1 y2 y3", 1 + 2 + 3, "y13"),
        # C2, S3 — the search's bound on what the rest of the rack could lay must not cut the
        # best opening. Okey b4 (indicator b3): r10 r11 r12, b10 b11 b12 and y12 r12 + Okey
        # lay 33 + 33 + 49 = 115; every tile is worth 10 or more, so leaving two 10s is best.
        (
            Contract(groups=1, runs=2),
            I("b3"),
            "b4 r11 y12 r10 r12 b12 r12 y10 r10 b10 b11",
            115,
            "y10 r10",
        ),
        # C2, S3, T3, T4 — the bound on the groups and pairs after the runs (a false joker or
        # an Okey is worth 25) must not cut the best opening. Okey b11 (indicator b10), fj is
        # b11: r1 r2 r3 + Okey as r4 (31) with fj fj (50) and r13 r13 (26) lay 107; the richer
        # run Okey-r12-r13-r1 (51) leaves only r2 r2 (4) to pair with fj fj: 105.
        (
            Contract(runs=1, run_size=4, pairs=2),
            I("b10"),
            "r12 fj r3 r13 r13 r2 r1 fj r2 ok",
            107,
            "r12 r2",
        ),
        # C2 — a run's r1 (face 0, the first of all faces) goes down once: with r12 r13 r1 the
        # group of 1s would need the same r1 again, so y2 y3 y4 and r1 k1 b1 it is (9 + 3).
        (Contract(groups=1, runs=1), B8, "r12 r13 r1 k1 b1 y2 y3 y4", 9 + 3, "r12 r13"),
    ],
)
def test_C2_S3_the_best_opening_lays_the_most_points(contract, indicator, rack, worth, left):
    melds = best_opening(T(rack), contract, indicator)
    assert melds is not None
    assert check_opening(melds, contract, indicator).ok
    assert points(laid(melds), indicator) == worth
    assert sorted(rest_of(T(rack), melds)) == sorted(T(left))


@pytest.mark.parametrize(
    ("contract", "rack", "worth"),
    [
        # T4, S3: fj is b9 (indicator b8), worth 25 — it goes down with two of the 9s (which
        # two is a tie) rather than r9 k9 y9 (27): 25 + 9 + 9.
        (Contract(groups=1), "r9 k9 y9 fj r2", 25 + 9 + 9),
        (Contract(groups=1, pairs=1), "r9 k9 y9 fj r2 r2", 25 + 9 + 9 + 2 + 2),
        # M4: the Okey partners the false joker (b9, 25), not r9 (9): 25 + 25.
        (Contract(pairs=1), "r9 fj ok", 25 + 25),
    ],
)
def test_S3_T4_M4_a_false_joker_goes_down_before_a_numbered_tile(contract, rack, worth):
    melds = best_opening(T(rack), contract, B8)
    assert melds is not None and check_opening(melds, contract, B8).ok
    assert points(laid(melds), B8) == worth


def test_C2_the_best_opening_comes_in_table_order_groups_runs_pairs():
    melds = best_opening(T("k5 r7 y1 k7 y2 b7 k5 y3 r10"), Contract(groups=1, runs=1, pairs=1), B8)
    assert melds is not None
    assert [sorted(m) for m in melds] == [sorted(m) for m in M("r7 k7 b7|y1 y2 y3|k5 k5")]


@pytest.mark.parametrize(
    ("rack", "order"),
    [
        # C2: with no run in the contract the group still comes before the pair, whether the
        # pair is a twin (k5 k5) or a tile and the Okey (M4: k5 + ok, Okey b9 with b8).
        ("k5 r7 k7 k5 b7", "r7 k7 b7|k5 k5"),
        ("k5 r7 k7 ok b7", "r7 k7 b7|k5 ok"),
    ],
)
def test_C2_M4_a_group_comes_before_a_pair_when_the_contract_has_no_run(rack, order):
    melds = best_opening(T(rack), Contract(groups=1, pairs=1), B8)
    assert melds is not None
    assert [sorted(m) for m in melds] == [sorted(m) for m in M(order)]


# ---------------------------------------------------------------- what stays on the rack


@pytest.mark.parametrize(
    ("rack", "melds", "left"),
    [
        # P8: of two r7s one goes down in the group, the other stays (to discard).
        ("r7 r7 k7 b7", "r7 k7 b7", "r7"),
        ("r1 r2 r3 r2 r3 y5", "r1 r2 r3", "r2 r3 y5"),
        ("r7 k7 b7", "r7 k7 b7", ""),
        ("y5 r7 y5", "", "y5 r7 y5"),  # nothing laid: the rack in its own order
    ],
)
def test_P8_rest_of_takes_out_each_laid_tile_once(rack, melds, left):
    assert rest_of(T(rack), M(melds)) == T(left)


# ---------------------------------------------------------------- the outs (C2, T1)


def test_C2_T1_T4_no_false_joker_is_an_out_when_both_are_on_the_rack():
    # Okey b9 (indicator b8), so fj is b9 (T4). A third b9 would make b7 b8 b9 and b9 b10 b11
    # twice, but the set has only two false jokers (T1) and both are here: not an out. The
    # outs are b6 (b6 b7 b8), b12 (b10 b11 b12) and an Okey standing for that b9 (T3);
    # the indicator and the rack hold both b8s, so no b8 is left to draw.
    rack = T("b7 b8 fj fj b10 b11 b10 b11")
    outs = {str(o.tile): o.unseen for o in opening_outs(rack, Contract(runs=3), B8)}
    assert outs == {"b6": 2, "b12": 2, "ok": 2}


def test_C2_T1_T3_no_okey_is_an_out_when_both_are_on_the_rack():
    # Okey b9 (indicator b8). Two runs from r1 r2 ok ok k5 and one drawn tile: r3 makes
    # r1 r2 r3 beside k5 ok ok; k3, k4, k6 or k7 makes a run with k5 and one Okey beside
    # r1 r2 ok. A third Okey would open too (T3), but both Okeys are on the rack (T1): none
    # is left to draw, so it is not an out.
    outs = {str(o.tile): o.unseen for o in opening_outs(T("r1 r2 ok ok k5"), Contract(runs=2), B8)}
    assert outs == {"r3": 2, "k3": 2, "k4": 2, "k6": 2, "k7": 2}


# ---------------------------------------------------------------- the part held (C1, C2)


@pytest.mark.parametrize(
    ("rack", "part", "melds"),
    [
        # C1, C2: no group among r1 r2 r3 k5 k5 y9, but the run and the pair: two of the
        # contract's three melds, not the pair (or the run) alone.
        ("r1 r2 r3 k5 k5 y9", Contract(runs=1, pairs=1), "r1 r2 r3|k5 k5"),
        # One meld either way (the run and the pair would need three r3s): the run, three
        # tiles, is more of the contract than the pair, two.
        ("r1 r2 r3 r3", Contract(runs=1), "r1 r2 r3"),
    ],
)
def test_C1_C2_the_part_held_is_the_most_melds_then_the_most_tiles(rack, part, melds):
    got, got_melds = contract_part(T(rack), Contract(groups=1, runs=1, pairs=1), B8)
    assert got == part
    assert [sorted(m) for m in got_melds] == [sorted(m) for m in M(melds)]


# ---------------------------------------------------------------- best_cover's defaults


def test_C4_P8_best_cover_counts_pairs_and_keeps_no_tile_back_unless_told():
    """Called with the rack and the indicator alone, `best_cover` reads the rack as the final
    round does (pairs count, C4) and lays everything it can; `keep` leaves a tile to discard
    (P8), `pairs=False` counts runs and groups only."""
    pairs = T("r5 r5 k9 k9")
    assert sorted(laid(best_cover(pairs, B8))) == sorted(pairs)
    assert best_cover(pairs, B8, pairs=False) == ()
    assert len(best_cover(pairs, B8, keep=True)) == 1  # one pair down, two tiles kept back
    run = T("r1 r2 r3")
    assert best_cover(run, B8) == (tuple(run),)
    assert best_cover(run, B8, keep=True) == ()  # laying the run would leave nothing to discard
