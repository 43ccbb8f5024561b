"""C1–C4 and docs/rules.md: contracts, the opening meld, the all-at-once round, the round list."""

from dataclasses import replace

import pytest

from rules.engine import (
    DEFAULT_ROUNDS,
    FINAL,
    Contract,
    InputError,
    MeldKind,
    ReasonCode,
    Round,
    check_all_at_once,
    check_opening,
    validate_round_list,
)

from .helpers import B8, M, T, t

R = ReasonCode
GROUP, RUN, PAIR = MeldKind.GROUP, MeldKind.RUN, MeldKind.PAIR

# docs/rules.md, row by row: (groups, group size, runs, run size, pairs) and the tile count.
ROUNDS_MD = [
    ((1, 3, 0, 3, 0), 3),
    ((0, 3, 1, 3, 0), 3),
    ((2, 3, 0, 3, 0), 6),
    ((0, 3, 2, 3, 0), 6),
    ((1, 3, 1, 3, 0), 6),
    ((3, 3, 0, 3, 0), 9),
    ((0, 3, 3, 3, 0), 9),
    ((2, 3, 1, 3, 0), 9),
    ((1, 3, 2, 3, 0), 9),
    ((0, 3, 0, 3, 3), 6),
    ((1, 4, 0, 3, 0), 4),
    ((0, 3, 1, 5, 0), 5),
    ((1, 4, 1, 5, 0), 9),
    ((2, 4, 0, 3, 0), 8),
    ((0, 3, 2, 5, 0), 10),
    ((0, 3, 0, 3, 4), 8),
    ((2, 4, 1, 3, 0), 11),
    ((1, 4, 1, 5, 1), 11),
    ((3, 4, 0, 3, 0), 12),
]


def test_C3_the_default_list_is_rounds_md():
    assert len(DEFAULT_ROUNDS) == 20
    assert [r.number for r in DEFAULT_ROUNDS] == list(range(1, 21))
    for r, (shape, tiles) in zip(DEFAULT_ROUNDS, ROUNDS_MD, strict=False):
        c = r.contract
        assert (c.groups, c.group_size, c.runs, c.run_size, c.pairs) == shape, r.number
        assert c.tile_count == tiles
        assert not c.is_final
    assert DEFAULT_ROUNDS[-1].contract == FINAL and FINAL.tile_count == 0


def test_C3_the_default_list_keeps_every_constraint():
    assert validate_round_list(DEFAULT_ROUNDS) == ()


@pytest.mark.parametrize("round_", DEFAULT_ROUNDS, ids=lambda r: f"round-{r.number}")
def test_C2_every_example_meets_its_contract(round_):
    verdict = check_opening(round_.example, round_.contract, round_.indicator)
    assert verdict.ok, verdict
    assert verdict.reason is (R.ALL_AT_ONCE if round_.contract.is_final else R.CONTRACT_MET)


def test_C1_a_contract_asks_for_melds():
    with pytest.raises(InputError) as caught:
        Contract()
    assert (caught.value.code, caught.value.rule) == (R.CONTRACT_EMPTY, "C1")
    with pytest.raises(InputError) as caught:
        Contract(groups=-1, runs=1)
    assert caught.value.code is R.NEGATIVE_COUNT and caught.value.field == "groups"
    with pytest.raises(InputError) as caught:
        Contract(groups=1, group_size=5)
    assert (caught.value.code, caught.value.rule) == (R.GROUP_SIZE_OUT_OF_RANGE, "M1")
    with pytest.raises(InputError) as caught:
        Contract(runs=1, run_size=2)
    assert caught.value.code is R.RUN_SIZE_OUT_OF_RANGE
    with pytest.raises(InputError) as caught:
        Contract(groups=1, is_final=True)
    assert (caught.value.code, caught.value.rule) == (R.FINAL_WITH_MELDS, "C4")


def test_contract_slots_and_counts():
    c = Contract(groups=1, group_size=4, runs=1, run_size=5, pairs=1)
    assert c.slots == ((GROUP, 4), (RUN, 5), (PAIR, 2))
    assert (c.meld_count, c.tile_count) == (3, 11)


