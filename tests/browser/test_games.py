"""Game sheets in Chromium: start a game, record two rounds, undo one, watch read-only."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from games import services
from games.models import Entry, Game
from tests.browser.helpers import is_poll

pytestmark = [
    pytest.mark.browser,
    # live_server flushes the database after each test; `_seeded_content_again` brings the seeded
    # rounds (the contracts the sheet shows) back.
    pytest.mark.django_db(transaction=True),
]

PHONE = {"width": 360, "height": 740}


def start_game(page, base, team=False):
    page.goto(f"{base}/en/games/new/")
    for i, name in enumerate(("Ana", "Ben", "Cem", "Dila"), start=1):
        page.get_by_label(f"Player {i}", exact=True).fill(name)
    if team:
        page.get_by_label(re.compile("^Team table")).check()
    page.get_by_role("button", name="Start the sheet").click()
    expect(page).to_have_url(re.compile(r"/en/games/[\w-]{32}/$"))
    return page.url


def choose_state(page, player, state):
    # The state buttons are radios styled as pills: click the label, like a finger would.
    radio = page.locator(f"input[name='state{player}'][value='{state}']")
    page.locator(f"label[for='{radio.get_attribute('id')}']").click()
    expect(radio).to_be_checked()


def fill_round(page, points2, rack4=None):
    """Indicator r4; player 1 ended the round, 3 did not meld; 4's rack, or 10 points."""
    page.locator("#id_indicator").fill("r4")
    choose_state(page, 1, "finished")
    choose_state(page, 2, "melded")
    page.locator("#id_points2").fill(str(points2))
    choose_state(page, 3, "not-melded")
    choose_state(page, 4, "melded")
    if rack4:
        page.locator("#id_rack4").fill(rack4)
    else:
        page.locator("#id_points4").fill("10")


def record_round(page, points2):
    page.get_by_role("link", name=re.compile(r"^Record round \d+$")).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"Record round \d+"))
    fill_round(page, points2, rack4="k3 b11 ok")
    # htmx shows the scores before saving.
    expect(page.locator("#calculator-result [data-player='4']")).to_have_attribute(
        "data-score", "195"
    )
    page.get_by_role("button", name="Save this round to the sheet").click()
    expect(page.locator("[data-done]")).to_contain_text("is on the sheet")
    # the message is news once: the address to copy from the bar is the sheet's own
    expect(page).to_have_url(re.compile(r"/games/[\w-]+/$"))


def test_create_record_two_rounds_undo_one_and_watch_read_only(
    live_server, page, assert_accessible
):
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/en/games/new/")
    assert_accessible(page)
    start_game(page, live_server.url)
    expect(page.locator("tr[data-round='1']")).to_contain_text("one Küt group of three")
    assert_accessible(page)

    record_round(page, points2=14)
    record_round(page, points2=30)
    expect(page.locator("tr[data-round='2'] td[data-player='2']")).to_have_attribute(
        "data-score", "150"
    )
    expect(page.locator("[data-total='2']")).to_have_text("220")
    # A phone held upright: the sheet fits without scrolling sideways.
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    assert_accessible(page)

    # two taps: open the confirmation, then the button inside it
    undo = page.get_by_role("button", name="Undo round 2")
    expect(undo).to_be_hidden()
    page.locator("summary", has_text="Undo round 2").click()
    undo.click()
    expect(page.locator("[data-done]")).to_contain_text("Undone: the scores of round 2.")
    expect(page.locator("tr[data-round='2'] td[data-score]")).to_have_count(0)
    expect(page.locator("[data-total='2']")).to_have_text("70")
    expect(page.get_by_role("link", name="Record round 2", exact=True)).to_be_visible()
    # what was typed for round 2 comes back with it: an accidental undo costs no typing
    page.get_by_role("link", name="Record round 2 again as it was entered").click()
    expect(page.locator("h1")).to_have_text("Record round 2")
    expect(page.locator("input[name='rack4']")).not_to_have_value("")
    page.go_back()

    view_url = page.locator("#view-link").input_value()
    page.goto(view_url)
    expect(page.get_by_role("heading", level=1)).to_have_text("Game sheet (read only)")
    expect(page.locator("tr[data-round='1'] td[data-player='4']")).to_have_attribute(
        "data-score", "195"
    )
    expect(page.locator("form")).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("Undo"))).to_have_count(0)
    assert_accessible(page)


