"""Recording, editing, redeals and undo through the pages; two phones racing; CSRF."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games import services
from games.forms import new_submission
from games.models import Game
from scoring.forms import CalculatorForm

from .conftest import add_scored, calculator_data

pytestmark = pytest.mark.django_db

CONFLICT_EN = "This sheet changed meanwhile – here is the latest."
CONFLICT_DE = "Das Spielblatt wurde inzwischen geändert – hier ist der neueste Stand."
RECORDED_MEANWHILE_EN = "Round {} was recorded on another phone meanwhile – here is the sheet"


def urls(game, language="en"):
    if language == "de":
        base = f"/de/spiele/{game.edit_secret}/"
        return {
            "sheet": base,
            "record": base + "eintragen/",
            "redeal": base + "neu-geben/",
            "undo": base + "rueckgaengig/",
            "edit": base + "runden/{}/",
        }
    base = f"/en/games/{game.edit_secret}/"
    return {
        "sheet": base,
        "record": base + "record/",
        "redeal": base + "redeal/",
        "undo": base + "undo/",
        "edit": base + "rounds/{}/",
    }


def rendered_version(html: str) -> int:
    versions = set(re.findall(r'name="version" value="(\d+)"', html))
    assert len(versions) == 1, versions
    return int(versions.pop())


def input_attrs(html: str, name: str) -> dict:
    """The attributes of the one <input name="…"> (checkbox: the one with value 1)."""
    tags = [
        tag for tag in re.findall(r"<input\b[^>]*>", html) if re.search(rf'\bname="{name}"', tag)
    ]
    assert len(tags) == 1, tags
    attributes = dict(re.findall(r'([\w-]+)="([^"]*)"', tags[0]))
    attributes["checked"] = bool(re.search(r"\bchecked\b", tags[0]))
    return attributes


def selected_round(html: str) -> str:
    """The record page's round: fixed, a hidden field (no select to change it) and its text."""
    assert "<select" not in html
    attributes = input_attrs(html, "round")
    assert attributes["type"] == "hidden"
    assert f'data-round-fixed="{attributes["value"]}">{attributes["value"]}</strong>' in html
    return attributes["value"]


def expected_scores(data):
    form = CalculatorForm(data)
    assert form.is_valid(), form.errors
    return form.scores


def post_round(client, game, round_number, version, **kw):
    data = {**calculator_data(round_number, **kw), "version": version, "action": "save"}
    return client.post(urls(game)["record"], data)


# --- The record page ----------------------------------------------------------------------


def test_record_page_is_the_calculator_prefilled_from_the_game(client, team_game):
    response = client.get(urls(team_game)["record"])
    assert response.status_code == 200
    html = response.content.decode()
    for i, name in enumerate(team_game.players, start=1):
        assert input_attrs(html, f"name{i}")["value"] == name
    assert input_attrs(html, "team")["value"] == "1"
    assert selected_round(html) == "1"
    assert 'name="csrfmiddlewaretoken"' in html
    assert rendered_version(html) == team_game.version
    assert 'method="post"' in html
    assert response["X-Robots-Tag"] == "noindex, nofollow"


