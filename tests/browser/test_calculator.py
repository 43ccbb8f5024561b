"""The score calculator in real Chromium: tap tiles, watch the score change, stay accessible."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import shown_dark, tap

pytestmark = pytest.mark.browser

FILLED = (
    "indicator=r4&round=3&name1=Ana&state1=finished&name2=Ben&state2=melded&rack2=k3+b11+ok"
    "&name3=Cem&state3=not-melded&name4=Dila&state4=melded&points4=40"
)


def test_pick_tiles_and_watch_the_score_change_without_a_reload(live_server, page):
    page.goto(f"{live_server.url}/en/calculator/")
    page.evaluate("window.kutNoReload = true")
    picker = page.locator("[data-tile-picker]")
    expect(picker).to_be_visible()

    # the indicator: one tile from the shared picker; the Okey and its multiplier appear at once
    page.locator("#id_indicator").click()
    tap(page, "r4")
    expect(page.locator("#id_indicator")).to_have_value("r4")
    expect(page.locator("#calculator-result [data-okey]")).to_have_attribute("data-okey", "r5")
    expect(page.locator("#calculator-result [data-okey]")).to_have_attribute("data-multiplier", "5")

    page.locator("label[for=id_state1_1]").click()  # player 1 ended the round
    page.locator("label[for=id_state3_3]").click()  # player 3 has not melded
    page.locator("#id_points4").fill("40")

    # player 2's rack, tapped in: black 3, blue 11, an Okey
    page.locator("#id_rack2").click()
    expect(page.locator("[data-picker-current]")).to_contain_text("Tiles left")
    for token in ("k3", "b11", "ok"):
        tap(page, token)
    expect(page.locator("#id_rack2")).to_have_value("k3 b11 ok")
    expect(page.locator('[data-player="2"]')).to_have_attribute("data-score", "195")
    expect(page.locator('[data-player="1"]')).to_have_attribute("data-score", "0")
    expect(page.locator('[data-player="3"]')).to_have_attribute("data-score", "500")
    expect(page.locator('[data-player="4"]')).to_have_attribute("data-score", "200")

    # one more tile: the score follows
    tap(page, "r2")
    expect(page.locator('[data-player="2"]')).to_have_attribute("data-score", "205")
    # undo it again with the picker's own button
    page.locator('[data-tile-picker] [data-picker-action="undo"]').click()
    expect(page.locator('[data-player="2"]')).to_have_attribute("data-score", "195")

    # the URL is a permalink of the state, and the page never reloaded
    expect(page).to_have_url(
        re.compile(r"\?indicator=r4&round=1&state1=finished&state2=melded&rack2=k3\+b11\+ok&")
    )
    assert page.evaluate("window.kutNoReload") is True

    # an Okey finish doubles the others
    page.locator("#id_okey_finish").check()
    expect(page.locator('[data-player="2"]')).to_have_attribute("data-score", "390")
    expect(page.locator('[data-player="3"]')).to_have_attribute("data-score", "1000")

    # a mistake shows an error that names the player and field, and the fix clears it
    page.locator("#id_rack4").fill("r1")
    expect(page.locator('[data-error="points4"]')).to_contain_text("Player 4, points")
    page.locator("#id_rack4").fill("")
    expect(page.locator('[data-player="4"]')).to_have_attribute("data-score", "400")
    assert page.evaluate("window.kutNoReload") is True

    # the pushed URL opens the same result as a whole page
    page.reload()
    expect(page.locator('[data-player="4"]')).to_have_attribute("data-score", "400")
    expect(page.locator("#id_okey_finish")).to_be_checked()


def test_typing_is_not_marked_wrong_before_it_is_finished(live_server, page):
    """A tile typed halfway in a rack asks to keep typing instead of marking the rack; the next
    keystrokes finish it and the scores come back; sending an unfinished tile marks it."""
    page.goto(f"{live_server.url}/en/calculator/?{FILLED}")
    rack, error = page.locator("#id_rack2"), page.locator("#id_rack2_error")
    expect(page.locator('[data-player="2"]')).to_have_attribute("data-score", "195")
    rack.click()
    page.keyboard.press("End")
    rack.press_sequentially(" y")
    expect(page).to_have_url(re.compile(r"rack2=k3(\+|%20)b11(\+|%20)ok(\+|%20)y&"))
    expect(page.locator("#calculator-result .calc-empty")).to_contain_text("Keep typing")
    expect(page.locator("#calculator-result [data-error]")).to_have_count(0)
    expect(error).to_be_empty()
    expect(rack).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator('[data-live="2"] strong')).to_have_text("–")
    rack.press_sequentially("13")
    expect(page.locator('[data-player="2"]')).to_have_attribute("data-score", "260")
    rack.press_sequentially(" b")
    expect(page.locator("#calculator-result .calc-empty")).to_contain_text("Keep typing")
    page.get_by_role("button", name="Calculate", exact=True).click()
    expect(page.locator('[data-error="rack2"]')).to_contain_text("Ben, tiles left")
    expect(error).not_to_be_empty()
    expect(rack).to_have_attribute("aria-invalid", "true")


def test_players_not_reached_yet_are_not_marked_wrong(live_server, page):
    """Every player starts as "melded": while the first racks are typed, the others' empty
    racks are not errors, the answer says what is missing; sending the form lists them."""
    page.goto(f"{live_server.url}/en/calculator/")
    page.locator("#id_indicator").fill("r4")
    page.locator("label[for=id_state1_1]").click()
    page.locator("#id_rack2").fill("k3 b11")
    expect(page).to_have_url(re.compile(r"rack2=k3(\+|%20)b11"))
    # it asks for what is still missing: the indicator is there
    expect(page.locator("#calculator-result .calc-empty")).to_have_text(
        "Now each player’s tiles: the scores appear here."
    )
    expect(page.locator("#calculator-result [data-error]")).to_have_count(0)
    page.locator("#id_rack3").fill("y2")
    page.locator("#id_points4").fill("40")
    expect(page.locator('[data-player="2"]')).to_have_attribute("data-score", "70")  # 14 × 5
    page.locator("#id_points4").fill("")
    expect(page.locator("#calculator-result .calc-empty")).to_be_visible()
    expect(page.locator("#calculator-result [data-error]")).to_have_count(0)
    page.get_by_role("button", name="Calculate", exact=True).click()
    expect(page.locator('[data-error="rack4"]')).to_contain_text("Player 4, tiles left")
    expect(page.locator("#id_rack4")).to_have_attribute("aria-invalid", "true")


def test_german_calculator_recalculates(live_server, page):
    page.goto(f"{live_server.url}/de/rechner/?{FILLED}")
    expect(page.locator('[data-player="2"]')).to_have_attribute("data-score", "195")
    page.locator("#id_rack2").click()
    tap(page, "g13")  # the yellow 13 shows "13 G", and types what it shows
    expect(page.locator('[data-player="2"]')).to_have_attribute("data-score", "260")
    expect(page.locator(".calc-working")).to_contain_text("weil der Okey rot ist")
    expect(page).to_have_url(re.compile(r"/de/rechner/\?.*rack2=k3\+b11\+ok\+g13"))


def test_without_javascript_the_calculate_button_gets_the_whole_page(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/en/calculator/")
    expect(page.locator("[data-tile-picker]")).to_be_hidden()
    page.locator("#id_indicator").fill("b8")
    page.locator("label[for=id_state2_1]").click()
    page.locator("#id_rack1").fill("r12 k12 fj")
    page.locator("#id_points3").fill("40")
    page.locator("label[for=id_state4_3]").click()
    page.get_by_role("button", name="Calculate").click()
    expect(page).to_have_url(re.compile(r"/en/calculator/\?indicator=b8"))
    expect(page.locator('[data-player="1"]')).to_have_attribute("data-score", "98")
    expect(page.locator('[data-player="3"]')).to_have_attribute("data-score", "80")
    context.close()


@pytest.mark.parametrize(
    "path",
    [
        "/en/calculator/",
        f"/en/calculator/?{FILLED}&team=1&okey_finish=1",
        "/de/rechner/",
        f"/de/rechner/?{FILLED}&team=1",
        "/de/rechner/?indicator=fj&round=30&rack2=zz&state1=finished&state2=finished",
        "/en/calculator/?indicator=fj&round=30&rack2=zz&points3=-1",
    ],
)
def test_calculator_is_accessible(live_server, page, assert_accessible, path):
    page.goto(live_server.url + path)
    expect(page.locator("[data-tile-picker]")).to_be_visible()
    assert_accessible(page)


def test_calculator_is_accessible_in_dark_mode_on_a_phone(live_server, page, assert_accessible):
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(color_scheme="dark")
    page.goto(f"{live_server.url}/en/calculator/?{FILLED}")
    shown_dark(page)
    assert_accessible(page)


@pytest.mark.parametrize("path", ["/en/calculator/", "/de/rechner/"])
def test_one_edit_is_one_answer_and_leaving_the_field_asks_nothing_more(live_server, page, path):
    """A pause in typing asks once; leaving the field (a `change` event) asks nothing more, so
    the answer is replaced (and read out) once, and a tap on it is not lost to a second swap."""
    page.goto(f"{live_server.url}{path}?{FILLED}")
    asked = []
    page.on("request", lambda r: asked.append(r.url) if r.headers.get("hx-request") else None)
    page.locator("#id_rack2").fill("k3 b11 ok r2")
    expect(page.locator('[data-player="2"]')).to_have_attribute("data-score", "205")
    page.keyboard.press("Tab")
    page.wait_for_timeout(800)
    assert len(asked) == 1, asked


SAID_WATCH = """() => {
  window.kutSaid = 0;
  const said = document.getElementById("calculator-said");
  new MutationObserver(() => { window.kutSaid += 1; }).observe(
    said, { childList: true, characterData: true, subtree: true });
}"""


def test_the_line_a_screen_reader_hears_is_left_alone_when_it_says_the_same(live_server, page):
    """Each live answer brings its one line for screen readers (role="status"). Written again
    with the same words it would be read out again after every pause in typing; only a new
    line is written."""
    page.goto(f"{live_server.url}/en/calculator/")
    said = page.locator("#calculator-said")
    with page.expect_response(re.compile(r"/en/calculator/\?")):
        page.locator("#id_indicator").fill("r4")
    expect(said).to_have_text(re.compile(r"^Now each player’s tiles"))
    page.evaluate(SAID_WATCH)
    for name in ("Ana", "Ben"):
        with page.expect_response(re.compile(rf"name1={name}")):
            page.locator("#id_name1").fill(name)
        page.wait_for_timeout(300)  # the swap follows the answer
        assert page.evaluate("window.kutSaid") == 0
    page.locator("label[for=id_state1_1]").click()
    page.locator("label[for=id_state3_3]").click()
    page.locator("#id_points2").fill("10")
    page.locator("#id_points4").fill("40")
    expect(said).to_have_text(re.compile(r"^Round 1 – Ben: 0; "))
    assert page.evaluate("window.kutSaid") > 0


def test_an_errors_link_shows_the_field_with_its_label(live_server, phone):
    """Following a link in the list of things to fix puts the focus on the field, and the
    page stops scrolling while the field's label is still on screen (site.css: `:target`)."""
    page = phone("en")
    page.goto(
        f"{live_server.url}/en/calculator/?indicator=zz&round=3&name1=Ana&state1=finished"
        "&points1=x&name2=Ben&state2=melded&rack2=k3+q&name3=Cem&state3=not-melded"
        "&name4=Dila&state4=melded&rack4=zz"
    )
    links = page.locator(".calc-errors a")
    expect(links).to_have_count(4)
    for i in range(4):
        field = links.nth(i).get_attribute("href").removeprefix("#")
        links.nth(i).click()
        expect(page.locator(f"#{field}")).to_be_focused()
        label = page.locator(f"label[for={field}]").bounding_box()
        assert label["y"] >= 0, (field, label)