def test_record_page_is_accessible_with_results_and_errors(live_server, page, assert_accessible):
    start_game(page, live_server.url, team=True)
    page.get_by_role("link", name="Record round 1").click()
    # The sheet's names, table and round are fixed: shown as text, sent as hidden fields.
    expect(page.locator("legend", has_text="Player 1: Ana")).to_be_visible()
    expect(page.locator("#id_name1")).to_have_attribute("type", "hidden")
    expect(page.locator("#id_team")).to_have_attribute("type", "hidden")
    expect(page.locator("select")).to_have_count(0)
    assert_accessible(page)
    page.locator("#id_indicator").fill("x14")
    page.get_by_role("button", name="Save this round to the sheet").click()
    expect(page.locator("[data-error='indicator']").first).to_be_visible()
    assert_accessible(page)


def test_viewer_sees_new_rounds_without_reloading(live_server, page, settings):
    settings.GAME_POLL_SECONDS = 1  # the real interval is 10 s: nothing to wait out here
    edit_url = start_game(page, live_server.url)
    game = Game.objects.get()
    page.goto(f"{live_server.url}/en/games/view/{game.view_secret}/")
    # Nothing changed: the poll is answered 304 and the sheet stays on screen.
    with page.expect_response(is_poll) as poll:
        pass
    assert poll.value.status == 304
    expect(page.locator("tr[data-round]")).to_have_count(20)
    said = page.locator("[data-said]")
    expect(said).to_have_attribute("role", "status")
    expect(said).to_have_text("")  # an unchanged sheet is not read out

    # Another phone records round 1 …
    Entry.objects.create(
        game=game, seq=1, round=1, kind="scored", score1=0, score2=70, score3=500, score4=50
    )
    Game.objects.filter(pk=game.pk).update(version=game.version + 1)
    # … and the viewer's sheet shows it by itself.
    expect(page.locator("tr[data-round='1'] td[data-player='3']")).to_have_attribute(
        "data-score", "500"
    )
    # … and a screen reader hears that it changed, and who leads now.
    expect(said).to_have_text("The sheet has changed. After 1 round, Ana leads with 0 points.")
    assert page.url.endswith(f"/view/{game.view_secret}/")
    assert edit_url not in page.content()


def test_full_sheet_prints_on_one_a4_page(live_server, page, tmp_path):
    start_game(page, live_server.url, team=True)
    game = Game.objects.get()
    for n in range(1, 21):
        Entry.objects.create(
            game=game,
            seq=n,
            round=n,
            kind="scored",
            score1=1000,
            score2=1250,
            score3=0,
            score4=10 * n,
        )
    Game.objects.filter(pk=game.pk).update(version=game.version + 1)  # as a write would
    page.reload()
    expect(page.locator("[data-winner]")).to_be_visible()
    pdf = page.pdf(format="A4", path=str(tmp_path / "sheet.pdf"))
    pages = re.findall(rb"/Type\s*/Page(?!s)", pdf)
    assert len(pages) == 1


@pytest.mark.parametrize(
    ("language", "name", "day"),
    [("en", "games:sheet", "5 December 2026"), ("de", "games:view", "5. Dezember 2026")],
)
def test_the_printed_sheet_says_when_the_game_was_played(live_server, page, language, name, day):
    """Paper has no address bar and no "my games" list: its title carries the game's date."""
    game = services.create_game(["Ana", "Ben", "Cem", "Dila"], team=False)
    started = datetime.datetime(2026, 12, 5, 20, 0, tzinfo=datetime.UTC)
    Game.objects.filter(pk=game.pk).update(created_at=started)
    secret = game.edit_secret if name == "games:sheet" else game.view_secret
    with translation.override(language):
        page.goto(live_server.url + reverse(name, args=[secret]))
    after = "(h) => getComputedStyle(h, '::after').content"
    assert page.locator("h1").evaluate(after) == "none"  # the screen shows no date
    page.emulate_media(media="print")
    assert page.locator("h1").evaluate(after) == f'" · {day}"'


