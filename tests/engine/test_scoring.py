"""S1–S7, E1, E2: scoring a round."""

from pathlib import Path

import pytest

import rules.engine
from rules.engine import (
    FALSE_JOKER,
    OKEY,
    OKEY_POINTS,
    PlayerInput,
    PlayerState,
    ReasonCode,
    partner_of,
    score_round,
    tile_points,
    winners,
)

from .helpers import I, T

R = ReasonCode
RED_OKEY = I("r5")  # Okey r6: ×5
BLUE_OKEY = I("b8")  # Okey b9: ×2


def P(state, rack=None, points=None):
    return PlayerInput(state=state, rack=None if rack is None else T(rack), points=points)


FIN = P("finished")


def scores(result):
    assert result.ok, result.errors
    return [p.score for p in result.players]


def codes(player):
    return [step.code for step in player.breakdown]


def test_S3_S4_the_worked_example():
    # docs/rules.md: Okey red (×5); black 3, blue 11 and an Okey → (3 + 11 + 25) × 5 = 195.
    players = [FIN, P("melded", "k3 b11 ok"), P("not-melded"), P("melded", points=10)]
    result = score_round(players, RED_OKEY)
    assert scores(result) == [0, 195, 500, 50]
    second = result.players[1]
    assert codes(second) == [R.FACE_VALUES, R.OKEY_25, R.MULTIPLIER]
    assert [s.points for s in second.breakdown] == [14, 25, 195]
    assert second.breakdown[2].facts["factor"] == 5
    assert second.breakdown[2].facts["colour"] == "r"
    assert [s.rule for s in second.breakdown] == ["S3", "S3", "S3"]
    # ... finished with Okey → 390; not melded → 1,000.
    doubled = score_round(players, RED_OKEY, okey_finish=True)
    assert scores(doubled) == [0, 390, 1000, 100]
    assert codes(doubled.players[1])[-1] is R.DOUBLED
    assert doubled.players[1].breakdown[-1].rule == "S4"
    assert codes(doubled.players[2]) == [R.NOT_MELDED, R.DOUBLED]


def test_S1_the_finisher_scores_0():
    result = score_round([P("melded", "r1"), FIN, P("melded", "r2"), P("melded", "r3")], BLUE_OKEY)
    assert scores(result) == [2, 0, 4, 6]
    assert codes(result.players[1]) == [R.FINISHER_ZERO]
    assert result.players[1].breakdown[0].rule == "S1"


def test_S2_not_melded_scores_500_whatever_the_rack():
    players = [FIN, P("not-melded", "r13 k13"), P("not-melded"), P("melded", points=1)]
    result = score_round(players, BLUE_OKEY)
    assert scores(result) == [0, 500, 500, 2]
    assert result.players[1].breakdown[0].rule == "S2"


@pytest.mark.parametrize(
    ("indicator", "factor"), [("r5", 5), ("k5", 5), ("b5", 2), ("y5", 2), ("y13", 2), ("k13", 5)]
)
def test_S3_the_multiplier_follows_the_okeys_colour(indicator, factor):
    result = score_round(
        [FIN, P("melded", points=10), P("not-melded"), P("not-melded")], I(indicator)
    )
    assert scores(result)[1] == 10 * factor


def test_S3_okeys_and_false_jokers_count_25():
    # Indicator b8: b9 is an Okey; a false joker counts 25 too.
    rack = (*T("b9 ok r4"), FALSE_JOKER)
    players = [FIN, PlayerInput(state="melded", rack=rack), P("not-melded"), P("not-melded")]
    result = score_round(players, BLUE_OKEY)
    assert scores(result)[1] == (4 + 25 + 25 + 25) * 2
    assert codes(result.players[1]) == [R.FACE_VALUES, R.OKEY_25, R.FALSE_JOKER_25, R.MULTIPLIER]
    assert result.players[1].breakdown[1].facts["count"] == 2


def test_S3_the_25_is_one_constant():
    """The score, a tile's points and the rack helper's columns all read `OKEY_POINTS`, the
    number the guide quotes: no second copy to drift from it."""
    engine = Path(rules.engine.__file__).parent
    assert sum(p.read_text().count("OKEY_POINTS = ") for p in engine.glob("*.py")) == 1
    assert tile_points(OKEY, BLUE_OKEY) == tile_points(FALSE_JOKER, BLUE_OKEY) == OKEY_POINTS


