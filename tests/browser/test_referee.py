"""The table referee in real Chromium: the tile picker, sharing, no-JS forms, accessibility."""

import re

import pytest
from playwright.sync_api import expect

from referee.models import Ruling
from tests.browser.helpers import shown_dark, tap

pytestmark = pytest.mark.browser

PREFIX = {"en": "/en/referee/", "de": "/de/schiedsrichter/"}
CHECK = {"en": "/en/referee/check/", "de": "/de/schiedsrichter/pruefen/"}
DISCARD = {"en": "/en/referee/discard/", "de": "/de/schiedsrichter/abwurf/"}


def test_tap_r12_r13_r1_and_see_a_valid_run_without_a_reload(live_server, page, content):
    page.goto(live_server.url + CHECK["en"])
    page.evaluate("window.refereeNoReload = true")
    page.locator("#id_indicator").fill("b8")
    page.locator("#id_tiles").click()
    for token in ("r12", "r13", "r1"):
        tap(page, token)
    expect(page.locator("#id_tiles")).to_have_value("r12 r13 r1")
    verdict = page.locator("#check-result [data-verdict]")
    expect(verdict).to_have_attribute("data-verdict", "valid")
    expect(verdict).to_have_attribute("data-kind", "run")
    expect(verdict).to_contain_text("Valid run")
    # what a screen reader hears: the one-line status, not the whole answer, with the tiles
    # named as it says them (the notation would be "r twelve")
    expect(page.get_by_role("status").filter(has_text="Valid run")).to_have_text(
        "red 12, red 13, red 1 – Valid run"
    )
    expect(page).to_have_url(re.compile(r"\?indicator=b8&tiles=r12(\+|%20)r13(\+|%20)r1&round=$"))
    assert page.evaluate("window.refereeNoReload") is True


def test_the_picker_moves_on_from_the_indicator_to_the_tiles(live_server, page, content):
    """The indicator takes one tile: after it, the picker fills the next field, so a player taps
    b8, r12, r13, r1 and never opens the phone's keyboard."""
    page.goto(live_server.url + CHECK["en"])
    page.locator("#id_indicator").click()
    expect(page.locator("[data-picker-current]")).to_have_text("Indicator")
    page.locator("#id_indicator").blur()
    for token in ("b8", "r12", "r13", "r1"):
        tap(page, token)
    expect(page.locator("#id_indicator")).to_have_value("b8")
    expect(page.locator("#id_tiles")).to_have_value("r12 r13 r1")
    expect(page.locator("[data-picker-current]")).to_have_text("Tiles")
    expect(page.locator("#check-result [data-verdict]")).to_have_attribute("data-kind", "run")
    # a field chosen by tapping it wins again: back to the indicator, which takes one new tile
    page.locator("#id_indicator").click()
    tap(page, "y3")
    tap(page, "y4")
    expect(page.locator("#id_indicator")).to_have_value("y3")
    expect(page.locator("#id_tiles")).to_have_value("r12 r13 r1 y4")


@pytest.mark.parametrize("special", ["ok", "fj"])
def test_the_okey_and_false_joker_are_no_answer_for_the_indicator(
    live_server, page, content, special
):
    """T2: an indicator is a numbered tile. While the picker fills it, the Okey and the false
    joker are marked unavailable and a tap on one changes nothing; for the tiles, they count."""
    page.goto(live_server.url + CHECK["en"])
    page.locator("#id_indicator").click()
    button = page.locator(f'[data-tile-picker] [data-picker-token="{special}"]')
    expect(button).to_have_attribute("aria-disabled", "true")
    button.click(force=True)  # a finger taps it all the same (Playwright waits for "enabled")
    expect(page.locator("#id_indicator")).to_have_value("")
    expect(page.locator("[data-picker-current]")).to_have_text("Indicator")  # still there
    tap(page, "b8")  # the indicator is done: the picker moves on to the tiles
    expect(page.locator("[data-picker-current]")).to_have_text("Tiles")
    expect(button).to_have_attribute("aria-disabled", "false")
    tap(page, special)
    expect(page.locator("#id_tiles")).to_have_value(special)
    # the discard checker's one tile may be either (X2 … X5): nothing is marked there
    page.goto(live_server.url + DISCARD["en"])
    page.locator("#id_tile").click()
    expect(page.locator(f'[data-tile-picker] [data-picker-token="{special}"]')).to_have_attribute(
        "aria-disabled", "false"
    )


