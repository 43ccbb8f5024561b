"""The calculator through the Django client: page, fragment, scores, errors, examples."""

import html as html_lib
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.utils import translation
from django.utils.html import escape

from scoring.forms import CalculatorForm
from scoring.presenters import Calculation
from tests.referee.helpers import find
from tests.scoring.helpers import base_round, errors, scores, url

pytestmark = pytest.mark.django_db  # the rounds are the `Round` rows


def test_empty_calculator_page_in_both_languages(client):
    en = client.get("/en/calculator/")
    de = client.get("/de/rechner/")
    assert en.status_code == de.status_code == 200
    assert "HX-Request" in en.headers["Vary"]
    en_html, de_html = en.content.decode(), de.content.decode()
    assert "<h1>Score calculator</h1>" in en_html
    assert "<h1>Punkterechner</h1>" in de_html
    # nothing entered: no scores and no errors yet
    assert not scores(en_html) and "data-error" not in en_html
    # the form works without JavaScript: a GET form to the same URL with a Calculate button
    # without JavaScript the answer page opens at the scores
    assert 'action="/en/calculator/#result-heading" method="get"' in en_html
    assert '<button type="submit">Calculate</button>' in en_html
    assert '<button type="submit">Berechnen</button>' in de_html
    # ... and with htmx: GET of the result fragment, URL replaced (no entry per tap), on input
    assert 'data-hx-get="/en/calculator/"' in en_html
    assert 'data-hx-target="#calculator-result"' in en_html
    assert 'data-hx-replace-url="true"' in en_html and "data-hx-push-url" not in en_html
    # one request per pause in typing (not one more when the field is left), the newest wins
    assert 'data-hx-trigger="input delay:300ms" data-hx-sync="this:replace"' in en_html
    # one shared tile picker for every rack input (and the indicator)
    assert en_html.count('data-picker-group="rack"') == 1
    assert en_html.count('data-picker-input="rack"') == 5
    # each player's inputs are labelled in the page's language, and each has its error line
    for html, words in (
        (en_html, ("Score: <strong", "</span>Name</label>", "</span>Tiles left</label>")),
        (de_html, ("Punkte: <strong", "</span>Name</label>", "</span>Übrige Steine</label>")),
    ):
        assert [html.count(word) for word in words] == [4, 4, 4]
        assert html.count('<p class="field__error" id="id_rack') == 4
    assert de_html.count("</span>oder Punkte<br><small>vor ×2/×5</small></label>") == 4


def test_whole_page_and_fragment(client):
    params = base_round()
    page = client.get(url(**params))
    fragment = client.get(url(**params), headers={"HX-Request": "true"})
    for response in (page, fragment):
        assert response.status_code == 200
        assert "HX-Request" in response.headers["Vary"]
    page_html, fragment_html = page.content.decode(), fragment.content.decode()
    assert "<html" in page_html and "<html" not in fragment_html
    assert "<form" not in fragment_html and 'id="calculator-result"' not in fragment_html
    assert scores(page_html) == scores(fragment_html) == {1: 0, 2: 195, 3: 500, 4: 200}


def test_fragment_replaces_the_url_with_the_tidy_permalink(client):
    params = base_round(rack1="", points1="", name3="", exhausted="")
    fragment = client.get(url(**params), headers={"HX-Request": "true"})
    assert "HX-Push-Url" not in fragment.headers
    assert fragment.headers["HX-Replace-Url"] == (
        "/en/calculator/?indicator=r4&round=3&state1=finished&state2=melded&rack2=k3+b11+ok"
        "&state3=not-melded&state4=melded&points4=40"
    )
    assert "HX-Replace-Url" not in client.get(url(**params)).headers


def test_history_restore_gets_the_whole_page(client):
    response = client.get(
        url(**base_round()), headers={"HX-Request": "true", "HX-History-Restore-Request": "true"}
    )
    assert "<html" in response.content.decode()


def test_post_is_not_allowed(client):
    assert client.post(url(), base_round()).status_code == 405


