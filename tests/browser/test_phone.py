"""Phone screens in Chromium (issue 13): at 360×640 and 390×844, in both languages, light and
dark, nothing pinned hides the focused control, the picker fits, nothing shifts or overflows.

WCAG 2.2: 2.4.11 Focus Not Obscured, 1.4.10 Reflow, 2.5.3 Label in Name; CLS ≤ 0.01.
"""

import re

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from games import services
from tests.scoring.helpers import base_round, url

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

SCREENS = [{"width": 360, "height": 640}, {"width": 390, "height": 844}]

# Sums layout shifts that no user input caused, from the first paint on.
CLS_OBSERVER = """
window.kutShift = 0;
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (e) {
    if (!e.hadRecentInput) { window.kutShift += e.value; }
  });
}).observe({ type: "layout-shift", buffered: true });
"""

# Focuses every focusable control in the main area in turn and reports each one whose centre
# is outside the viewport or covered by something else (elementFromPoint).
FOCUS_PROBE = """
() => {
  const found = [];
  const controls = document.querySelectorAll(
    "main a[href], main button, main input:not([type=hidden]), main select, main textarea, "
    + "main [tabindex]");
  let checked = 0;
  for (const el of controls) {
    if (el.tabIndex < 0 || el.disabled || !el.getClientRects().length) continue;
    el.focus();
    if (document.activeElement !== el) continue;
    checked += 1;
    // a visually hidden radio or checkbox shows its focus on its label
    const box = el.getBoundingClientRect();
    const shown = box.width < 2 && el.labels && el.labels.length ? el.labels[0] : el;
    // a link that wraps: the centre of its first line
    const r = shown.getClientRects()[0];
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const name = el.id || el.name || el.textContent.trim().slice(0, 30);
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) {
      found.push(name + ": off screen");
      continue;
    }
    const hit = document.elementFromPoint(x, y);
    const labels = el.labels ? Array.from(el.labels) : [];
    if (!hit || !(el.contains(hit) || labels.some((l) => l.contains(hit)))) {
      found.push(name + ": covered by " + (hit ? hit.outerHTML.slice(0, 80) : "nothing"));
    }
  }
  return { checked, found };
}
"""

# Every tile of the picker, once the picker is scrolled into view: inside the viewport, its
# number inside its face, and tiles side by side at least 24 px apart (WCAG 2.5.8's spacing)?
PICKER_PROBE = """
() => {
  const picker = document.querySelector("[data-tile-picker]");
  picker.scrollIntoView({ block: "nearest" });
  const outside = [], spilled = [], close = [], narrow = [];
  const tiles = picker.querySelectorAll("[data-picker-token]");
  for (const tile of tiles) {
    const r = tile.getBoundingClientRect();
    if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) {
      outside.push(tile.dataset.pickerToken);
    }
    if (tile.scrollWidth > tile.clientWidth) spilled.push(tile.dataset.pickerToken);
    const next = tile.nextElementSibling;
    if (next && next.matches("[data-picker-token]")) {
      const n = next.getBoundingClientRect();
      const step = n.left - r.left;
      // a neighbour in the same row (a narrow picker wraps a colour onto more rows)
      if (Math.abs(n.top - r.top) < 1 && step < 24) {
        close.push(tile.dataset.pickerToken + ": " + step.toFixed(1));
      }
    }
    if (r.width < 24) narrow.push(tile.dataset.pickerToken + ": " + r.width.toFixed(1));
  }
  return { count: tiles.length, outside, spilled, close, narrow };
}
"""


WIDE = """() => Array.from(document.querySelectorAll("body *"))
  .map((e) => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => r.right > innerWidth + 1)
  .map(([e, r]) => `${e.tagName}.${e.className} ${Math.round(r.left)}-${Math.round(r.right)}`)"""