def test_taps_stop_at_the_fields_limit_as_typing_does(live_server, page, content):
    """The tiles field takes 200 characters: a tap that would go past them adds nothing,
    instead of sending text the checker refuses as too long."""
    page.goto(live_server.url + CHECK["en"])
    tiles = page.locator("#id_tiles")
    full = " ".join(["r10"] * 49 + ["r1"])  # 198 characters: no room for " r1"
    assert int(tiles.get_attribute("maxlength")) == len(full) + 2
    tiles.fill(full)
    tap(page, "r1")
    tap(page, "r11")
    expect(tiles).to_have_value(full)
    page.locator('[data-tile-picker] [data-picker-action="undo"]').click()  # still works
    tap(page, "r11")
    expect(tiles).to_have_value(full.removesuffix(" r1") + " r11")


def test_undo_takes_one_tile_at_a_time_from_melds_typed_without_spaces(live_server, page, content):
    """docs/interface.md writes melds as "b4 b5 b6|r7 k7 b7": the last tap undone takes one tile,
    then the "|", never the tile before it with it."""
    page.goto(live_server.url + CHECK["en"])
    tiles = page.locator("#id_tiles")
    tiles.fill("b4 b5 b6|r7 k7 b7")
    tiles.focus()
    undo = page.locator('[data-tile-picker] [data-picker-action="undo"]')
    for left in ("b4 b5 b6 | r7 k7", "b4 b5 b6 | r7", "b4 b5 b6 |", "b4 b5 b6"):
        undo.click()
        expect(tiles).to_have_value(left)


def test_a_second_meld_and_a_round_judge_the_opening_meld_in_german(live_server, page, content):
    page.goto(live_server.url + CHECK["de"])
    page.evaluate("window.refereeNoReload = true")
    page.locator("#id_indicator").fill("b8")
    page.locator("#id_tiles").click()
    for token in ("b4", "b5", "b6"):
        tap(page, token)
    page.get_by_role("button", name="Neue Kombination beginnen").click()
    for token in ("r12", "r13", "r1"):
        tap(page, token)
    page.locator("#id_round").select_option("4")
    expect(page.locator("#check-result [data-verdict]")).to_have_count(2)
    opening = page.locator("#check-result [data-opening]")
    expect(opening).to_have_attribute("data-opening", "valid")
    expect(opening).to_contain_text("So darfst du in Runde 4 auslegen")
    assert page.evaluate("window.refereeNoReload") is True


def test_a_bad_token_is_marked_at_its_field_and_cleared_when_fixed(live_server, page, content):
    page.goto(live_server.url + CHECK["en"])
    page.locator("#id_indicator").fill("b8")
    page.locator("#id_tiles").fill("r12 x13")
    error = page.locator("#id_tiles_error")
    expect(error).to_contain_text("“x13” is not a tile")
    expect(error).to_have_attribute("data-error", "tiles")
    expect(page.locator("#id_tiles")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#id_tiles")).to_have_attribute(
        "aria-describedby", re.compile("id_tiles_error")
    )
    page.locator("#id_tiles").fill("r12 r13 r1")
    expect(page.locator("#check-result [data-verdict]")).to_have_attribute("data-verdict", "valid")
    expect(error).to_be_empty()
    expect(page.locator("#id_tiles")).not_to_have_attribute("aria-invalid", "true")


