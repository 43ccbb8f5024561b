"""The game sheet and its record page on a phone (issue 13, item 5), in Chromium at 360×640 and
390×844, in both languages: totals and ranks in the first screen, Save right after the last
field, the round fixed, Undo and redeal in two taps, and a print view that fits a phone and A4.
"""

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from games import services
from tests.browser.helpers import is_poll, open_page

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

SCREENS = [{"width": 360, "height": 640}, {"width": 390, "height": 844}]
A4_WIDTH = 718  # A4 inside the print view's 10-mm margins: 190 mm at 96 px per inch
NAMES = ["Maximilian", "Jürgen", "Anastasia", "Bartholomäus"]
SCORES = [[0, 40, 120, 35], [50, 0, 10, 20], [5, 15, 0, 200]]

# Tab stops from the indicator (the first field) to Save on the record page: the round flags,
# then per player the state (one stop per radio group), rack and points, and the picker (one
# stop, a roving tabindex).
SAVE_TAB_STOPS = 20


def game_with_rounds(rounds=3, team=False):
    game = services.create_game(NAMES, team=team)
    for number, scores in enumerate(SCORES[:rounds], start=1):
        services.record_round(game, game.version, round_number=number, scores=scores, query="")
        game.refresh_from_db()
    return game


def address(live_server, language, name, *args):
    with translation.override(language):
        return live_server.url + reverse(name, args=args)


def in_first_screen(page, selector):
    """The bottom edge of every match, and the screen height, at load (no scrolling)."""
    return page.evaluate(
        """(selector) => [Array.from(document.querySelectorAll(selector),
             (e) => e.getBoundingClientRect().bottom), innerHeight, scrollY]""",
        selector,
    )


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_contract_in_the_narrow_column_may_hyphenate_in_the_pages_language(
    live_server, page, language
):
    """Round 20's contract ("…in gültigen Kombinationen…") in a column a quarter of a 360-px
    phone wide: the browser may hyphenate it in the page's language, where it has that
    language's hyphenation (phones do; Debian's Chromium does not, so here it breaks as before),
    and it never widens the page."""
    game = game_with_rounds()
    page.set_viewport_size(SCREENS[0])
    open_page(page, address(live_server, language, "games:sheet", game.edit_secret))
    styles = page.evaluate(
        """() => Array.from(document.querySelectorAll('#sheet .contract'),
             (e) => [getComputedStyle(e).hyphens, e.closest('[lang]').lang])"""
    )
    assert styles == [["auto", language]] * 20, styles
    assert page.evaluate("[document.documentElement.scrollWidth, innerWidth]") == [360, 360]


@pytest.mark.parametrize("team", [False, True], ids=["solo", "team"])
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("screen", SCREENS, ids=["360x640", "390x844"])
def test_totals_ranks_and_the_next_contract_are_in_the_first_screen(
    live_server, page, screen, language, team
):
    game = game_with_rounds(team=team)
    page.set_viewport_size(screen)
    for name, secret in (("games:sheet", game.edit_secret), ("games:view", game.view_secret)):
        open_page(page, address(live_server, language, name, secret))
        bottoms, height, scrolled = in_first_screen(
            page, "[data-place-total], [data-next-contract]"
        )
        assert scrolled == 0
        assert len(bottoms) == (2 if team else 4) + 1, bottoms
        assert max(bottoms) <= height, (name, bottoms, height)
        # lowest total first (the lowest total wins); the ranking names everyone whole
        ranking = page.locator("[data-ranking] li")
        if team:
            expect(ranking.first).to_contain_text("Anastasia")  # A: 185, B: 310
        else:
            expect(ranking.nth(0)).to_have_attribute("data-rank", "1")
            expect(ranking.nth(1)).to_have_attribute("data-rank", "1")  # 55 and 55: shared
            expect(ranking.nth(2)).to_have_attribute("data-rank", "3")
            expect(ranking.nth(3)).to_contain_text("Bartholomäus")
        expect(page.locator("[data-next-round]")).to_have_attribute("data-next-round", "4")
        expect(page.locator("[data-next-contract]")).not_to_be_empty()


def test_team_ranking_orders_the_teams_by_their_totals(live_server, page):
    game = game_with_rounds(team=True)
    open_page(page, address(live_server, "en", "games:view", game.view_secret))
    places = page.locator("[data-ranking] li")
    # A (seats 1 & 3): 55 + 130 = 185; B (seats 2 & 4): 55 + 255 = 310
    expect(places.nth(0)).to_have_attribute("data-place", "A")
    expect(places.nth(0)).to_contain_text("Maximilian and Anastasia")
    expect(places.nth(0)).to_contain_text("185 points")
    expect(places.nth(1)).to_contain_text("310 points")


