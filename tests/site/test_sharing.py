"""At a mixed table: the language switch keeps the page, previews say the answer, icons exist.

Rule IDs cited: M1 (runs, r12 r13 r1 is a valid run), X2 (a playable discard costs 2 penalty
tiles), S1–S3 (a round's scores).
"""

from urllib.parse import quote

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse
from django.utils import translation

from games import services
from referee.models import Ruling
from rules.models import Round
from tests.referee.helpers import find, find_all

pytestmark = pytest.mark.django_db

CHECK_QUERY = "indicator=b8&tiles=r12+r13+r1&round="
DISCARD_QUERY = "indicator=b8&table=b4+b5+b6&tile=b3"
CALCULATOR_QUERY = (
    "indicator=r4&round=3&name1=Ana&state1=finished&name2=Ben&state2=melded&rack2=k3+b11+ok"
    "&name3=Cem&state3=not-melded&name4=Dila&state4=melded&points4=40"
)


@pytest.fixture(autouse=True)
def content(db):
    """The rounds and rulings the data migrations seeded (tests/conftest.py keeps them)."""
    assert Ruling.objects.count() == 9 and Round.objects.count() == 20


@pytest.fixture
def game():
    return services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)


def url(language: str, name: str, *args, query: str = "", fragment: str = "") -> str:
    with translation.override(language):
        path = reverse(name, args=args)
    return path + (f"?{query}" if query else "") + (f"#{fragment}" if fragment else "")


def deep_links(game) -> list[tuple[str, tuple, str, str]]:
    """(view name, args, query, fragment) of every kind of page someone sends to the table."""
    return [
        ("referee:ruling", ("run-12-13-1",), "", ""),
        ("rules:round", (7,), "", ""),
        ("rules:guide", (), "", "turn"),
        ("scoring:calculator", (), CALCULATOR_QUERY, ""),
        ("referee:check", (), CHECK_QUERY, ""),
        ("referee:discard", (), DISCARD_QUERY, ""),
        ("games:sheet", (game.edit_secret,), "", ""),
        ("games:view", (game.view_secret,), "", ""),
    ]


@pytest.mark.parametrize("cookie", [True, False])
@pytest.mark.parametrize(("page_language", "phone"), [("de", "en"), ("en", "de")])
def test_the_switch_lands_on_the_twin_whatever_the_cookie_and_browser_say(
    client, game, page_language, phone, cookie
):
    """A German link opened on an English phone (Accept-Language and maybe the cookie English)
    switched to English, and the other way round: the phone's language is not the page's."""
    target = phone
    for name, args, query, fragment in deep_links(game):
        client.cookies.clear()
        if cookie:
            client.cookies["django_language"] = phone
        here = url(page_language, name, *args, query=query, fragment=fragment)
        response = client.get(
            f"/language/{target}/?next={quote(here, safe='/')}",
            HTTP_ACCEPT_LANGUAGE=f"{phone}-XX,{phone};q=0.9",
        )
        assert response.status_code == 302, here
        assert response["Location"] == url(target, name, *args, query=query, fragment=fragment)
        assert response.cookies["django_language"].value == target


def test_a_prefixed_url_wins_over_the_cookie(client):
    client.cookies["django_language"] = "en"
    response = client.get("/de/schiedsrichter/reihe-12-13-1/", HTTP_ACCEPT_LANGUAGE="en-GB")
    assert response.status_code == 200
    assert response["Content-Language"] == "de"
    assert '<html lang="de">' in response.content.decode()


def test_the_rendered_switch_carries_the_query(client):
    here = f"/de/rechner/?{CALCULATOR_QUERY}"
    html = client.get(here).content.decode()
    switch = find(html, data_language_switch="en")["href"]
    response = client.get(switch, HTTP_ACCEPT_LANGUAGE="de-DE")
    assert response["Location"] == f"/en/calculator/?{CALCULATOR_QUERY}"


def meta(html: str) -> dict[str, str]:
    tags = find_all(html, content=True)
    return {m.get("property") or m.get("name"): m.get("content") for m in tags}


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_page_type_has_a_title_and_description_to_preview(client, game, language):
    pages = [
        url(language, "home"),
        url(language, "rules:guide"),
        url(language, "rules:rounds"),
        url(language, "rules:round", 7),
        url(language, "rules:glossary"),
        url(language, "referee:index"),
        url(language, "referee:ruling", "take-the-okey"),
        url(language, "referee:check"),
        url(language, "referee:discard"),
        url(language, "scoring:calculator"),
        url(language, "games:new"),
        url(language, "games:sheet", game.edit_secret),
        url(language, "games:view", game.view_secret),
        url(language, "games:record", game.edit_secret),
    ]
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        html = response.content.decode()
        tags = meta(html)
        title = html.split("<title>", 1)[1].split("</title>", 1)[0]
        assert tags["og:title"].strip() and tags["og:description"].strip(), page
        assert title.strip() != "· Küt", page
        # a search result's snippet only where search engines are welcome (not on a game)
        assert bool(tags.get("description")) == ('name="robots"' not in html), page
        assert tags["og:locale"] == {"en": "en_GB", "de": "de_DE"}[language]