G3, R3 = Contract(groups=1), Contract(runs=1)
CASES = [
    # rule, contract, melds, reason, facts subset
    ("C2", G3, "r7 k7 b7", R.CONTRACT_MET, {}),
    ("C2", G3, "r7 k7 b7 y7", R.GROUP_TOO_LONG_FOR_CONTRACT, {"meld": 0, "size": 4, "expected": 3}),
    ("C2", Contract(groups=1, group_size=4), "r7 k7 b7", R.GROUP_TOO_SHORT_FOR_CONTRACT, {}),
    ("C2", Contract(runs=1, run_size=5), "k3 k4 k5 k6 k7 k8", R.RUN_TOO_LONG_FOR_CONTRACT, {}),
    ("C2", Contract(runs=1, run_size=5), "k3 k4 k5 k6", R.RUN_TOO_SHORT_FOR_CONTRACT, {"size": 4}),
    ("C2", G3, "r7 k7 b7|b1 b2 b3", R.WRONG_MELD_COUNT, {"expected": 1, "found": 2}),
    ("C2", G3, "r7 k7 b7|r8 k8 b8", R.WRONG_MELD_COUNT, {"expected": 1, "found": 2}),
    ("C2", G3, "b1 b2 b3", R.MISSING_GROUP, {"expected": 1, "found": 0}),
    ("C2", Contract(groups=1, runs=1), "r7 k7 b7|r8 k8 b8", R.MISSING_RUN, {"expected": 1}),
    ("C2", Contract(runs=1, pairs=1), "b1 b2 b3", R.MISSING_PAIR, {"found": 0}),
    ("C2", Contract(pairs=3), "r5 r5|k9 ok|y13 y13", R.CONTRACT_MET, {}),
    ("C2", G3, "", R.MISSING_GROUP, {}),
    ("M1", G3, "r7 r7 b7", R.INVALID_MELD, {"meld": 0}),
    ("M2", Contract(groups=1, runs=1), "r7 k7 b7|r13 r1 r2", R.INVALID_MELD, {"meld": 1}),
    ("T1", Contract(groups=2), "r7 k7 b7|r7 k7 ok|r7 y7 ok", R.TOO_MANY_COPIES, {"tile": t("r7")}),
    # one tile and two Okeys read as either kind
    ("C2", R3, "ok ok r5", R.CONTRACT_MET, {}),
    ("C2", G3, "ok ok r5", R.CONTRACT_MET, {}),
    ("C2", Contract(groups=1, runs=1), "b4 b5 b6|ok r5 ok", R.CONTRACT_MET, {}),
]


@pytest.mark.parametrize(
    ("rule", "contract", "melds", "reason", "facts"),
    CASES,
    ids=[f"{c[0]}:{c[2]}" for c in CASES],
)
def test_check_opening(rule, contract, melds, reason, facts):
    verdict = check_opening(M(melds), contract, B8)
    assert verdict.ok is (reason is R.CONTRACT_MET)
    assert (verdict.reason, verdict.rule) == (reason, rule)
    for key, value in facts.items():
        assert verdict.facts[key] == value, key
    assert len(verdict.melds) == len(M(melds))


def test_C2_an_invalid_meld_carries_its_own_verdict():
    verdict = check_opening(M("r7 k7 b7|r13 r1 r2"), Contract(groups=1, runs=1), B8)
    inner = verdict.facts["verdict"]
    assert inner is verdict.melds[1]
    assert inner.reason is R.RUN_WRAPS_PAST_ONE and inner.facts["tile"] == t("r2")


def test_C2_the_reading_used_for_each_meld_is_reported():
    verdict = check_opening(M("b4 b5 b6|ok r5 ok"), Contract(groups=1, runs=1), B8)
    assert verdict.kinds == (RUN, GROUP)


# C4: the final round


def test_C4_whole_rack_down_at_once():
    rack = T("r1 r2 r3 r4 k7 b7 y7 y11 y12 y13 b5 b5 k10 ok k12")
    melds = M("r1 r2 r3 r4|k7 b7 y7|y11 y12 y13|b5 b5|k10 ok k12")
    verdict = check_all_at_once(melds, B8, rack)
    assert verdict.ok and (verdict.reason, verdict.rule) == (R.ALL_AT_ONCE, "C4")
    assert verdict.kinds == (RUN, GROUP, RUN, PAIR, RUN)
    assert check_opening(melds, FINAL, B8).ok


def test_C4_D1_an_opening_in_the_last_round_is_a_whole_rack_of_14_tiles_or_more():
    """Three valid tiles are no whole rack going down: nobody melds before the last round
    ends, so a rack holds at least the 14 tiles of the deal then (D1)."""
    verdict = check_opening(M("r1 r2 r3"), FINAL, B8)
    assert not verdict.ok and (verdict.reason, verdict.rule) == (R.FINAL_RACK_TOO_SHORT, "C4")
    assert dict(verdict.facts) == {"count": 3, "least": 14}
    assert check_all_at_once(M("r1 r2 r3"), B8).ok  # each meld is valid: the count is the rule
    assert check_opening(M("r1 r2 r3 r4|k7 b7 y7|b4 b5 b6|k11 k12 k13 k1"), FINAL, B8).ok


def test_C4_the_melds_must_be_the_whole_rack():
    rack = T("r1 r2 r3 r4 k7 b7 y7 y9")
    verdict = check_all_at_once(M("r1 r2 r3 r4|k7 b7 y7"), B8, rack)
    assert (verdict.reason, verdict.rule) == (R.NOT_WHOLE_RACK, "C4")
    assert verdict.facts["missing"] == (t("y9"),) and verdict.facts["extra"] == ()


def test_C4_ok_and_the_okeys_face_are_the_same_tile_on_the_rack():
    assert check_all_at_once(M("r1 r2 ok"), B8, T("r1 r2 b9")).ok