@pytest.mark.parametrize("language", ["en", "de"])
def test_names_that_start_alike_stay_apart_and_a_round_is_a_44_px_tap(live_server, page, language):
    """On a 360-px phone: the table's heads show names of up to ten letters whole (cut to one
    line, Mustafa and Muhammed both read "Mu…"), the ranking breaks a long one-word name instead
    of cutting it off, and a round's number, the way to correct it, is a 44-px target."""
    names = ["Mustafa", "Wolfgangmeisterschaftsspieler", "Muhammed", "Christina"]
    game = services.create_game(names, team=True)
    services.record_round(game, game.version, round_number=1, scores=[0, 5, 10, 20], query="")
    page.set_viewport_size(SCREENS[0])
    open_page(page, address(live_server, language, "games:sheet", game.edit_secret))
    cut = page.evaluate(
        """() => Array.from(document.querySelectorAll('.sheet-name, .ranking__name'),
             (e) => [e.textContent.replace(/\u00ad/g, '').trim(),
                     e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1])"""
    )
    assert len(cut) == 6, cut
    assert [name for name, clipped in cut if clipped] == [names[1]], cut  # its table head only
    assert page.evaluate("[document.documentElement.scrollWidth, innerWidth]") == [360, 360]
    link = page.locator("#edit-round-1")
    link.scroll_into_view_if_needed()
    box = link.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44, box
    # its edge, not only its digit, opens the round
    corners = page.evaluate(
        """([x, y, w, h]) => [[x + w - 3, y + 3], [x + 3, y + h - 3], [x + w / 2, y + h / 2]]
             .map(([px, py]) => document.elementFromPoint(px, py).id)""",
        [box["x"], box["y"], box["width"], box["height"]],
    )
    assert corners == ["edit-round-1"] * 3, corners
    page.mouse.click(box["x"] + box["width"] - 3, box["y"] + 3)
    page.wait_for_url(f"**/{game.edit_secret}/**/1/", timeout=3000)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("screen", SCREENS, ids=["360x640", "390x844"])
def test_save_comes_right_after_the_last_field_and_the_round_is_fixed(
    live_server, page, screen, language
):
    game = game_with_rounds(rounds=1)
    page.set_viewport_size(screen)
    open_page(page, address(live_server, language, "games:record", game.edit_secret))
    # the round is text and a hidden field: nothing on the page can choose another
    expect(page.locator("select")).to_have_count(0)
    expect(page.locator("#id_round")).to_have_attribute("type", "hidden")
    expect(page.locator("#id_round")).to_have_value("2")
    expect(page.locator("[data-round-fixed]")).to_have_text("2")
    # nothing but the buttons' own margin between player 4's last field and Save
    gap = page.evaluate(
        """() => document.querySelector('#save-round').getBoundingClientRect().top
                 - document.querySelector('#id_points4').getBoundingClientRect().bottom"""
    )
    assert 0 < gap < 80, gap
    page.locator("#id_indicator").focus()
    stops = 0
    while page.evaluate("document.activeElement.id") != "save-round":
        page.keyboard.press("Tab")
        stops += 1
        assert stops <= SAVE_TAB_STOPS, page.evaluate("document.activeElement.outerHTML")
    # from player 4's points, Save is the next stop
    page.locator("#id_points4").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "save-round"


def test_a_round_changed_in_the_page_is_refused_on_the_field(live_server, page):
    game = game_with_rounds(rounds=1)
    open_page(page, address(live_server, "de", "games:record", game.edit_secret))
    # someone edits the hidden field (developer tools): the server says no, on the round
    page.evaluate("document.querySelector('#id_round').value = '7'")
    page.locator("#id_indicator").fill("r4")
    page.get_by_role("button", name="Diese Runde auf dem Spielblatt speichern").click()
    expect(page.locator("#id_round_error")).to_have_text(
        "Diese Seite trägt Runde 2 ein, die nächste Runde des Spielblatts: "
        "Es wurde keine andere Runde gespeichert."
    )
    expect(page.locator("[data-round-fixed]")).to_have_text("2")
    assert game.entries.count() == 1