def test_typing_is_not_marked_wrong_before_it_is_finished(live_server, page, content):
    """Filling the indicator first does not flag the empty tiles field, nor does a tile typed
    halfway; sending the form does."""
    page.goto(live_server.url + CHECK["en"])
    tiles, error, hint = (
        page.locator("#id_tiles"),
        page.locator("#id_tiles_error"),
        page.locator("#check-result .checker__hint"),
    )
    page.locator("#id_indicator").fill("b8")
    expect(page).to_have_url(re.compile(r"indicator=b8"))  # the live answer has come
    expect(hint).to_contain_text("at least one tile")
    tiles.press_sequentially("r12 r")
    expect(page).to_have_url(re.compile(r"tiles=r12(\+|%20)r&"))
    expect(hint).to_contain_text("Keep typing")
    expect(error).to_be_empty()
    expect(tiles).not_to_have_attribute("aria-invalid", "true")
    page.get_by_role("button", name="Check", exact=True).click()
    expect(error).to_contain_text("“r” is not a tile")
    expect(tiles).to_have_attribute("aria-invalid", "true")


def test_discard_checker_answers_as_you_type(live_server, page, content):
    page.goto(live_server.url + DISCARD["en"])
    page.locator("#id_indicator").fill("b8")
    page.locator("#id_table").fill("b4 b5 b6 | r7 k7 b7")
    page.locator("#id_tile").fill("b3")
    result = page.locator("#discard-result [data-penalty]")
    expect(result).to_have_attribute("data-penalty", "2")
    expect(result).to_have_attribute("data-rule", "X2")
    page.locator("#id_pile").fill("1")
    expect(result).to_have_attribute("data-penalty", "0")
    expect(result).to_have_attribute("data-reason", "PILE_TOO_SMALL")
    expect(page).to_have_url(re.compile(r"pile=1"))


def test_the_checkers_work_without_javascript(live_server, browser, content):
    context = browser.new_context(
        java_script_enabled=False, locale="en-GB", viewport={"width": 360, "height": 640}
    )
    page = context.new_page()
    page.goto(live_server.url + CHECK["en"])
    expect(page.locator("[data-tile-picker]")).to_be_hidden()
    page.locator("#id_indicator").fill("b8")
    page.locator("#id_tiles").fill("r13 r1 r2")
    page.get_by_role("button", name="Check", exact=True).click()
    expect(page).to_have_url(re.compile(r"/en/referee/check/\?indicator=b8&tiles=r13\+r1\+r2"))
    expect(page.locator("[data-verdict]")).to_have_attribute("data-reason", "RUN_WRAPS_PAST_ONE")
    # the new page opens at its verdict, not at the top with the verdict below the fold
    expect(page).to_have_url(re.compile(r"#verdict-heading$"))
    expect(page.locator("#verdict-heading")).to_be_in_viewport()
    # The share control is a plain link to the permalink.
    share = page.locator("#check-result [data-share]")
    # (the answer's own parameters: the round the form sent empty is left out)
    assert share.evaluate("a => a.href") == page.url.split("#")[0].removesuffix("&round=")
    # the rack helper, too, opens at its answer
    page.goto(live_server.url + CHECK["en"].replace("check", "rack"))
    page.locator("#id_indicator").fill("b8")
    page.locator("#id_rack").fill("r7 k7 b7 y2")
    page.locator("form.checker__form [type=submit]").click()
    expect(page.locator("#answer-heading")).to_be_in_viewport()
    context.close()


def test_share_puts_the_permalink_on_the_clipboard(live_server, page, content, context):
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page.goto(live_server.url + PREFIX["en"])
    card = page.locator("#take-the-okey")
    card.get_by_role("button", name=re.compile("^Share")).click()
    expect(card.locator("[data-share-status]")).to_have_text("Text and link copied.")
    copied = page.evaluate("navigator.clipboard.readText()")
    # the question goes with its answer: a chat app drops the share's title
    ruling = Ruling.objects.get(key="take-the-okey")
    said = f"{ruling.question_en} {ruling.short_answer_en}"
    assert copied == f"{said}\n{live_server.url}{PREFIX['en']}take-the-okey/"


