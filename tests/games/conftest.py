import pytest

from games import services
from games.models import Entry, Game
from games.sheet import Kind

PLAYERS = ("Ana", "Ben", "Cem", "Dila")


@pytest.fixture
def game(db) -> Game:
    return services.create_game(PLAYERS, team=False)


@pytest.fixture
def team_game(db) -> Game:
    return services.create_game(PLAYERS, team=True)


def add_scored(game: Game, round_number: int, scores, seq: int | None = None) -> Entry:
    """Put a scored round on the sheet directly (and bump the version, as a write would)."""
    seq = seq or (game.entries.count() + 1)
    entry = Entry.objects.create(
        game=game,
        seq=seq,
        round=round_number,
        kind=Kind.SCORED,
        score1=scores[0],
        score2=scores[1],
        score3=scores[2],
        score4=scores[3],
        query=f"round={round_number}",
    )
    Game.objects.filter(pk=game.pk).update(version=game.version + 1)
    game.refresh_from_db()
    return entry


def calculator_data(round_number: int, *, exhausted: bool = False, points2: int = 14) -> dict:
    """A valid calculator input: player 1 ends the round (indicator r4: Okey r5, ×5)."""
    data = {
        "indicator": "r4",
        "round": str(round_number),
        "state1": "finished",
        "state2": "melded",
        "points2": str(points2),
        "state3": "not-melded",
        "state4": "melded",
        "points4": "10",
    }
    if exhausted:
        data.update({"exhausted": "1", "state1": "melded", "points1": "3"})
    return data