def test_S5_the_finishers_partner_scores_0_even_without_melding():
    players = [P("not-melded"), P("melded", "r2"), P("finished"), P("not-melded")]
    result = score_round(players, BLUE_OKEY, team=True)
    assert scores(result) == [0, 4, 0, 500]
    assert codes(result.players[0]) == [R.TEAM_PARTNER_ZERO]
    assert result.players[0].breakdown[0].facts["partner"] == 3
    assert result.team_totals == (0, 504)
    alone = score_round(players, BLUE_OKEY, team=False)
    assert scores(alone) == [500, 4, 0, 500] and alone.team_totals is None


def test_S4_S5_an_okey_finish_at_a_team_table_doubles_the_others_not_the_partner():
    """The partner of who finished with the Okey still scores 0 (S5); the opponents' scores are
    doubled as at any Okey finish (S4)."""
    players = [P("melded", "k3 b11 ok"), FIN, P("not-melded"), P("not-melded")]
    result = score_round(players, RED_OKEY, okey_finish=True, team=True)
    assert scores(result) == [390, 0, 1000, 0]
    assert codes(result.players[3]) == [R.TEAM_PARTNER_ZERO]
    assert codes(result.players[0])[-1] is R.DOUBLED and codes(result.players[2])[-1] is R.DOUBLED
    assert result.team_totals == (1390, 0)


def test_S5_partners_sit_opposite():
    assert [partner_of(s) for s in (1, 2, 3, 4)] == [3, 4, 1, 2]


def test_S6_the_lowest_total_wins():
    assert winners([820, 400, 1500, 400]) == (2, 4)
    assert winners([10, 20, 30, 40]) == (1,)
    assert winners([]) == ()


def test_S7_C4_in_the_final_round_everyone_else_scores_500():
    players = [P("melded", "r1"), FIN, P("not-melded"), P("melded", points=3)]
    result = score_round(players, RED_OKEY, final_round=True)
    assert scores(result) == [500, 0, 500, 500]
    assert codes(result.players[0]) == [R.FINAL_ROUND_500]
    assert result.players[0].breakdown[0].rule == "S7"
    team = score_round(players, RED_OKEY, final_round=True, team=True)
    assert scores(team) == [500, 0, 500, 0]


def test_C4_S4_no_okey_finish_in_the_final_round():
    players = [FIN, P("not-melded"), P("not-melded"), P("not-melded")]
    result = score_round(players, RED_OKEY, final_round=True, okey_finish=True)
    assert scores(result) == [0, 500, 500, 500]
    assert [(n.code, n.rule) for n in result.notes] == [(R.OKEY_FINISH_IGNORED_IN_FINAL, "C4")]


def test_E2_a_fourth_exhaustion_is_scored_as_normal_with_no_finisher():
    players = [P("melded", "r1"), P("not-melded"), P("melded", "k2 ok"), P("melded", points=7)]
    result = score_round(players, RED_OKEY, exhausted=True)
    assert scores(result) == [5, 500, 135, 35]
    assert [(n.code, n.rule) for n in result.notes] == [(R.EXHAUSTED_SCORED, "E2")]
    team = score_round(players, RED_OKEY, exhausted=True, team=True)
    assert scores(team) == [5, 500, 135, 35]  # nobody finished, so no partner scores 0


