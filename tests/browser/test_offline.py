"""No signal at the table, in Chromium: after one visit the rules open offline from the service
worker's store, in the visitor's language; pages that need the server show the branded offline
page; a round saved on the edit sheet with no signal is kept and sent once when the signal is
back; an edit made in the admin reaches the phone on its next online visit; the site is
installable (manifest and icons)."""

import re

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from games import services
from games.models import Entry
from kutsite import content as content_module
from referee.models import Ruling
from tests.browser.helpers import LOCALES

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
PAGES = {
    "en": {
        "guide": "/en/guide/",
        "step": "/en/guide/melds/",
        "round": "/en/rounds/7/",
        "ruling": "/en/referee/run-12-13-1/",
        "glossary": "/en/glossary/",
        "calculator": "/en/calculator/?indicator=r4&round=3&name1=Ana",
        "offline": "You are offline",
        "kept": "You are offline. This round stays on this phone",
        "save": "Save this round to the sheet",
        "done": "is on the sheet",
        "again": "This was sent more than once and saved once.",
        "back": "Back to the sheet",
        "stale": "Offline: this sheet as it was at",
        "waiting": "A round entered with no signal is waiting on this phone",
    },
    "de": {
        "guide": "/de/anleitung/",
        "step": "/de/anleitung/gruppen-reihen-paare/",
        "round": "/de/runden/7/",
        "ruling": "/de/schiedsrichter/run-12-13-1/",
        "glossary": "/de/glossar/",
        "calculator": "/de/rechner/?indicator=r4&round=3&name1=Ana",
        "offline": "Du bist offline",
        "kept": "Du bist offline. Diese Runde bleibt auf diesem Handy",
        "save": "Diese Runde auf dem Spielblatt speichern",
        "done": "steht auf dem Spielblatt",
        "again": "Das wurde mehrmals gesendet und nur einmal gespeichert.",
        "back": "Zurück zum Spielblatt",
        "stale": "Offline: Stand dieses Spielblatts vom",
        "waiting": "Eine ohne Empfang eingegebene Runde wartet auf diesem Handy",
    },
}
# A note's date and time as the sheet's scripts write them, in the phone's own variant of the
# page's language: the month in words in English, never "12/6/2026", which half the table reads
# as 12 June ("6 Dec 2026, 15:58" on a British phone, "Dec 6, 2026, 3:58 PM" on an American
# one), and German's usual "06.12.2026, 15:58".
MONTH_IN_WORDS = {
    "en": re.compile(r"\b\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}(?!:)"),  # en-GB
    "en-US": re.compile(r"\b[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M"),
    "de": re.compile(r"\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}(?!:)"),
}
STORED = """async (language) => {
  const info = await caches.open("kut-info");
  const list = await info.match("/" + language + "/offline/store.json");
  return list ? (await list.json()).version : null;
}"""


@pytest.fixture
def phone_screen():
    return PHONE


def poll(page, script, arg=None, *, until=bool):
    """`script` evaluated in the page again and again until its value passes `until`
    (wait_for_function would take an async function's promise for a truthy answer)."""
    for _ in range(150):
        value = page.evaluate(script, arg)
        if until(value):
            return value
        page.wait_for_timeout(200)
    raise AssertionError(f"never true: {script} -> {value!r}")


def wait_for_store(page, language, version=None):
    """Until the worker has stored every page of `language` (under `version`, if given)."""
    return poll(page, STORED, language, until=lambda found: found and version in (None, found))


def heading(page):
    return page.locator("h1")


@pytest.mark.parametrize("language", ["en", "de"])
def test_after_one_visit_the_rules_open_offline(live_server, content, phone, language):
    page = phone(language)
    context = page.context
    page.goto(f"{live_server.url}/{language}/")
    wait_for_store(page, language)
    pages = PAGES[language]
    online = {}
    for name in ("guide", "step", "round", "ruling", "glossary"):
        page.goto(live_server.url + pages[name])
        online[name] = heading(page).inner_text()

    context.set_offline(True)
    for name in ("guide", "step", "round", "ruling", "glossary"):
        page.goto(live_server.url + pages[name])
        expect(heading(page)).to_have_text(online[name])
        expect(page.locator("html")).to_have_attribute("lang", language)
    # A page that needs the server: the branded page in the page's language, at the same
    # address, so the entries in the query are still there to try again.
    page.goto(live_server.url + pages["calculator"])
    expect(heading(page)).to_have_text(pages["offline"])
    assert page.url == live_server.url + pages["calculator"]
    expect(page.locator("[data-retry]")).to_have_attribute("href", "")
    expect(page.locator("[data-kept]")).to_be_visible()  # nothing was being sent
    expect(page.locator("[data-sent]")).to_be_hidden()
    expect(page.locator(f'main a[href="{pages["guide"]}"]')).to_be_visible()

    context.set_offline(False)
    page.locator("[data-retry]").click()
    expect(page.locator("h1")).not_to_have_text(pages["offline"])
    assert page.url == live_server.url + pages["calculator"]
    assert page.locator("input[name=name1]").input_value() == "Ana"


