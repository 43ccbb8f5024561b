"""The rack helper in real Chromium: tap a rack in the picker and see the opening drawn."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

RACK = {"en": "/en/referee/rack/", "de": "/de/schiedsrichter/steinhalter/"}


def test_C2_tap_a_rack_and_see_the_opening_drawn_without_a_reload(live_server, page, content):
    page.goto(live_server.url + RACK["en"])
    page.evaluate("window.rackNoReload = true")
    page.locator("#id_indicator").fill("b8")
    page.locator("#id_round").select_option("4")
    page.locator("#id_rack").click()
    for token in ("b4", "b5", "b6", "r12", "r13", "r1", "y2"):
        page.locator(f'[data-tile-picker] [data-picker-token="{token}"]').click()
    expect(page.locator("#id_rack")).to_have_value("b4 b5 b6 r12 r13 r1 y2")
    answer = page.locator("#rack-result [data-can-open]")
    expect(answer).to_have_attribute("data-can-open", "yes")
    melds = page.locator("#rack-result [data-meld]")
    expect(melds).to_have_count(2)
    run = page.locator('#rack-result [data-meld="r12 r13 r1"]')  # 12-13-1 is a run (M2)
    expect(page.locator('#rack-result [data-meld="b4 b5 b6"]')).to_have_count(1)
    # Drawn as tiles: the meld holds its three tiles.
    expect(run.locator("[data-tile]")).to_have_count(3)
    expect(run.locator('[data-tile="r1"]')).to_have_count(1)
    expect(page.locator("#rack-result [data-penalty-now]")).to_have_attribute(
        "data-penalty-now", "500"
    )
    # htmx replaced the address: the page is its own permalink.
    expect(page).to_have_url(re.compile(r"indicator=b8&round=4&rack=b4(\+|%20)b5"))
    assert page.evaluate("window.rackNoReload") is True


def test_pressing_show_says_an_unchanged_answer_again(live_server, page, content):
    """Typing that changes nothing is not read out again (picker.js), but a press of Show asks
    on purpose: its status line is written anew, so a screen reader says it."""
    page.goto(live_server.url + RACK["en"])
    page.locator("#id_indicator").fill("b8")
    page.locator("#id_rack").fill("r5 r6 r7 k9")
    status = page.locator("#rack-said")
    expect(status).not_to_have_text("")
    before = status.text_content()
    page.evaluate(
        """(id) => { window.kutWritten = 0; new MutationObserver(() => { window.kutWritten += 1; })
        .observe(document.getElementById(id), { childList: true, characterData: true }); }""",
        "rack-said",
    )
    with page.expect_response(re.compile(r"/en/referee/rack/\?")):
        page.get_by_role("button", name="Show").click()
    expect(status).to_have_text(before)
    assert page.evaluate("window.kutWritten") >= 2  # emptied, then written again


def test_the_rack_helper_works_without_javascript(live_server, browser, content):
    context = browser.new_context(java_script_enabled=False, locale="de-DE")
    page = context.new_page()
    page.goto(live_server.url + RACK["de"])
    expect(page.locator("[data-tile-picker]")).to_be_hidden()
    page.locator("#id_indicator").fill("b8")
    page.locator("#id_rack").fill("r7 k7 r1 r2")
    page.get_by_role("button", name="Anzeigen", exact=True).click()
    expect(page.locator("[data-can-open]")).to_have_attribute("data-can-open", "no")
    expect(page.locator("[data-can-open]")).to_contain_text("Du brauchst noch")
    context.close()


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(
    "query",
    [
        "",
        "?indicator=b8&round=5&rack=r7+k7+b7+r1+r2+y5",
        "?indicator=b8&round=20&rack=r1+r2+r3+r4+k7+b7+y7+b4+b5+b6+k11+k12+k13+ok",
        "?indicator=b8&round=1&rack=r1+r1+r1",
    ],
)
def test_the_rack_helper_is_accessible(
    live_server, page, content, assert_accessible, language, query
):
    page.goto(live_server.url + RACK[language] + query)
    expect(page.locator("h1")).to_be_visible()
    assert_accessible(page)


def test_typing_then_choosing_a_round_asks_once_and_logs_no_error(live_server, page, content):
    """One question per pause: a round chosen right after typing does not fire a second,
    undelayed request that the first then aborts (htmx logs an abort as an error)."""
    asked, errors = [], []
    page.on("request", lambda r: asked.append(r.url) if r.headers.get("hx-request") else None)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(live_server.url + RACK["en"])
    # Typed and chosen in one go, as a quick hand does: filled one by one from Playwright, a
    # busy machine could take longer than the 300 ms pause between two fields (two questions,
    # both rightly asked). The events are the ones fill() and select_option() send.
    page.evaluate(
        """() => {
            const set = (selector, value, ...events) => {
                const field = document.querySelector(selector);
                field.value = value;
                for (const name of events) field.dispatchEvent(new Event(name, {bubbles: true}));
            };
            set("#id_indicator", "b8", "input");
            set("#id_rack", "r7 k7 b7 y2", "input");
            set("#id_round", "3", "input", "change");
        }"""
    )
    expect(page.locator("[data-can-open]")).to_have_attribute("data-can-open", "no")
    page.wait_for_timeout(600)
    assert len(asked) == 1, asked
    assert errors == [], errors


def test_the_tiles_that_would_let_you_meld_stand_side_by_side(live_server, page, content):
    """Eleven outs one under another made a list taller than three phone screens: at 360 px
    they go two to a row."""
    page.set_viewport_size({"width": 360, "height": 640})
    rack = "k9+b1+b11+b6+r1+y2+r2+r11+r1+k9+r8+r4+b4+y6"
    page.goto(f"{live_server.url}{RACK['en']}?indicator=b8&round=1&rack={rack}")
    tops = page.evaluate(
        "Array.from(document.querySelectorAll('.rack-outs li'), (e) => e.offsetTop)"
    )
    assert len(tops) > 4
    assert len(set(tops)) == (len(tops) + 1) // 2, tops