@pytest.mark.parametrize("language", ["en", "de"])
def test_undo_and_redeal_ask_first(live_server, page, language):
    game = game_with_rounds(rounds=2)
    page.set_viewport_size(SCREENS[0])
    open_page(page, address(live_server, language, "games:sheet", game.edit_secret))
    for button in ("#undo-last", "#redeal-round"):
        expect(page.locator(button)).to_be_hidden()  # one tap is not enough
    # first tap: the question; second tap: the answer
    page.locator("details.confirm:has(#redeal-round) summary").click()
    expect(page.locator("#redeal-round")).to_be_visible()
    page.locator("#redeal-round").click()
    expect(page.locator("[data-done]")).to_be_visible()
    expect(page.locator("[data-redeals]")).to_have_attribute("data-redeals", "1")
    expect(page.locator("#undo-last")).to_be_hidden()
    page.locator("details.confirm:has(#undo-last) summary").click()
    page.locator("#undo-last").click()
    expect(page.locator("[data-redeals]")).to_have_count(0)
    expect(page.locator("tr[data-round='2'] td[data-score]")).to_have_count(4)
    assert game.entries.count() == 2


# In print: every element inside the page's width, and no two pieces of text in the standings
# (ranking and table) overlapping — each text node's boxes, compared pairwise.
PRINT_PROBE = """
() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (r.width && (r.right > width + 0.5 || r.left < -0.5)) {
      wide.push(el.tagName + "." + el.className + " " + Math.round(r.right));
    }
  }
  const boxes = [];
  for (const part of document.querySelectorAll("[data-ranking], .sheet-table")) {
    const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      if (!node.textContent.trim() || !node.parentElement.getClientRects().length) continue;
      if (node.parentElement.closest(".visually-hidden, caption")) continue;
      // text cut off by its box (an ellipsis, a last line) counts only as far as the box shows it
      const parent = node.parentElement;
      const clip = getComputedStyle(parent).overflowX === "visible"
        ? null : parent.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(node);
      for (let r of range.getClientRects()) {
        if (clip) {
          const left = Math.max(r.left, clip.left), right = Math.min(r.right, clip.right);
          const top = Math.max(r.top, clip.top), bottom = Math.min(r.bottom, clip.bottom);
          r = { left, right, top, bottom, width: right - left, height: bottom - top };
        }
        if (r.width > 0.5 && r.height > 0.5) {
          boxes.push([node.textContent.trim().slice(0, 20), r, node]);
        }
      }
    }
  }
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, p, m] = boxes[i], [b, q, n] = boxes[j];
      if (m === n) continue;  // the lines of one text never collide
      const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (x > 0.5 && y > 0.5) overlaps.push(a + " / " + b);
    }
  }
  const scroll = document.documentElement.scrollWidth;
  return { scroll, width, wide, boxes: boxes.length, overlaps };
}
"""


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("width", [360, A4_WIDTH], ids=["phone", "A4"])
def test_print_view_fits_a_phone_and_a4(live_server, page, width, language):
    game = services.create_game(
        ["Maximilian-Alexander", "Jürgen", "Anastasia", "Bartholomäus"], team=True
    )
    for number in range(1, 21):
        services.record_round(
            game, game.version, round_number=number, scores=[0, 120, 500, 1000], query=""
        )
        game.refresh_from_db()
    page.set_viewport_size({"width": width, "height": 900})
    page.emulate_media(media="print")
    for name, secret in (("games:sheet", game.edit_secret), ("games:view", game.view_secret)):
        open_page(page, address(live_server, language, name, secret))
        probe = page.evaluate(PRINT_PROBE)
        assert probe["scroll"] <= probe["width"], probe
        assert probe["wide"] == [], probe["wide"][:10]
        assert probe["boxes"] > 20 * 5, probe["boxes"]  # the scores really were measured
        assert probe["overlaps"] == [], probe["overlaps"][:10]
    assert page.pdf(format="A4")[:4] == b"%PDF"


def test_the_picker_draws_every_tile_named_by_its_visible_text(live_server, page):
    """The page sends each colour row as data (the calculator's weight budget); picker.js
    draws tiles 1–13 of each, the same markup a server-drawn tile had (WCAG 2.5.3)."""
    page.set_viewport_size(SCREENS[0])
    open_page(page, live_server.url + "/de/rechner/")
    tiles = page.locator("[data-tile-picker] [data-picker-token]")
    expect(tiles).to_have_count(13 * 4 + 2)
    black7 = page.locator("[data-picker-token='s7']")  # it shows S, and types what it shows
    assert black7.evaluate("(b) => b.innerHTML") == (
        '<b>7</b> <i>S</i><span class="visually-hidden"> schwarze 7</span>'
    )
    expect(black7).to_have_attribute("type", "button")
    # one tab stop into the picker (roving tabindex)
    stops = page.evaluate(
        "Array.from(document.querySelectorAll('[data-tile-picker] button'), (b) => b.tabIndex)"
    )
    assert stops.count(0) == 1 and len(stops) == 13 * 4 + 4
    page.locator("#id_rack1").focus()
    black7.click()
    expect(page.locator("#id_rack1")).to_have_value("s7")