def test_switching_language_stores_the_other_language_too(live_server, content, phone):
    page = phone("en")
    context = page.context
    page.goto(f"{live_server.url}/en/")
    wait_for_store(page, "en")
    page.locator(".lang-switch a").click()
    page.wait_for_url("**/de/")
    wait_for_store(page, "de")
    context.set_offline(True)
    page.goto(live_server.url + PAGES["de"]["round"])
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(heading(page)).to_contain_text("7")
    page.goto(live_server.url + PAGES["en"]["glossary"])
    expect(page.locator("html")).to_have_attribute("lang", "en")


def test_offline_the_language_switch_opens_the_stored_twin(live_server, content, phone):
    page = phone("en")
    context = page.context
    for language in ("de", "en"):
        page.goto(f"{live_server.url}/{language}/")
        wait_for_store(page, language)
    page.goto(live_server.url + PAGES["de"]["step"])
    german = heading(page).inner_text()
    page.goto(live_server.url + PAGES["en"]["step"] + "#content")
    context.set_offline(True)
    page.locator(".lang-switch a").click()
    page.wait_for_url(live_server.url + PAGES["de"]["step"] + "#content")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(heading(page)).to_have_text(german)
    # An answer is never stored, so it names no twin: the offline page in the language asked
    # for, whose "Try again" switches once the signal is back, the entries kept.
    context.set_offline(False)
    page.goto(live_server.url + PAGES["en"]["calculator"])
    context.set_offline(True)
    page.locator(".lang-switch a").click()
    expect(heading(page)).to_have_text(PAGES["de"]["offline"])
    context.set_offline(False)
    page.locator("[data-retry]").click()
    page.wait_for_url(live_server.url + PAGES["de"]["calculator"])
    assert page.locator("input[name=name1]").input_value() == "Ana"
    # A hand-made ?next= that is no address: the offline page all the same, not a browser error.
    context.set_offline(True)
    page.goto(live_server.url + "/language/de/?next=http%3A%2F%2F%5B")
    expect(heading(page)).to_have_text(PAGES["de"]["offline"])


def test_an_edit_reaches_the_phone_on_its_next_online_visit(live_server, content, phone):
    page = phone("en")
    context = page.context
    page.goto(f"{live_server.url}/en/")
    first = wait_for_store(page, "en")
    ruling = Ruling.objects.get(key="run-12-13-1")
    ruling.question_en = "Is 12-13-1 a run at this table? (edited)"
    ruling.save()

    edited = f"{content_module.BUILD}:{content_module.version()}"
    assert edited != first

    page.reload()
    second = wait_for_store(page, "en", edited)
    # Old stores are deleted: one store per language.
    names = page.evaluate("caches.keys()")
    assert [name for name in names if name.startswith("kut-en-")] == [f"kut-en-{second}"]

    context.set_offline(True)
    page.goto(live_server.url + PAGES["en"]["ruling"])
    expect(heading(page)).to_contain_text("(edited)")


def test_a_read_only_sheet_opened_before_shows_its_last_state_offline(
    live_server, content, phone, settings
):
    settings.GAME_POLL_SECONDS = 1
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    page = phone("de")
    context = page.context
    page.goto(f"{live_server.url}/de/")
    wait_for_store(page, "de")
    sheet = f"{live_server.url}/de/spiele/ansehen/{game.view_secret}/"
    page.goto(sheet)
    expect(page.locator("[data-offline-sheet]")).to_have_count(0)
    poll(page, "async () => !!(await (await caches.open('kut-sheets')).match(location.href))")

    context.set_offline(True)
    page.goto(sheet)
    expect(page.get_by_text("Dila").first).to_be_visible()
    note = page.locator("[data-offline-sheet]")
    expect(note).to_contain_text("Offline: Stand dieses Spielblatts vom")
    expect(note).to_contain_text(MONTH_IN_WORDS["de"])
    # Polls that find no signal leave the note; the first answered one, once it is back, takes
    # it away (the sheet is current again).
    page.wait_for_timeout(2500)
    expect(note).to_have_count(1)
    context.set_offline(False)
    expect(note).to_have_count(0)
    context.set_offline(True)
    # The edit sheet was never opened offline: it says so instead of pretending.
    page.goto(f"{live_server.url}/de/spiele/{game.edit_secret}/")
    expect(heading(page)).to_have_text(PAGES["de"]["offline"])


@pytest.mark.parametrize("locale", ["en", "en-US"])
def test_a_watch_link_opened_as_the_first_visit_is_kept_for_offline(
    live_server, content, phone, locale
):
    """A new phone opens a shared watch link, and the signal goes: the sheet it opened is
    there, with its time, although the service worker only started with that visit."""
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    page = phone(locale)
    sheet = f"{live_server.url}/en/games/view/{game.view_secret}/"
    page.goto(sheet)
    poll(page, "async () => !!(await (await caches.open('kut-sheets')).match(location.href))")
    page.context.set_offline(True)
    page.goto(sheet)
    expect(page.get_by_text("Dila").first).to_be_visible()
    expect(page.locator("[data-offline-sheet]")).to_contain_text("Offline: this sheet as it was at")
    expect(page.locator("[data-offline-sheet]")).to_contain_text(MONTH_IN_WORDS[locale])