@pytest.mark.parametrize(
    ("language", "note"),
    [
        ("en", "This link shows the sheet; it cannot change it."),
        ("de", "Dieser Link zeigt das Spielblatt; ändern kann man damit nichts."),
    ],
)
def test_the_printed_read_only_sheet_says_nothing_about_its_link(live_server, page, language, note):
    game = services.create_game(["Ana", "Ben", "Cem", "Dila"], team=False)
    with translation.override(language):
        page.goto(live_server.url + reverse("games:view", args=[game.view_secret]))
    meta = page.locator(".game-meta")
    assert note in meta.inner_text()  # on the screen, where the link is
    page.emulate_media(media="print")
    assert note not in meta.inner_text()  # paper has no link
    expect(meta).to_be_visible()


def test_german_sheet_is_accessible_in_dark_mode(live_server, page, assert_accessible):
    page.emulate_media(color_scheme="dark")
    page.goto(f"{live_server.url}/de/spiele/neu/")
    assert_accessible(page)
    for i, name in enumerate(("Ana", "Ben", "Cem", "Dila"), start=1):
        page.get_by_label(f"Spieler {i}", exact=True).fill(name)
    page.get_by_role("button", name="Spielblatt anlegen").click()
    expect(page).to_have_url(re.compile(r"/de/spiele/[\w-]{32}/$"))
    game = Game.objects.get()
    Entry.objects.create(
        game=game, seq=1, round=1, kind="scored", score1=0, score2=70, score3=500, score4=50
    )
    Entry.objects.create(game=game, seq=2, round=2, kind="redeal")
    Game.objects.filter(pk=game.pk).update(version=game.version + 2)
    page.reload()
    expect(page.locator("tr[data-round='1']")).to_contain_text("Küt-Gruppe")
    expect(page.locator("[data-redeals='1']")).to_be_visible()
    assert_accessible(page)


def test_two_phones_on_the_same_round_the_second_keeps_its_round(
    live_server, phone, assert_accessible
):
    """Phones A and B both on "Record round 2". A saves; B's save is a conflict, and B's entry
    stays round 2: nothing on B's page saves it as round 3 with one tap."""
    game = services.create_game(["Ana", "Ben", "Cem", "Dila"], team=False)
    services.record_round(game, 1, round_number=1, scores=(0, 10, 20, 30), query="")
    record = f"{live_server.url}/en/games/{game.edit_secret}/record/"
    a, b = phone("en"), phone("en")
    for page in (a, b):
        page.goto(record)
        expect(page.get_by_role("heading", level=1)).to_have_text("Record round 2")
    fill_round(a, 14)
    fill_round(b, 27)
    a.get_by_role("button", name="Save this round to the sheet").click()
    expect(a.locator("[data-done]")).to_have_text("Round 2 is on the sheet.")

    b.get_by_role("button", name="Save this round to the sheet").click()
    expect(b.get_by_role("heading", level=1)).to_have_text("Your entry for round 2")
    expect(b.get_by_role("alert")).to_contain_text(
        "Round 2 was recorded on another phone meanwhile"
    )
    expect(b.locator("#id_points2")).to_have_value("27")
    expect(b.locator("[data-round-fixed]")).to_have_text("2")
    # beside it, round 2 as A saved it; the page is for deciding, with no picker
    expect(b.get_by_role("table", name="Round 2 on the sheet")).to_be_visible()
    expect(b.locator("[data-sheet-round='2'] [data-player='2']")).to_have_attribute(
        "data-score", "70"
    )
    expect(b.locator("[data-tile-picker]")).to_have_count(0)
    expect(b.get_by_role("button", name="Save this round to the sheet")).to_have_count(0)
    expect(b.get_by_role("button", name="Correct round 2 with my entry")).to_be_visible()
    # the scores still follow the entry as it is changed, as round 2's
    b.locator("#id_points2").fill("30")
    expect(b.locator("#calculator-result [data-player='2']")).to_have_attribute("data-score", "150")
    assert_accessible(b)

    b.get_by_role("button", name="Record my entry as round 3").click()
    expect(b.get_by_role("heading", level=1)).to_have_text("Record round 3")
    expect(b.locator("#id_points2")).to_have_value("30")
    assert list(Entry.objects.filter(game=game).values_list("round", flat=True)) == [1, 2]
    b.get_by_role("button", name="Save this round to the sheet").click()
    expect(b.locator("[data-done]")).to_have_text("Round 3 is on the sheet.")
    assert Entry.objects.get(game=game, round=2).score2 == 70  # A's round 2, untouched