def another_phone_records(game, number):
    game.refresh_from_db()
    services.record_round(game, game.version, round_number=number, scores=SCORES[0], query="")


@pytest.mark.parametrize("language", ["en", "de"])
def test_focus_stays_on_its_link_when_the_sheet_refreshes(live_server, page, settings, language):
    """The sheet swaps itself in anew when another phone saves a round (an htmx poll): the
    round link the keyboard was on keeps the focus, not <body>."""
    settings.GAME_POLL_SECONDS = 1
    game = game_with_rounds(rounds=2)
    page.set_viewport_size(SCREENS[0])
    open_page(page, address(live_server, language, "games:sheet", game.edit_secret))
    name = "Edit round 2" if language == "en" else "Runde 2 bearbeiten"
    page.get_by_role("link", name=name, exact=True).focus()
    with page.expect_response(lambda r: is_poll(r) and r.status == 200):
        another_phone_records(game, 3)
    expect(page.locator("tr[data-round='3'] td[data-score]")).to_have_count(4)
    expect(page.get_by_role("link", name=name, exact=True)).to_be_focused()
    # and so does the button to record the next round (its words changed, it is the same one)
    page.locator("#record-round").focus()
    with page.expect_response(lambda r: is_poll(r) and r.status == 200):
        another_phone_records(game, 4)
    expect(page.locator("[data-next-round]")).to_have_attribute("data-next-round", "5")
    expect(page.locator("#record-round")).to_be_focused()


def test_focus_stays_in_the_sheet_when_another_phone_removes_what_it_was_on(
    live_server, page, settings
):
    """Another phone undoes round 2 while the keyboard is on "Edit round 2": the link is gone,
    and the focus goes to the sheet's heading, not back to the top of the page (<body>)."""
    settings.GAME_POLL_SECONDS = 1
    game = game_with_rounds(rounds=2)
    open_page(page, address(live_server, "en", "games:sheet", game.edit_secret))
    page.get_by_role("link", name="Edit round 2", exact=True).focus()
    with page.expect_response(lambda r: is_poll(r) and r.status == 200):
        game.refresh_from_db()
        services.undo_last(game, game.version)
    expect(page.get_by_role("link", name="Edit round 2", exact=True)).to_have_count(0)
    expect(page.locator("#sheet-heading")).to_be_focused()


def test_an_open_confirmation_stays_open_while_it_asks_the_same(live_server, page, settings):
    """The undo confirmation, open with its button focused: a refresh that leaves the last round
    the same keeps it open and the button focused; one that changes what it would undo closes
    it, and the focus goes to its question (never to an undo of another round)."""
    settings.GAME_POLL_SECONDS = 1
    game = game_with_rounds(rounds=2)
    open_page(page, address(live_server, "en", "games:sheet", game.edit_secret))
    page.locator("summary", has_text="Undo round 2").click()
    undo = page.get_by_role("button", name="Undo round 2")
    undo.focus()
    with page.expect_response(lambda r: is_poll(r) and r.status == 200):
        # another phone corrects round 1: round 2 is still the last
        game.refresh_from_db()
        services.edit_round(game, game.version, round_number=1, scores=[1, 2, 3, 4], query="")
    expect(page.locator("tr[data-round='1'] td[data-player='1']")).to_have_attribute(
        "data-score", "1"
    )
    expect(undo).to_be_visible()
    expect(undo).to_be_focused()
    with page.expect_response(lambda r: is_poll(r) and r.status == 200):
        another_phone_records(game, 3)
    expect(page.get_by_role("button", name="Undo round 3")).to_be_hidden()
    expect(page.locator("summary", has_text="Undo round 3")).to_be_focused()


# Every score's text in the sheet's table that breaks over two lines or spills out of its cell.
BROKEN_NUMBERS = """() => Array.from(document.querySelectorAll('.sheet-table td')).flatMap((td) => {
  const cell = td.getBoundingClientRect();
  const small = td.querySelector('small');
  return [td.firstChild, small && small.firstChild].filter((node) => node && node.nodeType === 3)
    .filter((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = Array.from(range.getClientRects());
      const out = (l) => l.right > cell.right + .5 || l.left < cell.left - .5;
      return lines.length > 1 || lines.some(out);
    }).map((node) => node.textContent);
})"""


