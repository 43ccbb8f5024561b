"""A mixed table in Chromium: links sent across languages, the switch, Back, link previews.

Phones in en-GB and de-DE open deep links in the other language and switch; the switch keeps
the state after live updates; scoring a round adds at most one history entry.
"""

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from games import services
from tests.browser.helpers import path_of, tap

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
CHECK = "indicator=b8&tiles=r12+r13+r1&round="
CALCULATOR = (
    "indicator=r4&round=3&name1=Ana&state1=finished&name2=Ben&state2=melded&rack2=k3+b11+ok"
    "&name3=Cem&state3=not-melded&name4=Dila&state4=melded&points4=40"
)


@pytest.fixture
def phone_screen():
    return PHONE


def deep_links(secrets):
    """Pairs of twins: (English, German) for every kind of page people send to the table."""
    edit, view = secrets
    return [
        ("/en/referee/run-12-13-1/", "/de/schiedsrichter/reihe-12-13-1/"),
        ("/en/rounds/7/", "/de/runden/7/"),
        (f"/en/calculator/?{CALCULATOR}", f"/de/rechner/?{CALCULATOR}"),
        (f"/en/referee/check/?{CHECK}", f"/de/schiedsrichter/pruefen/?{CHECK}"),
        (f"/en/games/{edit}/", f"/de/spiele/{edit}/"),
        (f"/en/games/view/{view}/", f"/de/spiele/ansehen/{view}/"),
        ("/en/guide/turn/", "/de/anleitung/ein-zug/"),
        ("/en/guide/#rule-P1", "/de/anleitung/#rule-P1"),
    ]


def switch(page):
    page.locator(".lang-switch a").click()


@pytest.mark.parametrize("phone_language", ["en", "de"])
def test_a_link_in_the_other_language_switches_to_its_twin(
    live_server, content, phone, phone_language
):
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    page = phone(phone_language)
    for english, german in deep_links((game.edit_secret, game.view_secret)):
        sent, twin = (german, english) if phone_language == "en" else (english, german)
        page.goto(live_server.url + sent)
        expect(page.locator("html")).to_have_attribute("lang", "de" if sent == german else "en")
        switch(page)
        page.wait_for_url(lambda url, twin=twin: path_of(url) == twin)
        expect(page.locator("html")).to_have_attribute("lang", phone_language)
        # and back again: the cookie now says the phone's language, the prefix still wins
        switch(page)
        page.wait_for_url(lambda url, sent=sent: path_of(url) == sent)


def test_after_three_live_updates_the_switch_carries_the_current_state(live_server, content, phone):
    page = phone("en")
    page.goto(f"{live_server.url}/de/rechner/")
    page.evaluate("window.kutNoReload = true")
    page.locator("#id_indicator").click()
    tap(page, "r4")  # live update 1
    expect(page).to_have_url(re.compile(r"indicator=r4"))
    page.locator("label[for=id_state1_1]").click()  # 2: player 1 ended the round
    expect(page).to_have_url(re.compile(r"state1=finished"))
    page.locator("#id_points4").fill("40")  # 3
    expect(page).to_have_url(re.compile(r"points4=40"))
    expect(page.locator("#calculator-result [data-okey]")).to_have_attribute("data-okey", "r5")
    assert page.evaluate("window.kutNoReload") is True
    query = urlsplit(page.url).query
    expect(page.locator(".lang-switch a")).to_have_attribute(
        "href", re.compile(re.escape("next=%2Fde%2Frechner%2F%3F"))
    )
    switch(page)
    page.wait_for_url(lambda url: path_of(url) == f"/en/calculator/?{query}")
    expect(page.locator("#id_indicator")).to_have_value("r4")
    expect(page.locator("#id_points4")).to_have_value("40")
    expect(page.locator("#id_state1_1")).to_be_checked()


def test_a_live_meld_check_switches_with_its_verdict(live_server, content, phone):
    page = phone("de")
    page.goto(f"{live_server.url}/en/referee/check/")
    page.locator("#id_indicator").fill("b8")
    page.locator("#id_tiles").click()
    for token in ("r12", "r13", "r1"):
        tap(page, token)
    expect(page.locator("#check-result [data-verdict]")).to_have_attribute("data-kind", "run")
    switch(page)
    expect(page).to_have_url(re.compile(r"/de/schiedsrichter/pruefen/\?indicator=b8&tiles=r12"))
    expect(page.locator("#check-result [data-verdict]")).to_contain_text("Gültige Reihe")