def urls(language):
    game = services.create_game(["Maximilian", "Jürgen", "Anastasia", "Bartholomäus"], team=False)
    with translation.override(language):
        return {
            "calculator": url(language, **base_round()),
            "check": reverse("referee:check") + "?indicator=b8&tiles=r12+r13+r1&round=",
            "discard": reverse("referee:discard") + "?indicator=b8&table=b4+b5+b6&tile=b3",
            "sheet": reverse("games:sheet", args=[game.edit_secret]),
            "record": reverse("games:record", args=[game.edit_secret]),
        }


def open_page(page, address):
    page.goto(address)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)


def label_in_name(axe, page):
    """axe's experimental Label in Name rule, switched on by name: it must run and pass."""
    options = {"runOnly": {"type": "rule", "values": ["label-content-name-mismatch"]}}
    results = axe.run(page, options=options).response
    kinds = ("passes", "violations", "incomplete", "inapplicable")
    assert "label-content-name-mismatch" in {rule["id"] for kind in kinds for rule in results[kind]}
    assert not results["violations"], results["violations"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("screen", SCREENS, ids=["360x640", "390x844"])
def test_phone_pages_hide_nothing_shift_nothing_and_overflow_nowhere(
    live_server, page, axe, assert_accessible, screen, language, scheme
):
    page.set_viewport_size(screen)
    page.emulate_media(color_scheme=scheme)
    page.add_init_script(CLS_OBSERVER)
    for name, path in urls(language).items():
        open_page(page, live_server.url + path)
        assert page.evaluate("document.documentElement.lang") == language
        shift = page.evaluate("window.kutShift")
        assert shift <= 0.01, (name, shift)
        probe = page.evaluate(FOCUS_PROBE)
        assert probe["checked"] >= 5, (name, probe)
        assert probe["found"] == [], (name, probe["found"])
        width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        assert width[0] <= width[1], (name, width)
        if name == "sheet":
            # a name takes two lines at most; one of up to ten letters is shown whole (cut
            # to one line, "Maximilian" and "Mariana" both read "Ma…")
            names = page.evaluate(
                "Array.from(document.querySelectorAll('.sheet-name'),"
                " (e) => [e.textContent.replace(/\u00ad/g, ''),"
                " e.offsetHeight / parseFloat(getComputedStyle(e).lineHeight),"
                " e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1])"
            )
            assert len(names) == 4 and max(lines for _, lines, _ in names) < 2.5, names
            assert not [n for n, _, cut in names if cut and len(n) <= 10], names
        if name in ("calculator", "check", "discard"):
            tiles = page.evaluate(PICKER_PROBE)
            assert tiles["count"] == 13 * 4 + 2 and tiles["outside"] == [], (name, tiles)
            assert tiles["spilled"] == [] and tiles["close"] == [], (name, tiles)
            assert tiles["narrow"] == [], (name, tiles)
        assert_accessible(page)
        label_in_name(axe, page)


# The boxes of what a phone shows first, before and after taking away what arrives last: the
# language link's name (the link begun, its word not yet come), then the link itself (the end
# of the header) and every choice of the round after the first.
ARRIVING_LAST = """() => {
  const boxes = () => [".brand", ".site-nav", "#id_indicator", "#id_round"].map((css) =>
    JSON.stringify(document.querySelector(css).getBoundingClientRect()));
  const whole = boxes();
  document.querySelectorAll(".lang-switch a").forEach((link) => link.replaceChildren());
  const begun = boxes();
  document.querySelectorAll(".lang-switch a, #id_round option:not(:first-child)")
    .forEach((late) => late.remove());
  return [whole, begun, boxes()];
}"""


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("screen", SCREENS, ids=["360x640", "390x844"])
def test_what_arrives_last_moves_nothing_a_phone_already_shows(live_server, page, screen, language):
    """On patchy signal a page arrives in parts, and a slow phone draws what it has. Nothing
    above may move when the rest comes: the header's first row is as tall without its
    language link, and the calculator's round keeps its place without its later choices
    (the flaky layout shift of 0.04 on the German calculator at 360 px)."""
    page.set_viewport_size(screen)
    open_page(page, live_server.url + urls(language)["calculator"])
    whole, begun, early = page.evaluate(ARRIVING_LAST)
    assert begun == whole
    assert early == whole


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("width", [320, 180], ids=["320-px phone", "360 px at 200 % zoom"])
def test_on_a_narrower_screen_the_picker_wraps_and_the_round_fields_stack(
    live_server, page, language, width
):
    """Below 324 px a row of 13 tiles would be under 24 px each: a colour takes more rows, and
    no tile is narrower than 24 px, spilled or off the screen; the page never scrolls sideways
    and the calculator's indicator and round stack rather than push the round off-screen."""
    page.set_viewport_size({"width": width, "height": 2000})
    for name in ("calculator", "check"):
        open_page(page, live_server.url + urls(language)[name])
        # measured once it shows (a busy machine may still be laying the page out)
        expect(page.locator("[data-tile-picker] [data-picker-token]").first).to_be_visible()
        tiles = page.evaluate(PICKER_PROBE)
        assert tiles["count"] == 13 * 4 + 2, (name, tiles)
        assert tiles["narrow"] == [] and tiles["spilled"] == [], (name, tiles)
        assert tiles["outside"] == [] and tiles["close"] == [], (name, tiles)
        width_now = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        assert width_now[0] <= width_now[1], (name, width_now, page.evaluate(WIDE))
        if name == "calculator":
            box = page.locator("#id_round").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, box


@pytest.mark.parametrize("language", ["en", "de"])
def test_keyboard_reaches_the_calculator_result_in_thirty_tab_stops(live_server, page, language):
    page.set_viewport_size(SCREENS[0])
    open_page(page, live_server.url + url(language, **base_round()))
    page.locator("#id_indicator").focus()
    stops = 0
    while not page.evaluate("!!document.activeElement.closest('#calculator-result')"):
        page.keyboard.press("Tab")
        stops += 1
        assert stops <= 30, page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
    # The first stop in the result is the first rule of the working (a link to the guide, issue
    # 16 item 12); the share button follows the working's rule links.
    assert page.evaluate("document.activeElement.matches('a.rule-id')")
    rules = page.locator("#calculator-result a.rule-id").count()
    for _ in range(rules):
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('[data-share]')")


def test_picker_is_one_tab_stop_with_arrow_keys_and_escape_back_to_its_field(live_server, page):
    page.set_viewport_size(SCREENS[0])
    open_page(page, live_server.url + url("en"))
    page.locator("#id_rack2").focus()
    # the picker names its field and sits right under it: the next tab stop
    current = page.locator("[data-picker-current]")
    assert current.inner_text() == "Player 2: Tiles left"
    keys = page.locator(".tile-picker__keys")
    assert keys.bounding_box() is None  # the keyboard hint: not shown to a tap, yet read:
    expect(page.locator("[data-tile-picker]")).to_have_accessible_description(
        re.compile("arrow keys move between the tiles")
    )
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.pickerToken") == "r1"
    # ... until the picker has focus; it describes the picker for a screen reader
    expect(keys).to_contain_text("arrow keys move between the tiles")
    assert keys.bounding_box()["height"] > 10
    hint = keys.get_attribute("id")
    assert page.locator("[data-tile-picker]").get_attribute("aria-describedby") == hint
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.pickerToken") == "k2"
    page.keyboard.press("Enter")
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.dataset.pickerAction") == "clear"
    page.keyboard.press("Home")
    page.keyboard.press("Enter")
    # one more Tab leaves the picker for the points field beside the rack
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "id_points2"
    assert page.locator("#id_rack2").input_value() == "k2 r1"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.dataset.pickerToken") == "r1"
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.id") == "id_rack2"
    # nothing else got the tiles
    assert page.locator("#id_rack4").input_value() == ""


def test_the_picker_says_its_field_only_when_it_moves_on_by_itself(live_server, page):
    """A field that takes the focus is said by the screen reader already: the picker's "They go
    into:" line speaks (a polite live region) only when a one-tile field is done and the
    picker moves on to the next field by itself."""
    page.set_viewport_size(SCREENS[0])
    open_page(page, live_server.url + url("en"))
    current = page.locator("[data-picker-current]")
    page.locator("#id_indicator").focus()
    expect(current).to_have_text("Indicator")
    expect(current).to_have_attribute("aria-live", "off")
    page.locator("[data-tile-picker] [data-picker-token='b5']").click()
    expect(page.locator("#id_indicator")).to_have_value("b5")
    expect(current).to_have_text("Player 1: Tiles left")
    expect(current).to_have_attribute("aria-live", "polite")
    page.locator("#id_rack3").focus()
    expect(current).to_have_text("Player 3: Tiles left")
    expect(current).to_have_attribute("aria-live", "off")


@pytest.mark.parametrize(
    ("language", "names"),
    [("en", ["red 7", "Okey", "blue 5"]), ("de", ["rote 7", "Okey", "blaue 5"])],
)
def test_a_tap_on_the_picker_says_the_tile_it_added(live_server, page, language, names):
    """The eye sees a tap's tile appear in the field; a screen reader hears its name, in the
    page's language, twice for the same tile tapped twice (a pair)."""
    page.set_viewport_size(SCREENS[0])
    open_page(page, live_server.url + url(language))
    page.locator("#id_rack2").focus()
    said = page.locator("[data-tile-picker] [role=status]")
    expect(said).to_have_text("")
    page.evaluate(
        """() => { window.kutSaid = [];
        const said = document.querySelector("[data-tile-picker] [role=status]");
        new MutationObserver(() => window.kutSaid.push(said.textContent.trim()))
          .observe(said, { childList: true, characterData: true, subtree: true }); }"""
    )
    for token in ("r7", "r7", "ok", "b5"):
        page.locator(f"[data-tile-picker] [data-picker-token='{token}']").click()
    expect(page.locator("#id_rack2")).to_have_value("r7 r7 ok b5")
    expect(said).to_have_text(names[2])
    assert page.evaluate("window.kutSaid") == [names[0], names[0], *names[1:]]
    page.locator("[data-tile-picker] [data-picker-action='undo']").click()
    expect(page.locator("#id_rack2")).to_have_value("r7 r7 ok")
    assert page.evaluate("window.kutSaid.length") == 4  # an undo says nothing of its own


def live_and_sent(live_server, browser, language, fields, **answer):
    """The calculator's answer to `answer` (a change to `base_round`), twice: typed into the
    page with JavaScript (each of `fields`, a selector → the text to type, or None to tap it)
    and opened as the form's address without. Yields each page, and closes it after."""
    for javascript in (True, False):
        context = browser.new_context(java_script_enabled=javascript)
        page = context.new_page()
        page.set_viewport_size(SCREENS[0])
        if javascript:
            open_page(page, live_server.url + url(language, **base_round()))
            for selector, text in fields.items():
                if text is None:
                    page.locator(selector).click()
                else:
                    page.locator(selector).fill(text)
        else:
            open_page(page, live_server.url + url(language, **base_round(**answer)))
        yield page
        context.close()


def test_a_bad_rack_tile_is_marked_on_its_field_live_and_without_javascript(live_server, browser):
    fields = {"#id_rack4": "k3 x99"}
    for page in live_and_sent(live_server, browser, "en", fields, rack4="k3 x99"):
        rack = page.locator("#id_rack4")
        expect(page.locator("#id_rack4_error")).to_contain_text("x99")
        expect(rack).to_have_attribute("aria-invalid", "true")
        assert "id_rack4_error" in rack.get_attribute("aria-describedby")
        expect(page.locator("#id_rack1")).not_to_have_attribute("aria-invalid", "true")
        expect(page.locator("[data-live='1'] strong")).to_have_text("–")


@pytest.mark.parametrize("language", ["en", "de"])
def test_two_players_ending_the_round_is_said_at_the_choice_live_and_without_javascript(
    live_server, browser, language
):
    """Who ended the round is the players' choice buttons, not a field: its error goes under
    the first player's, where the list of errors leads, and marks that choice."""
    said = {"en": "Only one player can end the round", "de": "Nur ein Spieler kann"}[language]
    fields = {"label[for='id_state2_1']": None}
    for page in live_and_sent(live_server, browser, language, fields, state2="finished"):
        expect(page.locator("#id_state1_1_error")).to_contain_text(said)
        expect(page.locator("#id_state1_1")).to_have_attribute("aria-invalid", "true")
        # the error list's link lands on that choice: it carries the error in its own words
        expect(page.locator("#id_state1_1")).to_have_accessible_description(re.compile(said))
        expect(page.locator("#id_state2_1")).to_have_accessible_description("")
        expect(page.locator("#id_state2_1_error")).to_be_empty()


@pytest.mark.parametrize("language", ["en", "de"])
def test_an_error_under_the_points_leaves_the_tiles_field_whole(live_server, browser, language):
    """A long error under a player's points stacks the two fields: the tiles' field keeps a
    usable width and no message runs over a label, live and without JavaScript."""
    fields = {"#id_points3": "abc"}
    for page in live_and_sent(live_server, browser, language, fields, points3="abc"):
        error = page.locator("#id_points3_error")
        expect(error).to_contain_text("abc")
        boxes = page.evaluate(
            """() => Object.fromEntries(["id_rack3", "id_points3_error"].map((id) => {
                 const el = id.endsWith("_error") ? document.getElementById(id)
                   : document.querySelector(`label[for=${id}]`);
                 const r = el.getBoundingClientRect();
                 return [id, [r.left, r.top, r.right, r.bottom]];
               }).concat([["rack_width", document.getElementById("id_rack3").offsetWidth]]))"""
        )
        label, message = boxes["id_rack3"], boxes["id_points3_error"]
        overlaps = not (
            message[2] <= label[0]
            or label[2] <= message[0]
            or message[3] <= label[1]
            or label[3] <= message[1]
        )
        assert boxes["rack_width"] >= 200 and not overlaps, boxes


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_long_one_word_name_breaks_instead_of_widening_the_page(live_server, page, language):
    """A name may be 30 letters without a space; the result, its working and the error list
    stay inside a 360-px screen, and the badge of the lowest score stays whole."""
    page.set_viewport_size(SCREENS[0])
    name = "W" * 30
    names = {f"name{n}": name for n in range(1, 5)}
    for params in (base_round(**names), base_round(indicator="", rack2="zz", **names)):
        open_page(page, live_server.url + url(language, **params))
        expect(page.locator("#calculator-result")).to_contain_text(name[:5])
        width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        assert width[0] <= width[1], (params, width)
        if params["indicator"]:  # the first: a valid round
            # the lowest score's badge stays one pill beside the narrow
            # column the long names leave (its words may wrap inside it, never its border)
            lines = page.evaluate(BADGE_LINES)
            assert lines and all(count == 1 for count in lines), lines


BADGE_LINES = """Array.from(document.querySelectorAll("#calculator-result .calc-badge"),
  (badge) => badge.getClientRects().length)"""


PILL_PROBE = """() => Array.from(document.querySelectorAll(".calc-state input:checked + label"),
  (label) => {
    const words = document.createRange();
    words.selectNodeContents(label);
    const text = words.getBoundingClientRect(), box = label.getBoundingClientRect();
    const pad = parseFloat(getComputedStyle(label).paddingRight);
    return [label.textContent.trim(), text.left - box.left - pad, box.right - text.right - pad];
  })"""


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_chosen_state_keeps_its_tick_and_word_inside_the_pill(live_server, page, language):
    """Bold and ticked, "✓ ausgelegt" is wider than a third of a 360-px form: the tick goes
    above the word instead of pushing it against the pill's edge."""
    page.set_viewport_size(SCREENS[0])
    open_page(page, live_server.url + url(language, **base_round()))
    pills = page.evaluate(PILL_PROBE)
    assert len(pills) == 4 and all(left >= 0 and right >= 0 for _, left, right in pills), pills


SELECTED_TEXT_ROOM = """(select) => {
  const style = getComputedStyle(select), probe = document.createElement("span");
  probe.style.font = style.font;
  probe.style.whiteSpace = "pre";
  probe.textContent = select.options[select.selectedIndex].text;
  document.body.append(probe);
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const text = probe.getBoundingClientRect().width;
  probe.remove();
  return [probe.textContent, text, room];
}"""


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_meld_checkers_no_round_choice_reads_whole_on_a_360_px_phone(
    live_server, page, language
):
    """The choice shown before anyone picks a round is read in the closed list, so it must fit."""
    page.set_viewport_size(SCREENS[0])
    with translation.override(language):
        open_page(page, live_server.url + reverse("referee:check"))
    shown, text, room = page.locator("#id_round").evaluate(SELECTED_TEXT_ROOM)
    assert text <= room - 20, (shown, text, room)  # the arrow takes about 20 px of the room


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_calculators_last_round_reads_whole_in_its_closed_list_on_a_360_px_phone(
    live_server, page, language
):
    """The indicator needs a few letters, the round its longest choice ("20 – letzte Runde")."""
    page.set_viewport_size(SCREENS[0])
    open_page(page, live_server.url + url(language, **base_round(round="20")))
    shown, text, room = page.locator("#id_round").evaluate(SELECTED_TEXT_ROOM)
    assert shown.startswith("20 ") and text <= room - 20, (shown, text, room)
    indicator = page.locator("#id_indicator").bounding_box()
    assert indicator["width"] >= 64, indicator  # room for "b13", typed or picked
    # the picker, moved to the indicator, goes under both fields with a colour to a row
    page.locator("#id_indicator").click()
    picker = page.locator(".calc-round__grid [data-tile-picker]")
    expect(picker).to_be_visible()
    rows = picker.evaluate(
        "(p) => Array.from(p.querySelectorAll('[data-picker-colour]'), (row) =>"
        " new Set(Array.from(row.children, (t) => Math.round(t.getBoundingClientRect().top))).size)"
    )
    assert rows == [1, 1, 1, 1], rows
    top = picker.bounding_box()["y"]
    assert top >= page.locator("#id_round").bounding_box()["y"] + 20, top


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_points_label_is_two_lines_over_its_whole_input_on_a_360_px_phone(
    live_server, page, language
):
    """The label "or points" over "before ×2/×5": it wrapped to three lines ("before ×2/" "×5" in
    English), which pushed the tiles' label down beside it. Each line whole, the input at
    least as wide as the label."""
    page.set_viewport_size(SCREENS[0])
    open_page(page, live_server.url + url(language, **base_round()))
    sizes = page.locator(".calc-player__points").evaluate_all(
        """(fields) => fields.map((field) => {
            const label = field.querySelector('label'), hint = label.querySelector('small');
            const line = parseFloat(getComputedStyle(label).lineHeight);
            const hintLine = parseFloat(getComputedStyle(hint).lineHeight);
            return [label.getBoundingClientRect().height / line,
                    hint.getBoundingClientRect().height / hintLine,
                    field.querySelector('input').getBoundingClientRect().width
                        - label.getBoundingClientRect().width];
        })"""
    )
    assert len(sizes) == 4
    for label_lines, hint_lines, room in sizes:
        assert label_lines < 2.5 and hint_lines < 1.5 and room >= 0, sizes


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_guides_tables_fit_a_360_px_phone_without_scrolling_sideways(
    live_server, page, language
):
    """The worked scoring example's last column (finished with Okey) is the point of it: at
    360 px it must not sit behind a sideways scroll, in German either."""
    page.set_viewport_size(SCREENS[0])
    for step in ("scoring", "team"):
        with translation.override(language):
            path = reverse("rules:step", args=[step])
        open_page(page, live_server.url + path)
        widths = page.evaluate(
            "Array.from(document.querySelectorAll('.table-scroll'),"
            " (e) => [e.scrollWidth, e.clientWidth])"
        )
        assert widths and all(inner <= outer for inner, outer in widths), (path, widths)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_main_navigation_is_one_row_on_a_360_px_phone(live_server, page, language):
    """Four links of 44 px: a second row would push every page down by another 44 px."""
    page.set_viewport_size(SCREENS[0])
    open_page(page, f"{live_server.url}/{language}/")
    rows = page.evaluate(
        "new Set(Array.from(document.querySelectorAll('.site-nav a'),"
        " (a) => Math.round(a.getBoundingClientRect().top))).size"
    )
    assert rows == 1
    heights = page.evaluate(
        "Array.from(document.querySelectorAll('.site-nav a'), (a) => a.offsetHeight)"
    )
    assert len(heights) == 4 and min(heights) >= 44, heights


@pytest.mark.parametrize(
    "path", ["/en/guide/melds/", "/de/anleitung/rundenende/", "/de/schiedsrichter/okey-nehmen/"]
)
def test_rule_ids_and_footer_links_are_24_px_targets(live_server, page, path):
    """WCAG 2.5.8: a rule ID is a link even inside a heading; the footer's links and a
    ruling's list of the other questions too."""
    page.set_viewport_size(SCREENS[0])
    open_page(page, live_server.url + path)
    heights = page.evaluate(
        "Array.from(document.querySelectorAll('a.rule-id, .site-footer a, .other-rulings a'),"
        " (a) => [a.textContent.trim(), a.getBoundingClientRect().height])"
    )
    assert len(heights) > 6 and all(h >= 24 for _, h in heights), heights


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_long_address_or_word_in_edited_content_wraps_on_a_360_px_phone(
    live_server, page, language
):
    """An editor may paste a web address or a long word into a ruling, a round's notes or a
    glossary entry: it wraps inside the 360-px screen instead of widening every page that
    shows it (1.4.10 Reflow)."""
    from referee.models import Ruling
    from rules.models import GlossaryTerm, Round

    long = " https://www.example.com/rummy/okey.html#scoring-penalties-and-discards " + "Z" * 80
    ruling = Ruling.objects.get(key="run-12-13-1")
    for field in ("question", "short_answer"):
        value = getattr(ruling, f"{field}_{language}")
        setattr(ruling, f"{field}_{language}", (value + " " + "Z" * 60)[:140])
    for field in ("app_ruling", "table_rule"):
        setattr(ruling, f"{field}_{language}", getattr(ruling, f"{field}_{language}") + long)
    ruling.save()
    round_ = Round.objects.get(number=1)
    setattr(round_, f"notes_{language}", getattr(round_, f"notes_{language}") + long)
    round_.save()
    term = GlossaryTerm.objects.order_by("pk").first()
    setattr(term, f"definition_{language}", getattr(term, f"definition_{language}") + long)
    term.save()

    page.set_viewport_size(SCREENS[0])
    with translation.override(language):
        addresses = [
            ruling.get_absolute_url(),
            reverse("referee:index"),
            reverse("rules:round", args=[1]),
            reverse("rules:glossary"),
        ]
    for address in addresses:
        open_page(page, live_server.url + address)
        expect(page.locator("main")).to_contain_text("Z" * 20)
        width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        assert width[0] <= width[1], (address, width)