@pytest.mark.parametrize("team", [False, True], ids=["solo", "team"])
@pytest.mark.parametrize("language", ["en", "de"])
def test_five_digit_scores_never_break_inside_their_digits(live_server, page, language, team):
    """10,000 broken as "10.00" over "0" reads as a decimal in German. Totals of five digits
    are reached by a bad evening (20 rounds of 500, doubled); every score and total stays whole
    inside its column on a 360-px phone."""
    game = services.create_game(NAMES, team=team)
    for number in range(1, 21):
        scores = [0, 12_345 if number == 1 else 1000, 500, 2000]
        services.record_round(game, game.version, round_number=number, scores=scores, query="")
        game.refresh_from_db()
    page.set_viewport_size(SCREENS[0])
    open_page(page, address(live_server, language, "games:sheet", game.edit_secret))
    expect(page.locator("td[data-total='4']")).to_have_text(
        "40,000" if language == "en" else "40.000"
    )
    assert page.evaluate(BROKEN_NUMBERS) == []


@pytest.mark.parametrize("language", ["en", "de"])
def test_zoomed_in_the_names_stay_readable_and_the_scores_grow(live_server, page, language):
    """A 360-px phone zoomed to 200 % is a 180-px page. A name and its total that no longer fit
    side by side take a line each (the name was squeezed to a letter a line), and the scores
    are drawn larger than at 100 % (a size tied to the screen's width alone stayed as small
    on screen whatever the zoom): the table scrolls sideways in its own box instead."""
    game = services.create_game(
        ["Muhammed Ali", "Schiedsrichterin", "Ana", "Friederike"], team=True
    )
    services.record_round(game, game.version, round_number=1, scores=[0, 1250, 60, 12], query="")
    url = address(live_server, language, "games:view", game.view_secret)
    sizes = {}
    for width in (360, 180):
        page.set_viewport_size({"width": width, "height": 640})
        open_page(page, url)
        sizes[width] = page.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('.sheet-table td')).fontSize)"
        )
        names = page.evaluate(
            "Array.from(document.querySelectorAll('.ranking__name'), (e) => e.offsetWidth)"
        )
        rows = page.evaluate("document.querySelector('.ranking li').offsetWidth")
        assert min(names) > rows / 3, (width, names, rows)
        assert page.evaluate("document.documentElement.scrollWidth") == width
    # on screen, the zoomed page's 180 CSS px are the phone's 360: twice the size is the same
    assert sizes[180] * 2 > sizes[360] * 1.5, sizes


# Where each action starts on the whole page, then, for each question to confirm, where the
# actions up to it start while its words have not come yet and nothing after it has (a page
# arriving in parts has begun that <summary> and stopped).
ACTIONS_ARRIVING = """() => {
  const actions = Array.from(document.querySelectorAll(".sheet-actions > *"));
  const corners = (list) => list.map((e) => {
    const box = e.getBoundingClientRect();
    return [box.x, box.y];
  });
  const whole = corners(actions), early = [];
  actions.forEach((action, i) => {
    if (!action.matches(".confirm")) { return; }
    const summary = action.querySelector("summary"), words = Array.from(summary.childNodes);
    const later = actions.slice(i + 1);
    summary.replaceChildren();
    later.forEach((e) => e.remove());
    early.push(corners(actions.slice(0, i + 1)));
    summary.append(...words);
    action.parentNode.append(...later);
  });
  return [whole, early];
}"""


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("screen", SCREENS, ids=["360x640", "390x844"])
def test_the_sheets_actions_keep_their_places_while_their_words_arrive(
    live_server, page, language, screen
):
    """The question "Pile ran out in round 4: deal again" took the room beside "Record round 4"
    while its words were still on their way, then moved under it once they came: each question
    that asks to confirm is a row of its own from the start."""
    page.set_viewport_size(screen)
    game = game_with_rounds()
    open_page(page, address(live_server, language, "games:sheet", game.edit_secret))
    whole, early = page.evaluate(ACTIONS_ARRIVING)
    assert len(whole) == 3 and len(early) == 2, (whole, early)  # record, redeal, undo
    assert early == [whole[:2], whole]


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_record_pages_fixed_round_sits_beside_the_indicator_on_a_360_px_phone(
    live_server, page, language
):
    """The calculator's round list takes a set width (it arrives last); the record page's round
    is a few words fixed by the sheet, and stays beside the indicator in German too."""
    page.set_viewport_size(SCREENS[0])
    game = game_with_rounds()
    open_page(page, address(live_server, language, "games:record", game.edit_secret))
    indicator = page.locator("#id_indicator").locator("xpath=..").bounding_box()
    fixed = page.locator(".calc-round__fixed").bounding_box()
    assert fixed["y"] == indicator["y"] and fixed["x"] > indicator["x"], (indicator, fixed)