def test_the_switch_carries_what_was_typed_before_its_answer_arrived(live_server, content, phone):
    """On a slow connection the address holds the last answer's input until the next answer
    arrives: a switch in between takes the fields as they are, not the older address."""
    page = phone("de")
    page.goto(f"{live_server.url}/en/referee/check/?{CHECK}")
    expect(page.locator("#check-result [data-verdict]")).to_have_attribute("data-kind", "run")
    page.route("**/referee/check/?*", lambda route: None)  # held: the next answer never comes
    page.locator("#id_tiles").fill("r11 r12 r13 r1")
    expect(page.locator("form.htmx-request")).to_have_count(1)  # sent, no answer yet
    assert "r11" not in page.url
    switch(page)
    expect(page).to_have_url(re.compile(r"/de/schiedsrichter/pruefen/\?"))
    expect(page.locator("#id_tiles")).to_have_value("r11 r12 r13 r1")
    expect(page.locator("#id_indicator")).to_have_value("b8")
    expect(page.locator("#check-result [data-verdict]")).to_contain_text("Gültige Reihe")
    # once an answer has caught up, the switch takes the address itself again. The German page's
    # scripts must have run before typing: a CI run typed first, and no answer was ever asked for.
    page.wait_for_load_state()
    page.unroute("**/referee/check/?*")
    page.locator("#id_tiles").fill("r12 r13 r1")
    expect(page).to_have_url(re.compile(r"tiles=r12(\+|%20)r13(\+|%20)r1&"))
    expect(page.locator(".lang-switch a")).to_have_attribute(
        "href", re.compile(re.escape("next=%2Fde%2Fschiedsrichter%2Fpruefen%2F%3Findicator%3Db8"))
    )


def test_scoring_a_round_adds_at_most_one_history_entry_and_back_leaves(live_server, content, page):
    page.goto(f"{live_server.url}/en/")
    page.locator(".site-nav").get_by_role("link", name="Calculator").click()
    expect(page).to_have_url(re.compile(r"/en/calculator/$"))
    # Its scripts must have run before a field is tapped: the picker learns its field from the
    # focus (a CI run tapped the indicator first, and r4 went into the picker's first rack).
    page.wait_for_load_state()
    before = page.evaluate("history.length")
    page.locator("#id_indicator").click()
    tap(page, "r4")
    page.locator("label[for=id_state1_1]").click()
    page.locator("#id_rack2").click()
    for token in ("k3", "b11", "ok"):
        tap(page, token)
    page.locator("label[for=id_state3_3]").click()
    page.locator("#id_points4").fill("40")
    expect(page.locator('[data-player="2"]')).to_have_attribute("data-score", "195")
    expect(page).to_have_url(re.compile(r"rack2=k3\+b11\+ok.*points4=40"))
    assert page.evaluate("history.length") - before <= 1
    page.go_back()
    expect(page).to_have_url(f"{live_server.url}/en/")
    # and forward again restores the scored round from its address
    page.go_forward()
    expect(page.locator('[data-player="2"]')).to_have_attribute("data-score", "195")


def test_a_checker_adds_no_entry_per_tap(live_server, content, page):
    page.goto(f"{live_server.url}/en/referee/")
    page.goto(f"{live_server.url}/en/referee/check/")
    before = page.evaluate("history.length")
    page.locator("#id_indicator").fill("b8")
    page.locator("#id_tiles").click()
    for token in ("r12", "r13", "r1"):
        tap(page, token)
        expect(page).to_have_url(re.compile(f"tiles=.*{token}"))
    assert page.evaluate("history.length") == before
    page.go_back()
    expect(page).to_have_url(f"{live_server.url}/en/referee/")


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_page_type_has_a_preview_title(live_server, content, phone, language):
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    page = phone(language)
    pages = [
        pair[0 if language == "en" else 1]
        for pair in deep_links((game.edit_secret, game.view_secret))
    ]
    prefix = {
        "en": [
            "/en/",
            "/en/guide/",
            "/en/rounds/",
            "/en/glossary/",
            "/en/referee/",
            "/en/referee/check/",
            "/en/referee/discard/",
            "/en/calculator/",
            "/en/games/new/",
        ],
        "de": [
            "/de/",
            "/de/anleitung/",
            "/de/runden/",
            "/de/glossar/",
            "/de/schiedsrichter/",
            "/de/schiedsrichter/pruefen/",
            "/de/schiedsrichter/abwurf/",
            "/de/rechner/",
            "/de/spiele/neu/",
        ],
    }[language]
    for path in prefix + pages:
        page.goto(live_server.url + path)
        title = page.locator('meta[property="og:title"]').get_attribute("content")
        description = page.locator('meta[property="og:description"]').get_attribute("content")
        assert title and title.strip() and description and description.strip(), path
        expect(page.locator("html")).to_have_attribute("lang", language)