@pytest.mark.parametrize(
    ("language", "title", "description"),
    [("en", "Table referee", "Nine questions"), ("de", "Schiedsrichter", "Neun Fragen")],
)
def test_the_title_is_written_once_and_reaches_the_preview(client, language, title, description):
    tags = meta(client.get(url(language, "referee:index")).content.decode())
    assert tags["og:title"].startswith(title)
    assert tags["og:description"] == tags["description"]
    assert tags["description"].startswith(description)


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "r12 r13 r1 – Valid run"), ("de", "r12 r13 r1 – Gültige Reihe")],
)
def test_a_meld_check_previews_its_tiles_and_verdict(client, language, expected):
    html = client.get(url(language, "referee:check", query=CHECK_QUERY)).content.decode()
    tags = meta(html)
    assert tags["og:title"] == expected  # M1: r12 r13 r1 goes round the corner from 13 to 1
    assert tags["og:description"]
    share = find(html, data_share=True)
    assert share["data-share-text"] == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "Discard b3 – 2 penalty tiles"), ("de", "b3 abgeworfen – 2 Strafsteine")],
)
def test_a_discard_check_previews_the_tile_and_the_penalty(client, language, expected):
    html = client.get(url(language, "referee:discard", query=DISCARD_QUERY)).content.decode()
    assert meta(html)["og:title"] == expected  # X2: b3 extends b4 b5 b6
    assert find(html, data_share=True)["data-share-text"] == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Round 3 – Ana: 0; Ben: 195; Cem: 500; Dila: 200"),
        ("de", "Runde 3 – Ana: 0; Ben: 195; Cem: 500; Dila: 200"),
    ],
)
def test_a_calculator_result_previews_the_scores(client, language, expected):
    html = client.get(url(language, "scoring:calculator", query=CALCULATOR_QUERY)).content.decode()
    assert meta(html)["og:title"] == expected  # S1–S3
    assert find(html, data_share=True)["data-share-text"] == expected


def test_an_empty_checker_previews_as_the_checker(client):
    tags = meta(client.get(url("en", "referee:check")).content.decode())
    assert tags["og:title"] == "Meld checker"


def test_an_invalid_check_previews_no_verdict(client):
    """It says what the page's title says: that the link asks something that does not read."""
    html = client.get(url("en", "referee:check", query="indicator=b8&tiles=x13")).content.decode()
    assert meta(html)["og:title"] == "Error: Meld checker"


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_page_with_a_share_button_carries_what_it_says_and_the_record_page_none(
    client, game, language
):
    """site.js reads the share button's messages from `<body>`; the page that records a round
    has no share button, and leaves them out (its weight is near the budget)."""
    shares = [
        url(language, "referee:ruling", "run-12-13-1"),
        url(language, "scoring:calculator", query=CALCULATOR_QUERY),
        url(language, "games:sheet", game.edit_secret),
    ]
    for page in shares:
        html = client.get(page).content.decode()
        assert find_all(html, data_share=True) and find(html, data_share_failed=True), page
    record = url(language, "games:record", game.edit_secret, query=CALCULATOR_QUERY)
    html = client.get(record).content.decode()
    assert 'class="calc-working' in html and "data-share" not in html


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(
    ("name", "asked", "shared"),
    [
        (
            "referee:check",
            "tiles=%20r12%20r13%20r1%20%7C%20b4%20b5%20b6&indicator=b8&round=",
            "indicator=b8&tiles=r12+r13+r1+%7C+b4+b5+b6",
        ),
        (
            "referee:discard",
            "final=1&tile=b3&table=b4%20b5%20b6&indicator=b8&pile=",
            "indicator=b8&table=b4+b5+b6&tile=b3&final=1",
        ),
        (
            "referee:rack",
            "rack=r7%20k7%20b7%20y2&indicator=b8&round=1",
            "indicator=b8&round=1&rack=r7+k7+b7+y2",
        ),
    ],
)
def test_an_answer_is_shared_with_its_own_parameters_only(client, language, name, asked, shared):
    """A checker's answer opened from a link that carries more (`fbclid`, left by a chat app),
    writes a space as "%20" (typed into the address bar) or names its parameters in another
    order is shared, and previewed, with the form's parameters that are set, in its order, a
    space as "+": the link that the copy fallback shows as it reads stays one link (site.js)."""
    html = client.get(url(language, name, query=f"fbclid=IwAR0x&{asked}")).content.decode()
    assert find(html, data_share=True)["href"] == url(language, name, query=shared)
    assert meta(html)["og:image"].endswith(f"card.png?{shared}")


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_page_says_what_the_clipboard_got(client, language):
    body = find(client.get(url(language, "home")).content.decode(), data_share_copied_answer=True)
    assert (
        body["data-share-copied-answer"]
        == {
            "en": "Text and link copied.",
            "de": "Text und Link kopiert.",
        }[language]
    )