@pytest.mark.parametrize(
    ("language", "started", "rounds"),
    [
        ("en", ["Started 14 Mar 2025, 19:30", "Started 15 Mar 2025, 20:05"], "{} of 20 rounds"),
        (
            "de",
            ["Begonnen am 14.03.2025, 19:30", "Begonnen am 15.03.2025, 20:05"],
            "{} von 20 Runden",
        ),
    ],
)
def test_my_games_tells_two_games_of_the_same_players_apart(
    live_server, phone, settings, assert_accessible, language, started, rounds
):
    """Two sheets of Ana, Ben, Cem and Dila: the list says when each was started and how many
    rounds this phone last saw on it, in the page's language (en-GB and de-DE browsers)."""
    settings.GAME_POLL_SECONDS = 1
    players = ["Ana", "Ben", "Cem", "Dila"]
    first, second = (services.create_game(players, team=False) for _ in range(2))
    berlin = datetime.timezone(datetime.timedelta(hours=1))  # CET, as the browser's zone
    Game.objects.filter(pk=first.pk).update(
        created_at=datetime.datetime(2025, 3, 14, 19, 30, tzinfo=berlin)
    )
    Game.objects.filter(pk=second.pk).update(
        created_at=datetime.datetime(2025, 3, 15, 20, 5, tzinfo=berlin)
    )
    for number in (1, 2, 3):
        services.record_round(first, number, round_number=number, scores=(0, 1, 2, 3), query="")
    with translation.override(language):
        first_sheet = reverse("games:sheet", args=[first.edit_secret])
        second_view = reverse("games:view", args=[second.view_secret])
        new_game = reverse("games:new")
    page = phone(language, timezone_id="Europe/Berlin")
    page.goto(live_server.url + first_sheet)
    page.goto(live_server.url + second_view)
    # the sheet on screen refreshes itself: another phone records round 1, and the count follows
    services.record_round(second, 1, round_number=1, scores=(0, 1, 2, 3), query="")
    expect(page.locator("tr[data-round='1'] td[data-score]")).to_have_count(4)

    page.goto(live_server.url + new_game)
    items = page.locator("[data-my-games] li")
    expect(items).to_have_count(2)
    # newest opened first: the second game (watched), then the first
    expect(items.nth(0)).to_contain_text(f"{started[1]} · {rounds.format(1)}")
    expect(items.nth(1)).to_contain_text(f"{started[0]} · {rounds.format(3)}")
    for item in (items.nth(0), items.nth(1)):
        expect(item.get_by_role("link")).to_contain_text("Ana · Ben · Cem · Dila")
    forget = "Entfernen" if language == "de" else "Forget"
    expect(items.nth(1).get_by_role("button")).to_have_accessible_name(
        f"{forget}: Ana · Ben · Cem · Dila, {started[0]} · {rounds.format(3)} "
        + ("eingetragen" if language == "de" else "recorded")
    )
    assert_accessible(page)


def test_switching_language_while_recording_keeps_what_was_typed(live_server, page):
    """The record page's address holds the entry as it is typed (never a form token), so the
    language switch, like a reload, brings the same entry back in the other language."""
    page.set_viewport_size(PHONE)
    start_game(page, live_server.url)
    page.get_by_role("link", name=re.compile(r"^Record round \d+$")).click()
    page.locator("#id_indicator").fill("r4")
    choose_state(page, 1, "finished")
    choose_state(page, 2, "melded")
    page.locator("#id_rack2").fill("k3 b11 ok")
    expect(page).to_have_url(re.compile(r"/record/\?.*rack2=k3"))
    assert not re.search(r"csrfmiddlewaretoken|version=|submission=", page.url), page.url
    # a choice whose live answer has not come back yet goes along too (still without a token)
    page.route("**/record/?*", lambda route: None)
    choose_state(page, 3, "not-melded")
    expect(page.locator("form.htmx-request")).to_have_count(1)  # sent, no answer yet
    assert "state3=not-melded" not in page.url
    page.locator("[data-language-switch=de]").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"Runde 1 eintragen"))
    assert not re.search(r"csrfmiddlewaretoken|version=|submission=", page.url), page.url
    expect(page.locator("#id_indicator")).to_have_value("r4")
    expect(page.locator("#id_rack2")).to_have_value("k3 b11 ok")
    expect(page.locator("input[name='state1'][value='finished']")).to_be_checked()
    expect(page.locator("input[name='state3'][value='not-melded']")).to_be_checked()
    # and it is saved from there, in German, as round 1
    choose_state(page, 4, "not-melded")
    page.get_by_role("button", name=re.compile("^Diese Runde")).click()
    expect(page.locator("[data-done]")).to_contain_text("Runde 1")
    assert Entry.objects.get().round == 1