def test_the_clipboard_gets_the_answer_and_the_link(live_server, content, browser):
    context = browser.new_context(locale="de-DE", viewport=PHONE)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page = context.new_page()
    page.add_init_script("delete Navigator.prototype.share; delete Navigator.prototype.canShare;")
    page.goto(f"{live_server.url}/de/schiedsrichter/pruefen/?{CHECK}")
    page.locator("#check-result [data-share]").click()
    expect(page.locator("#check-result [data-share-status]")).to_have_text("Text und Link kopiert.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"r12 r13 r1 – Gültige Reihe\n{page.url.removesuffix('&round=')}"
    context.close()


def test_without_share_or_clipboard_the_link_to_copy_reads_as_typed_and_fits_a_phone(
    live_server, content, browser
):
    """In-app browsers and plain http have neither: the page shows the address to copy, with a
    name's letters as typed ("Jürgen", not "J%C3%BCrgen": the table reads it before pasting
    it), and a long answer's address wraps on a 360-pixel screen instead of running off it."""
    context = browser.new_context(locale="de-DE", viewport={"width": 360, "height": 640})
    page = context.new_page()
    page.add_init_script(
        "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"
        "Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined});"
    )
    page.goto(f"{live_server.url}/de/rechner/?{CALCULATOR.replace('Ben', 'Jürgen')}")
    assert "J%C3%BCrgen" in page.url
    page.locator("#calculator-result [data-share]").click()
    status = page.locator("#calculator-result [data-share-status]")
    decoded = page.url.replace("J%C3%BCrgen", "Jürgen")
    expect(status).to_have_text(f"Diesen Link kopieren: {decoded}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    box = status.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 360
    context.close()


def test_web_share_gets_title_answer_and_link(live_server, content, page):
    page.add_init_script(
        "navigator.share = (data) => { window.shared = data; return Promise.resolve(); };"
        "navigator.canShare = () => true;"
    )
    page.goto(f"{live_server.url}/en/calculator/?{CALCULATOR}")
    page.locator("#calculator-result [data-share]").click()
    page.wait_for_function("window.shared !== undefined")
    shared = page.evaluate("window.shared")
    assert shared["title"] == "Score of a Küt round"
    assert shared["text"] == "Round 3 – Ana: 0; Ben: 195; Cem: 500; Dila: 200"
    assert shared["url"] == page.url


def test_a_page_without_a_text_of_its_own_shares_its_title_as_the_text(live_server, content, page):
    """A chat app drops a share's title and keeps its text and link: a round's page, which has
    no answer to send, sends its title as the text, so the chat reads more than a bare link."""
    page.add_init_script(
        "navigator.share = (data) => { window.shared = data; return Promise.resolve(); };"
        "navigator.canShare = () => true;"
    )
    page.goto(f"{live_server.url}/de/runden/7/")
    page.locator("main [data-share]").first.click()
    page.wait_for_function("window.shared !== undefined")
    shared = page.evaluate("window.shared")
    assert shared["text"] == shared["title"] and shared["title"].startswith("Runde 7")
    assert shared["url"] == page.url


def test_the_share_link_is_a_button_that_space_works_also_after_a_live_answer(
    live_server, content, page
):
    """With the script, sharing is an action, not a way to another page: a screen reader hears
    a button, and Space shares as Enter does, on the first answer and on each live one."""
    page.add_init_script(
        "navigator.share = (data) => { window.shared = data; return Promise.resolve(); };"
        "navigator.canShare = () => true;"
    )
    page.goto(f"{live_server.url}/en/referee/check/?{CHECK}")
    share = page.locator("#check-result").get_by_role("button", name=re.compile("^Share"))
    share.focus()
    page.keyboard.press("Space")
    page.wait_for_function("window.shared !== undefined")
    # the answer's own parameters: the empty round is left out
    assert page.evaluate("window.shared.url") == page.url.removesuffix("&round=")
    page.evaluate("window.shared = undefined")
    page.locator("#id_tiles").fill("r11 r12 r13 r1")  # a live answer draws a new share link
    expect(page.locator("#check-result [data-verdict]")).to_contain_text("A run of four")
    share.focus()
    page.keyboard.press("Space")
    page.wait_for_function("window.shared !== undefined")
    assert "tiles=r11" in page.evaluate("window.shared.url")


def test_favicon_loads_without_a_console_error(live_server, content, page):
    errors = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(f"{live_server.url}/en/")
    icon = page.evaluate("fetch(document.querySelector('link[rel=icon]').href).then(r => r.status)")
    assert icon == 200
    assert page.request.get(f"{live_server.url}/favicon.ico").status == 200
    assert errors == []


@pytest.mark.parametrize(
    ("language", "said", "invitation"),
    [
        ("en", "Text and link copied.", "Our Küt game sheet (Ana · Ben · Cem · Dila): follow"),
        ("de", "Text und Link kopiert.", "Unser Küt-Spielblatt (Ana · Ben · Cem · Dila): Mit"),
    ],
)
def test_sharing_the_sheet_says_its_text_was_copied_not_an_answer(
    live_server, content, browser, language, said, invitation
):
    """Without a share sheet, the sheet's watch link goes to the clipboard with its invitation,
    and the status says what it got: a text and the link (there is no answer on a sheet)."""
    game = services.create_game(["Ana", "Ben", "Cem", "Dila"], team=False)
    context = browser.new_context(viewport=PHONE)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page = context.new_page()
    page.add_init_script("delete Navigator.prototype.share; delete Navigator.prototype.canShare;")
    sheet = {"en": "games", "de": "spiele"}[language]
    page.goto(f"{live_server.url}/{language}/{sheet}/{game.edit_secret}/")
    share = page.locator(".sheet-share .field:has(#view-link)")
    share.locator("[data-share]").click()
    expect(share.locator("[data-share-status]")).to_have_text(said)
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith(invitation), copied
    assert copied.endswith(share.locator("#view-link").input_value()), copied
    context.close()