def test_record_page_stays_within_three_queries(client, game, django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        assert client.get(urls(game)["record"]).status_code == 200


def test_record_page_offers_the_next_round(client, game):
    post_round(client, game, 1, game.version)
    html = client.get(urls(game)["record"]).content.decode()
    assert selected_round(html) == "2"
    assert "Record round 2" in html


def test_a_round_of_more_digits_than_python_reads_is_not_a_500(client, game):
    """A round of 5,000 digits in the address (Python reads at most 4,300) is just not this
    page's round: the page still offers round 1, whole and live."""
    for headers in ({}, {"HX-Request": "true"}):
        params = {"round": "9" * 5000, "indicator": "b8"}
        response = client.get(urls(game)["record"], params, headers=headers)
        assert response.status_code == 200
    assert selected_round(client.get(urls(game)["record"], params).content.decode()) == "1"


@pytest.mark.parametrize(
    ("language", "hint"),
    [
        ("en", "Choose the indicator and each player’s tiles"),
        ("de", "Wähle den Anzeigestein und die Steine jedes Spielers"),
    ],
)
def test_the_record_pages_hint_does_not_ask_for_the_round_it_has(client, game, language, hint):
    """The round is fixed on the record page: its empty answer asks only for what is missing,
    whole page and live fragment alike."""
    url = urls(game, language)["record"]
    for headers in ({}, {"HX-Request": "true"}):
        html = client.get(url, headers=headers).content.decode()
        assert hint in html
        assert "the round and" not in html and "Runde und die" not in html


def test_preview_fragment_for_htmx(client, game):
    response = client.get(urls(game)["record"], calculator_data(1), headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert 'data-player="3" data-score="500"' in html
    assert "HX-Request" in response["Vary"]
    assert not game.entries.exists()


def test_the_done_message_is_news_only_until_the_sheet_changes_again(client, game):
    """A reloaded or copied address after an undo must not say round 1 is on the sheet."""
    done = post_round(client, game, 1, game.version)["Location"]
    html = client.get(done).content.decode()
    assert "data-done" in html and "Round 1 is on the sheet." in html
    game.refresh_from_db()
    services.undo_last(game, game.version)
    html = client.get(done).content.decode()
    assert "data-done" not in html and "Round 1 is on the sheet." not in html
    # an address from before this version of the page says nothing either
    assert "data-done" not in client.get(done.split("-v")[0]).content.decode()


def test_what_was_done_leads_the_title_a_screen_reader_hears_as_the_page_loads(client, game):
    """A status already in the page when it loads is seldom read out; the title is. The
    heading stays the sheet's own."""
    done = post_round(client, game, 1, game.version)["Location"]
    html = client.get(done).content.decode()
    assert "<title>Round 1 is on the sheet. Game sheet · Küt</title>" in html
    assert re.search(r"<h1[^>]*>Game sheet</h1>", html)
    plain = client.get(done.split("?")[0]).content.decode()
    assert "<title>Game sheet · Küt</title>" in plain


def test_the_done_message_shows_only_at_its_own_address(client, game):
    """The sheet is kept per address: the plain sheet does not repeat a write's message, and
    the address that carries it still says it."""
    done = post_round(client, game, 1, game.version)["Location"]
    plain = done.split("?")[0]
    assert "data-done" in client.get(done).content.decode()
    assert "data-done" not in client.get(plain).content.decode()
    assert "data-done" in client.get(done).content.decode()


def test_the_done_message_says_only_what_a_write_could_have_said(client, game):
    """A made-up `?done=` says nothing: not on a new sheet (no write yet), not for a round the
    game does not have, and never on the read-only sheet, where nothing is written."""
    sheet = urls(game)["sheet"]
    view = f"/en/games/view/{game.view_secret}/"
    for made_up in ("recorded-scored-1-v1", "undone-redeal-0-v1"):
        assert "data-done" not in client.get(f"{sheet}?done={made_up}").content.decode()
    done = post_round(client, game, 1, game.version)["Location"]
    game.refresh_from_db()
    version = game.version
    assert "data-done" in client.get(done).content.decode()
    for made_up in (f"recorded-scored-99-v{version}", f"undone-redeal-0-v{version}"):
        assert "data-done" not in client.get(f"{sheet}?done={made_up}").content.decode()
    query = done.partition("?")[2]
    assert "data-done" not in client.get(f"{view}?{query}").content.decode()


def test_recording_a_round_stores_the_calculators_scores(client, game):
    response = post_round(client, game, 1, game.version)
    assert response.status_code == 302
    game.refresh_from_db()
    assert response["Location"] == urls(game)["sheet"] + f"?done=recorded-scored-1-v{game.version}"
    entry = game.entries.get()
    assert entry.round == 1
    assert entry.scores == expected_scores(calculator_data(1))
    # S3: points 14 with a red Okey (×5) → 70; S2: not melded → 500.
    assert entry.scores[1] == 70 and entry.scores[2] == 500
    assert "indicator=r4" in entry.query and "name1=Ana" in entry.query
    page = client.get(response["Location"]).content.decode()
    assert "Round 1 is on the sheet." in page
    assert 'data-score="500"' in page


def test_the_sheet_keeps_its_own_names_and_table(client, game):
    data = {**calculator_data(1), "name1": "Mallory", "team": "1", "version": 1}
    assert client.post(urls(game)["record"], data).status_code == 302
    query = game.entries.get().query
    assert "name1=Ana" in query
    assert "Mallory" not in query
    assert "team=" not in query


@pytest.mark.parametrize("change", [{}, {"points2": "many"}])
def test_check_answers_with_the_entry_in_the_address_and_saves_nothing(client, game, change):
    """Post/Redirect/Get: the scores (or what is wrong) on the record page's own address, never
    a POST answer that Back or Reload would have to send again; the address holds no token."""
    data = {**calculator_data(1), **change, "version": 1, "action": "check"}
    response = client.post(urls(game)["record"], {**data, "csrfmiddlewaretoken": "x" * 32})
    assert response.status_code == 302
    path, _, rest = response["Location"].partition("?")
    query, _, fragment = rest.partition("#")
    assert path == urls(game)["record"]
    assert fragment == "result-heading"
    assert not re.search(r"csrfmiddlewaretoken|version=|submission=|action=", query)
    assert not game.entries.exists()
    html = client.get(f"{path}?{query}").content.decode()
    if change:
        assert 'data-error="points2"' in html
        assert 'value="many"' in html
    else:
        assert 'data-player="2" data-score="70"' in html
    assert not game.entries.exists()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"indicator": "x14"}, "indicator"),
        ({"state1": "melded"}, "state"),  # nobody ended the round
        ({"points2": "many"}, "points2"),
    ],
)
def test_invalid_input_says_why_and_changes_nothing(client, game, change, field):
    data = {**calculator_data(1), **change, "version": 1, "action": "save"}
    response = client.post(urls(game)["record"], data)
    assert response.status_code == 400
    html = response.content.decode()
    assert f'data-error="{field}"' in html
    # The title says so first (what a screen reader reads as the page opens); the heading not.
    assert "<title>Error: Record round 1 · Küt</title>" in html
    assert re.search(r"<h1>\s*Record round 1\s*</h1>", html)
    # The entry stays in the form.
    assert input_attrs(html, "points4")["value"] == "10"
    game.refresh_from_db()
    assert game.version == 1
    assert not game.entries.exists()


