"""Start a game; the sheet and the read-only sheet; headers, polling, the query budget."""

import gzip
import re
from urllib.parse import urlencode

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games import services
from games.models import Game
from games.retention import RETENTION_DAYS
from tests.weight import FIRST_HTML_GZIPPED, OWN_BYTES, own_assets, own_bytes

from .conftest import PLAYERS, add_scored

pytestmark = pytest.mark.django_db


def new_game_data(**overrides):
    data = {"player1": "Ana", "player2": "Ben", "player3": "Cem", "player4": "Dila"}
    data["table"] = "solo"
    data.update(overrides)
    return data


@pytest.mark.parametrize(
    ("url", "language", "heading"),
    [("/en/games/new/", "en", "Start a game sheet"), ("/de/spiele/neu/", "de", "Spielblatt")],
)
def test_new_game_page_in_both_languages(client, url, language, heading):
    with translation.override(language):
        assert reverse("games:new") == url
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}">' in html
    assert heading in html
    assert 'name="csrfmiddlewaretoken"' in html
    assert {"en": "twelve months", "de": "zwölf Monate"}[language] in html
    assert RETENTION_DAYS == 365, "the pages say twelve months: change their words too"
    # The form holds this visitor's token: no shared cache may hand it to another.
    assert set(response["Cache-Control"].split(", ")) >= {"private", "no-cache"}


@pytest.mark.parametrize(
    ("section", "start"), [("/en/games/", "/en/games/new/"), ("/de/spiele/", "/de/spiele/neu/")]
)
def test_a_sheet_address_cut_back_to_its_section_leads_to_the_start(client, section, start):
    """Someone who trims a sheet's address finds the start page and its list of games."""
    response = client.get(section)
    assert response.status_code == 302 and response["Location"] == start
    assert client.get(start).status_code == 200
    for method in ("post", "put", "delete", "patch"):  # a redirect only for reading
        assert getattr(client, method)(section).status_code == 405, method


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize("number", ["01", "001", "21", "99", "99999999999999999999", "-1", "0"])
def test_a_round_the_game_cannot_have_has_no_correction_page(client, game, method, number):
    """Only rounds 1–20, written as the site writes them, have an address: `01` is not round 1
    at a second address, and a POST to round 21 finds nothing, as its GET does."""
    add_scored(game, 1, (0, 10, 20, 30))
    response = getattr(client, method)(f"/en/games/{game.edit_secret}/rounds/{number}/")
    assert response.status_code == 404


def test_starting_a_game_stores_it_and_opens_its_sheet(client):
    response = client.post("/en/games/new/", new_game_data(table="team"))
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/en/games/{game.edit_secret}/"
    assert game.players == PLAYERS
    assert game.team is True


def test_german_start_opens_the_german_sheet(client):
    response = client.post("/de/spiele/neu/", new_game_data())
    game = Game.objects.get()
    assert response["Location"] == f"/de/spiele/{game.edit_secret}/"
    assert game.team is False


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"player3": "  "}, "player3"),
        ({"player2": "ana"}, "player2"),
        ({"player4": "x" * 31}, "player4"),
        ({"table": "three"}, "table"),
    ],
)
def test_an_invalid_start_says_why_and_stores_nothing(client, overrides, field):
    response = client.post("/en/games/new/", new_game_data(**overrides))
    assert response.status_code == 400
    html = response.content.decode()
    assert f'data-error="{field}"' in html
    assert not Game.objects.exists()
    # Heard at once without a script: the title says so, and the field (or the choice of
    # table) names its error.
    assert "<title>Error: Start a game sheet · Küt</title>" in html
    error_id = re.search(rf'<p class="field__error" id="([^"]+)" data-error="{field}"', html)
    assert error_id and f'aria-describedby="{error_id.group(1)}"' in html
    if field != "table":
        assert re.search(rf'id="id_{field}"[^>]*autofocus', html)
    assert html.count("autofocus") == (field != "table")


