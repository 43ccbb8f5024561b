"""The guide, the rounds and the glossary in real Chromium: navigation and accessibility."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import shown_dark

pytestmark = pytest.mark.browser


def test_read_the_rounds_in_german_open_round_12_and_step_to_13(live_server, page, content):
    page.goto(f"{live_server.url}/de/runden/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Die Runden")
    expect(page.locator(".round-card")).to_have_count(20)
    page.get_by_role("link", name="Runde 12: Eine lange Reihe").click()

    expect(page).to_have_url(re.compile(r"/de/runden/12/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Runde 12: Eine lange Reihe")
    expect(page.locator("[data-contract]")).to_contain_text("Eine Reihe aus fünf Steinen")
    expect(page.get_by_role("img", name="schwarze 3")).to_be_visible()
    page.get_by_role("link", name="Runde 13", exact=True).click()

    expect(page).to_have_url(re.compile(r"/de/runden/13/$"))
    expect(page.locator("[data-contract]")).to_contain_text(
        "Eine Küt-Gruppe aus vier Steinen und eine Reihe aus fünf Steinen"
    )
    expect(page.locator("a[rel=prev]")).to_have_attribute("href", "/de/runden/12/")


def test_the_guide_is_read_step_by_step_and_each_step_is_shared_by_its_address(live_server, page):
    page.goto(f"{live_server.url}/en/guide/")
    page.get_by_role("navigation", name="Step by step").get_by_role("link", name="Scoring").click()

    expect(page).to_have_url(re.compile(r"/en/guide/scoring/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Scoring")
    share = page.locator("#scoring [data-share]")
    expect(share).to_have_attribute("href", "/en/guide/scoring/")
    # What the script shares: the link as the browser resolves it, absolute.
    assert share.evaluate("a => a.href") == f"{live_server.url}/en/guide/scoring/"
    steps = page.get_by_role("navigation", name="Steps of the guide")
    steps.get_by_role("link", name="Team play", exact=True).click()
    expect(page).to_have_url(re.compile(r"/en/guide/team/$"))
    page.get_by_role("navigation", name="Steps of the guide").locator("a[rel=prev]").click()
    expect(page).to_have_url(re.compile(r"/en/guide/scoring/$"))


def test_glossary_link_from_the_guide_lands_on_the_term(live_server, page, content):
    page.goto(f"{live_server.url}/de/anleitung/steine-und-okey/")
    page.locator("#okey").get_by_role("link", name="Anzeigestein", exact=True).click()
    expect(page).to_have_url(re.compile(r"/de/glossar/#indicator$"))
    expect(page.locator("#indicator")).to_be_in_viewport()


@pytest.mark.parametrize(
    "path",
    [
        "/en/guide/",
        "/de/anleitung/",
        "/en/guide/melds/",
        "/de/anleitung/fragen/",
        "/en/rounds/",
        "/de/runden/",
        "/en/rounds/20/",
        "/de/runden/12/",
        "/en/glossary/",
        "/de/glossar/",
    ],
)
def test_rules_pages_are_accessible(live_server, page, assert_accessible, content, path):
    page.goto(live_server.url + path)
    expect(page.locator("h1")).to_be_visible()
    assert_accessible(page)


@pytest.mark.parametrize("path", ["/de/anleitung/", "/en/rounds/"])
def test_rules_pages_are_accessible_in_dark_mode(
    live_server, page, assert_accessible, content, path
):
    page.emulate_media(color_scheme="dark")
    page.goto(live_server.url + path)
    shown_dark(page)
    assert_accessible(page)


@pytest.mark.parametrize("path", ["/de/runden/12/", "/en/guide/"])
def test_a_printed_rules_page_leaves_out_the_site_around_it(live_server, page, content, path):
    """Paper gets the rules, not the header, the language switch, the footer or a button: the
    print rules are part of site.css, which every page loads."""
    page.goto(live_server.url + path)
    chrome = [".site-header", ".lang-switch", ".site-footer", "button"]
    for selector in chrome[:3]:
        expect(page.locator(selector).first).to_be_visible()
    page.emulate_media(media="print")
    for selector in chrome:
        assert page.locator(selector).evaluate_all(
            "(all) => all.every((e) => getComputedStyle(e).display === 'none')"
        )
    expect(page.locator("h1")).to_be_visible()
    assert page.locator("body").evaluate("(b) => getComputedStyle(b).fontSize") == "14.6667px"