@pytest.mark.parametrize(
    ("language", "title"), [("en", "Record round 1"), ("de", "Runde 1 eintragen")]
)
def test_a_record_page_that_saved_nothing_wrong_has_no_error_title(client, game, language, title):
    html = client.get(urls(game, language)["record"]).content.decode()
    assert f"<title>{title} · Küt</title>" in html
    data = {**calculator_data(1), "state1": "melded", "version": 1, "action": "save"}
    refused = client.post(urls(game, language)["record"], data).content.decode()
    error = "Error" if language == "en" else "Fehler"
    assert f"<title>{error}: {title} · Küt</title>" in refused


def test_a_post_without_version_changes_nothing(client, game):
    response = client.post(urls(game)["record"], calculator_data(1))
    assert response.status_code == 400
    assert "reload the sheet" in response.content.decode()
    assert not game.entries.exists()


def round_error(html: str) -> str:
    """The field error under the record page's fixed round."""
    match = re.search(r'<p class="field__error" id="id_round_error"[^>]*>([^<]*)</p>', html)
    assert match, "no error slot for the round"
    return match.group(1)


@pytest.mark.parametrize("sent", ["3", "0", "", "x", "9" * 5000])  # Python reads ≤ 4,300 digits
def test_the_record_page_refuses_any_round_but_the_next_with_a_field_error(client, game, sent):
    data = {**calculator_data(1), "round": sent, "version": game.version, "action": "save"}
    response = client.post(urls(game)["record"], data)
    assert response.status_code == 400
    html = response.content.decode()
    assert round_error(html) == (
        "This page records round 1, the next round of the sheet: no other round was saved."
    )
    assert selected_round(html) == "1"  # the page still offers round 1, as text
    assert not game.entries.exists()