def test_german_errors_are_german(client):
    response = client.post("/de/spiele/neu/", new_game_data(player2="ANA"))
    assert response.status_code == 400
    assert "denselben Namen" in response.content.decode()
    assert "<title>Fehler: Ein Spielblatt anlegen · Küt</title>" in response.content.decode()


def test_starting_a_game_needs_the_csrf_token():
    response = Client(enforce_csrf_checks=True).post("/en/games/new/", new_game_data())
    assert response.status_code == 403
    assert not Game.objects.exists()


def test_sheet_shows_twenty_rounds_with_contracts(client, game):
    response = client.get(f"/en/games/{game.edit_secret}/")
    assert response.status_code == 200
    html = response.content.decode()
    rounds = re.findall(r'<tr data-round="(\d+)"', html)
    assert rounds == [str(n) for n in range(1, 21)]
    assert "one Küt group of three" in html
    assert "all at once" in html
    for name in PLAYERS:
        assert name in html
    assert 'data-next-round="1"' in html


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Next: round 1 – one Küt group of three."),
        ("de", "Als Nächstes: Runde 1 – eine Küt-Gruppe aus drei Steinen."),
    ],
)
def test_the_next_round_reads_as_one_line_with_its_contract(client, game, language, said):
    """The contract follows the round after a dash, not as a sentence of its own in lower case
    ("Runde 1. eine Küt-Gruppe") nor after a second colon, and the line ends in a full stop."""
    with translation.override(language):
        path = reverse("games:sheet", args=[game.edit_secret])
    html = client.get(path).content.decode()
    (line,) = re.findall(r"<p class=\"standing__next\".*?</p>", html, re.S)
    assert said in " ".join(re.sub(r"<[^>]+>", "", line).split())
    # The contract is a line of its own (games.css): its full stop goes with it, not onto a
    # third line by itself.
    assert re.search(r"data-next-contract>[^<]+\.</span>", line), line


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Next: round 1 – one Küt group of three. Dealt again once so far."),
        (
            "de",
            "Als Nächstes: Runde 1 – eine Küt-Gruppe aus drei Steinen. Bisher einmal neu gegeben.",
        ),
    ],
)
def test_a_redeal_is_a_sentence_after_the_next_round(client, game, language, said):
    """After a redeal the count follows the contract as a sentence of its own, after a full stop
    ("… aus drei Steinen Bisher einmal neu gegeben" ran the two together)."""
    services.record_redeal(game, game.version, round_number=1)
    with translation.override(language):
        path = reverse("games:sheet", args=[game.edit_secret])
    html = client.get(path).content.decode()
    (line,) = re.findall(r"<p class=\"standing__next\".*?</p>", html, re.S)
    assert said in " ".join(re.sub(r"<[^>]+>", "", line).split())