@pytest.mark.django_db
def test_page_queries_no_database(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        assert client.get(url(**base_round())).status_code == 200


# Each case: overrides of the parameters → expected scores (from docs/rules.md S1–S7, E2).
CASES = {
    "red Okey ×5, an Okey on the rack (S3)": (
        {},
        {1: 0, 2: (3 + 11 + 25) * 5, 3: 500, 4: 40 * 5},
    ),
    "finished with an Okey doubles everything (S4)": (
        {"okey_finish": "1"},
        {1: 0, 2: 390, 3: 1000, 4: 400},
    ),
    "blue Okey ×2, a false joker counts 25 (S3, T4)": (
        {
            "indicator": "b8",
            "state1": "melded",
            "rack1": "r12 k12 fj",
            "state2": "finished",
            "rack2": "",
            "state3": "melded",
            "points3": "40",
            "state4": "not-melded",
            "points4": "",
        },
        {1: (12 + 12 + 25) * 2, 2: 0, 3: 80, 4: 500},
    ),
    "yellow Okey after a 13 is the 1; both Okeys on one rack": (
        {"indicator": "y13", "rack2": "y1 y1", "points4": "0"},
        {1: 0, 2: 50 * 2, 3: 500, 4: 0},
    ),
    "black Okey ×5, German letters s and g": (
        {"indicator": "s12", "rack2": "s13 g3 G4"},
        {1: 0, 2: (25 + 3 + 4) * 5, 3: 500, 4: 200},
    ),
    "team table: the finisher's partner scores 0 without melding (S5)": (
        {"team": "1", "state3": "not-melded"},
        {1: 0, 2: 195, 3: 0, 4: 200},
    ),
    "team table: partner of player 2 is player 4": (
        {
            "team": "1",
            "state1": "melded",
            "rack1": "r1 r2",
            "state2": "finished",
            "rack2": "",
        },
        {1: 15, 2: 0, 3: 500, 4: 0},
    ),
    "final round: everyone but the finisher scores 500 (S7)": (
        {"round": "20"},
        {1: 0, 2: 500, 3: 500, 4: 500},
    ),
    "final round: an Okey finish does not double (C4)": (
        {"round": "20", "okey_finish": "1"},
        {1: 0, 2: 500, 3: 500, 4: 500},
    ),
    "the pile ran out a fourth time: nobody scores 0 (E2)": (
        {"exhausted": "1", "state1": "melded", "rack1": "r13"},
        {1: 65, 2: 195, 3: 500, 4: 200},
    ),
    "a melded player with nothing left counted 0": (
        {"points4": "0"},
        {1: 0, 2: 195, 3: 500, 4: 0},
    ),
}


@pytest.mark.parametrize("overrides, expected", CASES.values(), ids=CASES.keys())
@pytest.mark.parametrize("language", ["en", "de"])
def test_scoring_cases(client, overrides, expected, language):
    response = client.get(url(language, **base_round(**overrides)))
    assert response.status_code == 200
    html = response.content.decode()
    assert errors(html) == []
    assert scores(html) == expected
    lowest = min(expected.values())
    marked = {
        int(p) for p in re.findall(r'data-player="(\d)" data-score="-?\d+" [^>]*data-lowest', html)
    }
    assert marked == {p for p, s in expected.items() if s == lowest}


def test_working_shows_each_step(client):
    html = client.get(url(**base_round(okey_finish="1"))).content.decode()
    assert "Tiles by their numbers: 3 + 11 = 14" in html
    assert "1 Okey × 25 = 25" in html
    assert "Sum: 39" in html
    assert "× 5, because the Okey is red: 195" in html
    assert "× 2, because the round was finished with Okey: 390" in html
    assert "Not melded: 500" in html
    assert "1,000" in html
    assert "Counted by the player: 40" in html
    assert "Ended the round: 0" in html


def test_working_in_german(client):
    html = client.get(
        url("de", **base_round(okey_finish="1", team="1", state3="melded", rack3="fj fj"))
    )
    html = html.content.decode()
    assert "Zahlen auf den Steinen: 3 + 11 = 14" in html
    assert "× 5, weil der Okey rot ist: 195" in html
    assert "× 2, weil die Runde mit Okey beendet wurde: 390" in html
    assert "Partner von Spieler 1 (Runde beendet): 0" in html
    assert "Team: Spieler 1 &amp; Spieler 3" in html


def test_okey_and_multiplier_show_even_with_other_errors(client):
    html = client.get(url(indicator="b13", round="99"), headers={"HX-Request": "true"})
    html = html.content.decode()
    assert 'data-okey="b1" data-multiplier="2"' in html
    assert "The Okey is blue 1: racks count ×2." in html
    assert 'data-error="round"' in html


def test_names_are_used_and_escaped(client):
    html = client.get(url(**base_round(name1="Ana", name2="<b>Ben</b>"))).content.decode()
    assert '<th scope="row">Ana</th>' in html
    assert "&lt;b&gt;Ben&lt;/b&gt;" in html and "<b>Ben</b>" not in html


WORKING = re.compile(
    r'<div class="calc-working__player">\s*<h4>(.*?)</h4>\s*<ol>(.*?)</ol>',
    re.S,
)
STEP = re.compile(r'<li data-step="(\w+)">(.*?)</li>', re.S)
TABLE_ROW = re.compile(
    r'<tr data-player="(\d)" data-score="(-?\d+)" data-score-text="([^"]*)"( class="[^"]*" '
    r'data-lowest)?>\s*<th scope="row">(.*?)</th>\s*<td class="num">(.*?)</td>',
    re.S,
)
LOWEST = {"en": "lowest", "de": "Bestwert"}
RULE_BADGE = re.compile(r'<a class="rule-id" href="[^"#]+#[^"]+" aria-label="[^"]+">(\w+)</a>')


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("fragment", [False, True])
def test_score_table_and_working_show_the_presenters_rows(client, language, fragment):
    """Each player's row and working, as the presenter has them: name (escaped), score, the
    lowest marked, every step in order, and each run of steps under one rule ends with its
    badge."""
    params = base_round(name1="<i>Ana</i> & Co", name2="Ben", team="1")
    headers = {"HX-Request": "true"} if fragment else {}
    html = client.get(url(language, **params), headers=headers).content.decode()
    with translation.override(language):
        rows = Calculation(CalculatorForm(params)).working
    assert len(rows) == 4 and any(row.lowest for row in rows)
    table = TABLE_ROW.findall(html)
    assert [int(number) for number, *_ in table] == [row.number for row in rows]
    working = WORKING.findall(html)
    assert len(working) == len(rows)  # in seat order, each under its player's heading
    for row, cells, (heading, steps) in zip(rows, table, working, strict=True):
        _, score, score_text, marked, name, cell = cells
        assert (int(score), score_text, name) == (row.score, row.score_text, escape(row.name))
        assert bool(marked) is row.lowest
        assert (LOWEST[language] in cell) is row.lowest and cell.endswith(row.score_text)
        assert heading == f"{escape(row.name)}: {row.score_text}"
        found = STEP.findall(steps)
        assert [code for code, _ in found] == [line.code for line in row.lines]
        after = [*row.lines[1:], None]
        for (_, text), line, following in zip(found, row.lines, after, strict=True):
            assert text.startswith(escape(line.text))
            badge = RULE_BADGE.search(text)
            # a run of steps under one rule ends with its badge, once
            last_of_run = following is None or following.rule != line.rule
            assert (badge.group(1) if badge else None) == (line.rule if last_of_run else None)
    assert "<i>Ana</i>" not in html and "&lt;i&gt;Ana&lt;/i&gt; &amp; Co" in html


def test_final_round_and_exhausted_notes(client):
    html = client.get(url(**base_round(round="20", okey_finish="1"))).content.decode()
    assert "Finishing with Okey does not count in the last round" in html
    html = client.get(url("de", **base_round(exhausted="1", state1="melded", rack1="r1")))
    assert "zum vierten Mal leer" in html.content.decode()


def test_result_has_a_share_permalink(client):
    html = client.get(url(**base_round(name1="Ana"))).content.decode()
    assert "data-share" in html
    assert "indicator=r4&amp;round=3&amp;name1=Ana" in html


def example_cards(html):
    """{key: card html} for the worked examples, in page order."""
    section = html.split('class="calc-examples"', 1)[1].split("</section>", 1)[0]
    parts = re.split(r'<li class="card" data-example="([\w-]+)"[^>]*>', section)[1:]
    return dict(zip(parts[::2], parts[1::2], strict=True))


def test_worked_examples_are_engine_results_and_open_the_calculator(client):
    for language in ("en", "de"):
        cards = example_cards(client.get(url(language)).content.decode())
        assert list(cards) == ["red-okey", "blue-okey", "okey-finish", "team-table"]
        for card in cards.values():
            link = re.search(r'<a href="([^"]+)" data-example-link>', card).group(1)
            shown = re.findall(r'data-example-player="(\d)" data-example-score="(\d+)"', card)
            opened = client.get(link.replace("&amp;", "&"))
            assert opened.status_code == 200
            opened_html = opened.content.decode()
            assert errors(opened_html) == []
            assert len(shown) == 1
            player, score = shown[0]
            assert scores(opened_html)[int(player)] == int(score)


# The colour letters people type on each language's pages (docs/interface.md, tile notation).
TYPED_LETTERS = {"en": set("rkby"), "de": set("rsbg")}


def typed_letters(link):
    """The colour letters of the tiles a calculator link fills in."""
    query = parse_qs(urlsplit(html_lib.unescape(link)).query)
    tiles = [t for k, v in query.items() if k == "indicator" or k.startswith("rack") for t in v]
    return {token[0] for text in tiles for token in text.split() if token not in ("ok", "fj")}


@pytest.mark.parametrize("language", ["en", "de"])
def test_worked_examples_fill_the_calculator_in_the_pages_notation(client, language):
    """A German example link types black 3 as s3 and yellow 2 as g2, as the German help says,
    and the form it opens shows them so."""
    cards = example_cards(client.get(url(language)).content.decode())
    links = [re.search(r'<a href="([^"]+)" data-example-link>', c).group(1) for c in cards.values()]
    letters = set().union(*map(typed_letters, links))
    assert letters == TYPED_LETTERS[language]
    opened = client.get(html_lib.unescape(links[0])).content.decode()
    black_three = {"en": "k3", "de": "s3"}[language]
    assert re.search(rf'name="rack2" value="{black_three} b11 ok"', opened)


def test_worked_examples_cover_what_the_issue_asks(client):
    cards = example_cards(client.get(url()).content.decode())
    assert 'data-multiplier="5"' in cards["red-okey"] and "1 Okey × 25" in cards["red-okey"]
    assert 'data-multiplier="2"' in cards["blue-okey"]
    finish = cards["okey-finish"]
    assert "okey_finish=1" in finish and "× 2, because the round was finished with Okey" in finish
    team = cards["team-table"]
    assert "team=1" in team and "Partner of Ana" in team


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_calculator_and_the_scoring_guide_lead_to_a_game_sheet(client, language):
    """A table that plays all 20 rounds finds the game sheets where it works out a score."""
    from django.urls import reverse
    from django.utils import translation

    with translation.override(language):
        new_game = reverse("games:new")
        pages = [
            url(language),
            url(language, **base_round()),
            reverse("rules:step", args=["scoring"]),
        ]
    for page in pages:
        html = client.get(page).content.decode()
        link = re.search(r"<p[^>]* data-game-sheet-link>(.*?)</p>", html, re.S)
        assert link and f'href="{new_game}"' in link.group(1), page
        assert client.get(new_game).status_code == 200


KEEP_TYPING = {"en": "Keep typing", "de": "Tipp weiter"}
# What a live answer still waits for, when nothing is typed halfway (its round always has one).
WAITING = {
    "en": {
        "indicator": "Choose the indicator and each player’s tiles: the scores appear here.",
        "tiles": "Now each player’s tiles: the scores appear here.",
    },
    "de": {
        "indicator": "Wähle den Anzeigestein und die Steine jedes Spielers: Die Punkte "
        "erscheinen hier.",
        "tiles": "Jetzt noch die Steine jedes Spielers: Die Punkte erscheinen hier.",
    },
}
EMPTY_HINT = re.compile(r'<p class="calc-empty">([^<]*)</p>')


@pytest.mark.parametrize(
    ("overrides", "field", "hint"),
    [
        ({"rack2": "k3 b11 b"}, "rack2", "typing"),  # a colour letter waits for its number
        ({"rack2": "k3 b11 O"}, "rack2", "typing"),  # the start of `ok`
        ({"indicator": "r"}, "indicator", "typing"),
        ({"indicator": "r", "rack2": "k3 s"}, "rack2", "typing"),
        ({"indicator": ""}, "indicator", "empty"),
        # melded (the state every player starts with) but no rack typed yet: not done, not wrong
        ({"points4": ""}, "rack4", "empty"),
        ({"state3": "melded", "points4": ""}, "rack3", "empty"),
        # nobody has ended the round yet, as at the start (everyone "melded"): that waits while
        # racks are empty, and is an error once nothing else is missing
        ({"state1": "melded", "points4": ""}, "rack4", "empty"),
        ({"state1": "melded", "rack1": "r1"}, "state", None),
        ({"rack2": "k3 b11 b "}, "rack2", None),  # a space after it: finished, and wrong
        ({"rack2": "x3 b"}, "rack2", None),  # an earlier tile is wrong
    ],
)
@pytest.mark.parametrize("language", ["en", "de"])
def test_while_typing_the_calculator_waits_for_a_field_not_finished(
    client, overrides, field, hint, language
):
    """The live answer lists no error for a field left empty or ending in a tile typed halfway
    (it says what is missing); the whole page, as the form is sent, lists every error."""
    params = base_round(**overrides)
    live = client.get(url(language, **params), headers={"HX-Request": "true"}).content.decode()
    sent = client.get(url(language, **params)).content.decode()
    assert field in [name for name, _ in errors(sent)]
    assert KEEP_TYPING[language] not in sent
    if hint is None:
        assert field in [name for name, _ in errors(live)]
        assert KEEP_TYPING[language] not in live
        return
    assert not errors(live) and not scores(live)
    shown = EMPTY_HINT.search(live).group(1)
    assert (KEEP_TYPING[language] in shown) is (hint == "typing")
    if hint == "empty":
        # it asks for what is still missing: the indicator, else the players' tiles
        assert shown == WAITING[language]["tiles" if params["indicator"] else "indicator"]


@pytest.mark.parametrize(
    ("overrides", "waiting", "wrong"),
    [
        ({"points4": "", "points2": "5"}, "rack4", "points2"),  # rack and points both given
        ({"rack2": "k3 b", "points4": "-1"}, "rack2", "points4"),  # a tile typed halfway
        ({"indicator": "", "rack3": "zz"}, "indicator", "rack3"),
    ],
)
@pytest.mark.parametrize("language", ["en", "de"])
def test_beside_a_real_error_the_live_answer_marks_that_one_alone(
    client, overrides, waiting, wrong, language
):
    """A live answer with a real error does not also mark every field the table has not
    reached yet (a screen reader heard "5 things to fix" for one typo); the form as sent
    lists them all."""
    params = base_round(**overrides)
    live = client.get(url(language, **params), headers={"HX-Request": "true"}).content.decode()
    sent = client.get(url(language, **params)).content.decode()
    assert {waiting, wrong} <= {name for name, _ in errors(sent)}
    assert [name for name, _ in errors(live)] == [wrong]
    assert {"en": "One thing to fix", "de": "Eine Angabe ist zu korrigieren"}[language] in live


@pytest.mark.parametrize(
    ("language", "overrides", "words"),
    [
        ("en", {"name1": "Ana", "name2": "Ben"}, "Round 3 – Ana: 0; Ben: 195"),
        ("de", {"name1": "Ana", "name2": "Ben"}, "Runde 3 – Ana: 0; Ben: 195"),
        # the first problem named: a new mistake is news even when the count stays the same
        ("en", {"points4": "-1", "rack2": "x"}, "2 things to fix: Player 2, tiles left: “x”"),
        ("en", {"points4": "-1", "rack2": "q"}, "2 things to fix: Player 2, tiles left: “q”"),
        ("de", {"rack2": "x"}, "Eine Angabe ist zu korrigieren: Spieler 2, übrige Steine: „x“"),
    ],
)
def test_a_live_answer_says_itself_in_one_line(client, language, overrides, words):
    """The fragment sends a one-line summary out of band into #calculator-said, the status
    line a screen reader hears, instead of the whole table being read out again."""
    live = client.get(url(language, **base_round(**overrides)), headers={"HX-Request": "true"})
    said = re.findall(
        r'<span hidden data-hx-swap-oob="innerHTML:#calculator-said">(.*?)</span>',
        live.content.decode(),
        re.S,
    )
    assert len(said) == 1 and words in said[0], said
    page = client.get(url(language, **base_round(**overrides))).content.decode()
    assert '<p id="calculator-said" class="visually-hidden" role="status"></p>' in page
    assert 'data-hx-swap-oob="innerHTML:#calculator-said"' not in page  # a page says it all


def test_halfway_through_a_tile_the_calculators_status_line_stays_as_it_was(client):
    """Typing "k3 b" is not news: the hint shows in the answer, the status line a screen
    reader hears is not written again."""
    live = client.get(url("en", **base_round(rack2="k3 b")), headers={"HX-Request": "true"})
    html = live.content.decode()
    assert KEEP_TYPING["en"] in html
    assert 'data-hx-swap-oob="innerHTML:#calculator-said"' not in html


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Round 3 – Ana: 0; Ben: 195; Cem: 0; Dila: 1,000; Ana & Cem: 0; Ben & Dila: 1,195"),
        ("de", "Runde 3 – Ana: 0; Ben: 195; Cem: 0; Dila: 1.000; Ana & Cem: 0; Ben & Dila: 1.195"),
    ],
)
def test_a_team_rounds_scores_in_one_line_end_with_the_teams(client, language, said):
    """At a team table the totals that count are the teams' (S5): the line a share sends and a
    preview shows names them after the players, as the card does, and a semicolon parts the
    scores, since an English thousands separator is a comma."""
    names = {"name1": "Ana", "name2": "Ben", "name3": "Cem", "name4": "Dila"}
    query = base_round(team="1", points4="200", **names)
    live = client.get(url(language, **query), headers={"HX-Request": "true"}).content.decode()
    assert f'data-hx-swap-oob="innerHTML:#calculator-said">{escape(said)}</span>' in live
    page = client.get(url(language, **query)).content.decode()
    assert find(page, data_share=True)["data-share-text"] == said