def test_the_refused_round_is_explained_in_german(client, game):
    add_scored(game, 1, [0, 10, 20, 30])
    data = {**calculator_data(5), "version": game.version, "action": "save"}
    response = client.post(urls(game, "de")["record"], data)
    assert response.status_code == 400
    assert round_error(response.content.decode()) == (
        "Diese Seite trägt Runde 2 ein, die nächste Runde des Spielblatts: "
        "Es wurde keine andere Runde gespeichert."
    )
    assert game.entries.count() == 1


def test_the_edit_page_refuses_another_round(client, game):
    add_scored(game, 1, [0, 10, 20, 30])
    add_scored(game, 2, [5, 10, 20, 30])
    data = {**calculator_data(1), "version": game.version, "action": "save"}
    response = client.post(urls(game)["edit"].format(2), data)
    assert response.status_code == 400
    assert round_error(response.content.decode()) == (
        "This page corrects round 2 only: no other round was saved."
    )
    assert game.entries.get(round=2).scores == (5, 10, 20, 30)


def test_pile_ran_out_is_only_scored_after_three_redeals(client, game):
    response = post_round(client, game, 1, 1, exhausted=True)
    assert response.status_code == 400
    assert "record a redeal instead" in response.content.decode()
    for _ in range(3):
        version = Game.objects.get(pk=game.pk).version
        response = client.post(urls(game)["redeal"], {"version": version, "round": 1})
        assert response.status_code == 302
    html = client.get(urls(game)["record"]).content.decode()
    # The fourth time the pile runs out is scored: the record page ticks it already (E2).
    assert input_attrs(html, "exhausted")["checked"]
    response = post_round(client, game, 1, rendered_version(html), exhausted=True)
    assert response.status_code == 302
    entry = game.entries.get(kind="scored")
    assert entry.scores == expected_scores(calculator_data(1, exhausted=True))
    assert entry.scores[0] != 0  # nobody ended the round: nobody scores 0


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "The pile ran out and nobody ended the round? Deal round 2 again on the sheet."),
        ("de", "Der Nachziehstapel ist leer und niemand hat die Runde beendet? Gib Runde 2 auf"),
    ],
)
def test_E2_before_three_redeals_the_record_page_leads_to_the_redeal_not_to_a_score(
    client, game, language, words
):
    """The pile running out is scored only the fourth time (E2). Before, a box to score it
    could only be refused on saving: the record page offers the sheet's redeal instead, and
    shows the box once the round has been dealt again three times. The calculator, which
    keeps no redeals, always has it."""
    add_scored(game, 1, [0, 10, 20, 30])
    u = urls(game, language)
    redeal_link = f'href="{u["sheet"]}#redeal-question"'
    for data in ({}, calculator_data(2)):  # empty, and holding an entry (a reload)
        html = client.get(u["record"], data).content.decode()
        assert 'name="exhausted"' not in html
        assert redeal_link in html and words in " ".join(html.split())
    assert 'name="exhausted"' not in client.get(u["edit"].format(1)).content.decode()
    # an entry for another round, kept with it: the sheet's next round is not this page's
    kept = client.get(u["record"], {**calculator_data(5), "round": "5"}).content.decode()
    assert 'method="get"' in kept  # the page only opens the entry elsewhere
    assert "data-redeal-link" not in kept
    for version in (2, 3, 4):
        services.record_redeal(game, version, round_number=2)
    html = client.get(u["record"]).content.decode()
    assert input_attrs(html, "exhausted")["checked"] and redeal_link not in html
    with translation.override(language):
        calculator = client.get(reverse("scoring:calculator")).content.decode()
    assert not input_attrs(calculator, "exhausted")["checked"]