def test_german_sheet_has_german_contracts_and_path(client, game):
    response = client.get(f"/de/spiele/{game.edit_secret}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Spielblatt" in html
    assert "Runde" in html
    from rules.models import Round
    from rules.wording import contract_text

    with translation.override("de"):
        first = contract_text(Round.objects.get(number=1).contract)
    assert first in html
    assert "one Küt group of three" not in html
    # what a screen reader hears when another phone changes the sheet (games/sheet.js)
    assert 'role="status" data-said="Das Spielblatt hat sich geändert."' in html


def test_sheet_headers_keep_it_private_and_out_of_search(client, game):
    response = client.get(f"/en/games/{game.edit_secret}/")
    assert response["X-Robots-Tag"] == "noindex, nofollow"
    # Secrets never leave the site in a Referer header (no-referrer would break CSRF: the
    # browser then sends `Origin: null` with every form).
    assert response["Referrer-Policy"] == "same-origin"
    assert "private" in response["Cache-Control"]
    assert "HX-Request" in response["Vary"]
    assert response["ETag"]
    html = response.content.decode()
    assert '<meta name="robots" content="noindex, nofollow">' in html


def test_running_totals_leader_and_team_totals(client, team_game):
    add_scored(team_game, 1, (0, 70, 500, 50))
    add_scored(team_game, 2, (100, 0, 20, 30))
    html = client.get(f"/en/games/{team_game.edit_secret}/").content.decode()
    row2 = re.search(r'<tr data-round="2".*?</tr>', html, re.S).group(0)
    assert 'data-player="1" data-score="100">100' in row2
    assert "100</small>" in row2  # Ana: 0 + 100 running
    assert 'data-total="3">520<' in html
    # Team A = Ana & Cem (1 & 3): 100 + 520; team B = Ben & Dila: 70 + 80.
    assert 'data-team-total="A">620<' in html
    assert 'data-team-total="B">150<' in html
    assert "data-leader" in html
    assert "After 2 rounds, the team of Ben and Dila leads with 150 points." in html
    assert 'data-next-round="3"' in html


def test_winner_after_round_twenty(client, game):
    for n in range(1, 21):
        add_scored(game, n, (10, 20, 5 if n > 1 else 500, 40))
    html = client.get(f"/en/games/{game.edit_secret}/").content.decode()
    assert "data-winner" in html
    # Cem: 500 + 19×5 = 595 is not the lowest; Ana: 20×10 = 200 is.
    assert "the winner is Ana with 200 points" in html
    assert "Record round" not in html


@pytest.mark.parametrize(
    ("prefix", "thousand", "lead"),
    [("/en/games/", "1,000", "Ana leads with 0 points"), ("/de/spiele/", "1.000", "0 Punkten")],
)
def test_the_sheet_writes_big_numbers_as_the_calculator_does(client, game, prefix, thousand, lead):
    for n in (1, 2):
        add_scored(game, n, (0, 500, 500, 500 * n))
    html = client.get(f"{prefix}{game.edit_secret}/").content.decode()
    row2 = re.search(r'<tr data-round="2".*?</tr>', html, re.S).group(0)
    assert f'data-player="4" data-score="1000">{thousand}<small>1{thousand[1]}500</small>' in row2
    assert f'data-total="2">{thousand}<' in html
    assert f'data-place-total="3">{thousand} ' in html
    assert lead in html
    main = html[html.index("<main") : html.index("</main>")]
    assert "1000" not in main.replace('data-score="1000"', "")


def test_sheet_answers_304_when_nothing_changed(client, game):
    url = f"/en/games/{game.edit_secret}/"
    etag = client.get(url, headers={"HX-Request": "true"})["ETag"]
    again = client.get(url, headers={"HX-Request": "true", "If-None-Match": etag})
    assert again.status_code == 304
    add_scored(game, 1, (0, 1, 2, 3))
    changed = client.get(url, headers={"HX-Request": "true", "If-None-Match": etag})
    assert changed.status_code == 200
    assert changed["ETag"] != etag


@pytest.mark.parametrize("sheet", ["edit", "view"])
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "fragment"])
def test_a_304_varies_on_what_its_200_varied_on(client, game, sheet, htmx):
    """RFC 9110 (15.4.5): a 304 names the Vary fields its 200 would have named."""
    secret = game.edit_secret if sheet == "edit" else f"view/{game.view_secret}"
    url = f"/en/games/{secret}/"
    headers = {"Accept-Encoding": "gzip", **({"HX-Request": "true"} if htmx else {})}
    full = client.get(url, headers=headers)
    again = client.get(url, headers={**headers, "If-None-Match": full["ETag"]})
    assert (full.status_code, again.status_code) == (200, 304)

    def vary(response):
        return {name.strip().lower() for name in response["Vary"].split(",")}

    assert vary(again) == vary(full)
    assert {"hx-request", "cookie", "accept-encoding"} <= vary(full)


@pytest.mark.parametrize("mode", ["edit", "view"])
def test_a_sheets_etag_is_weak_gzipped_or_not(client, game, mode):
    """The same ETag names the sheet gzipped and plain (and the edit sheet with each answer's
    own CSRF token), so it is weak: equal in meaning, not byte for byte (RFC 9110, 8.8.1)."""
    secret = game.edit_secret if mode == "edit" else f"view/{game.view_secret}"
    url = f"/en/games/{secret}/"
    gzipped = client.get(url, headers={"Accept-Encoding": "gzip"})
    plain = client.get(url, headers={"Accept-Encoding": "identity"})
    assert gzipped["Content-Encoding"] == "gzip" and not plain.has_header("Content-Encoding")
    assert gzipped["ETag"].startswith('W/"') and plain["ETag"].startswith('W/"')
    for etag in (gzipped["ETag"], plain["ETag"]):
        assert client.get(url, headers={"If-None-Match": etag}).status_code == 304