def test_icons_are_linked_and_exist(client):
    html = client.get("/en/").content.decode()
    icons = [e for e in find_all(html, rel=True) if "icon" in e["rel"]]
    assert sorted(e["rel"] for e in icons) == ["apple-touch-icon", "icon", "icon"]
    for link in icons:
        assert finders.find(link["href"].removeprefix("/static/")), link["href"]
    assert {e["href"].rsplit(".", 1)[1] for e in icons} == {"svg", "png"}
    assert find(html, type="image/svg+xml")["href"].endswith(".svg")


def test_favicon_ico_is_no_longer_a_404(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    path = response["Location"].removeprefix("/static/")
    found = finders.find(path)
    assert found
    with open(found, "rb") as icon:
        assert icon.read(4) == b"\x00\x00\x01\x00"  # an ICO header


@pytest.mark.parametrize(
    ("edited", "twin"),
    [
        ("/de/referee/buy-discard/", "/de/schiedsrichter/stein-kaufen/"),
        ("/de/rounds/3/", "/de/runden/3/"),
        ("/de/guide/melds/", "/de/anleitung/gruppen-reihen-paare/"),
        ("/de/glossary/", "/de/glossar/"),
        ("/de/referee/buy-discard/card.png", "/de/schiedsrichter/stein-kaufen/card.png"),
        ("/en/schiedsrichter/stein-kaufen/", "/en/referee/buy-discard/"),
        ("/en/runden/3/", "/en/rounds/3/"),
        (
            "/de/referee/check/?indicator=b8&tiles=r12+r13+r1",
            "/de/schiedsrichter/pruefen/?indicator=b8&tiles=r12+r13+r1",
        ),
    ],
)
def test_a_link_whose_language_prefix_was_changed_by_hand_finds_its_page(client, edited, twin):
    """At a mixed-language table someone edits /en/ to /de/ in a shared link: the path words
    are still English, so no page matches; the site sends them to the page in German."""
    response = client.get(edited)
    assert response.status_code == 302 and response["Location"] == twin
    assert client.get(twin).status_code == 200


@pytest.mark.parametrize("path", ["/de/nothing/", "/en/nichts/", "/de/anleitung/no-such-step/"])
def test_an_address_that_is_no_page_in_any_language_stays_a_404(client, path):
    assert client.get(path).status_code == 404
    assert client.post(path).status_code in (403, 404, 405)


@pytest.mark.parametrize(
    ("language", "edit", "watch", "description"),
    [
        (
            "en",
            ("Küt game sheet – help keep the score", "with this link you can record the scores"),
            ("Küt game sheet – watch the score", "follow the score with this link"),
            "The score of Ana · Ben · Cem · Dila, round by round.",
        ),
        (
            "de",
            ("Küt-Spielblatt – trag die Punkte mit ein", "kannst du die Punkte mit eintragen"),
            ("Küt-Spielblatt – verfolge den Punktestand", "verfolgst du den Punktestand"),
            "Der Punktestand von Ana · Ben · Cem · Dila, Runde für Runde.",
        ),
    ],
)
def test_a_shared_sheet_says_which_game_and_whether_its_link_can_write(
    client, game, language, edit, watch, description
):
    """Chat apps drop a share's title: the text names the players and what the link allows,
    and the link previews of the two addresses tell the edit link from the watch link."""
    edit_url, view_url = (
        url(language, "games:sheet", game.edit_secret),
        url(language, "games:view", game.view_secret),
    )
    html = client.get(edit_url).content.decode()
    shared = {a["href"]: a["data-share-text"] for a in find_all(html, data_share=True)}
    assert edit[1] in shared[edit_url] and watch[1] in shared[view_url], shared
    assert all("Ana · Ben · Cem · Dila" in text for text in shared.values()), shared
    for address, (title, _) in ((edit_url, edit), (view_url, watch)):
        tags = meta(client.get(address).content.decode())
        assert (tags["og:title"], tags["og:description"]) == (title, description), address
