"""The game sheet on a phone (issue 13): what a new game needs first, two taps to take back."""

import pytest

from games import services
from kutsite.templatetags.components import hyphenable


def test_share_links_come_first_while_no_round_is_on_the_sheet(client, game):
    html = client.get(f"/en/games/{game.edit_secret}/").content.decode()
    assert html.index('id="share-heading"') < html.index('id="sheet"')
    services.record_round(game, game.version, round_number=1, scores=[0, 10, 20, 30], query="")
    html = client.get(f"/en/games/{game.edit_secret}/").content.decode()
    # once the game is under way the scores lead and the links follow, once
    assert html.index('id="sheet"') < html.index('id="share-heading"')
    assert html.count('id="share-heading"') == 1


def test_undo_needs_two_taps_and_names_stay_whole(client, game):
    services.record_round(game, game.version, round_number=1, scores=[0, 10, 20, 30], query="")
    html = client.get(f"/de/spiele/{game.edit_secret}/").content.decode()
    summary = html.index('<summary id="undo-question">Runde 1 rückgängig machen</summary>')
    assert summary < html.index('id="undo-last"')
    assert "Sicher? Tippe zum Bestätigen auf die Schaltfläche." in html
    assert f'<span class="sheet-name">{game.player1}</span>' in html


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Ana", "Ana"),
        ("Deniz", "Deniz"),
        ("Mustafa", "Mus\u00adta\u00adfa"),
        ("Frederike", "Fre\u00adde\u00adri\u00adke"),
        ("Annemarie", "Anne\u00adma\u00adrie"),
        ("Christopher", "Chris\u00adtopher"),  # not "Christop-her"
        ("Ayşe Nur", "Ayşe Nur"),
        ("Yılmaz-Öztürk", "Yıl\u00admaz-Öz\u00adtürk"),
        ("José\u0301phine", "José\u0301phi\u00adne"),  # the accent stays on
        ("😀😀😀😀😀😀", "😀😀😀😀😀😀"),
    ],
)
def test_a_long_name_in_the_table_may_break_with_a_hyphen(name, shown):
    """A narrow column breaks "Mus-ta-fa", never "Mustaf" / "a", and where a syllable may
    start, not "Frieder-ike": soft hyphens before a consonant that a vowel follows, none in a
    word's first three or last two letters, none splitting "ph" or an accent from its letter."""
    assert hyphenable(name) == shown
    assert hyphenable(name).replace("\u00ad", "") == name


def test_the_tables_heads_carry_the_soft_hyphens(client, db):
    game = services.create_game(("Mustafa", "Ana", "Christina", "Cem"), team=False)
    html = client.get(f"/en/games/{game.edit_secret}/").content.decode()
    assert '<span class="sheet-name">Mus\u00adta\u00adfa</span>' in html
    assert '<span class="sheet-name">Ana</span>' in html
