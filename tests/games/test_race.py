"""Two phones press "save" at the same moment: exactly one wins, the other is told.

Real threads and real connections, released together by a barrier, on both databases: the
settings give SQLite's test database a file (an in-memory one cannot be shared between
threads' transactions). The same race is also played out deterministically with two clients
in test_recording.py.
"""

import threading

import pytest
from django.db import connections
from django.test import Client

from games import services
from games.models import Entry
from scoring.forms import CalculatorForm

from .conftest import PLAYERS, calculator_data

pytestmark = pytest.mark.django_db(transaction=True)


def race(*jobs):
    barrier = threading.Barrier(len(jobs))
    results = [None] * len(jobs)

    def run(i, job):
        try:
            barrier.wait(timeout=30)
            results[i] = job()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results


@pytest.mark.parametrize("attempt", range(5))
def test_two_phones_saving_the_same_round_at_once(attempt):
    game = services.create_game(PLAYERS, team=False)
    url = f"/en/games/{game.edit_secret}/record/"

    def phone(points2):
        def job():
            data = {**calculator_data(1, points2=points2), "version": 1, "action": "save"}
            response = Client().post(url, data)
            return response.status_code, response.content.decode()

        return job

    (status_a, html_a), (status_b, html_b) = race(phone(14), phone(27))

    assert sorted([status_a, status_b]) == [302, 409]
    loser = html_b if status_b == 409 else html_a
    assert "Round 1 was recorded on another phone meanwhile" in loser
    entry = Entry.objects.get(game=game)
    winner_points = 14 if status_a == 302 else 27
    assert entry.scores == CalculatorForm(calculator_data(1, points2=winner_points)).scores
    game.refresh_from_db()
    assert game.version == 2


def test_undo_and_record_at_once_never_both_win():
    game = services.create_game(PLAYERS, team=False)
    services.record_round(game, 1, round_number=1, scores=(0, 1, 2, 3), query="")

    def undo():
        try:
            return services.undo_last(game, 2).action
        except services.Conflict:
            return "conflict"

    def record():
        try:
            services.record_round(game, 2, round_number=2, scores=(4, 5, 6, 7), query="")
            return "recorded"
        except services.Conflict:
            return "conflict"

    results = race(undo, record)
    assert sorted(results) in (["conflict", "undone"], ["conflict", "recorded"])
    rounds = list(Entry.objects.filter(game=game).values_list("round", flat=True))
    assert rounds == ([] if "undone" in results else [1, 2])


def test_two_writes_of_the_same_version_exactly_one_commits():
    game = services.create_game(PLAYERS, team=False)

    def write(scores):
        def job():
            try:
                services.record_round(game, 1, round_number=1, scores=scores, query="")
                return "recorded"
            except services.Conflict:
                return "conflict"

        return job

    results = race(write((0, 1, 2, 3)), write((9, 9, 9, 9)))
    assert sorted(results) == ["conflict", "recorded"]
    winner = (0, 1, 2, 3) if results[0] == "recorded" else (9, 9, 9, 9)
    assert Entry.objects.get(game=game).scores == winner
