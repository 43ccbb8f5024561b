"""My games on this phone (issue 13): the sheets this browser opened, listed on the home page
and the new-game page, most recent first, each one forgettable; no account, no server state."""

import re

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from games import services
from tests.browser.test_phone import CLS_OBSERVER, SCREENS, label_in_name

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]


def test_sheets_opened_here_are_listed_newest_first_and_can_be_forgotten(
    live_server, page, axe, assert_accessible
):
    page.set_viewport_size(SCREENS[0])
    page.add_init_script(CLS_OBSERVER)
    first = services.create_game(["Maximilian", "Jürgen", "Ana", "Ben"], team=False)
    second = services.create_game(["Cem", "Dila", "Eva", "Finn"], team=True)
    with translation.override("de"):
        home = reverse("home")
        new = reverse("games:new")
        first_sheet = reverse("games:sheet", args=[first.edit_secret])
        second_view = reverse("games:view", args=[second.view_secret])
    mine = page.locator("[data-my-games]")

    page.goto(live_server.url + home)
    expect(mine).to_be_hidden()  # nothing opened yet: no empty list
    page.goto(live_server.url + first_sheet)
    page.goto(live_server.url + second_view)
    page.goto(live_server.url + first_sheet)  # opened again: first once more

    page.goto(live_server.url + home)
    expect(mine).to_be_visible()
    expect(mine.get_by_role("heading")).to_have_text("Meine Spiele auf diesem Handy")
    links = mine.get_by_role("link")
    expect(links).to_have_count(2)
    expect(links.nth(0)).to_have_text("Maximilian · Jürgen · Ana · Ben")
    expect(links.nth(0)).to_have_attribute("href", first_sheet)
    expect(links.nth(1)).to_have_text("Cem · Dila · Eva · Finn (nur zum Zuschauen)")
    # each Forget button names its entry as the link does: a game's edit and watch entries
    # would otherwise have two buttons of the same name
    forget = mine.get_by_role("button")
    expect(forget.nth(0)).to_have_accessible_name(
        re.compile(r"^Entfernen: Maximilian · Jürgen · Ana · Ben, ")
    )
    expect(forget.nth(1)).to_have_accessible_name(
        re.compile(r"^Entfernen: Cem · Dila · Eva · Finn \(nur zum Zuschauen\), ")
    )
    assert page.evaluate("window.kutShift") <= 0.01
    assert_accessible(page)
    label_in_name(axe, page)

    # the new-game page lists them too; forgetting one keeps the other and focus in the list
    page.goto(live_server.url + new)
    mine.get_by_role("button", name="Entfernen: Maximilian · Jürgen · Ana · Ben").click()
    expect(links).to_have_count(1)
    expect(links.nth(0)).to_have_attribute("href", second_view)
    expect(mine.get_by_role("button")).to_be_focused()
    mine.get_by_role("button").click()
    expect(mine).to_be_hidden()
    expect(page.locator("main")).to_be_focused()  # not lost on a hidden button
    page.goto(live_server.url + home)
    expect(mine).to_be_hidden()


def test_without_javascript_there_is_no_list(live_server, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/en/")
    expect(page.locator("[data-my-games]")).to_be_hidden()
    context.close()


def test_one_entry_per_game_in_either_language_and_never_a_write_address(live_server, page):
    """The list knows a game by its secret: its English and German sheets are one entry (the
    one opened last). A refused write shows the sheet at the address it was sent to
    (…/undo/); the list keeps the sheet's own address, and so does the language switch."""
    game = services.create_game(["Ana", "Ben", "Cem", "Dila"], team=False)
    services.record_redeal(game, game.version, round_number=1)
    game.refresh_from_db()
    with translation.override("en"):
        english = reverse("games:sheet", args=[game.edit_secret])
    with translation.override("de"):
        german = reverse("games:sheet", args=[game.edit_secret])
    mine = page.locator("[data-my-games]")
    page.goto(live_server.url + english)
    page.goto(live_server.url + german)
    page.goto(live_server.url + "/en/")
    expect(mine.get_by_role("link")).to_have_count(1)
    # the entry leads to the sheet in the list's language, whichever was opened last
    expect(mine.get_by_role("link").first).to_have_attribute("href", english)
    page.goto(live_server.url + "/de/")
    expect(mine.get_by_role("link").first).to_have_attribute("href", german)

    page.goto(live_server.url + english)
    page.locator("#undo-question").click()
    # Another phone wrote meanwhile: this page's version is out of date.
    services.record_redeal(game, game.version, round_number=1)
    page.locator("#undo-last").click()
    expect(page.locator("[data-message]")).to_contain_text("This sheet changed meanwhile")
    assert page.url.endswith("/undo/")
    switch = page.locator("[data-language-switch=de]")
    assert english in switch.get_attribute("href") and "undo" not in switch.get_attribute("href")
    page.goto(live_server.url + "/en/")
    expect(mine.get_by_role("link")).to_have_count(1)
    expect(mine.get_by_role("link").first).to_have_attribute("href", english)


def test_a_sheet_shared_in_the_other_language_is_listed_in_the_lists_language(live_server, page):
    """A German phone sent the watch link to an English one: the English list leads to the
    English sheet, and a German list to the German one (the secret is the same in both)."""
    game = services.create_game(["Ana", "Ben", "Cem", "Dila"], team=False)
    views = {}
    for language in ("en", "de"):
        with translation.override(language):
            views[language] = reverse("games:view", args=[game.view_secret])
            views[language, "list"] = reverse("games:new")
    page.goto(live_server.url + views["de"])
    mine = page.locator("[data-my-games]")
    for language in ("en", "de"):
        page.goto(live_server.url + views[language, "list"])
        link = mine.get_by_role("link")
        expect(link).to_have_count(1)
        expect(link).to_have_attribute("href", views[language])
        expect(link).to_contain_text("(watch only)" if language == "en" else "(nur zum Zuschauen)")
