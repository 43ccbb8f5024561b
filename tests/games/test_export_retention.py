"""CSV export, the print stylesheet, and retention (purge_games)."""

import csv
import io
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from games.models import Entry, Game
from games.retention import RETENTION_DAYS

from .conftest import add_scored

pytestmark = pytest.mark.django_db
PRINT_CSS = Path(__file__).resolve().parents[2] / "games/static/games/print.css"


def read_csv(response):
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    return list(csv.reader(io.StringIO(response.content.decode("utf-8"))))


def test_csv_has_every_round_totals_and_a_filename(client, game):
    add_scored(game, 1, (0, 70, 500, 50))
    add_scored(game, 2, (1000, 0, 20, 1250))
    response = client.get(f"/en/games/{game.edit_secret}/sheet.csv")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="kut-game-')
    assert response["Content-Disposition"].endswith('.csv"')
    rows = read_csv(response)
    assert rows[0] == ["Round", "Contract", "Ana", "Ben", "Cem", "Dila", "Redeals"]
    assert rows[1][0] == "1" and rows[1][2:6] == ["0", "70", "500", "50"]
    assert rows[1][1] == "one group of three"
    # Numbers plain: no thousands separators, no units.
    assert rows[2][2:6] == ["1000", "0", "20", "1250"]
    assert rows[3][2:6] == ["", "", "", ""]
    assert len(rows) == 1 + 20 + 1
    assert rows[-1] == ["Total", "", "1000", "70", "520", "1300", ""]
    assert response["X-Robots-Tag"] == "noindex, nofollow"


def test_csv_in_german_and_from_the_read_only_link(client, team_game):
    add_scored(team_game, 1, (0, 70, 0, 50))
    Entry.objects.create(game=team_game, seq=2, round=2, kind="redeal")
    response = client.get(f"/de/spiele/ansehen/{team_game.view_secret}/sheet.csv")
    assert response.status_code == 200
    assert 'filename="kuet-spiel-' in response["Content-Disposition"]
    rows = read_csv(response)
    assert rows[0][:2] == ["Runde", "Kontrakt"]
    assert rows[0][-1] == "Neu gegeben"
    assert rows[2][-1] == "1"
    assert rows[-2][0] == "Summe"
    assert rows[-1] == ["Team-Summe", "", "0", "120", "0", "120", ""]


def test_print_stylesheet_fits_the_sheet_on_one_a4_page():
    css = PRINT_CSS.read_text()
    assert "size: A4" in css
    assert ".sheet-actions" in css and ".sheet-share" in css


def make_old(game, days):
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(days=days))


def test_purge_deletes_games_older_than_a_year(game, team_game, capsys):
    add_scored(game, 1, (0, 1, 2, 3))
    make_old(game, RETENTION_DAYS + 1)
    make_old(team_game, RETENTION_DAYS - 1)
    call_command("purge_games")
    assert list(Game.objects.all()) == [team_game]
    assert not Entry.objects.filter(game_id=game.pk).exists()
    assert "Deleted 1 game(s)" in capsys.readouterr().out


def test_purge_dry_run_deletes_nothing(game, capsys):
    make_old(game, RETENTION_DAYS + 10)
    call_command("purge_games", "--dry-run")
    assert Game.objects.filter(pk=game.pk).exists()
    assert "1 game(s) older than 365 days would be deleted" in capsys.readouterr().out


def test_purge_with_other_days(game, team_game):
    make_old(game, 40)
    make_old(team_game, 20)
    call_command("purge_games", "--days", "30")
    assert list(Game.objects.all()) == [team_game]
    with pytest.raises(CommandError):
        call_command("purge_games", "--days", "0")


def test_deleted_sheet_is_gone(client, game):
    secret = game.edit_secret
    make_old(game, RETENTION_DAYS + 1)
    call_command("purge_games")
    assert client.get(f"/en/games/{secret}/").status_code == 404
