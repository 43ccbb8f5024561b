"""Keyboard only, in Chromium: every focus ring is drawn whole (no neighbour paints over it, no
scrolling box cuts it off), and a live answer that arrives never leaves the focus on <body>
(WCAG 2.2: 2.4.7 Focus Visible, 2.4.3 Focus Order)."""

import io

import pytest
from django.urls import reverse
from django.utils import translation
from PIL import Image
from playwright.sync_api import expect

from games import services
from tests.referee.helpers import CHECK, DISCARD, RACK
from tests.scoring.helpers import base_round, url

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

PHONE = {"width": 360, "height": 640}


@pytest.fixture
def browser_context_args(browser_context_args):
    """No service worker: it would fetch the live answers that `page.route` holds on their way."""
    return {**browser_context_args, "service_workers": "block"}


def ring_colour_beside(page, box, side):
    """The colour on screen where the middle of the focus ring's `side` is drawn round `box`
    (the focused element's border box): 3 px wide, 2 px away from it (site.css)."""
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    x, y = {
        "left": (box["x"] - 3.5, y),
        "right": (box["x"] + box["width"] + 3.5, y),
        "bottom": (x, box["y"] + box["height"] + 3.5),
    }[side]
    shot = page.screenshot(clip={"x": int(x), "y": int(y), "width": 1, "height": 1})
    return Image.open(io.BytesIO(shot)).convert("RGB").getpixel((0, 0))


def ring_rgb(page):
    """The focused element's ring colour, as (red, green, blue)."""
    colour = page.evaluate("getComputedStyle(document.activeElement).outlineColor")
    return tuple(int(part) for part in colour[colour.index("(") + 1 : -1].split(",")[:3])


def assert_ring_drawn(page, box, sides):
    expected = ring_rgb(page)
    for side in sides:
        seen = ring_colour_beside(page, box, side)
        assert all(abs(a - b) <= 40 for a, b in zip(seen, expected, strict=True)), (
            side,
            seen,
            expected,
        )


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_focused_picker_tile_shows_its_whole_ring_above_its_neighbours(
    live_server, page, language
):
    """The tiles of the picker stand 1 px apart: the ring of the focused one was drawn under
    the next tile and the row below, so only its left and top showed."""
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + CHECK[language])
    page.locator("#id_tiles").focus()
    page.keyboard.press("Tab")
    for key in ("ArrowDown", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight"):
        page.keyboard.press(key)
    tile = page.locator("[data-tile-picker] :focus")
    expect(tile.locator("b")).to_have_text("5")  # black 5
    assert_ring_drawn(page, tile.bounding_box(), ("left", "right", "bottom"))


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_ring_of_a_rounds_edit_link_is_not_cut_off_by_the_sheets_scrolling_box(
    live_server, page, language
):
    """The sheet's table scrolls sideways if it has to: its box cut off the left side of the
    ring round the first column's links (the round numbers that open a round to correct)."""
    game = services.create_game(["Ana", "Ben", "Cem", "Dila"], team=False)
    services.record_round(game, game.version, round_number=1, scores=[0, 40, 120, 35], query="")
    with translation.override(language):
        address = reverse("games:sheet", args=[game.edit_secret])
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + address)
    page.locator("#undo-question").focus()
    page.keyboard.press("Tab")
    link = page.locator("#edit-round-1")
    expect(link).to_be_focused()
    assert_ring_drawn(page, link.bounding_box(), ("left", "right"))


# A live answer on screen, the field before it that asks for a new one, what to type at the end
# of that field (after deleting as many characters as it says), and the box the answer comes into.
ANSWERS = [
    ("en", CHECK["en"] + "?indicator=b8&tiles=r12+r13+r1&round=", "#id_tiles", 0, " r2", "check"),
    ("de", CHECK["de"] + "?indicator=b8&tiles=r12+r13+r1&round=", "#id_tiles", 0, " r2", "check"),
    ("en", DISCARD["en"] + "?indicator=b8&table=b4+b5+b6&tile=b3", "#id_tile", 1, "7", "discard"),
    ("de", RACK["de"] + "?indicator=b8&round=3&rack=r1+k1+b1+y5+y5", "#id_rack", 0, " y6", "rack"),
    ("en", None, "#id_points4", 0, "1", "calculator"),
    ("de", None, "#id_points4", 0, "1", "calculator"),
]


def wait_until(page, condition):
    for _ in range(100):
        if condition():
            return
        page.wait_for_timeout(50)
    assert condition()


@pytest.mark.parametrize(
    ("language", "address", "field", "deleted", "typed", "tool"),
    ANSWERS,
    ids=[f"{answer[-1]}-{answer[0]}" for answer in ANSWERS],
)
def test_the_keyboard_in_an_answer_on_its_way_out_stays_in_the_answer(
    live_server, page, language, address, field, deleted, typed, tool
):
    """Type, then Tab on into the answer on screen before the new one arrives: the link it was
    on is replaced, and the focus went to <body> (the next Tab skipped the new answer). It stays
    on the answer's box, and the next Tab goes into the new answer."""
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + (address or url(language, **base_round())))
    result = page.locator(f"#{tool}-result")
    in_result = f"!!document.activeElement.closest('#{tool}-result')"
    held = []

    def hold(route):
        if route.request.headers.get("hx-request"):
            held.append(route)
        else:
            route.continue_()

    page.route("**/*", hold)
    page.locator(field).focus()
    page.keyboard.press("End")
    for _ in range(deleted):
        page.keyboard.press("Backspace")
    page.keyboard.type(typed)
    wait_until(page, lambda: held)  # the form asks once typing pauses: held on its way
    before = result.inner_html()
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate(in_result):
            break
    assert page.evaluate(in_result)
    held[0].continue_()
    wait_until(page, lambda: result.inner_html() != before)
    assert page.evaluate("document.activeElement !== document.body")
    page.keyboard.press("Tab")
    assert page.evaluate(in_result)


@pytest.mark.parametrize("width", [180, 360])
def test_the_skip_link_is_out_of_sight_until_the_first_tab(live_server, page, width):
    """German "Zum Inhalt springen" wraps onto two lines on a zoomed-in phone (a 180-px page):
    three rem above the page left its lower line over the site's name."""
    page.set_viewport_size({"width": width, "height": 640})
    page.goto(f"{live_server.url}/de/rechner/")
    skip = page.locator(".skip-link")
    assert skip.bounding_box()["y"] + skip.bounding_box()["height"] <= 0
    page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    assert skip.bounding_box()["y"] >= 0
