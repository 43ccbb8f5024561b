import re

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import shown_dark

pytestmark = pytest.mark.browser


def test_root_lands_on_english_and_switches_to_german_twin(live_server, page):
    page.goto(live_server.url + "/")
    expect(page).to_have_url(re.compile(r"/en/$"))
    page.get_by_role("link", name="Guide").first.click()
    expect(page).to_have_url(re.compile(r"/en/guide/$"))

    page.locator("[data-language-switch=de]").click()

    expect(page).to_have_url(re.compile(r"/de/anleitung/$"))
    expect(page.locator("html")).to_have_attribute("lang", "de")
    # The choice is remembered: `/` now leads to German.
    page.goto(live_server.url + "/")
    expect(page).to_have_url(re.compile(r"/de/$"))


@pytest.mark.parametrize("language", ["en", "de"])
def test_home_page_is_accessible(live_server, page, assert_accessible, language):
    page.goto(f"{live_server.url}/{language}/")
    expect(page.locator("h1")).to_be_visible()
    assert_accessible(page)


def test_home_page_is_accessible_in_dark_mode(live_server, page, assert_accessible):
    page.emulate_media(color_scheme="dark")
    page.goto(f"{live_server.url}/en/")
    shown_dark(page)
    assert_accessible(page)


def test_the_browser_gets_our_scripts_as_production_ships_them(live_server, page):
    """The browser tests run the minified scripts (tests/browser/conftest.py), so a minifier that
    broke one fails them."""
    script = page.request.get(f"{live_server.url}/static/js/picker.js").text()
    assert "data-tile-picker" in script and "pickerTarget" not in script
    worker = page.request.get(f"{live_server.url}/sw.js").text()
    assert 'addEventListener("fetch"' in worker and "\n" not in worker.strip()


def test_in_forced_colours_the_current_page_of_the_menu_is_still_marked(live_server, page):
    """Its background is what marks it, and forced colours (Windows' contrast themes) drop
    backgrounds: there it is underlined, and no other menu link is."""

    def underlined():
        return page.locator(".site-nav a").evaluate_all(
            "links => links.map(a => getComputedStyle(a).textDecorationLine === 'underline')"
        )

    page.goto(f"{live_server.url}/en/calculator/")
    assert underlined() == [False] * 4
    page.emulate_media(forced_colors="active")
    current = page.locator(".site-nav a[aria-current=page]")
    expect(current).to_have_text("Calculator")
    assert underlined() == [False, False, False, True]
