"""The sheet's arithmetic (games.sheet): next round, redeals (E2), totals, leader, winner."""

from games.sheet import MAX_REDEALS, ROUND_COUNT, Kind, Line, progress, redeal_count, standings


def scored(seq, number, scores):
    return Line(seq=seq, round=number, kind=Kind.SCORED, scores=scores)


def redeal(seq, number):
    return Line(seq=seq, round=number, kind=Kind.REDEAL)


def test_empty_sheet_starts_at_round_one():
    state = progress([])
    assert state.next_round == 1
    assert state.redeals == 0
    assert state.may_redeal
    assert not state.exhausted_is_scored
    table = standings([], team=False)
    assert len(table.rows) == ROUND_COUNT == 20
    assert table.leaders == ()
    assert table.totals == (0, 0, 0, 0)


def test_next_round_follows_the_scored_rounds():
    lines = [scored(1, 1, (0, 70, 500, 50)), redeal(2, 2), scored(3, 2, (10, 0, 20, 30))]
    state = progress(lines)
    assert state.next_round == 3
    assert state.redeals == 0


def test_three_redeals_then_the_pile_running_out_is_scored():
    lines = [redeal(i, 1) for i in range(1, MAX_REDEALS + 1)]
    state = progress(lines)
    assert state.next_round == 1
    assert state.redeals == 3
    assert not state.may_redeal
    assert state.exhausted_is_scored
    two = progress(lines[:2])
    assert two.may_redeal and not two.exhausted_is_scored
    assert redeal_count(lines, 1) == 3
    assert redeal_count(lines, 2) == 0


def test_running_totals_and_leader_solo():
    lines = [scored(1, 1, (0, 70, 500, 50)), scored(2, 2, (100, 0, 20, 30))]
    table = standings(lines, team=False)
    assert table.rows[0].running == (0, 70, 500, 50)
    assert table.rows[1].running == (100, 70, 520, 80)
    assert table.rows[2].scores is None and table.rows[2].running is None
    assert table.totals == (100, 70, 520, 80)
    assert table.leaders == (2,)
    assert table.winners == ()  # not over yet
    assert table.team_totals is None


def test_tie_for_the_lead():
    table = standings([scored(1, 1, (10, 10, 500, 40))], team=False)
    assert table.leaders == (1, 2)


def test_team_totals_add_partners_opposite():
    table = standings([scored(1, 1, (0, 70, 0, 50))], team=True)
    # Seats 1 & 3 against 2 & 4 (S5).
    assert table.team_totals == (0, 120)
    assert table.leaders == (1,)


def test_winner_after_the_last_round_is_the_lowest_total():
    lines = [scored(n, n, (n, 2 * n, 0 if n == 20 else 3 * n, 500)) for n in range(1, 21)]
    table = standings(lines, team=False)
    assert table.finished
    assert progress(lines).finished
    assert progress(lines).next_round is None
    totals = table.totals
    assert table.winners == (totals.index(min(totals)) + 1,)


def test_team_winner_uses_team_totals():
    # Seat 2 has the lowest single total, but seats 1 & 3 have the lower team total.
    lines = [scored(n, n, (10, 0, 10, 100)) for n in range(1, 21)]
    table = standings(lines, team=True)
    assert table.totals[1] == 0
    assert table.team_totals == (400, 2000)
    assert table.winners == (1,)