@pytest.mark.parametrize(
    ("language", "hint"),
    [("en", "if someone ended the round, untick it."), ("de", "entferne das Häkchen.")],
)
def test_E2_after_three_redeals_the_record_page_says_when_to_untick_the_pile_box(
    client, game, language, hint
):
    """The box comes ticked, and the empty page says what to do if someone went out instead.
    A page that already holds an entry (a reload, an answer to a save) has no room for the hint
    within the page budget; its error then names the box (FINISHER_WHEN_EXHAUSTED)."""
    for version in (1, 2, 3):
        services.record_redeal(game, version, round_number=1)
    record = urls(game, language)["record"]
    html = client.get(record).content.decode()
    assert input_attrs(html, "exhausted")["checked"]
    assert hint in html
    assert hint not in client.get(record, calculator_data(1)).content.decode()


def test_csrf_is_required_for_every_write(game):
    client = Client(enforce_csrf_checks=True)
    u = urls(game)
    assert client.post(u["record"], {**calculator_data(1), "version": 1}).status_code == 403
    assert client.post(u["redeal"], {"version": 1, "round": 1}).status_code == 403
    assert client.post(u["undo"], {"version": 1}).status_code == 403
    game.refresh_from_db()
    assert game.version == 1
    assert not game.entries.exists()


@pytest.mark.parametrize("button", ["redeal", "undo"])
def test_a_buttons_address_opened_again_leads_to_the_sheet_and_writes_nothing(client, game, button):
    """Only the button's POST writes. Its address opened again (a reopened tab, a copied
    link after a refused undo) leads to the sheet, not to a bare "not possible here" page."""
    for method in ("get", "head"):
        response = getattr(client, method)(urls(game)[button])
        assert (response.status_code, response["Location"]) == (302, urls(game)["sheet"])
    assert client.put(urls(game)[button]).status_code == 405
    game.refresh_from_db()
    assert game.version == 1 and not game.entries.exists()


@pytest.mark.parametrize(
    ("button", "data", "words"),
    [
        ("undo", {}, "Nothing was taken back: check the sheet, then undo again"),
        ("redeal", {"round": 2}, "The redeal was not recorded: check the sheet, then record it"),
    ],
)
def test_a_stale_button_says_what_it_did_not_do(client, game, button, data, words):
    """Another phone wrote first: the sheet says the undo or the redeal was not done, not that
    an entry (there was none) should be sent again."""
    add_scored(game, 1, (0, 10, 20, 30))
    stale = {"version": 1, "submission": new_submission(), **data}
    response = client.post(urls(game)[button], stale)
    assert response.status_code == 409
    html = response.content.decode()
    assert CONFLICT_EN in html and words in html and "send your entry" not in html
    assert game.entries.count() == 1


# --- Two phones at once -----------------------------------------------------------------


def test_two_phones_racing_to_record_the_same_round():
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    phone_a, phone_b = Client(), Client()
    page_a = phone_a.get(urls(game)["record"]).content.decode()
    page_b = phone_b.get(urls(game)["record"]).content.decode()
    version_a, version_b = rendered_version(page_a), rendered_version(page_b)
    assert version_a == version_b

    won = post_round(phone_a, game, 1, version_a, points2=14)
    lost = post_round(phone_b, game, 1, version_b, points2=27)

    assert won.status_code == 302
    assert lost.status_code == 409
    html = lost.content.decode()
    assert RECORDED_MEANWHILE_EN.format(1) in html
    # "Here is the latest": the sheet as phone A left it …
    latest = re.search(r'data-latest-version="(\d+)"', html)
    assert latest and int(latest.group(1)) == version_a + 1
    scores = re.search(r'data-sheet-round="1".*?</table>', html, re.S).group(0)
    assert re.findall(r'data-score="(\d+)"', scores) == [
        str(score) for score in expected_scores(calculator_data(1, points2=14))
    ]
    # … and phone B's entry is kept in its form, still as round 1: not a form that saves it
    # as round 2 (test_conflict_round.py).
    assert input_attrs(html, "points2")["value"] == "27"
    assert input_attrs(html, "round")["value"] == "1"
    assert 'name="version"' not in html
    # Exactly one round on the sheet: phone A's.
    entry = game.entries.get()
    assert entry.scores == expected_scores(calculator_data(1, points2=14))


