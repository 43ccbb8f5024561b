"""A link opened in the other language offers the page in the reader's (issue 12, item 2).

A small offer pinned at the bottom, in the reader's language, never a redirect: it shifts
nothing (CLS), takes no focus, goes away for good when closed, and steps aside as soon as focus
enters the page, so it never covers the focused control (WCAG 2.2 2.4.11, issue 13).
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import open_page, path_of
from tests.browser.test_phone import CLS_OBSERVER, FOCUS_PROBE

pytestmark = pytest.mark.browser

CHECK = "indicator=b8&tiles=r12+r13+r1&round="
CALCULATOR = "indicator=r4&round=3&name1=Ana&state1=finished&name2=Ben&state2=melded"


def language_cookie(page):
    return {c["name"]: c["value"] for c in page.context.cookies()}.get("django_language")


@pytest.mark.parametrize(
    ("sent", "twin"),
    [
        ("/de/schiedsrichter/reihe-12-13-1/", "/en/referee/run-12-13-1/"),
        ("/de/runden/7/", "/en/rounds/7/"),
        (f"/de/rechner/?{CALCULATOR}", f"/en/calculator/?{CALCULATOR}"),
        ("/de/anleitung/gruppen-reihen-paare/#runs", "/en/guide/melds/#runs"),
    ],
)
def test_an_english_phone_is_offered_the_english_twin_with_its_state(
    live_server, phone, sent, twin
):
    page = phone("en-GB")
    open_page(page, live_server.url + sent)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    offer = page.locator(".lang-offer")
    expect(offer).to_be_visible()
    expect(offer).to_have_attribute("lang", "en")
    link = offer.get_by_role("link", name="This page is also in English")
    expect(offer.get_by_role("button", name="Close")).to_be_visible()
    # offered, not imposed: no redirect, and the reader's focus stays where it was
    assert path_of(page.url) == sent
    assert page.evaluate("document.activeElement === document.body")
    link.click()
    page.wait_for_url(lambda url: path_of(url) == twin)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    # the same way as the switch: the choice is remembered, and the twin offers nothing
    assert language_cookie(page) == "en"
    expect(page.locator(".lang-offer")).to_have_count(0)


def test_a_german_phone_is_offered_the_german_twin_of_a_checker_result(live_server, phone):
    page = phone("de-DE")
    open_page(page, f"{live_server.url}/en/referee/check/?{CHECK}")
    offer = page.locator(".lang-offer")
    expect(offer).to_have_attribute("lang", "de")
    expect(offer.get_by_role("button", name="Schließen")).to_be_visible()
    offer.get_by_role("link", name="Diese Seite gibt es auch auf Deutsch").click()
    page.wait_for_url(lambda url: path_of(url) == f"/de/schiedsrichter/pruefen/?{CHECK}")
    expect(page.locator("#check-result [data-verdict]")).to_contain_text("Gültige Reihe")
    assert language_cookie(page) == "de"


def test_the_offer_follows_the_address_after_a_live_update(live_server, phone):
    page = phone("en-GB")
    open_page(page, f"{live_server.url}/de/rechner/")
    offer = page.locator(".lang-offer a")
    expect(offer).to_be_visible()
    # a live update that moves no focus (a tap on a phone that does not focus what it taps)
    page.evaluate(
        "const field = document.getElementById('id_indicator'); field.value = 'r9';"
        "field.dispatchEvent(new Event('input', {bubbles: true}))"
    )
    expect(page).to_have_url(re.compile(r"indicator=r9"))
    expect(offer).to_have_attribute(
        "href", re.compile(re.escape("next=%2Fde%2Frechner%2F%3Findicator%3Dr9"))
    )


def prefer(page, *languages):
    """The browser's list of languages, in order (Playwright's locale sets only one)."""
    page.add_init_script(
        f"Object.defineProperty(navigator, 'languages', {{get: () => {list(languages)!r}}})"
    )


@pytest.mark.parametrize(
    ("languages", "address"),
    [
        (["en-GB"], "/en/referee/run-12-13-1/"),
        (["de-DE"], "/de/schiedsrichter/reihe-12-13-1/"),
        # the first of our languages counts: a Turkish phone that reads German next
        (["tr-TR", "de-DE", "en-GB"], "/de/runden/7/"),
        # and a phone in none of them gets no offer either
        (["fr-FR"], "/de/runden/7/"),
    ],
)
def test_a_reader_of_the_page_language_is_offered_nothing(live_server, phone, languages, address):
    page = phone(languages[0])
    prefer(page, *languages)
    open_page(page, live_server.url + address)
    expect(page.locator(".site-header")).to_be_visible()
    expect(page.locator(".lang-offer")).to_have_count(0)


def test_a_turkish_phone_that_reads_english_next_is_offered_english(live_server, phone):
    page = phone("tr-TR")
    prefer(page, "tr-TR", "tr", "en-GB")
    open_page(page, live_server.url + "/de/runden/7/")
    expect(page.locator(".lang-offer")).to_have_attribute("lang", "en")


def test_an_earlier_choice_beats_the_browser_and_links_inside_the_site_offer_nothing(
    live_server, phone
):
    page = phone("en-GB")
    # chose German with the switch once: a German link is what they want
    page.goto(live_server.url + "/en/rounds/7/")
    page.locator(".lang-switch a").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    open_page(page, live_server.url + "/de/schiedsrichter/reihe-12-13-1/")
    expect(page.locator(".site-header")).to_be_visible()
    expect(page.locator(".lang-offer")).to_have_count(0)
    # no choice yet: offered on the shared link, not again on every page read after it
    other = phone("en-GB")
    open_page(other, live_server.url + "/de/runden/7/")
    expect(other.locator(".lang-offer")).to_be_visible()
    other.locator(".site-nav").get_by_role("link", name="Schiedsrichter").click()
    expect(other).to_have_url(re.compile(r"/de/schiedsrichter/$"))
    other.wait_for_load_state("networkidle")
    expect(other.locator(".lang-offer")).to_have_count(0)


def test_closing_the_offer_keeps_it_closed(live_server, phone):
    page = phone("en-GB")
    open_page(page, live_server.url + "/de/runden/7/")
    page.locator(".lang-offer").get_by_role("button", name="Close").click()
    expect(page.locator(".lang-offer")).to_have_count(0)
    # focus lands on the language switch next to where the offer was, not lost on the body
    assert page.evaluate("document.activeElement.matches('.lang-switch a')")
    assert path_of(page.url) == "/de/runden/7/"
    # the next shared link opened on this phone: nothing, the reader has said no
    open_page(page, live_server.url + "/de/schiedsrichter/reihe-12-13-1/")
    expect(page.locator(".site-header")).to_be_visible()
    expect(page.locator(".lang-offer")).to_have_count(0)


def test_keyboard_reaches_the_offer_after_the_switch_and_focus_in_the_page_removes_it(
    live_server, phone
):
    page = phone("en-GB")
    open_page(page, f"{live_server.url}/de/schiedsrichter/pruefen/?{CHECK}")
    page.locator(".lang-switch a").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('.lang-offer a')")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('.lang-offer button')")
    page.keyboard.press("Tab")
    expect(page.locator(".lang-offer")).to_have_count(0)
    assert page.evaluate("!!document.activeElement.closest('main')")


@pytest.mark.parametrize("path", ["/en/games/new/", f"/en/calculator/?{CALCULATOR}"])
def test_on_a_320_px_screen_the_german_offer_covers_no_end_of_the_page(live_server, phone, path):
    """The German offer wraps to three lines on the narrowest screens: the room the page keeps
    at its end is as tall, so the footer's last line can still be scrolled above it."""
    page = phone("de")
    page.set_viewport_size({"width": 320, "height": 640})
    open_page(page, live_server.url + path)
    expect(page.locator(".lang-offer")).to_be_visible()
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    footer = page.locator(".site-footer p").last.bounding_box()
    offer = page.locator(".lang-offer").bounding_box()
    assert offer["height"] > 64  # taller than on a 360-px screen: the case this is about
    assert footer["y"] + footer["height"] <= offer["y"], (footer, offer)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_shown_offer_shifts_nothing_covers_no_focus_and_passes_axe(
    live_server, phone, assert_accessible, scheme
):
    page = phone("en-GB", color_scheme=scheme)
    page.add_init_script(CLS_OBSERVER)
    for path in ("/de/schiedsrichter/reihe-12-13-1/", f"/de/schiedsrichter/pruefen/?{CHECK}"):
        open_page(page, live_server.url + path)
        page.wait_for_timeout(300)
        expect(page.locator(".lang-offer")).to_be_visible()
        assert page.evaluate("window.kutShift") <= 0.01, path
        assert_accessible(page)
        # the page can be read to its very end with the offer open: nothing stays under it
        page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
        footer = page.locator(".site-footer p").last.bounding_box()
        offer = page.locator(".lang-offer").bounding_box()
        assert footer["y"] + footer["height"] <= offer["y"], (footer, offer)
        # focus entering the page takes the offer and the room it kept at the end: no shift
        page.evaluate("document.getElementById('main').focus()")
        expect(page.locator(".lang-offer")).to_have_count(0)
        assert page.evaluate("window.kutShift") <= 0.01, path
        # every control in the page, focused in turn, is in plain view (the offer steps aside)
        open_page(page, live_server.url + path)
        expect(page.locator(".lang-offer")).to_be_visible()
        probe = page.evaluate(FOCUS_PROBE)
        assert probe["checked"] >= 5 and probe["found"] == [], probe


def test_without_javascript_there_is_no_offer_and_no_redirect(live_server, phone):
    page = phone("en-GB", java_script_enabled=False)
    page.goto(live_server.url + "/de/runden/7/")
    assert path_of(page.url) == "/de/runden/7/"
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator(".lang-offer")).to_have_count(0)