def test_fragment_and_page_have_different_etags(client, game):
    url = f"/en/games/{game.edit_secret}/"
    page = client.get(url)
    fragment = client.get(url, headers={"HX-Request": "true"})
    assert page["ETag"] != fragment["ETag"]
    assert client.get(url, headers={"If-None-Match": fragment["ETag"]}).status_code == 200


def test_polling_fragment_is_only_the_sheet(client, game):
    url = f"/en/games/{game.edit_secret}/"
    response = client.get(url, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="sheet"')
    assert "<html" not in html
    assert 'data-hx-trigger="every 10s"' in html  # GAME_POLL_SECONDS' default
    # The poll sends the ETag of what it shows, so an unchanged sheet costs a 304.
    assert "If-None-Match" in html
    assert response["ETag"].strip('"') in html.replace("&quot;", '"').replace("\\", "")


@pytest.mark.parametrize("mode", ["edit", "view"])
def test_the_poll_interval_is_a_setting(client, game, settings, mode):
    settings.GAME_POLL_SECONDS = 3
    secret = game.edit_secret if mode == "edit" else f"view/{game.view_secret}"
    html = client.get(f"/en/games/{secret}/").content.decode()
    assert 'data-hx-trigger="every 3s"' in html
    assert "every 10s" not in html


def test_a_history_restore_gets_the_whole_page(client, game):
    url = f"/en/games/{game.edit_secret}/"
    html = client.get(
        url, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"}
    ).content.decode()
    assert "<html" in html


def test_sheet_with_twenty_rounds_stays_within_three_queries(
    client, game, django_assert_max_num_queries
):
    for n in range(1, 21):
        add_scored(game, n, (n, 2 * n, 3 * n, 4 * n))
    with django_assert_max_num_queries(3):
        response = client.get(f"/en/games/{game.edit_secret}/")
    assert response.status_code == 200
    assert response.content.decode().count("data-score=") == 80
    with django_assert_max_num_queries(3):
        client.get(f"/en/games/view/{game.view_secret}/")


def test_empty_sheet_uses_the_same_queries(client, game, django_assert_num_queries):
    with django_assert_num_queries(3):
        client.get(f"/en/games/{game.edit_secret}/")


def test_unknown_secrets_are_404(client, game):
    assert client.get("/en/games/" + "A" * 32 + "/").status_code == 404
    assert client.get("/en/games/view/" + "A" * 32 + "/").status_code == 404
    # The secrets are not interchangeable.
    assert client.get(f"/en/games/{game.view_secret}/").status_code == 404
    assert client.get(f"/en/games/view/{game.edit_secret}/").status_code == 404


def test_read_only_sheet_has_no_way_to_write(client, game):
    add_scored(game, 1, (0, 70, 500, 50))
    response = client.get(f"/en/games/view/{game.view_secret}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert game.edit_secret not in html
    assert "<form" not in html
    assert 'data-score="70"' in html
    assert response["X-Robots-Tag"] == "noindex, nofollow"
    assert client.get(f"/de/spiele/ansehen/{game.view_secret}/").status_code == 200


def test_read_only_link_cannot_write(client, game):
    add_scored(game, 1, (0, 70, 500, 50))
    version = game.version
    secret = game.view_secret
    attempts = [
        f"/en/games/view/{secret}/",
        f"/en/games/{secret}/undo/",
        f"/en/games/{secret}/redeal/",
        f"/en/games/{secret}/record/",
        f"/en/games/{secret}/rounds/1/",
    ]
    for url in attempts:
        response = client.post(url, {"version": version, "round": 2, "indicator": "r4"})
        assert response.status_code in (404, 405), url
    game.refresh_from_db()
    assert game.version == version
    assert game.entries.count() == 1


def test_sheet_links_to_both_shares_csv_and_print_styles(client, game):
    html = client.get(f"/en/games/{game.edit_secret}/").content.decode()
    assert f"/en/games/view/{game.view_secret}/" in html
    assert f"/en/games/{game.edit_secret}/" in html
    assert "data-share" in html
    assert f"/en/games/{game.edit_secret}/sheet.csv" in html
    assert 'games/print.css" media="print"' in html


def test_games_never_reach_the_sitemap(client, game):
    xml = client.get("/sitemap.xml").content.decode()
    assert "/en/games/new/" in xml
    assert "/de/spiele/neu/" in xml
    assert game.edit_secret not in xml
    assert game.view_secret not in xml


@pytest.mark.parametrize("language", ["en", "de"])
def test_full_sheet_stays_within_the_page_budget(client, team_game, language):
    """≤ 40 KB of our own HTML + CSS + JS (htmx aside), first HTML ≤ 14 KB gzipped: both
    sheets of a whole game in either language (German words are longer)."""
    for n in range(1, 21):
        add_scored(team_game, n, (1000, 1250, 0, 10 * n))
    with translation.override(language):
        urls = [
            reverse("games:sheet", args=[team_game.edit_secret]),
            reverse("games:view", args=[team_game.view_secret]),
        ]
    for url in urls:
        html = client.get(url).content
        assert len(gzip.compress(html)) <= FIRST_HTML_GZIPPED
        assert {"games/games.css", "games/sheet.js"} <= set(own_assets(html))
        total = own_bytes(html)
        assert total <= OWN_BYTES, (url, total)


# Four names as long as a name may be (kutsite.text.NAME_LENGTH), letters outside ASCII as well.
LONGEST_NAMES = (
    "Anna-Katharina Schröder-Wößner",
    "Hans-Jürgen Müller-Lüdenscheid",
    "Maximilian von Schönefeld-Weiß",
    "Zeynep Gülşah Öztürk-Karaçoğlu",
)


@pytest.mark.parametrize("language", ["en", "de"])
def test_record_and_correct_pages_stay_within_the_page_budget(client, language):
    """≤ 40 KB of our own HTML + CSS + JS: the record page of a fresh game and of one whose
    first round was dealt again three times (its hint on the pile box), and the page that
    corrects round 20 of a whole game, at a team table with the longest names, empty and with
    the scored result of the fullest round (three full racks). They load the record page's own
    script and styles only, not the sheet's (games.css comes where the page shows the sheet: a
    conflict, an entry kept)."""
    from games import services
    from tests.referee.test_budget import FULLEST_ROUND

    fresh = services.create_game(LONGEST_NAMES, team=True)
    redealt = services.create_game(LONGEST_NAMES, team=True)
    for version in (1, 2, 3):
        services.record_redeal(redealt, version, round_number=1)
    full = services.create_game(LONGEST_NAMES, team=True)
    for n in range(1, 21):
        add_scored(full, n, (1000, 1250, 0, 10 * n))
    with translation.override(language):
        urls = [
            reverse("games:record", args=[fresh.edit_secret]),
            reverse("games:record", args=[redealt.edit_secret]),
            reverse("games:edit_round", args=[full.edit_secret, 20]),
        ]
    scored = urlencode({key: value for key, value in FULLEST_ROUND.items() if key != "round"})
    for url in [*urls, *(f"{url}?{scored}" for url in urls)]:
        html = client.get(url).content
        assert LONGEST_NAMES[0].encode() in html
        assert (b'class="calc-working' in html) == ("?" in url), url
        assets = set(own_assets(html))
        assert "games/entry.js" in assets and not assets & {"games/sheet.js", "games/games.css"}
        total = own_bytes(html)
        assert total <= OWN_BYTES, (url, total)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_record_and_edit_pages_of_every_round_stay_within_the_page_budget(client, language):
    """Round by round, as a game goes: the page that records the round and, once it is on the
    sheet, the page that corrects it, at a team table with the longest names and with the scored
    result of the fullest round. The round's contract is the part that changes (in German,
    round 18's is the longest, 50 bytes over round 1's)."""
    from games import services
    from tests.referee.test_budget import FULLEST_ROUND

    game = services.create_game(LONGEST_NAMES, team=True)
    scored = urlencode({key: value for key, value in FULLEST_ROUND.items() if key != "round"})
    with translation.override(language):
        url = reverse("games:record", args=[game.edit_secret])
    for number in range(1, 21):
        html = client.get(f"{url}?{scored}").content
        assert f'data-round-fixed="{number}"'.encode() in html
        assert b'class="calc-working' in html
        total = own_bytes(html)
        assert total <= OWN_BYTES, (number, total)
        add_scored(game, number, (1000, 1250, 0, 10 * number))
        with translation.override(language):
            edit = reverse("games:edit_round", args=[game.edit_secret, number])
        html = client.get(f"{edit}?{scored}").content
        assert b'class="calc-working' in html
        assert b'property="og:url"' not in html  # its own address: a preview has it anyway
        total = own_bytes(html)
        assert total <= OWN_BYTES, (number, "edit", total)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_page_for_deciding_where_an_entry_goes_stays_within_the_page_budget(client, language):
    """≤ 40 KB of our own HTML + CSS + JS: the page that keeps an entry for a round another
    phone recorded meanwhile (as after a conflict), at a team table with the longest names,
    with the fullest result. It shows the standing and that round as the sheet has it, with the
    sheet's styles, and no picker: the whole sheet is a link away."""
    from games import services
    from tests.referee.test_budget import FULLEST_ROUND

    game = services.create_game(LONGEST_NAMES, team=True)
    for n in range(1, 20):
        add_scored(game, n, (1000, 1250, 0, 10 * n))
    with translation.override(language):
        url = reverse("games:record", args=[game.edit_secret])
    html = client.get(url, {**FULLEST_ROUND, "round": "19"}).content  # round 20 is next
    assert b'data-sheet-round="19"' in html and b'class="calc-working' in html
    assert LONGEST_NAMES[0].encode() in html
    assets = set(own_assets(html))
    assert "games/games.css" in assets and not assets & {"js/picker.js", "css/picker.css"}
    total = own_bytes(html)
    assert total <= OWN_BYTES, (url, total)


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        ("en", ["Dealt again once so far.", "Dealt again twice so far.", "three times"]),
        ("de", ["Bisher einmal neu gegeben.", "Bisher zweimal neu gegeben.", "dreimal"]),
    ],
)
def test_E2_the_redeals_so_far_are_counted_in_words(client, game, language, lines):
    """How often the round was dealt again (at most three times, E2) reads as a word in both
    languages: "zweimal", not "2 Mal"."""
    from games import services

    url = f"/{language}/{'spiele' if language == 'de' else 'games'}/{game.edit_secret}/"
    for expected in lines:
        game.refresh_from_db()
        services.record_redeal(game, game.version, round_number=1)
        html = client.get(url).content.decode()
        standing = re.search(r'<p class="standing__next".*?</p>', html, re.S)[0]
        assert expected in " ".join(re.sub(r"<[^>]+>", " ", standing).split()), standing


@pytest.mark.parametrize("mode", ["edit", "view"])
def test_a_kept_sheet_links_to_the_host_it_was_asked_on(client, game, mode):
    """The share links are absolute: a sheet kept for one of the site's names (or for http)
    is not handed to a visit on another, whose players would get links to the first."""
    secret = game.edit_secret if mode == "edit" else f"view/{game.view_secret}"
    url = f"/en/games/{secret}/"
    for host, secure in [("localhost", False), ("127.0.0.1", False), ("localhost", True)]:
        html = client.get(url, headers={"Host": host}, secure=secure).content.decode()
        scheme = "https" if secure else "http"
        links = re.findall(r'id="(?:edit|view)-link" value="([^"]+)"', html)
        assert links and all(link.startswith(f"{scheme}://{host}/") for link in links), links