# The words of each note on the sheet's state, as they were when the note was added.
NOTES_ADDED = """() => {
  window.kutNotesAdded = [];
  new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(
    (node) => node.dataset && "offlineSheet" in node.dataset &&
      window.kutNotesAdded.push(node.textContent)))
  ).observe(document.querySelector("main"), { childList: true });
}"""


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        ("en", "Offline: this sheet as it was at"),
        ("en-US", "Offline: this sheet as it was at"),
        ("de", "Offline: Stand dieses Spielblatts vom"),
    ],
)
def test_an_open_edit_sheet_whose_polls_go_unanswered_says_since_when(
    live_server, content, phone, settings, locale, words
):
    """Another phone records while this one has no signal: the sheet on screen cannot know. Once
    a poll goes unanswered it says since when it is as shown; the first answered poll, once
    the signal is back, brings the new round and takes the note away."""
    settings.GAME_POLL_SECONDS = 1
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    language = locale[:2]
    page = phone(locale)
    page.goto(f"{live_server.url}/{language}/")
    wait_for_store(page, language)  # the service worker is in charge, as on a phone
    with translation.override(language):
        page.goto(live_server.url + reverse("games:sheet", args=[game.edit_secret]))
    note = page.locator("[data-offline-sheet]")
    page.wait_for_timeout(1500)
    expect(note).to_have_count(0)  # answered polls (304) say nothing
    page.evaluate(NOTES_ADDED)
    page.context.set_offline(True)
    expect(note).to_contain_text(words)
    expect(note).to_contain_text(MONTH_IN_WORDS[locale])
    expect(note).to_have_attribute("role", "status")
    # a screen reader hears a status whose words change, not one added with its words in it
    assert page.evaluate("window.kutNotesAdded") == [""]
    services.record_round(game, game.version, round_number=1, scores=(0, 1, 2, 3), query="")
    page.context.set_offline(False)
    expect(page.locator("tr[data-round='1'] td[data-score]")).to_have_count(4)
    expect(note).to_have_count(0)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_link_followed_offline_gets_the_offline_page_without_talk_of_entries(
    live_server, content, phone, language
):
    """The edit sheet's link to correct round 1 is a link: offline it leads to the offline
    page, which says nothing of entries still being there, since none were made (a checker's or
    the calculator's answer, asked with its entries in the address, keeps that line)."""
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    services.record_round(game, game.version, round_number=1, scores=(0, 1, 2, 3), query="")
    page = phone(language)
    page.goto(f"{live_server.url}/{language}/")
    wait_for_store(page, language)
    with translation.override(language):
        page.goto(live_server.url + reverse("games:sheet", args=[game.edit_secret]))
    page.context.set_offline(True)
    page.locator("#edit-round-1").click()
    expect(heading(page)).to_have_text(PAGES[language]["offline"])
    expect(page.locator("[data-retry]")).to_be_visible()
    expect(page.locator("[data-kept]")).to_be_hidden()
    expect(page.locator("[data-sent]")).to_be_hidden()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_site_is_installable_with_its_manifest_and_icons(
    live_server, content, browser_type, browser_type_launch_args, tmp_path, language
):
    # A profile on disk: Chromium never offers to install from a private (incognito) context.
    context = browser_type.launch_persistent_context(
        tmp_path, **browser_type_launch_args, locale=LOCALES.get(language, language), viewport=PHONE
    )
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/{language}/")
        href = page.locator('link[rel="manifest"]').get_attribute("href")
        assert href == f"/{language}/manifest.webmanifest"
        manifest = page.request.get(live_server.url + href)
        assert manifest.ok
        data = manifest.json()
        assert data["start_url"] == f"/{language}/"
        for icon in data["icons"]:
            response = page.request.get(live_server.url + icon["src"])
            assert response.ok, icon
            assert response.headers["content-type"] == icon["type"], icon
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        session = context.new_cdp_session(page)
        manifest_info = session.send("Page.getAppManifest")
        assert manifest_info["url"].endswith(href)
        assert not manifest_info["errors"], manifest_info["errors"]
        errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
    finally:
        context.close()


def record_url(game, language):
    with translation.override(language):
        return reverse("games:record", args=[game.edit_secret])


def fill_round_one(page):
    """Round 1: player 1 finishes, player 2 melded
    with 14 points left, player 3 never melded, player 4 melded holding k3 b11 ok."""
    page.locator("#id_indicator").fill("r4")
    for player, state in ((1, "finished"), (2, "melded"), (3, "not-melded"), (4, "melded")):
        radio = page.locator(f"input[name='state{player}'][value='{state}']")
        page.locator(f"label[for='{radio.get_attribute('id')}']").click()
    page.locator("#id_points2").fill("14")
    page.locator("#id_rack4").fill("k3 b11 ok")