def test_the_loser_sending_again_is_told_the_round_is_taken(client, game):
    post_round(client, game, 1, 1)
    response = post_round(client, game, 1, 2, points2=27)
    assert response.status_code == 400
    assert "Round 1 is on the sheet already." in response.content.decode()
    assert game.entries.count() == 1


def test_conflict_message_in_german(client, game):
    post_round(client, game, 1, 1)
    data = {**calculator_data(2), "version": 1, "action": "save"}
    response = client.post(urls(game, "de")["record"], data)
    assert response.status_code == 409
    assert CONFLICT_DE in response.content.decode()


def test_redeal_against_a_round_recorded_meanwhile_is_a_conflict(client, game):
    post_round(client, game, 1, 1)
    response = client.post(urls(game)["redeal"], {"version": 1, "round": 1})
    assert response.status_code == 409
    html = response.content.decode()
    assert CONFLICT_EN in html
    assert 'data-next-round="2"' in html
    assert list(game.entries.values_list("kind", flat=True)) == ["scored"]


# --- Redeal, undo, edit through the pages ---------------------------------------------------


def test_redeal_button_counts_and_stops_after_three(client, game):
    for times in (1, 2, 3):
        html = client.get(urls(game)["sheet"]).content.decode()
        assert 'id="redeal-round"' in html
        response = client.post(
            urls(game)["redeal"], {"version": rendered_version(html), "round": 1}
        )
        assert response.status_code == 302
        assert game.entries.filter(kind="redeal").count() == times
    html = client.get(urls(game)["sheet"]).content.decode()
    assert 'id="redeal-round"' not in html
    assert "data-redeals-used" in html
    assert 'data-redeals="3"' in html
    response = client.post(urls(game)["redeal"], {"version": rendered_version(html), "round": 1})
    assert response.status_code == 400
    assert "dealt again three times in a row" in response.content.decode()
    assert game.entries.count() == 3


def test_undo_the_last_round(client, game):
    post_round(client, game, 1, 1)
    post_round(client, game, 2, 2)
    html = client.get(urls(game)["sheet"]).content.decode()
    assert "Undo round 2" in html
    response = client.post(urls(game)["undo"], {"version": rendered_version(html)})
    assert response.status_code == 302
    assert list(game.entries.values_list("round", flat=True)) == [1]
    assert "Undone: the scores of round 2." in client.get(response["Location"]).content.decode()


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "Record round 2 again as it was entered"), ("de", "Runde 2 so wie eingegeben erneut")],
)
def test_an_undone_round_can_be_entered_again_as_it_was(client, game, language, words):
    """Undo takes a round's scores back, and with them what was typed: the sheet offers to
    record it again with that input, right after the undo (not once the sheet has changed)."""
    u = urls(game, language)
    post_round(client, game, 1, 1)
    post_round(client, game, 2, 2, points2=27)
    response = client.post(u["undo"], {"version": 3})
    assert "entry=" in response["Location"]
    html = client.get(response["Location"]).content.decode()
    link = re.search(r'<a href="([^"]+)" data-record-again>(.*?)</a>', html, re.S)
    assert " ".join(link[2].split()).startswith(words)
    again = client.get(link[1].replace("&amp;", "&")).content.decode()
    assert input_attrs(again, "points2")["value"] == "27"
    assert ("Record round 2" if language == "en" else "Runde 2 eintragen") in again
    # a redeal taken back has no input; once the sheet changes, the offer is gone
    post_round(client, game, 2, 4)
    assert "data-record-again" not in client.get(response["Location"]).content.decode()
    client.post(u["redeal"], {"version": 5, "round": 3})
    redeal_undone = client.post(u["undo"], {"version": 6})
    assert "entry=" not in redeal_undone["Location"]


def test_undo_with_a_stale_version_keeps_everything(client, game):
    post_round(client, game, 1, 1)
    response = client.post(urls(game)["undo"], {"version": 1})
    assert response.status_code == 409
    assert game.entries.count() == 1


def test_german_undo_message(client, game):
    client.post(urls(game, "de")["redeal"], {"version": 1, "round": 1})
    response = client.post(urls(game, "de")["undo"], {"version": 2})
    assert response["Location"].startswith(f"/de/spiele/{game.edit_secret}/")
    page = client.get(response["Location"]).content.decode()
    assert "Rückgängig gemacht: das Neugeben von Runde 1." in page


