import re

import pytest
from playwright.sync_api import expect

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
    assert_accessible(page)