def entries(game):
    return list(Entry.objects.filter(game=game).order_by("seq"))


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_round_saved_offline_is_kept_and_sent_once_when_the_signal_is_back(
    live_server, content, phone, language
):
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    words = PAGES[language]
    page = phone(language)
    context = page.context
    requests = []
    page.on("request", lambda request: requests.append((request.method, request.url)))
    page.goto(live_server.url + record_url(game, language))
    notice = page.locator("[data-offline-entry]")
    expect(notice).to_be_hidden()

    context.set_offline(True)
    fill_round_one(page)
    page.get_by_role("button", name=words["save"]).click()
    # Still the record page, the entry still in the form, the notice in the page's language.
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(words["kept"])
    assert page.url == live_server.url + record_url(game, language)
    expect(page.locator("#id_points2")).to_have_value("14")
    expect(page.locator("#id_rack4")).to_have_value("k3 b11 ok")
    assert entries(game) == []

    context.set_offline(False)
    expect(page.locator("[data-done]")).to_contain_text(words["done"])
    expect(page.locator("[data-offline-entry]")).to_have_count(0)
    saved = entries(game)
    assert [(e.round, e.kind) for e in saved] == [(1, "scored")]
    # One POST, to the form's own address, sent once the signal was back.
    posts = [url for method, url in requests if method == "POST"]
    assert posts == [live_server.url + record_url(game, language)]
    # S1: the player who ends scores 0; S3: k3 b11 ok (25) held after melding, times the round's
    # factor, as the calculator shows it online (tests/browser/test_games.py).
    assert (saved[0].score1, saved[0].score4) == (0, 195)
    # Nothing is left to send: the record page for round 2 opens empty, and nothing is sent again.
    page.goto(live_server.url + record_url(game, language))
    expect(page.locator("h1")).to_contain_text("2")
    expect(notice).to_be_hidden()
    expect(page.locator("#id_rack4")).to_have_value("")
    assert len(entries(game)) == 1


RECORD = {"en": "Record round %s", "de": "Runde %s eintragen"}
KEPT_VERSION = """async (url) => {
  const kept = await caches.match(url);
  const version = kept && /name="version" value="(\\d+)"/.exec(await kept.text());
  return version ? Number(version[1]) : null;
}"""


@pytest.mark.parametrize("language", ["en", "de"])
def test_record_round_opens_from_the_edit_sheet_with_no_signal_and_is_sent_when_it_is_back(
    live_server, content, phone, language
):
    """The signal goes while the edit sheet is open: "Record round 1" still opens the record
    page (kept by the service worker when the sheet loaded), and the round entered there stays
    on the phone. "Back to the sheet" opens the sheet as it was, which says that a round is
    waiting and links to it; there it reaches the sheet once the signal is back."""
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    words = PAGES[language]
    page = phone(language)
    page.goto(f"{live_server.url}/{language}/")
    wait_for_store(page, language)
    with translation.override(language):
        sheet = live_server.url + reverse("games:sheet", args=[game.edit_secret])
    page.goto(sheet)
    url = live_server.url + record_url(game, language)
    poll(page, KEPT_VERSION, url, until=lambda version: version == game.version)
    poll(page, KEPT_VERSION, sheet, until=lambda version: version == game.version)
    expect(page.locator("[data-kept-entry-note]")).to_have_count(0)

    page.context.set_offline(True)
    page.locator("#record-round").click()
    expect(page.locator("h1")).to_have_text(RECORD[language] % 1)
    assert page.url == url
    fill_round_one(page)
    page.get_by_role("button", name=words["save"]).click()
    expect(page.locator("[data-offline-entry]")).to_contain_text(words["kept"])
    assert entries(game) == []

    page.get_by_role("link", name=words["back"]).click()
    assert page.url == sheet
    expect(page.locator("[data-offline-sheet]")).to_contain_text(words["stale"])
    waiting = page.locator("[data-kept-entry-note]")
    expect(waiting).to_have_attribute("role", "status")
    expect(waiting.get_by_role("link")).to_contain_text(words["waiting"])
    waiting.get_by_role("link").click()
    assert page.url == url
    expect(page.locator("#id_points2")).to_have_value("14")
    expect(page.locator("[data-offline-entry]")).to_contain_text(words["kept"])

    page.context.set_offline(False)
    expect(page.locator("[data-done]")).to_contain_text(words["done"])
    assert [(e.round, e.kind, e.score4) for e in entries(game)] == [(1, "scored", 195)]