def test_C4_an_invalid_meld_fails_the_laydown():
    verdict = check_all_at_once(M("r1 r2 r3|k7 b8"), B8)
    assert verdict.reason is R.INVALID_MELD and verdict.facts["meld"] == 1
    assert check_all_at_once((), B8).reason is R.EMPTY


# The round list (docs/rules.md constraints)


def _rounds(*changes):
    rounds = list(DEFAULT_ROUNDS)
    for index, r in changes:
        rounds[index] = r
    return rounds


def _codes(problems):
    return [(p.round, p.reason, p.rule) for p in problems]


def test_P8_a_contract_asks_for_at_most_12_tiles():
    big = Contract(groups=2, group_size=4, runs=1, run_size=5)
    example = M("r4 k4 b4 y4|r11 k11 b11 y11|k1 k2 k3 k4 k5")
    rounds = _rounds((16, replace(DEFAULT_ROUNDS[16], contract=big, example=example)))
    assert _codes(validate_round_list(rounds)) == [(17, R.CONTRACT_TOO_MANY_TILES, "P8")]
    assert validate_round_list(rounds)[0].facts["tiles"] == 13


@pytest.mark.parametrize(
    ("example", "codes"),
    [
        ("r1 r2 r3", [(20, R.EXAMPLE_REJECTED, "C4")]),
        ("r1 r2 r3 r4 r5 r6 r7|k7 b7 y7|y11 y12 y13", [(20, R.EXAMPLE_REJECTED, "C4")]),
        ("r1 r2 r3 r4 r5 r6 r7|k7 b7 y7|y11 y12 y13 y1", []),  # 14 tiles: a whole rack
    ],
)
def test_C4_the_last_rounds_example_is_a_whole_rack(example, codes):
    last = replace(DEFAULT_ROUNDS[19], example=M(example))
    problems = validate_round_list(_rounds((19, last)))
    assert _codes(problems) == codes
    if codes:
        rejected = problems[0].facts["verdict"]
        assert rejected.reason is R.FINAL_RACK_TOO_SHORT and rejected.facts["least"] == 14


def test_C2_every_example_must_be_accepted():
    bad = replace(DEFAULT_ROUNDS[0], example=M("r7 k7 b7 y7"))
    problems = validate_round_list(_rounds((0, bad)))
    assert _codes(problems) == [(1, R.EXAMPLE_REJECTED, "C2")]
    assert problems[0].facts["verdict"].reason is R.GROUP_TOO_LONG_FOR_CONTRACT
    bad_final = replace(DEFAULT_ROUNDS[19], example=M("r1 r2 r4"))
    assert _codes(validate_round_list(_rounds((19, bad_final)))) == [(20, R.EXAMPLE_REJECTED, "M2")]


def test_C4_exactly_the_last_round_is_all_at_once():
    rounds = list(DEFAULT_ROUNDS[:-1])
    assert _codes(validate_round_list(rounds)) == [(19, R.NO_FINAL_ROUND, "C4")]
    early = replace(DEFAULT_ROUNDS[19], number=5)
    rounds = [*DEFAULT_ROUNDS[:4], early, *DEFAULT_ROUNDS[5:]]
    assert _codes(validate_round_list(rounds)) == [(5, R.FINAL_ROUND_NOT_LAST, "C4")]


def test_C3_rounds_are_numbered_in_order():
    swapped = [DEFAULT_ROUNDS[1], DEFAULT_ROUNDS[0], *DEFAULT_ROUNDS[2:]]
    assert _codes(validate_round_list(swapped)) == [
        (2, R.ROUND_NUMBERS_NOT_CONSECUTIVE, "C3"),
        (1, R.ROUND_NUMBERS_NOT_CONSECUTIVE, "C3"),
    ]
    assert _codes(validate_round_list([])) == [(None, R.NO_ROUNDS, "C3")]


def test_C3_a_misnumbered_round_names_the_number_it_should_have():
    rounds = list(DEFAULT_ROUNDS)
    rounds[1] = replace(rounds[1], number=7)
    [problem] = validate_round_list(rounds)
    assert (problem.reason, problem.facts["expected"]) == (R.ROUND_NUMBERS_NOT_CONSECUTIVE, 2)


def test_M2_a_contract_may_ask_for_a_run_of_up_to_14_tiles():
    """1 to 13 and the 1 after 13 (M2): the longest run there is."""
    assert Contract(runs=1, run_size=14).tile_count == 14
    with pytest.raises(InputError) as caught:
        Contract(runs=1, run_size=15)
    assert caught.value.code is R.RUN_SIZE_OUT_OF_RANGE


def test_C4_one_tile_and_two_okeys_in_the_last_round_read_as_a_group_first():
    verdict = check_all_at_once(M("ok ok r5|k7 b7 y7"), B8)
    assert verdict.ok and verdict.kinds == (MeldKind.GROUP, MeldKind.GROUP)


def test_round_is_plain_data():
    r = Round(number=1, contract=Contract(groups=1), example=M("r7 k7 b7"), indicator=B8)
    assert validate_round_list([r, replace(DEFAULT_ROUNDS[19], number=2)]) == ()