def test_the_permalink_shows_one_ruling_and_the_switch_keeps_it(live_server, page, content):
    page.goto(live_server.url + PREFIX["en"])
    page.locator("#group-size").get_by_role(
        "link", name="How many tiles can a Küt group have?", exact=True
    ).click()
    expect(page).to_have_url(re.compile(r"/en/referee/group-size/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "How many tiles can a Küt group have?"
    )
    page.locator("[data-language-switch=de]").click()
    expect(page).to_have_url(re.compile(r"/de/schiedsrichter/kuet-gruppe-groesse/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Wie viele Steine darf eine Küt-Gruppe haben?"
    )


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(
    "path",
    [
        "",
        "take-the-okey/",
        "check/?indicator=b8&tiles=k3+ok+k5|r7+r7+b7&round=3",
        "discard/?table=b4+b5+b6|r7+k7+b7&tile=b3&indicator=b8&rack=b3+y7&pile=9",
        "check/?indicator=b8&tiles=x14",
    ],
)
def test_referee_pages_are_accessible(
    live_server, page, content, assert_accessible, language, path
):
    words = {"check/": "pruefen/", "discard/": "abwurf/"} if language == "de" else {}
    for english, german in words.items():
        path = path.replace(english, german)
    page.goto(live_server.url + PREFIX[language] + path)
    expect(page.locator("h1")).to_be_visible()
    assert_accessible(page)


def test_referee_page_is_accessible_in_dark_mode(live_server, page, content, assert_accessible):
    page.emulate_media(color_scheme="dark")
    page.goto(live_server.url + PREFIX["de"] + "discard-okey/")
    shown_dark(page)
    assert_accessible(page)


def test_an_example_is_as_wide_as_the_text_around_it_on_a_phone(live_server, page, content):
    """A verdict is a <figure>: without the browser's 40-px sides, its sentences get the whole
    column of a 360-px screen."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(live_server.url + PREFIX["de"] + "okey-nehmen/")
    widths = page.evaluate(
        """() => Array.from(document.querySelectorAll("figure.verdict"), (f) => {
          const p = getComputedStyle(f.parentElement);
          const inner = f.parentElement.clientWidth - parseFloat(p.paddingLeft)
            - parseFloat(p.paddingRight);
          return [Math.round(f.getBoundingClientRect().width), Math.round(inner)];
        })"""
    )
    assert len(widths) >= 2 and all(w == inner for w, inner in widths), widths


@pytest.mark.parametrize("language", ["en", "de"])
def test_screen_readers_hear_tiles_and_verdicts_without_the_drawn_shapes(
    live_server, page, content, language
):
    """The colour shapes on tiles and the ticks on verdicts are drawn for the eye: a picker
    button is "7 R red 7" (the visible text, then its name), a verdict "Valid run", never
    "▲" or "✓" read out."""
    page.goto(f"{live_server.url}{CHECK[language]}?indicator=b8&tiles=r12+r13+r1&round=")
    page.locator("#id_tiles").click()
    expect(page.locator('[data-tile-picker] [data-picker-token="r7"]')).to_be_visible()
    snapshot = page.locator("main").aria_snapshot()
    for shape in "▲■●◆✓✗":
        assert shape not in snapshot, (shape, snapshot[:2000])
    assert re.search(r'button "7 R (red|rote) 7"', snapshot), snapshot[:2000]


def test_the_verdicts_of_a_check_stand_the_same_small_gap_apart(live_server, page, content):
    """Each verdict box kept its figure margins inside the answer's grid: 42 px between two
    boxes, against the grid's gap of 8."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{live_server.url}{CHECK['en']}?tiles=r12+r13+ok|k5+k6+k7&indicator=b8&round=3")
    gaps = page.evaluate(
        """Array.from(document.querySelectorAll('#check-result > *')).slice(1).map((e) =>
             e.getBoundingClientRect().top - e.previousElementSibling.getBoundingClientRect().bottom
           )"""
    )
    assert len(gaps) >= 3 and set(gaps) == {8}, gaps