def test_the_kept_record_page_follows_the_sheet_and_never_opens_empty_for_an_entry(
    live_server, content, phone, settings
):
    """Another phone records round 1 while this one shows the sheet: the kept record page is
    asked for again and is round 2's. With no signal, the record page's address holding an
    entry (where "Try again" leads) gets the offline page, not the kept page without it."""
    settings.GAME_POLL_SECONDS = 1
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    page = phone("en")
    page.goto(f"{live_server.url}/en/")
    wait_for_store(page, "en")
    page.goto(live_server.url + reverse("games:sheet", args=[game.edit_secret]))
    url = live_server.url + record_url(game, "en")
    poll(page, KEPT_VERSION, url, until=lambda version: version == game.version)
    services.record_round(game, game.version, round_number=1, scores=(0, 1, 2, 3), query="")
    game.refresh_from_db()
    expect(page.locator("#record-round")).to_contain_text("2")
    poll(page, KEPT_VERSION, url, until=lambda version: version == game.version)

    page.context.set_offline(True)
    page.goto(url + "?indicator=r4&round=2&name1=Ana&state1=finished")
    expect(heading(page)).to_have_text(PAGES["en"]["offline"])
    page.goto(url)
    expect(page.locator("h1")).to_have_text(RECORD["en"] % 2)


def test_the_sheet_names_a_waiting_round_only_while_its_record_page_can_send_it(
    live_server, content, phone
):
    """The note links to the record page, which sends the round it keeps (entry.js). A kept
    correction is sent from its own page, and a finished game has no round to record: no note
    that its link could never clear."""
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    services.record_round(game, game.version, round_number=1, scores=(0, 1, 2, 3), query="")
    game.refresh_from_db()
    page = phone("en")
    sheet = live_server.url + reverse("games:sheet", args=[game.edit_secret])
    correction = reverse("games:edit_round", args=[game.edit_secret, 1])
    page.goto(sheet)
    page.evaluate("(path) => localStorage.setItem('kut-entry:' + path, '[]')", correction)
    page.reload()
    page.wait_for_timeout(500)
    expect(page.locator("[data-kept-entry-note]")).to_have_count(0)
    page.evaluate(
        "(path) => localStorage.setItem('kut-entry:' + path, '[]')", record_url(game, "en")
    )
    page.reload()
    link = page.locator("[data-kept-entry-note] a")
    expect(link).to_have_attribute("href", live_server.url + record_url(game, "en"))
    for number in range(2, 21):
        game.refresh_from_db()
        services.record_round(
            game, game.version, round_number=number, scores=(0, 1, 2, 3), query=""
        )
    page.reload()
    expect(page.locator("#record-round")).to_have_count(0)
    page.wait_for_timeout(500)
    expect(page.locator("[data-kept-entry-note]")).to_have_count(0)


def test_the_worker_keeps_only_a_games_pages_when_asked(live_server, content, phone):
    """A kept page comes before the language's store offline: a page asks the worker to keep
    only a game's own pages (games/sheet.js); any other address is not fetched or kept."""
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    page = phone("en")
    page.goto(f"{live_server.url}/en/")
    wait_for_store(page, "en")
    record = record_url(game, "en")
    page.evaluate(
        "(urls) => urls.forEach((keep) => navigator.serviceWorker.controller.postMessage({keep}))",
        ["/en/rounds/3/", "https://example.com/en/games/x/", "/en/games/", record],
    )
    poll(page, KEPT_VERSION, live_server.url + record, until=lambda version: version == 1)
    page.wait_for_timeout(500)
    kept = page.evaluate(
        "async () => (await (await caches.open('kut-sheets')).keys())"
        ".map((request) => new URL(request.url).pathname)"
    )
    assert kept == [record]


def test_a_change_made_after_a_round_was_kept_goes_with_it(live_server, content, phone):
    """Saved with no signal, then corrected before the signal is back: what reaches the sheet
    is what the page shows, not what it showed at the tap."""
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    page = phone("en")
    page.goto(live_server.url + record_url(game, "en"))
    page.context.set_offline(True)
    fill_round_one(page)
    page.get_by_role("button", name=PAGES["en"]["save"]).click()
    expect(page.locator("[data-offline-entry]")).to_contain_text(PAGES["en"]["kept"])
    page.locator("#id_rack4").fill("k3")
    page.context.set_offline(False)
    expect(page.locator("[data-done]")).to_contain_text(PAGES["en"]["done"])
    saved = entries(game)
    assert len(saved) == 1
    assert "rack4=k3" in saved[0].query and "b11" not in saved[0].query, saved[0].query


def test_a_kept_round_sent_twice_is_saved_once(live_server, content, phone):
    """The answer to the first send never arrived: the phone sends the same entry again on the
    next visit, with the same submission id, and the sheet has the round once."""
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    page = phone("en")
    context = page.context
    record = live_server.url + record_url(game, "en")
    page.goto(record)
    context.set_offline(True)
    fill_round_one(page)
    page.get_by_role("button", name=PAGES["en"]["save"]).click()
    expect(page.locator("[data-offline-entry]")).to_be_visible()
    kept = page.evaluate(
        "Object.entries(localStorage).filter(([key]) => key.startsWith('kut-entry:'))"
    )
    assert len(kept) == 1

    # The next visit, with signal (the page was closed while offline): the kept round is filled
    # in and sent by itself.
    page.close()
    context.set_offline(False)
    page = context.new_page()
    requests = []
    page.on("request", lambda request: requests.append((request.method, request.url)))
    page.goto(record)
    expect(page.locator("[data-done]")).to_contain_text(PAGES["en"]["done"])
    assert len(entries(game)) == 1
    # Sent once, to the form's own address.
    assert [url for method, url in requests if method == "POST"] == [record]

    # As if the phone never heard that answer: the same entry is kept again and sent again.
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", kept[0])
    page.goto(record)
    expect(page.locator("[data-done]")).to_contain_text(PAGES["en"]["again"])
    assert [(e.round, e.kind) for e in entries(game)] == [(1, "scored")]


