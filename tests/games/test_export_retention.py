"""CSV export, the print stylesheet, and retention (purge_games)."""

import csv
import io
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from games import services
from games.export import neutralise
from games.models import Entry, Game
from games.retention import RETENTION_DAYS

from .conftest import add_scored

pytestmark = pytest.mark.django_db
BOM = "\ufeff".encode()
PRINT_CSS = Path(__file__).resolve().parents[2] / "games/static/games/print.css"


def read_csv(response, delimiter=","):
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response.content.startswith(BOM), "a UTF-8 byte-order mark for Excel"
    text = response.content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text), delimiter=delimiter))


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
    assert rows[1][1] == "one Küt group of three"
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
    rows = read_csv(response, delimiter=";")
    assert rows[0][:2] == ["Runde", "Kontrakt"]
    assert rows[0][-1] == "Neu gegeben"
    assert rows[2][-1] == "1"
    assert rows[-2][0] == "Summe"
    assert rows[-1] == ["Team-Summe", "", "0", "120", "0", "120", ""]


@pytest.mark.parametrize(
    ("language", "path", "tie", "word", "winners"),
    [
        ("en", "games", False, "Winner", "Jürgen"),
        ("de", "spiele", False, "Gewinner", "Jürgen"),
        ("en", "games", True, "Winners", "Jürgen and Dila"),  # level on the lowest total
        ("de", "spiele", True, "Gewinner", "Jürgen und Dila"),
    ],
)
def test_a_finished_games_csv_names_the_winner_and_its_players(
    client, language, path, tie, word, winners
):
    game = services.create_game(("Şule", "Jürgen", "Cem", "Dila"), team=False)
    for number in range(1, 21):
        add_scored(game, number, (50, 0, 20, 0 if tie else 10))
    response = client.get(f"/{language}/{path}/{game.edit_secret}/sheet.csv")
    disposition = response["Content-Disposition"]
    assert disposition.endswith(f'-{timezone.localdate().isoformat()}-sule-jurgen-cem-dila.csv"')
    rows = read_csv(response, delimiter=";" if language == "de" else ",")
    assert rows[-1] == [word, "", winners, "", "", "", ""]


def test_an_unfinished_games_csv_names_no_winner(client, game):
    add_scored(game, 1, (0, 70, 500, 50))
    rows = read_csv(client.get(f"/en/games/{game.edit_secret}/sheet.csv"))
    assert rows[-1][0] == "Total"


FORMULAS = [
    "=1+1",
    "+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(1+1)",
    '=HYPERLINK("http://x")',
]


@pytest.mark.parametrize("language", ["en", "de"])
def test_csv_neutralises_formula_names_in_every_cell(client, language):
    # One game per prefix pair: four players at a time, every OWASP prefix covered.
    for names in (FORMULAS[:4], [FORMULAS[4], "Ana", "Ben", "Cem"]):
        game = services.create_game(names, team=False)
        add_scored(game, 1, (0, -70, 500, 50))
        prefix = "spiele" if language == "de" else "games"
        response = client.get(f"/{language}/{prefix}/{game.edit_secret}/sheet.csv")
        rows = read_csv(response, delimiter=";" if language == "de" else ",")
        header = rows[0][2:6]
        for name, cell in zip(names, header, strict=True):
            if name[0] in "=+-@":
                assert cell == "'" + name
            else:
                assert cell == name
        # Numbers stay numbers, a negative score included.
        assert rows[1][2:6] == ["0", "-70", "500", "50"]
        for row in rows:
            for cell in row:
                assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")) or cell == "-70"


@pytest.mark.parametrize(("language", "other"), [("en", ";"), ("de", ",")])
def test_csv_opened_with_the_other_locales_separator_runs_no_formula(client, language, other):
    """An English file in a German Excel splits at `;`, a German one in an English Excel at
    `,`: a name that hides a formula after either separator must not become one there."""
    names = ["Ana;=1+1", 'Ben,=HYPERLINK("http://x")', "Cem;@SUM(1)", "Dila, -2+3"]
    game = services.create_game(names, team=False)
    add_scored(game, 1, (0, -70, 500, 50))
    prefix = "spiele" if language == "de" else "games"
    response = client.get(f"/{language}/{prefix}/{game.edit_secret}/sheet.csv")
    text = response.content.decode("utf-8-sig")
    for line in text.splitlines():
        for cell in line.split(other):
            cell = cell.lstrip('"')
            assert not cell.startswith(("=", "+", "@")), (line, cell)
            assert not cell.startswith("-") or cell == "-70", (line, cell)
    # In the file's own locale the names read as typed, an apostrophe before each formula.
    header = read_csv(response, delimiter=";" if language == "de" else ",")[0][2:6]
    assert header == ["Ana;'=1+1", 'Ben,\'=HYPERLINK("http://x")', "Cem;'@SUM(1)", "Dila, -2+3"]


@pytest.mark.parametrize("prefix", ["=", "+", "-", "@", "\t", "\r"])
def test_every_owasp_prefix_gets_an_apostrophe(prefix):
    assert neutralise(prefix + "1+1") == "'" + prefix + "1+1"
    assert neutralise("a" + prefix) == "a" + prefix
    assert neutralise(-5) == -5


def test_german_csv_keeps_umlauts_and_turkish_letters_for_excel(client):
    game = services.create_game(["Jürgen", "Şule", "Ağa", "Işık"], team=False)
    response = client.get(f"/de/spiele/{game.edit_secret}/sheet.csv")
    raw = response.content
    assert raw.startswith(BOM)
    first_line = raw.decode("utf-8-sig").splitlines()[0]
    assert first_line == "Runde;Kontrakt;Jürgen;Şule;Ağa;Işık;Neu gegeben"
    english = client.get(f"/en/games/{game.edit_secret}/sheet.csv").content
    assert english.decode("utf-8-sig").splitlines()[0] == (
        "Round,Contract,Jürgen,Şule,Ağa,Işık,Redeals"
    )


def test_print_stylesheet_fits_the_sheet_on_one_a4_page():
    css = PRINT_CSS.read_text()
    assert "size: A4" in css
    assert ".sheet-actions" in css and ".sheet-share" in css


@pytest.mark.parametrize(
    ("language", "prefix", "day"),
    [("en", "games", "5 December 2026"), ("de", "spiele", "5. Dezember 2026")],
)
def test_printed_title_carries_the_day_the_game_was_played(client, game, language, prefix, day):
    Game.objects.filter(pk=game.pk).update(
        created_at=timezone.make_aware(datetime(2026, 12, 5, 20))
    )
    html = client.get(f"/{language}/{prefix}/{game.edit_secret}/").content.decode()
    assert f'<h1 data-date="{day}">' in html
    assert 'h1::after { content: " · " attr(data-date); }' in PRINT_CSS.read_text()


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


@pytest.mark.parametrize("days", ["99999999", "999999999", "10000000000"])
def test_purge_with_too_many_days_is_a_clear_error(game, days):
    with pytest.raises(CommandError, match="smaller number of days"):
        call_command("purge_games", "--days", days)
    assert Game.objects.filter(pk=game.pk).exists()
