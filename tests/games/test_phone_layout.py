"""The game sheet on a phone (issue 13): what a new game needs first, two taps to take back."""

from games import services


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
