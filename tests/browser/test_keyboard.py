"""Keyboard only, in Chromium: every focus ring is drawn whole, no neighbour paints over it and
no scrolling box cuts it off (WCAG 2.2: 2.4.7 Focus Visible)."""

import io

import pytest
from django.urls import reverse
from django.utils import translation
from PIL import Image
from playwright.sync_api import expect

from games import services
from tests.referee.helpers import CHECK

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

PHONE = {"width": 360, "height": 640}


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
