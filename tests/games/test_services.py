"""Models and writes: secrets, version checks, transactions, redeals, undo, edit."""

import pytest
from django.db import IntegrityError, transaction

from games import services
from games.models import Entry, Game
from games.sheet import Kind

from .conftest import PLAYERS, add_scored

pytestmark = pytest.mark.django_db

SCORES = (0, 70, 500, 50)


def record(game, version, number, scores=SCORES, **kw):
    return services.record_round(
        game, version, round_number=number, scores=scores, query=f"round={number}", **kw
    )


def test_a_game_gets_two_separate_unguessable_secrets(game):
    other = services.create_game(PLAYERS, team=False)
    secrets = {game.edit_secret, game.view_secret, other.edit_secret, other.view_secret}
    assert len(secrets) == 4
    for secret in secrets:
        # token_urlsafe: 6 bits per character; at least 128 bits.
        assert len(secret) * 6 >= 128
    assert game.version == 1
    assert game.players == PLAYERS


def test_edit_and_view_secrets_must_differ(game):
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(view_secret=game.edit_secret)


def test_recording_a_round_bumps_the_version(game):
    done = record(game, 1, 1)
    game.refresh_from_db()
    assert done.action == "recorded" and done.round == 1
    assert game.version == 2
    entry = game.entries.get()
    assert entry.scores == SCORES and entry.kind == Kind.SCORED and entry.seq == 1


def test_a_stale_version_is_a_conflict_and_writes_nothing(game):
    record(game, 1, 1)
    with pytest.raises(services.Conflict):
        record(game, 1, 1, scores=(1, 2, 3, 4))
    game.refresh_from_db()
    assert game.version == 2
    assert list(game.entries.values_list("score1", flat=True)) == [0]


def test_a_refused_write_rolls_back_the_version(game):
    with pytest.raises(services.Refused) as refused:
        record(game, 1, 2)
    assert refused.value.reason is services.Reason.WRONG_ROUND
    game.refresh_from_db()
    assert game.version == 1
    assert not game.entries.exists()


def test_recording_a_round_twice_is_refused(game):
    record(game, 1, 1)
    with pytest.raises(services.Refused) as refused:
        record(game, 2, 1)
    assert refused.value.reason is services.Reason.ROUND_TAKEN
    assert refused.value.facts == {"round": 1, "next": 2}


def test_a_scored_round_is_unique_in_the_database(game):
    add_scored(game, 1, SCORES)
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(
            game=game, seq=9, round=1, kind=Kind.SCORED, score1=1, score2=1, score3=1, score4=1
        )


def test_a_redeal_has_no_scores_in_the_database(game):
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(game=game, seq=1, round=1, kind=Kind.REDEAL, score1=5)


def test_redeal_counting_three_times_then_scored(game):
    for version in (1, 2, 3):
        done = services.record_redeal(game, version, round_number=1)
        assert done.action == "redeal"
    assert game.entries.filter(kind=Kind.REDEAL, round=1).count() == 3
    # A fourth redeal is refused (E2) …
    with pytest.raises(services.Refused) as refused:
        services.record_redeal(game, 4, round_number=1)
    assert refused.value.reason is services.Reason.NO_MORE_REDEALS
    # … the round is scored instead, as "the pile ran out".
    record(game, 4, 1, exhausted=True)
    game.refresh_from_db()
    assert game.version == 5
    assert game.entries.filter(kind=Kind.SCORED, round=1).count() == 1


def test_scoring_a_round_as_exhausted_needs_three_redeals(game):
    services.record_redeal(game, 1, round_number=1)
    with pytest.raises(services.Refused) as refused:
        record(game, 2, 1, exhausted=True)
    assert refused.value.reason is services.Reason.EXHAUSTED_TOO_EARLY
    assert refused.value.facts["redeals"] == 1


def test_redeals_count_per_round(game):
    services.record_redeal(game, 1, round_number=1)
    record(game, 2, 1)
    services.record_redeal(game, 3, round_number=2)
    with pytest.raises(services.Refused):
        services.record_redeal(game, 4, round_number=1)  # round 1 is over
    assert list(game.entries.values_list("round", "kind")) == [
        (1, "redeal"),
        (1, "scored"),
        (2, "redeal"),
    ]


def test_undo_takes_back_the_last_entry_only(game):
    record(game, 1, 1)
    services.record_redeal(game, 2, round_number=2)
    done = services.undo_last(game, 3)
    assert (done.action, done.round, done.kind) == ("undone", 2, Kind.REDEAL)
    done = services.undo_last(game, 4)
    assert (done.round, done.kind) == (1, Kind.SCORED)
    assert not game.entries.exists()
    with pytest.raises(services.Refused) as refused:
        services.undo_last(game, 5)
    assert refused.value.reason is services.Reason.NOTHING_TO_UNDO
    game.refresh_from_db()
    assert game.version == 5


def test_undo_with_a_stale_version_undoes_nothing(game):
    record(game, 1, 1)
    record(game, 2, 2)
    with pytest.raises(services.Conflict):
        services.undo_last(game, 2)
    assert game.entries.count() == 2


def test_edit_replaces_the_scores_of_a_recorded_round(game):
    record(game, 1, 1)
    record(game, 2, 2)
    done = services.edit_round(
        game, 3, round_number=1, scores=(5, 6, 7, 8), query="round=1&indicator=b2"
    )
    assert done.action == "edited"
    entry = game.entries.get(round=1)
    assert entry.scores == (5, 6, 7, 8)
    assert entry.query == "round=1&indicator=b2"
    assert entry.seq == 1  # still the first entry: undo still takes round 2
    assert game.entries.count() == 2


def test_editing_a_round_not_on_the_sheet_is_refused(game):
    with pytest.raises(services.Refused) as refused:
        services.edit_round(game, 1, round_number=3, scores=SCORES, query="")
    assert refused.value.reason is services.Reason.NOT_RECORDED


def test_the_game_is_over_after_twenty_rounds(game):
    for n in range(1, 21):
        add_scored(game, n, SCORES)
    with pytest.raises(services.Refused) as refused:
        services.record_redeal(game, game.version, round_number=20)
    assert refused.value.reason is services.Reason.GAME_OVER


def test_a_write_renews_the_retention_period(game):
    from datetime import timedelta

    from django.utils import timezone

    from games.retention import RETENTION_DAYS, expired_games

    long_ago = timezone.now() - timedelta(days=RETENTION_DAYS + 30)
    Game.objects.filter(pk=game.pk).update(updated_at=long_ago)
    assert game in expired_games()
    record(game, 1, 1)
    assert game not in expired_games()