def test_after_a_refused_save_the_switch_keeps_the_entry(live_server, page):
    """A save the sheet refuses is drawn at the address the form went to (no query): the switch
    leads to the record page in German with the entry as typed, not to an empty form."""
    page.set_viewport_size(PHONE)
    start_game(page, live_server.url)
    page.get_by_role("link", name=re.compile(r"^Record round \d+$")).click()
    page.locator("#id_indicator").fill("r4")
    choose_state(page, 1, "finished")
    page.locator("#id_points4").fill("x")
    page.evaluate("document.querySelector('form.entry-form').removeAttribute('data-hx-get')")
    page.get_by_role("button", name=re.compile("^Save")).click()  # sent as a form: a POST
    expect(page.locator(".calc-errors [data-error='points4']")).to_be_visible()
    assert "?" not in page.url
    page.locator("[data-language-switch=de]").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"Runde 1 eintragen"))
    expect(page.locator("#id_indicator")).to_have_value("r4")
    expect(page.locator("#id_points4")).to_have_value("x")
    expect(page.locator("input[name='state1'][value='finished']")).to_be_checked()
    assert not re.search(r"csrfmiddlewaretoken|version=|submission=", page.url), page.url


def test_a_refused_undo_switches_to_the_sheet_not_to_its_post_address(live_server, page):
    """Another phone recorded a round while this one confirmed Undo: the refusal is drawn at
    …/undo/, which only takes a POST; the switch leads to the sheet in German."""
    page.set_viewport_size(PHONE)
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    services.record_round(game, game.version, round_number=1, scores=(0, 10, 20, 30), query="")
    page.goto(live_server.url + reverse("games:sheet", args=[game.edit_secret]))
    page.locator("details.confirm:has(#undo-last) summary").click()
    game.refresh_from_db()
    services.record_round(game, game.version, round_number=2, scores=(5, 0, 20, 30), query="")
    page.locator("#undo-last").click()
    expect(page).to_have_url(re.compile(r"/undo/$"))
    page.locator("[data-language-switch=de]").click()
    expect(page).to_have_url(re.compile(rf"/de/spiele/{game.edit_secret}/$"))
    expect(page.locator("tr[data-round='2'] td[data-score]")).to_have_count(4)


def test_the_record_page_keeps_each_players_score_line_and_field_errors_live(live_server, page):
    """As in the calculator: each player's block shows the score the live answer gives, and a
    bad field gets its own error line and aria-invalid; a refused Save says so at the top."""
    start_game(page, live_server.url)
    page.get_by_role("link", name="Record round 1").click()
    fill_round(page, points2=14, rack4="k3 b11 ok")
    expect(page.locator("#calculator-result [data-player='4']")).to_have_attribute(
        "data-score", "195"
    )
    expect(page.locator("[data-live='4'] strong")).to_have_text("195")
    score2 = page.locator("#calculator-result [data-player='2']").get_attribute("data-score")
    expect(page.locator("[data-live='2'] strong")).to_have_text(score2)
    page.locator("#id_rack4").fill("k3 zz")
    expect(page.locator("#id_rack4_error")).to_contain_text("zz")
    expect(page.locator("#id_rack4")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("[data-live='4'] strong")).to_have_text("–")
    page.get_by_role("button", name="Save this round to the sheet").click()
    notice = page.locator("[data-message]")
    expect(notice).to_have_text(
        "Nothing was saved: correct the fields marked below, then save again."
    )
    assert notice.evaluate("(n) => n.getBoundingClientRect().bottom") < 740  # the first screen
    assert not Entry.objects.exists()