def test_edit_page_opens_the_round_as_recorded(client, game):
    post_round(client, game, 1, 1, points2=27)
    response = client.get(urls(game)["edit"].format(1))
    assert response.status_code == 200
    html = response.content.decode()
    assert input_attrs(html, "points2")["value"] == "27"
    assert "Edit round 1" in html
    response = client.get(urls(game)["edit"].format(2))  # the next round: recorded, not corrected
    assert (response.status_code, response["Location"]) == (302, urls(game)["record"])
    assert client.get(urls(game)["edit"].format(3)).status_code == 404


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_correction_page_whose_round_another_phone_took_back_keeps_what_was_typed(
    client, game, language
):
    """Phone A corrects round 2 while phone B takes round 2 back. Reloaded (or switched to
    the other language), A's page is the record page of round 2, the next round again, with
    A's entry in it. Had B taken back round 1 too, the entry stays with its round 2, as the
    record page keeps an entry for a round that is no longer the next."""
    add_scored(game, 1, [0, 10, 20, 30])
    add_scored(game, 2, [5, 10, 20, 30])
    u = urls(game, language)
    typed = {**calculator_data(2, points2=27), "round": "2"}
    services.undo_last(game, Game.objects.get(pk=game.pk).version)
    live = client.get(u["edit"].format(2), typed, headers={"HX-Request": "true"})
    assert live["HX-Redirect"].startswith(u["record"] + "?")  # the page goes, not the scores
    response = client.get(u["edit"].format(2), typed)
    assert response.status_code == 302
    assert response["Location"] == live["HX-Redirect"]
    html = client.get(response["Location"]).content.decode()
    assert input_attrs(html, "points2")["value"] == "27"
    assert ("Record round 2" if language == "en" else "Runde 2 eintragen") in html

    services.undo_last(game, Game.objects.get(pk=game.pk).version)
    response = client.get(u["edit"].format(2), typed)
    html = response.content.decode()
    assert response.status_code == 200
    assert input_attrs(html, "points2")["value"] == "27"
    words = "round 2 is no longer the next round" if language == "en" else "nicht mehr Runde 2"
    assert words in html
    assert client.get(u["edit"].format(2)).status_code == 404  # nothing typed, nothing to keep


@pytest.mark.parametrize(
    ("typed", "language", "shown"),
    [
        # recorded on a German phone, corrected on an English one, and the other way round
        (
            {"indicator": "g3", "rack2": "s5 s6 ok", "rack4": "G1,fj"},
            "en",
            ("y3", "k5 k6 ok", "y1 fj"),
        ),
        (
            {"indicator": "y3", "rack2": "k5 k6 ok", "rack4": "Y1,fj"},
            "de",
            ("g3", "s5 s6 ok", "g1 fj"),
        ),
        ({"indicator": "r3", "rack2": "b5  B6", "rack4": "r9"}, "de", ("r3", "b5 b6", "r9")),
    ],
)
def test_the_edit_page_shows_a_recorded_rack_in_its_own_languages_letters(
    client, game, typed, language, shown
):
    data = {**calculator_data(1), **typed, "points2": "", "points4": ""}
    response = client.post(urls(game)["record"], {**data, "version": 1, "action": "save"})
    assert response.status_code == 302
    html = client.get(urls(game, language)["edit"].format(1)).content.decode()
    values = tuple(input_attrs(html, name)["value"] for name in ("indicator", "rack2", "rack4"))
    assert values == shown
    assert game.entries.get(round=1).scores == expected_scores(data)


def test_editing_a_round_replaces_its_scores(client, game):
    post_round(client, game, 1, 1)
    post_round(client, game, 2, 2)
    data = {**calculator_data(1, points2=40), "version": 3, "action": "save"}
    response = client.post(urls(game)["edit"].format(1), data)
    assert response.status_code == 302
    game.refresh_from_db()
    assert response["Location"].endswith(f"?done=edited-scored-1-v{game.version}")
    entry = game.entries.get(round=1)
    assert entry.scores == expected_scores(calculator_data(1, points2=40))
    assert "points2=40" in entry.query
    assert game.entries.count() == 2