ERROR_CASES = [
    # rule, players, options, [(seat, field, code)]
    (
        "E1",
        [FIN, FIN, P("not-melded"), P("not-melded")],
        {},
        [(2, "state", R.MORE_THAN_ONE_FINISHER)],
    ),
    ("E1", [P("not-melded")] * 4, {}, [(None, "state", R.NO_FINISHER)]),
    (
        "E1",
        [P("finished", "r4"), P("not-melded"), P("not-melded"), P("not-melded")],
        {},
        [(1, "rack", R.FINISHER_WITH_TILES)],
    ),
    (
        "E1",
        [P("finished", points=5), P("not-melded"), P("not-melded"), P("not-melded")],
        {},
        [(1, "points", R.FINISHER_WITH_TILES)],
    ),
    (
        "E2",
        [FIN, P("not-melded"), P("not-melded"), P("not-melded")],
        {"exhausted": True},
        [(1, "state", R.FINISHER_WHEN_EXHAUSTED)],
    ),
    (
        "S4",
        [P("not-melded")] * 4,
        {"exhausted": True, "okey_finish": True},
        [(None, "okey_finish", R.OKEY_FINISH_WHEN_EXHAUSTED)],
    ),
    (
        "S3",
        [FIN, P("melded", points=-5), P("not-melded"), P("not-melded")],
        {},
        [(2, "points", R.NEGATIVE_POINTS)],
    ),
    ("S3", [FIN, P("melded"), P("not-melded"), P("not-melded")], {}, [(2, "rack", R.MISSING_RACK)]),
    (
        "S3",
        [FIN, P("melded", "r1", 1), P("not-melded"), P("not-melded")],
        {},
        [(2, "points", R.RACK_AND_POINTS)],
    ),
    (
        None,
        [FIN, P("sleeping"), P("not-melded"), P("not-melded")],
        {},
        [(2, "state", R.UNKNOWN_STATE)],
    ),
    ("D1", [FIN, P("not-melded"), P("not-melded")], {}, [(None, "players", R.WRONG_PLAYER_COUNT)]),
    # the count alone: three players with no finisher are not also "nobody finished"
    ("D1", [P("not-melded")] * 3, {}, [(None, "players", R.WRONG_PLAYER_COUNT)]),
    # a state nobody knows is not also "nobody finished"
    (None, [P("sleeping"), *[P("not-melded")] * 3], {}, [(1, "state", R.UNKNOWN_STATE)]),
    (
        "S3",
        [FIN, P("melded", points=-1), P("not-melded"), P("not-melded")],
        {},
        [(2, "points", R.NEGATIVE_POINTS)],
    ),
    (
        "T1",
        [FIN, P("melded", "r7 r7"), P("melded", "r7"), P("not-melded")],
        {},
        [(3, "rack", R.TOO_MANY_COPIES)],
    ),
    (
        "T1",
        [FIN, P("melded", "b8 b8"), P("not-melded"), P("not-melded")],
        {},  # + the indicator
        [(2, "rack", R.TOO_MANY_COPIES)],
    ),
    (
        "T1",
        [FIN, P("melded", "ok b9"), P("melded", "ok"), P("not-melded")],
        {},
        [(3, "rack", R.TOO_MANY_COPIES)],
    ),
    (
        "T1",
        [FIN, P("melded", "r1 r1 r1 r1 r1"), P("not-melded"), P("not-melded")],
        {},
        [(2, "rack", R.TOO_MANY_COPIES)],
    ),
]


@pytest.mark.parametrize(
    ("racks", "seat", "facts"),
    [
        # All five on one rack: counted whole, not "three" where the limit was passed.
        (("r1 r1 r1 r1 r1", "", ""), 2, {"tile": "r1", "count": 5}),
        # The indicator's face: one copy is face up, the racks hold 60 more.
        ((" ".join(["b8"] * 60), "", ""), 2, {"tile": "b8", "count": 60, "indicator": True}),
        # Spread over two racks: said to be on the racks, under the one that passed the limit.
        (("r1 r1", "r1", ""), 3, {"tile": "r1", "count": 3, "racks": True}),
        (("b8", "b8", ""), 3, {"tile": "b8", "count": 2, "indicator": True, "racks": True}),
    ],
)
def test_T1_too_many_copies_counts_every_copy_on_the_racks(racks, seat, facts):
    players = [FIN, *(P("not-melded", rack) if rack else P("not-melded") for rack in racks)]
    result = score_round(players, BLUE_OKEY)
    [found] = [e for e in result.errors if e.code is R.TOO_MANY_COPIES]
    assert (found.seat, found.field) == (seat, "rack")
    assert {k: str(v) if k == "tile" else v for k, v in found.facts.items()} == {
        **facts,
        "limit": 2,
    }


@pytest.mark.parametrize(
    ("rule", "players", "options", "errors"),
    ERROR_CASES,
    ids=[f"{c[0]}-{i}" for i, c in enumerate(ERROR_CASES)],
)
def test_impossible_input_is_rejected_with_reasons(rule, players, options, errors):
    result = score_round(players, BLUE_OKEY, **options)
    assert not result.ok and result.players == ()
    assert [(e.seat, e.field, e.code) for e in result.errors] == errors
    assert all(e.rule == rule for e in result.errors)


@pytest.mark.parametrize("rack", [None, "ok r3"])
def test_T5_a_false_joker_indicator_is_an_input_error(rack):
    """Only that: with no Okey known, an Okey on a rack is not judged (nor a crash)."""
    second = P("not-melded") if rack is None else P("melded", rack)
    result = score_round([FIN, second, P("not-melded"), P("not-melded")], FALSE_JOKER)
    assert [(e.field, e.code, e.rule) for e in result.errors] == [
        ("indicator", R.FALSE_JOKER_INDICATOR, "T5")
    ]