def meld_check_with_a_run(live_server, phone, language):
    """The meld checker on a phone, its live answer for r1 r2 r3 on screen."""
    page = phone(language)
    with translation.override(language):
        page.goto(live_server.url + reverse("referee:check"))
    page.locator("#id_indicator").fill("b8")
    page.locator("#id_tiles").fill("r1 r2 r3")
    result = page.locator("#check-result")
    expect(result.locator("[data-verdict]").first).to_have_attribute("data-kind", "run")
    return page, result


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_live_answer_lost_to_no_signal_says_it_is_for_the_earlier_input(
    live_server, content, phone, language
):
    """Typing on with no signal leaves the last verdict on screen: the live region says it is
    for what was entered before, in the page's language, until the next answer replaces it."""
    note = {
        "en": "No connection: the answer below is still for what was entered before.",
        "de": "Keine Verbindung: Die Antwort unten gilt noch für die vorherige Eingabe.",
    }[language]
    page, result = meld_check_with_a_run(live_server, phone, language)
    expect(result.locator("[data-live-failed]")).to_have_count(0)
    page.context.set_offline(True)
    page.locator("#id_tiles").fill("r1 r2 r3 r5")
    expect(result.locator("[data-live-failed]")).to_have_text(note)
    expect(result).to_have_attribute("data-stale", "")
    said = page.locator("#check-said")
    expect(said).to_have_text(note)
    # Typing on with still no signal: the status says it once, not again after every pause.
    said.evaluate(
        "el => { window.kutSaid = 0; window.kutFailed = 0;"
        " new MutationObserver(() => window.kutSaid++)"
        ".observe(el, {childList: true, subtree: true, characterData: true});"
        " document.addEventListener('htmx:sendError', () => window.kutFailed++); }"
    )
    for failed, tiles in enumerate(("r1 r2 r3 r6", "r1 r2 r3 r7"), start=1):
        page.locator("#id_tiles").fill(tiles)
        poll(page, f"window.kutFailed >= {failed}")
    expect(said).to_have_text(note)
    assert page.evaluate("window.kutSaid") == 0
    page.context.set_offline(False)
    page.locator("#id_tiles").fill("r1 r2 r3 r4")
    expect(result.locator("[data-live-failed]")).to_have_count(0)
    expect(result).not_to_have_attribute("data-stale", "")
    expect(result.locator("[data-verdict]").first).to_contain_text("4")


def test_an_answer_on_its_way_fades_the_old_one_and_comes_by_itself_when_the_signal_returns(
    live_server, content, phone
):
    """One bar of signal: while the next answer is on its way the verdict on screen fades and
    its Share button goes; back online after no signal, the answer for what is typed comes
    without another keystroke."""
    page = phone("en")
    page.goto(live_server.url + reverse("referee:check"))
    page.locator("#id_indicator").fill("b8")
    page.locator("#id_tiles").fill("r12 r13 r1")
    result = page.locator("#check-result")
    verdict = result.locator("[data-verdict]").first
    expect(verdict).to_have_attribute("data-kind", "run")
    expect(result.locator(".share")).to_be_visible()

    page.route("**/referee/check/?*", lambda route: None)  # held: no answer yet
    page.locator("#id_tiles").fill("r12 r13 r1 r5")
    expect(page.locator("form.htmx-request")).to_have_count(1)
    expect(result.locator(".share")).to_be_hidden()
    page.wait_for_timeout(700)  # past the fade's delay
    assert float(verdict.evaluate("el => getComputedStyle(el).opacity")) < 1
    page.unroute("**/referee/check/?*")  # what is still held goes on to the server
    expect(page.locator("form.htmx-request")).to_have_count(0)
    expect(verdict).not_to_have_attribute("data-kind", "run")
    expect(result.locator(".share")).to_be_visible()

    page.context.set_offline(True)
    page.locator("#id_tiles").fill("b4 b5 b6")
    expect(result.locator("[data-live-failed]")).to_be_visible()
    page.context.set_offline(False)
    expect(result.locator("[data-live-failed]")).to_have_count(0)
    expect(verdict).to_contain_text("4")


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_live_answer_lost_while_the_phone_thinks_it_is_online_is_asked_for_again(
    live_server, content, phone, language
):
    """Lie-fi: the phone says it is online, but nothing gets through, so the browser never
    says "online" again. The missing answer is asked for again by itself, without a keystroke."""
    page, result = meld_check_with_a_run(live_server, phone, language)
    verdict = result.locator("[data-verdict]").first

    def answer(url):
        return "tiles=" in url

    page.route(answer, lambda route: route.abort())
    page.locator("#id_tiles").fill("k5 b5 y5")
    expect(result).to_have_attribute("data-stale", "")
    page.unroute(answer)
    expect(verdict).to_have_attribute("data-kind", "group", timeout=10000)
    expect(result.locator("[data-live-failed]")).to_have_count(0)