def test_edit_keeps_the_round_of_its_address(client, game):
    post_round(client, game, 1, 1)
    post_round(client, game, 2, 2)
    data = {**calculator_data(2, points2=40), "version": 3, "action": "save"}
    client.post(urls(game)["edit"].format(1), data)
    assert game.entries.get(round=2).scores == expected_scores(calculator_data(2))


def test_editing_with_a_stale_version_is_a_conflict(client, game):
    post_round(client, game, 1, 1)
    post_round(client, game, 2, 2)
    data = {**calculator_data(1, points2=40), "version": 2, "action": "save"}
    response = client.post(urls(game)["edit"].format(1), data)
    assert response.status_code == 409
    assert CONFLICT_EN in response.content.decode()
    assert game.entries.get(round=1).scores == expected_scores(calculator_data(1))


def test_every_refusal_has_a_sentence_in_both_languages():
    from django.utils import translation

    from games.messages import refusal_message

    facts = {"round": 4, "next": 5, "redeals": 1}
    for reason in services.Reason:
        refusal = services.Refused(reason, **facts)
        with translation.override("en"):
            english = refusal_message(refusal)
        with translation.override("de"):
            german = refusal_message(refusal)
        assert english and german and english != german, reason
        assert "%(" not in english + german


def test_every_confirmation_has_a_sentence_in_both_languages():
    from django.utils import translation

    from games.messages import done_message
    from games.sheet import Kind

    for action, kind in [
        ("recorded", Kind.SCORED),
        ("edited", Kind.SCORED),
        ("redeal", Kind.REDEAL),
        ("undone", Kind.REDEAL),
        ("undone", Kind.SCORED),
    ]:
        done = services.Done(action, 7, kind)
        with translation.override("en"):
            english = done_message(done)
        with translation.override("de"):
            german = done_message(done)
        assert "7" in english and "7" in german and english != german


def test_no_recording_after_the_last_round(client, game):
    from .conftest import add_scored

    for n in range(1, 21):
        add_scored(game, n, (0, 1, 2, 3))
    html = client.get(urls(game)["record"]).content.decode()
    assert "data-game-over" in html
    assert 'name="version"' not in html
    for sent in (20, 21):
        response = post_round(client, game, sent, game.version)
        assert response.status_code == 400
        html = response.content.decode()
        # the page says the game is over, and nothing about fields to correct: it has none
        assert "data-game-over" in html and "correct the fields" not in html
    assert game.entries.count() == 20
    # Editing is still possible.
    assert client.get(urls(game)["edit"].format(20)).status_code == 200


def test_edit_page_stays_within_three_queries(client, game, django_assert_max_num_queries):
    post_round(client, game, 1, 1)
    with django_assert_max_num_queries(3):
        assert client.get(urls(game)["edit"].format(1)).status_code == 200


def test_a_write_between_reading_the_game_and_its_rounds_is_a_conflict(client, game):
    """The race of test_race.py at its narrowest: another phone saves round 1 after this
    request read the game (version 1) but before it read the rounds. The answer is the
    conflict page (409), not "wrong round" (400), and nothing more is written."""
    other = {"saved": False}

    def other_phone_saves_first(execute, sql, params, many, context):
        if (
            not other["saved"]
            and sql.lstrip().upper().startswith("SELECT")
            and "games_entry" in sql
        ):
            other["saved"] = True
            fresh = Game.objects.get(pk=game.pk)
            services.record_round(fresh, 1, round_number=1, scores=(0, 10, 20, 30), query="")
        return execute(sql, params, many, context)

    data = {**calculator_data(1), "version": 1, "action": "save"}
    with connection.execute_wrapper(other_phone_saves_first):
        response = client.post(f"/en/games/{game.edit_secret}/record/", data)
    assert other["saved"]
    assert response.status_code == 409
    assert RECORDED_MEANWHILE_EN.format(1) in response.content.decode()
    assert game.entries.count() == 1