def test_S1_S3_zero_points_are_points_and_a_finisher_may_be_typed_with_them():
    result = score_round([P("finished", points=0), *[P("not-melded")] * 3], BLUE_OKEY)
    assert scores(result) == [0, 500, 500, 500]
    result = score_round([FIN, P("melded", points=0), *[P("not-melded")] * 2], BLUE_OKEY)
    assert scores(result)[1] == 0


def test_C4_S4_the_final_round_note_only_in_the_final_round():
    players = [FIN, P("melded", "k3 b11 ok"), P("not-melded"), P("not-melded")]
    assert score_round(players, RED_OKEY, okey_finish=True).notes == ()
    assert score_round(players, RED_OKEY, final_round=True).notes == ()
    assert score_round(players, RED_OKEY, okey_finish=True, final_round=True).notes != ()


def test_S3_each_line_of_the_working_carries_its_own_points():
    # Okey b9 (×2): r4 and a false joker = (4 + 25) × 2 = 58
    rack = (*T("r4"), FALSE_JOKER)
    players = [FIN, PlayerInput(state="melded", rack=rack), P("not-melded"), P("not-melded")]
    steps = score_round(players, BLUE_OKEY).players[1].breakdown
    assert [(s.code, s.points) for s in steps] == [
        (R.FACE_VALUES, 4),
        (R.FALSE_JOKER_25, 25),
        (R.MULTIPLIER, 58),
    ]
    result = score_round([FIN, P("melded", "ok"), P("melded", "r4"), P("not-melded")], BLUE_OKEY)
    assert codes(result.players[1]) == [R.OKEY_25, R.MULTIPLIER]  # no face values to add
    assert codes(result.players[2]) == [R.FACE_VALUES, R.MULTIPLIER]  # no Okey line


def test_S1_S5_a_zero_score_says_why_with_0_points():
    players = [FIN, P("not-melded"), P("melded"), P("not-melded")]
    result = score_round(players, BLUE_OKEY, team=True)
    assert [(s.code, s.points) for s in result.players[0].breakdown] == [(R.FINISHER_ZERO, 0)]
    assert [(s.code, s.points) for s in result.players[2].breakdown] == [(R.TEAM_PARTNER_ZERO, 0)]


def test_T1_T3_a_third_okey_on_the_racks_is_named_as_an_okey():
    result = score_round([FIN, P("melded", "ok b9"), P("melded", "ok"), P("not-melded")], BLUE_OKEY)
    [error] = result.errors
    assert error.code is R.TOO_MANY_COPIES and error.facts.get("okey") is True


def test_the_finishers_partner_needs_no_rack_at_a_team_table():
    players = [FIN, P("not-melded"), P("melded"), P("not-melded")]
    assert scores(score_round(players, BLUE_OKEY, team=True)) == [0, 500, 0, 500]
    assert not score_round(players, BLUE_OKEY).ok


def test_states_may_be_given_as_enum_members():
    players = [PlayerInput(state=PlayerState.FINISHED)] + [
        PlayerInput(state=PlayerState.NOT_MELDED)
    ] * 3
    result = score_round(players, BLUE_OKEY)
    assert result.score(1) == 0 and result.players[1].state is PlayerState.NOT_MELDED


def test_S1_S3_S4_S5_the_working_carries_the_numbers_its_lines_state():
    """Each line of a working states its figures from the step's facts: a finisher's and a
    partner's 0 (S1, S5), an Okey's and a false joker's 25 (S3), the ×2 of a round finished
    with Okey (S4). None of them is typed into a sentence."""
    players = [
        PlayerInput(state=PlayerState.FINISHED),
        PlayerInput(state=PlayerState.MELDED, rack=T("ok fj r3")),
        PlayerInput(state=PlayerState.NOT_MELDED),
        PlayerInput(state=PlayerState.NOT_MELDED),
    ]
    result = score_round(players, I("b8"), team=True, okey_finish=True)
    steps = {step.code: step for p in result.players for step in p.breakdown}
    assert steps[ReasonCode.FINISHER_ZERO].facts["points"] == rules.engine.FINISHER_POINTS == 0
    assert steps[ReasonCode.TEAM_PARTNER_ZERO].facts["points"] == 0
    assert steps[ReasonCode.OKEY_25].facts["each"] == rules.engine.OKEY_POINTS == 25
    assert steps[ReasonCode.FALSE_JOKER_25].facts["each"] == 25
    *_, multiplied, doubled = result.players[1].breakdown
    assert doubled.code is ReasonCode.DOUBLED
    assert doubled.facts["factor"] == rules.engine.OKEY_FINISH_FACTOR == 2
    assert doubled.points == 2 * multiplied.points