def calculator_with_scores(live_server, phone):
    """The calculator on a phone with a round's scores, player 2's beside their fields (50)."""
    page = phone("en")
    page.goto(
        live_server.url + "/en/calculator/?indicator=r4&round=3&state1=finished&state2=melded"
        "&points2=10&state3=not-melded&state4=melded&points4=12"
    )
    strip = page.locator("[data-live='2'] strong")
    expect(strip).to_have_text("50")
    return page, strip


def test_the_calculators_scores_beside_the_fields_fade_when_the_answer_is_missing(
    live_server, content, phone
):
    page, strip = calculator_with_scores(live_server, phone)
    page.context.set_offline(True)
    page.locator("#id_points2").fill("20")
    expect(page.locator("#calculator-result [data-live-failed]")).to_be_visible()
    page.wait_for_timeout(700)  # the fade's delay, begun while the answer was on its way
    assert float(strip.evaluate("el => getComputedStyle(el).opacity")) < 1


def test_a_kept_round_that_meets_one_bar_of_signal_is_sent_again_until_it_arrives(
    live_server, content, phone
):
    """Back online, the first send of a kept round gets nothing through: the phone tries again
    by itself, and the round is saved once."""
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    page = phone("en")
    record = live_server.url + record_url(game, "en")
    page.goto(record)
    page.context.set_offline(True)
    fill_round_one(page)
    page.get_by_role("button", name=PAGES["en"]["save"]).click()
    expect(page.locator("[data-offline-entry]")).to_be_visible()

    failed = []

    def first_post_fails(route):
        if route.request.method == "POST" and not failed:
            failed.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route("**/*", first_post_fails)
    page.context.set_offline(False)
    expect(page.locator("[data-done]")).to_contain_text(PAGES["en"]["done"], timeout=15000)
    assert failed == [record]
    assert [(e.round, e.kind) for e in entries(game)] == [(1, "scored")]


def test_try_again_after_a_save_that_got_nowhere_returns_to_the_filled_in_form(
    live_server, content, phone
):
    """The phone thinks it has signal, but the save gets nowhere: the offline page's "Try
    again" opens the form page as it was (its address holds the entry), not an empty form."""
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    page = phone("en")
    record = live_server.url + record_url(game, "en")
    page.goto(f"{live_server.url}/en/")
    wait_for_store(page, "en")
    page.goto(record)
    fill_round_one(page)
    expect(page).to_have_url(re.compile(r"record/\?.*points2=14"))
    filled = page.url
    # The context's routes also see what the service worker asks of the network.
    page.context.route(
        "**/*", lambda route: route.abort() if route.request.method == "POST" else route.continue_()
    )
    page.get_by_role("button", name=PAGES["en"]["save"]).click()
    expect(heading(page)).to_have_text(PAGES["en"]["offline"])
    expect(page.locator("[data-retry]")).to_have_attribute("href", filled)
    # the form may have arrived with only its answer lost: the page does not say otherwise
    expect(page.locator("[data-sent]")).to_contain_text("cannot tell whether it arrived")
    expect(page.locator("[data-kept]")).to_be_hidden()
    page.context.unroute("**/*")
    page.locator("[data-retry]").click()
    expect(page.locator("#id_points2")).to_have_value("14")
    expect(page.locator("#id_rack4")).to_have_value("k3 b11 ok")
    assert entries(game) == []


@pytest.mark.parametrize(("stored", "asked"), [("de", "/en/referee/run-12-13-1/"), ("de", "/")])
def test_offline_a_page_in_a_language_never_stored_gets_the_stored_offline_page(
    live_server, content, phone, stored, asked
):
    page = phone(stored)
    page.goto(f"{live_server.url}/{stored}/")
    wait_for_store(page, stored)
    page.context.set_offline(True)
    page.goto(live_server.url + asked)
    expect(heading(page)).to_have_text(PAGES[stored]["offline"])


def test_offline_a_shared_link_with_a_tracking_query_opens_the_stored_page(
    live_server, content, phone
):
    page = phone("en")
    page.goto(f"{live_server.url}/en/")
    wait_for_store(page, "en")
    page.goto(live_server.url + PAGES["en"]["ruling"])
    online = heading(page).inner_text()
    page.context.set_offline(True)
    page.goto(live_server.url + PAGES["en"]["ruling"] + "?fbclid=abc123")
    expect(heading(page)).to_have_text(online)