def test_back_to_a_forms_answer_opens_the_forms_page_as_it_is_now(live_server, page):
    """Back to the answer of a POST (here a refused save), with the service worker in charge:
    the browser asks only for a kept copy, and there is none. It showed "You are offline"; now
    it opens the form's page, holding the entry. A check leaves no POST in the history at all
    (Post/Redirect/Get), so Back after it and a save finds the record page too."""
    page.set_viewport_size(PHONE)
    sheet = start_game(page, live_server.url)
    page.wait_for_function("() => !!navigator.serviceWorker.controller")
    page.get_by_role("link", name="Record round 1").click()
    fill_round(page, points2="x")
    expect(page.locator("#calculator-result [data-error='points2']")).to_be_visible()
    # Back opens the page at the address the form was sent from, which holds the entry as of
    # the last live answer: wait for the answer to the last field (a CI run saved before it).
    expect(page).to_have_url(re.compile(r"state3=not-melded.*points4=10"))
    page.get_by_role("button", name="Save this round to the sheet").click()
    expect(page.locator("[data-done], .verdict").first).to_be_visible()
    page.goto(sheet)
    page.go_back()
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_have_text("Record round 1")
    expect(page.locator("#id_points2")).to_have_value("x")

    page.locator("#id_points2").fill("14")
    page.get_by_role("button", name="Check the scores first").click()
    expect(page).to_have_url(re.compile(r"/record/\?.*points2=14.*#result-heading$"))
    expect(page.locator("#calculator-result [data-player='2']")).to_have_attribute(
        "data-score", "70"
    )
    page.get_by_role("button", name="Save this round to the sheet").click()
    expect(page.locator("[data-done]")).to_contain_text("is on the sheet")
    page.go_back()
    expect(heading).to_have_text("Record round 1")
    expect(page.locator("#id_points2")).to_have_value("14")


@pytest.mark.parametrize("scripts", [True, False])
def test_the_sheet_offers_print_and_says_it_updates_itself_only_where_scripts_run(
    live_server, browser, scripts
):
    """Without JavaScript the Print button would do nothing and the sheet does not refresh
    itself: neither is shown then (the browser’s own print menu still prints it)."""
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    services.record_round(game, 1, round_number=1, scores=(0, 1, 2, 3), query="")
    context = browser.new_context(java_script_enabled=scripts, viewport=PHONE)
    page = context.new_page()
    page.goto(live_server.url + reverse("games:sheet", args=[game.edit_secret]))
    expect(page.locator("#reload-sheet")).to_be_visible()
    for selector in ("[data-print]", ".auto-update"):
        if scripts:
            expect(page.locator(selector)).to_be_visible()
        else:
            expect(page.locator(selector)).to_be_hidden()
    context.close()


@pytest.mark.parametrize(
    ("language", "done", "said"),
    [
        ("en", "Round 1 is on the sheet.", "The sheet has changed. After 1 round, Ana leads"),
        ("de", "Runde 1 steht auf dem Spielblatt.", "Das Spielblatt hat sich geändert. Nach"),
    ],
)
def test_a_change_from_another_phone_shows_and_clears_this_phones_last_note(
    live_server, page, settings, language, done, said
):
    """This phone recorded round 1 and shows it; another phone corrects it. The sheet takes the
    new scores by itself, says on screen (not only to a screen reader) that it changed, and
    drops "Round 1 is on the sheet.", which now reads as if this phone's entry stood."""
    settings.GAME_POLL_SECONDS = 1
    game = services.create_game(["Ana", "Ben", "Cem", "Dila"], team=False)
    services.record_round(game, game.version, round_number=1, scores=(0, 70, 500, 50), query="")
    game.refresh_from_db()
    with translation.override(language):
        sheet = reverse("games:sheet", args=[game.edit_secret])
    page.goto(f"{live_server.url}{sheet}?done=recorded-scored-1-v{game.version}")
    note = page.locator("[data-done]")
    expect(note).to_have_text(done)
    status = page.locator("[data-said]")
    expect(status).to_have_class(re.compile(r"\bvisually-hidden\b"))  # (1 px: "visible")

    services.edit_round(game, game.version, round_number=1, scores=(0, 70, 100, 50), query="")
    expect(page.locator("tr[data-round='1'] td[data-player='3']")).to_have_attribute(
        "data-score", "100"
    )
    expect(note).to_have_count(0)
    expect(status).to_contain_text(said)  # the standing too, for a screen reader
    expect(status).not_to_have_class(re.compile(r"\bvisually-hidden\b"))
    expect(status).to_have_class(re.compile(r"\bno-print\b"))
    # on screen only that it changed: the standing stands just below
    standing = page.locator("#sheet .standing__main").inner_text()
    assert status.locator(".visually-hidden").text_content() == standing
    assert status.locator(".visually-hidden").bounding_box()["width"] <= 1