@pytest.mark.parametrize(
    ("language", "path", "tiles"),
    [
        ("en", "/en/calculator/", ["red 4", "red 5"]),
        ("de", "/de/rechner/", ["rote 4", "rote 5"]),
    ],
)
def test_the_okey_line_is_heard_without_its_arrow(live_server, phone, language, path, tiles):
    """Indicator → Okey: the arrow is drawn for the eye; a screen reader hears the two tiles and
    the sentence that says what the arrow means, not "right arrow" between them."""
    page = phone(language)
    page.goto(f"{live_server.url}{path}?{FILLED}")
    line = page.locator("#calculator-result [data-okey]")
    expect(line).to_contain_text("→")
    expect(line.get_by_role("img")).to_have_count(2)
    assert [image.get_attribute("aria-label") for image in line.get_by_role("img").all()] == tiles
    assert "→" not in line.aria_snapshot()


def test_the_title_follows_the_answer_from_a_mistake_to_its_correction(live_server, page):
    """A link with a mistake opens as "Error: …"; the live answer to the correction brings the
    plain title back (htmx takes the <title> at the top of the answer), and a new mistake
    brings "Error" back, with the mistake named in the line a screen reader hears."""
    query = "indicator=r4&round=3&state1=finished&rack2=x&state3=not-melded&points4=40"
    page.goto(f"{live_server.url}/en/calculator/?{query}")
    expect(page).to_have_title("Error: Score calculator · Küt")
    page.locator("#id_rack2").fill("k3")
    expect(page).to_have_title("Score calculator · Küt")
    page.locator("#id_rack2").fill("q")
    expect(page).to_have_title("Error: Score calculator · Küt")
    expect(page.locator("#calculator-said")).to_have_text(
        "One thing to fix: Player 2, tiles left: “q” is not a tile."
    )
    assert page.locator("body title").count() == 0


def test_on_a_wide_screen_the_header_and_footer_are_as_wide_as_the_calculator(live_server, page):
    """With its result beside the form the calculator is wider than other pages: the header
    and the footer widen with it, so the site's name stands above the page's heading."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/en/calculator/?{FILLED}")
    lefts = page.evaluate(
        "['.site-header__inner', '.site-main', '.site-footer'].map((s) =>"
        " Math.round(document.querySelector(s).getBoundingClientRect().left))"
    )
    assert max(lefts) - min(lefts) <= 1, lefts
    assert page.locator("#calculator-result").bounding_box()["x"] > 640  # beside the form