def test_a_missing_live_answer_is_asked_for_as_soon_as_the_signal_is_back(
    live_server, content, phone
):
    """Long without signal, the tries are far apart by now; when the browser says it is online
    again, the answer is asked for at once, not at the end of the current wait."""
    page, result = meld_check_with_a_run(live_server, phone, "en")
    page.evaluate(
        "window.kutFailed = 0;"
        " document.addEventListener('htmx:sendError', () => window.kutFailed++)"
    )
    page.context.set_offline(True)
    page.locator("#id_tiles").fill("k5 b5 y5")
    poll(page, "window.kutFailed >= 3")  # at about 0, 3 and 9 s: the next try would be 12 s on
    page.context.set_offline(False)
    expect(result.locator("[data-verdict]").first).to_have_attribute(
        "data-kind", "group", timeout=4000
    )
    expect(result.locator("[data-live-failed]")).to_have_count(0)


def test_the_calculators_scores_beside_the_fields_fade_while_an_answer_is_on_its_way(
    live_server, content, phone
):
    """A slow answer: the old scores beside the fields fade with the answer below, rather than
    standing there at full strength for what is no longer typed."""
    page, strip = calculator_with_scores(live_server, phone)
    page.route("**/calculator/?*", lambda route: None)  # held: no answer yet
    page.locator("#id_points2").fill("20")
    expect(page.locator("form.htmx-request")).to_have_count(1)
    page.wait_for_timeout(700)  # past the fade's delay
    assert float(strip.evaluate("el => getComputedStyle(el).opacity")) < 1
    page.unroute("**/calculator/?*")
    expect(strip).to_have_text("100")
    expect(page.locator("form.htmx-request")).to_have_count(0)
    page.wait_for_timeout(700)
    assert float(strip.evaluate("el => getComputedStyle(el).opacity")) == 1


def test_a_missing_live_answer_is_asked_for_less_and_less_often(live_server, content, phone):
    """Lie-fi, or the site down: the missing answer is asked for again after 3 s, then 6 s,
    then 12 s (at most a minute apart), not every 3 s for as long as the page stays open; an
    answer that arrives starts the count again. The page's clock is Playwright's, moved on by
    hand: each try is counted, not timed."""
    page, result = meld_check_with_a_run(live_server, phone, "en")
    page.clock.install()
    page.clock.pause_at(page.evaluate("Date.now()") + 1)  # from now on, time only moves on request
    asked = []

    def refuse(route):
        asked.append(route.request.url)
        route.abort()

    def tries_after(milliseconds, awaited):
        """Moves the page's clock on, then lets the requests it started reach the route: waits
        for `awaited` tries (a busy machine may take a while), and at least 300 ms, so that a
        try too many shows."""
        page.clock.run_for(milliseconds)
        for waited in range(1, 101):
            page.wait_for_timeout(50)
            if waited >= 6 and len(asked) >= awaited:
                break
        return len(asked)

    page.route(lambda url: "tiles=" in url, refuse)
    page.locator("#id_tiles").fill("k5 b5 y5")
    assert tries_after(400, 1) == 1  # the answer, after typing stopped for 300 ms
    expect(result.locator("[data-live-failed]")).to_be_visible()
    # Each try is a pause in typing again: the wait, then those 300 ms.
    assert tries_after(3000, 1) == 1 and tries_after(400, 2) == 2  # again 3 s later
    assert tries_after(6000, 2) == 2 and tries_after(400, 3) == 3  # then 6 s later
    assert tries_after(12000, 3) == 3 and tries_after(400, 4) == 4  # then 12 s later
    # The signal is back: the next try gets its answer, and the waits start again at 3 s.
    page.unroute_all()
    page.clock.run_for(24400)
    expect(result.locator("[data-verdict]").first).to_have_attribute("data-kind", "group")
    asked.clear()
    page.route(lambda url: "tiles=" in url, refuse)
    page.locator("#id_tiles").fill("k6 b6 y6")
    assert tries_after(400, 1) == 1
    assert tries_after(3000, 1) == 1 and tries_after(400, 2) == 2, asked  # 3 s again, not 24 s


def test_the_offline_notice_is_a_status_on_the_page_all_along(live_server, content, phone):
    """A status that appears and speaks in one step may go unheard: the notice's status is in
    the page (and the accessibility tree) from the start, empty and without a box, and speaks
    when a round is kept offline."""
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    page = phone("en")
    page.goto(live_server.url + record_url(game, "en"))
    notice = page.locator("[data-offline-entry]")
    status = page.get_by_role("status").and_(notice)
    expect(status).to_have_count(1)
    expect(status).to_have_text("")
    assert notice.evaluate("(n) => n.getBoundingClientRect().height") == 0
    page.context.set_offline(True)
    fill_round_one(page)
    page.get_by_role("button", name=PAGES["en"]["save"]).click()
    expect(status).to_contain_text(PAGES["en"]["kept"])
    assert notice.evaluate("(n) => n.getBoundingClientRect().height") > 20