@pytest.mark.parametrize(("language", "words"), [("en", "Choose a round"), ("de", "Wähle eine")])
def test_a_round_that_is_none_of_them_is_marked_on_the_round_select(client, language, words):
    """An old or edited link may ask for round 99: the select itself says so (its error line,
    aria-invalid), as every other field does; a round that is fine marks nothing."""
    html = client.get(url(language, **base_round(round="99"))).content.decode()
    select = re.search(r"<select id=\"id_round\"[^>]*>", html).group(0)
    assert 'aria-invalid="true"' in select
    assert 'aria-describedby="id_round_error"' in select
    line = re.search(r'<p class="field__error" id="id_round_error">([^<]*)</p>', html)
    assert line and words in line.group(1)
    assert "round" in [name for name, _ in errors(html)]  # and in the list at the result
    fine = client.get(url(language, **base_round(round="4"))).content.decode()
    assert "aria-invalid" not in re.search(r"<select id=\"id_round\"[^>]*>", fine).group(0)
    assert 'id="id_round_error"' not in fine


@pytest.mark.parametrize("path", ["/en/calculator/", "/de/rechner/"])
def test_tiles_and_scores_are_not_autofilled_capitalised_or_spellchecked(client, path):
    """Set once on the form for every field (a phone would write "R7" and mark "k13" as a
    typo); a player's name asks for its capitals back."""
    html = client.get(path).content.decode()
    form = re.search(r"<form [^>]*class=\"calc\"[^>]*>", html)[0]
    for attribute in ('autocomplete="off"', 'autocapitalize="off"', 'spellcheck="false"'):
        assert attribute in form
    names = re.findall(r'<input type="text"\s+id="id_name\d"[^>]*>', html)
    assert len(names) == 4 and all('autocapitalize="words"' in name for name in names)
