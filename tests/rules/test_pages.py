"""The guide, the rounds, a round and the glossary as visitors get them, in both languages."""

import gzip
import html as html_lib
import json
import re
from dataclasses import replace
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core.cache import caches
from django.urls import reverse
from django.utils import translation
from django.utils.text import capfirst

from kutsite import content
from rules.engine import (
    BUY_LIMIT,
    DEFAULT_ROUNDS,
    PENALTY_TILES,
    Contract,
    check_opening,
    classify_meld,
    parse_indicator,
    parse_melds,
    parse_tiles,
    resolve_buy,
    score_round,
)
from rules.guide import (
    GLOSSARY_LINKS,
    INDICATOR,
    SCORING_INDICATOR,
    SCORING_PLAYERS,
    STEP_SLUGS,
    faq,
)
from rules.models import GlossaryTerm, Round
from rules.wording import contract_text
from tests.referee.helpers import selected_rounds
from tests.rules.guide_pages import guide_paths, step_path, whole_guide
from tests.weight import FIRST_HTML_GZIPPED, OWN_BYTES, own_assets, own_bytes

pytestmark = pytest.mark.django_db

PAGES = [
    ("/en/guide/", "/de/anleitung/"),
    ("/en/guide/melds/", "/de/anleitung/gruppen-reihen-paare/"),
    ("/en/guide/faq/", "/de/anleitung/fragen/"),
    ("/en/rounds/", "/de/runden/"),
    ("/en/rounds/12/", "/de/runden/12/"),
    ("/en/glossary/", "/de/glossar/"),
]
ALL = [p for pair in PAGES for p in pair]


def get(client, path, **kwargs):
    response = client.get(path, **kwargs)
    assert response.status_code == 200, path
    return response.content.decode()


def meta(html, name):
    match = re.search(rf'<meta (?:name|property)="{name}" content="([^"]*)"', html)
    assert match, name
    return html_lib.unescape(match.group(1))


def title(html):
    return html_lib.unescape(re.search(r"<title>(.*?)</title>", html, re.S).group(1))


def test_urls_have_their_names():
    with translation.override("de"):
        assert reverse("rules:guide") == "/de/anleitung/"
        assert reverse("rules:step", args=["scoring"]) == "/de/anleitung/punkte-zaehlen/"
        assert reverse("rules:rounds") == "/de/runden/"
        assert reverse("rules:round", args=[12]) == "/de/runden/12/"
        assert reverse("rules:glossary") == "/de/glossar/"


@pytest.mark.parametrize(("english", "german"), PAGES)
def test_each_page_has_its_own_title_and_description_in_its_language(client, english, german):
    en, de = get(client, english), get(client, german)
    assert '<html lang="en">' in en and '<html lang="de">' in de
    for name in ("description", "og:title", "og:description"):
        assert meta(en, name) and meta(de, name) and meta(en, name) != meta(de, name), name
    assert title(en) != title(de)
    base = meta(get(client, "/en/"), "description")
    assert meta(en, "description") != base


@pytest.mark.parametrize("path", ALL)
def test_pages_answer_htmx_and_head_with_the_whole_page(client, path):
    # These pages never branch on htmx (a history restore gets them whole), so they need no
    # Vary on it: one cached copy serves every visit.
    response = client.get(path)
    assert response.content == client.get(path, headers={"HX-Request": "true"}).content
    assert "HX-Request" not in response.get("Vary", "")
    assert client.head(path).status_code == 200


@pytest.mark.parametrize(
    ("path", "queries"),
    # The German FAQ links rulings by their German slugs, which are content (issue 16).
    [("/en/guide/", 0), ("/de/anleitung/", 0), ("/en/guide/faq/", 0), ("/de/anleitung/fragen/", 2)]
    + [("/de/anleitung/gruppen-reihen-paare/", 0), ("/en/rounds/", 1), ("/de/runden/", 1)]
    + [(f"/en/rounds/{n}/", 1) for n in (1, 12, 20)]
    + [("/en/glossary/", 1), ("/de/glossar/", 1)],
)
def test_query_budget_whatever_the_content(client, django_assert_num_queries, path, queries):
    content.reset()  # nothing kept: a real read of the content
    with django_assert_num_queries(queries):
        assert client.get(path).status_code == 200
    # More content, longer notes, another contract: still the same count.
    GlossaryTerm.objects.create(
        slug="extra", term_en="extra", term_de="Extra", definition_en="x", definition_de="y"
    )
    Round.objects.filter(number__in=(11, 12, 13)).update(notes_en="n " * 300, notes_de="m " * 300)
    Round.objects.filter(number=12).update(run_size=5, example="k3 k4 k5 k6 k7")
    with django_assert_num_queries(queries):
        assert client.get(path).status_code == 200


# --- Rounds ---------------------------------------------------------------------------------


def round_cards(html):
    return re.findall(r'<li class="round-card" id="round-(\d+)".*?</li>', html, re.S)


def test_rounds_page_lists_every_round_with_contract_tiles_and_example(client):
    html = get(client, "/en/rounds/")
    assert round_cards(html) == [str(n) for n in range(1, 21)]
    for r in Round.objects.all():
        card = re.search(rf'id="round-{r.number}".*?</li>', html, re.S).group(0)
        with translation.override("en"):
            assert capfirst(contract_text(r.contract))[:20] in html_lib.unescape(card)
        assert f'href="/en/rounds/{r.number}/"' in card
        shown = re.findall(r'data-tile="(\w+)"', card)
        melds = parse_melds(r.example)
        assert len(shown) == sum(len(m) for m in melds), r.number
        assert 'data-verdict="valid"' in card


def test_rounds_list_draws_valid_examples_without_a_headline_but_flags_an_invalid_one(client):
    # Each contract's example is valid by design: "Valid · C2" twenty times says nothing. One
    # that an edit made invalid still shows the engine's headline and rule.
    Round.objects.filter(number=3).update(example="r7 k7 k7|k11 b11 y11")
    cards = dict(
        re.findall(
            r'<li class="round-card" id="round-(\d+)".*?(<figure.*?</figure>)',
            get(client, "/en/rounds/"),
            re.S,
        )
    )
    assert len(cards) == 20
    for number, figure in cards.items():
        if number == "3":
            assert 'data-verdict="invalid"' in figure and "verdict__label" in figure
            assert 'class="rule-id"' in figure
        else:
            assert 'data-verdict="valid"' in figure and "verdict__head" not in figure


def test_german_rounds_page_uses_the_german_wording_and_titles(client):
    html = html_lib.unescape(get(client, "/de/runden/"))
    assert "Eine Küt-Gruppe aus drei Steinen" in html
    assert "Eine Küt-Gruppe aus vier Steinen, eine Reihe aus fünf Steinen und ein Paar" in html
    assert "Drei Paare" in html and "12 Steine" in html
    for r in Round.objects.all():
        assert r.title_de in html
        assert r.title_en not in html or r.title_en == r.title_de
    assert "one küt group of three" not in html.lower()


def test_an_edited_contract_changes_the_words_on_the_page(client):
    Round.objects.filter(number=3).update(groups=1, runs=1, example="r7 k7 b7|b4 b5 b6")
    html = html_lib.unescape(get(client, "/en/rounds/3/"))
    assert "One Küt group of three and one run of three" in html
    assert "Two Küt groups of three" not in html


def test_a_broken_example_is_shown_as_invalid_never_as_valid(client):
    Round.objects.filter(number=12).update(run_size=4)
    html = get(client, "/en/rounds/12/")
    assert 'data-verdict="invalid"' in html
    assert 'data-reason="INVALID_MELD"' in html or "RUN_TOO_LONG_FOR_CONTRACT" in html


def test_round_page_shows_contract_tiles_example_and_neighbours(client):
    html = html_lib.unescape(get(client, "/de/runden/12/"))
    assert "Runde 12: Eine lange Reihe" in html
    assert "Eine Reihe aus fünf Steinen" in html and "5 Steine" in html
    assert 'rel="prev" href="/de/runden/11/"' in html
    assert 'rel="next" href="/de/runden/13/"' in html
    assert 'data-tile="k3"' in html and 'data-tile="k7"' in html
    assert title(html).startswith("Runde 12: eine Reihe aus fünf Steinen")


@pytest.mark.parametrize(("language", "number"), [("en", 7), ("de", 12), ("en", 20)])
def test_a_round_page_opens_the_rack_helper_meld_check_and_calculator_on_its_round(
    client, language, number
):
    """Three ways on from a round: each tool opens with that round chosen (the selected
    option's value, or the calculator's number) and nothing marked wrong, as nothing is asked."""
    with translation.override(language):
        page = reverse("rules:round", args=[number])
        tools = [reverse(name) for name in ("referee:rack", "referee:check", "scoring:calculator")]
    links = re.findall(r'<li><a href="([^"]+)">', get(client, page).split('class="round-tools"')[1])
    assert links == [f"{tool}?round={number}" for tool in tools]
    for link in links:
        html = get(client, link)
        assert selected_rounds(html) == [str(number)], link
        assert 'data-error="' not in html, link


@pytest.mark.parametrize(
    ("language", "number", "words"),
    [
        ("en", 7, "Does my meld make the contract of round 7? Check it"),
        ("en", 20, "Do my melds hold my whole rack? Check them"),
        ("de", 20, "Gehen alle meine Steine in Kombinationen auf? Prüfe sie"),
    ],
)
def test_the_meld_check_link_asks_the_rounds_own_question(client, language, number, words):
    """Round 20 has no contract (C4): its link asks whether the melds hold the whole rack."""
    with translation.override(language):
        html = get(client, reverse("rules:round", args=[number]))
        check = reverse("referee:check")
    link = re.search(rf'<a href="{check}\?round={number}">(.*?)</a>', html, re.S)
    assert " ".join(link.group(1).split()) == words


def test_first_and_last_round_have_one_neighbour(client):
    first, last = get(client, "/en/rounds/1/"), get(client, "/en/rounds/20/")
    assert 'rel="prev"' not in first and 'rel="next" href="/en/rounds/2/"' in first
    assert 'rel="next"' not in last and 'rel="prev" href="/en/rounds/19/"' in last
    assert "All at once" in html_lib.unescape(last)


@pytest.mark.parametrize(
    "path",
    ["/en/rounds/0/", "/en/rounds/21/", "/de/runden/99/", "/en/rounds/01/", "/de/runden/004/"],
)
def test_unknown_round_is_a_404(client, path):
    assert client.get(path).status_code == 404


def test_round_example_with_an_okey_says_which_indicator_it_is_read_with(client):
    html = html_lib.unescape(get(client, "/en/rounds/20/"))
    assert 'data-tile="ok"' in html
    assert "The indicator is blue 8, so blue 9 is the Okey." in html


def test_round_example_without_an_okey_names_no_indicator(client):
    # Issue 16: the indicator matters only where an example holds an Okey.
    html = html_lib.unescape(get(client, "/en/rounds/1/"))
    assert "The indicator is" not in html


# --- Guide ---------------------------------------------------------------------------------


def figures(html):
    return re.findall(r"<figure class=\"verdict[^\"]*\"(.*?)</figure>", html, re.S)


def test_guide_lists_its_steps_and_each_step_has_a_page_a_share_link_and_neighbours(client):
    from rules.guide import steps

    html = get(client, "/en/guide/")
    toc = re.search(r'<nav class="toc".*?</nav>', html, re.S).group(0)
    paths = guide_paths()[1:]
    assert re.findall(r'href="([^"]+)"', toc) == paths
    assert '<section id="at-a-glance"' in html and '<section id="rule-ids"' in html
    # where the one-page guide of before had each section, its entry in the list
    assert re.findall(r'<li id="([\w-]+)"><a href=', toc) == [s.anchor for s in steps()]
    for i, (step, path) in enumerate(zip(steps(), paths, strict=True)):
        page = get(client, path)
        assert f'<article id="{step.anchor}"' in page
        assert f'href="{path}" data-share' in page
        assert f"Step {i + 1} of {len(paths)}" in page
        assert title(page) == f"{step.title} – How to play Küt · Küt"
        before = re.search(r'<a rel="prev" href="([^"]+)"', page)
        after = re.search(r'<a rel="next" href="([^"]+)"', page)
        assert (before and before.group(1)) == (paths[i - 1] if i else None)
        assert (after and after.group(1)) == (paths[i + 1] if i + 1 < len(paths) else None)


def test_each_step_has_its_address_in_each_language(client):
    html = get(client, "/en/guide/melds/")
    assert 'hreflang="de" href="http://testserver/de/anleitung/gruppen-reihen-paare/"' in html
    german = get(client, "/de/anleitung/gruppen-reihen-paare/")
    assert 'hreflang="en" href="http://testserver/en/guide/melds/"' in german
    assert '<h1 id="melds-h">Küt-Gruppen, Reihen und Paare</h1>' in german
    # every step has an address of its own in each language, and it opens that step
    for language in ("en", "de"):
        for path, anchor in zip(guide_paths(language)[1:], STEP_SLUGS, strict=True):
            assert f'<article id="{anchor}"' in get(client, path), path
    # a step's address in the other language, or no step at all: not found
    for path in ("/de/anleitung/melds/", "/en/guide/kontrakte/", "/en/guide/at-a-glance/"):
        assert client.get(path).status_code == 404, path


def test_a_heading_within_a_step_is_linked_on_its_steps_page(client):
    from rules.guide import WITHIN_STEPS, section_url

    for anchor, step in WITHIN_STEPS.items():
        with translation.override("en"):
            assert section_url(anchor) == f"{step_path(step)}#{anchor}"
        assert f'id="{anchor}"' in get(client, step_path(step)), anchor


def test_guide_sections_come_in_the_order_the_issue_asks_for(client):
    html = whole_guide(client)
    ids = [
        "at-a-glance", "okey", "false-joker", "deal", "groups", "runs", "pairs", "contracts",
        "turn", "melding", "adding", "taking-the-okey", "buying", "penalties", "ending",
        "okey-finish", "all-at-once", "empty-pile", "scoring", "worked-example", "team", "faq",
    ]  # fmt: skip
    # the last of each: the first page lists the steps by their anchors too
    positions = [html.rindex(f'id="{i}"') for i in ids]
    assert positions == sorted(positions)


def test_indicator_blue_8_gives_okey_blue_9_drawn_as_tiles(client):
    section = get(client, step_path("okey"))
    assert re.search(r'data-tile="b8">.*?→.*?data-tile="b9"', section, re.S)
    assert "Indicator blue 8, so the Okey is blue 9." in section


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_meld_example_on_the_guide_is_the_engines_verdict(client, language):
    html = whole_guide(client, language)
    checked = 0
    for figure in figures(html):
        attrs = dict(re.findall(r'data-(verdict|kind|reason|rule)="([^"]*)"', figure[:300]))
        if "verdict" not in attrs or not attrs["rule"].startswith(("M", "T")):
            continue  # the indicator; opening, adding, swapping, discards: checked below
        tokens = re.findall(r'data-tile="(\w+)"', figure)
        verdict = classify_meld(parse_tiles(" ".join(tokens)), INDICATOR)
        assert attrs["verdict"] == ("valid" if verdict.ok else "invalid"), tokens
        assert attrs["reason"] == verdict.reason and attrs["rule"] == verdict.rule, tokens
        checked += 1
    assert checked >= 14
    # Both a valid and an invalid example for each kind of meld.
    for kind_reason in ("VALID_GROUP", "GROUP_REPEATED_COLOUR", "VALID_RUN", "RUN_WRAPS_PAST_ONE"):
        assert f'data-reason="{kind_reason}"' in html
    assert 'data-reason="VALID_PAIR"' in html and 'data-reason="PAIR_NOT_IDENTICAL"' in html


def test_contract_examples_are_the_engines_verdict(client):
    html = get(client, step_path("contracts"))
    contract = Contract(groups=1)
    seen = 0
    for figure in figures(html):
        if 'data-rule="C2"' not in figure:
            continue
        tokens = " ".join(re.findall(r'data-tile="(\w+)"', figure))
        verdict = check_opening([parse_tiles(tokens)], contract, INDICATOR)
        assert f'data-reason="{verdict.reason}"' in figure
        seen += 1
    assert seen == 2
    assert "one Küt group of three" in html


def test_penalty_examples_carry_the_engines_penalty(client):
    html = get(client, step_path("penalties"))
    assert re.search(r'data-penalty="2" data-reason="PLAYABLE_DISCARD" data-rule="X2"', html)
    assert re.search(r'data-penalty="0" data-reason="FINAL_TILE" data-rule="X4"', html)


@pytest.mark.parametrize(("language", "letters"), [("en", "rkby"), ("de", "rsbg")])
def test_the_guides_calculator_links_type_tiles_in_the_pages_notation(client, language, letters):
    """The German guide opens the calculator with s3 and g2 (black 3, yellow 2), as the German
    help beside the fields says, not with the English k3 and y2."""
    for step in ("scoring", "team"):
        html = get(client, step_path(step, language))
        with translation.override(language):
            calculator = reverse("scoring:calculator")
        links = re.findall(rf'href="({re.escape(calculator)}\?[^"]+)"', html)
        assert links
        for link in links:
            query = parse_qs(urlsplit(html_lib.unescape(link)).query)
            tiles = query["indicator"] + [v for k, vs in query.items() if "rack" in k for v in vs]
            used = {t[0] for text in tiles for t in text.split() if t not in ("ok", "fj")}
            assert used and used <= set(letters), (language, link)


def test_worked_scoring_example_is_computed_by_the_engine_and_links_to_the_calculator(client):
    from rules.engine import PlayerInput, PlayerState, score_round

    html = get(client, step_path("scoring"))
    indicator = parse_indicator(SCORING_INDICATOR)
    players = [
        PlayerInput(state=state)
        if state is PlayerState.FINISHED
        else PlayerInput(state=state, rack=parse_tiles(rack, allow_empty=True) or None)
        for _n, state, rack in SCORING_PLAYERS
    ]
    plain = score_round(players, indicator)
    doubled = score_round(players, indicator, okey_finish=True)
    for seat in range(1, 5):
        assert (
            f'data-player="{seat}" data-score="{plain.score(seat)}" '
            f'data-doubled="{doubled.score(seat)}"'
        ) in html
    assert 'data-score="195"' in html  # docs/rules.md's worked check: (3 + 11 + 25) × 5
    # Who has not melded holds 14 tiles or more, none of them counted: no rack is drawn.
    cem = re.search(r'<tr data-player="3".*?</tr>', html, re.S).group(0)
    assert "all of them, not counted" in cem and 'class="tile' not in cem
    assert "(3 + 11 + 25) ×\u00a05" in html  # "× 5" stays on one line
    # The table writes 1,000 as the sentence above it does (German 1.000), not "1000".
    assert re.search(r'data-doubled="1000">.*?<td class="num">1,000</td>', html, re.S)
    german = get(client, step_path("scoring", "de"))
    assert re.search(r'data-doubled="1000">.*?<td class="num">1.000</td>', german, re.S)
    link = html_lib.unescape(re.search(r'href="(/en/calculator/\?[^"]+)"', html).group(1))
    query = parse_qs(urlsplit(link).query)
    assert query["indicator"] == [SCORING_INDICATOR] and query["round"] == ["5"]
    for seat, (name, state, rack) in enumerate(SCORING_PLAYERS, 1):
        assert query[f"name{seat}"] == [name] and query[f"state{seat}"] == [str(state)]
        assert query.get(f"rack{seat}", [""]) == [rack]
    calculator = client.get(link).content.decode()
    for seat in range(1, 5):
        assert re.search(
            rf'data-player="{seat}"[^>]*data-score="{plain.score(seat)}"', calculator
        ), seat


def test_team_example_gives_the_partner_zero(client):
    from rules.engine import PlayerInput, PlayerState, score_round

    team = get(client, step_path("team"))
    players = [
        PlayerInput(state=state)
        if state is PlayerState.FINISHED
        else PlayerInput(state=state, rack=parse_tiles(rack, allow_empty=True) or None)
        for _n, state, rack in SCORING_PLAYERS
    ]
    result = score_round(players, parse_indicator(SCORING_INDICATOR), team=True)
    assert result.score(3) == 0  # Cem, not melded, partner of the finisher
    for seat in range(1, 5):
        assert f'data-player="{seat}" data-team-score="{result.score(seat)}"' in team
    for i, total in enumerate(result.team_totals, 1):
        assert f'data-team="{i}" data-team-total="{total}"' in team
    # the link opens the calculator on the same team round, and it agrees
    link = html_lib.unescape(re.search(r'href="(/en/calculator/\?[^"]+)"', team).group(1))
    assert parse_qs(urlsplit(link).query)["team"] == ["1"]
    calculator = client.get(link).content.decode()
    for seat in range(1, 5):
        assert re.search(
            rf'data-player="{seat}"[^>]*data-score="{result.score(seat)}"', calculator
        ), seat


@pytest.mark.parametrize("language", ["en", "de"])
def test_faq_links_every_ruling_and_is_published_as_faqpage_json_ld(client, language):
    with translation.override(language):
        path = reverse("rules:step", args=["faq"])
        rulings = [reverse("referee:ruling", args=[q.ruling]) for q in faq() if q.ruling]
        more = [reverse("rules:step", args=[q.section]) for q in faq() if q.section]
        questions = [q.question for q in faq()]
    html = get(client, path)
    faq_html = re.search(r'<article id="faq".*?</article>', html, re.S).group(0)
    assert more and all(f'href="{url}"' in faq_html for url in more)
    assert len(rulings) == 9
    for url in rulings:
        assert f'href="{url}"' in faq_html
        assert client.get(url).status_code == 200
    blocks = re.findall(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)
    assert len(blocks) == 1
    data = json.loads(blocks[0])
    assert data["@type"] == "FAQPage"
    assert [q["name"] for q in data["mainEntity"]] == questions
    assert all(q["acceptedAnswer"]["text"] for q in data["mainEntity"])


def test_each_language_and_host_gets_its_own_faq_json_ld(client):
    """The structured data is the page's own: never another language's or another host's."""
    seen = {}
    for host, language in (("localhost", "en"), ("127.0.0.1", "de"), ("127.0.0.1", "en")):
        with translation.override(language):
            path = reverse("rules:step", args=["faq"])
            questions = [q.question for q in faq()]
        html = client.get(path, headers={"Host": host}).content.decode()
        block = re.search(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)
        entities = json.loads(block.group(1))["mainEntity"]
        assert [q["name"] for q in entities] == questions, (host, language)
        assert all(q["acceptedAnswer"]["url"].startswith(f"http://{host}/") for q in entities)
        seen[host, language] = entities
    assert seen["localhost", "en"] != seen["127.0.0.1", "en"]


def test_json_ld_is_escaped_like_json_script():
    from rules.views import json_ld

    out = json_ld({"text": "</script><b>&"})
    assert "</script>" not in out and "<b>" not in out and "&" not in out
    assert json.loads(out) == {"text": "</script><b>&"}


@pytest.mark.parametrize(
    ("language", "glossary"), [("en", "/en/glossary/"), ("de", "/de/glossar/")]
)
def test_guide_links_each_glossary_term_where_it_first_appears(client, language, glossary):
    html = whole_guide(client, language)
    linked = re.findall(rf'href="{glossary}#([\w-]+)"', html)
    # The terms that name the site's own pages: the guide links the pages themselves.
    pages = {"referee": "referee:index", "score-calculator": "scoring:calculator"}
    with translation.override(language):
        assert all(f'href="{reverse(name)}"' in html for name in pages.values())
    slugs = set(GlossaryTerm.objects.values_list("slug", flat=True)) - set(pages)
    assert set(linked) == slugs  # every other term is linked, and only real anchors
    assert set(linked) == GLOSSARY_LINKS  # the entries the admin keeps (rules/admin.py)
    assert len(linked) == len(slugs)  # once each: where it first appears
    glossary_html = get(client, glossary)
    for slug in slugs:
        assert f'<dt id="{slug}">' in glossary_html


def test_rule_ids_are_shown_as_badges(client):
    html = whole_guide(client)
    badges = set(re.findall(r'<a class="rule-id" href="[^"]+" aria-label="[^"]+">(\w+)</a>', html))
    for rule in ("T2", "T4", "M1", "M2", "M3", "C2", "P3", "P7", "B1", "X2", "E2", "S3", "S5"):
        assert rule in badges


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_rule_is_stated_with_its_badge_on_the_step_the_rule_index_names(client, language):
    """The list of rules by ID sends each rule to one step; that step states it, badge and all
    (S7, the last round's 500, and T5, the indicator, had an entry but no text)."""
    from rules.guide import sections

    with translation.override(language):
        steps = {s.anchor: s for s in sections()}
    for step in steps.values():
        if not step.rules:
            continue
        html = get(client, step_path(step.anchor, language))
        badges = set(
            re.findall(r'<a class="rule-id" href="[^"]+" aria-label="[^"]+">(\w+)</a>', html)
        )
        assert set(step.rules) <= badges, (step.anchor, set(step.rules) - badges)
    listed = {rule for step in steps.values() for rule in step.rules}
    assert {"S7", "T5"} <= listed


# --- Glossary ------------------------------------------------------------------------------


def test_glossary_is_alphabetical_in_each_language_with_the_other_name(client):
    for path, other in (("/en/glossary/", "German:"), ("/de/glossar/", "Englisch:")):
        html = html_lib.unescape(get(client, path))
        terms = re.findall(r'<dt id="[\w-]+">([^<]+)', html)
        assert len(terms) == GlossaryTerm.objects.count()
        from rules.views import sort_key

        assert terms == sorted(terms, key=sort_key)
        assert html.count(other) == len(terms)
    assert "Anzeigestein" in get(client, "/en/glossary/")
    assert "indicator tile" in get(client, "/de/glossar/")


# --- Sitemap -------------------------------------------------------------------------------


def test_sitemap_lists_rounds_and_glossary_with_their_twins(client):
    xml = get(client, "/sitemap.xml")
    for english, german in PAGES + [(f"/en/rounds/{n}/", f"/de/runden/{n}/") for n in (1, 20)]:
        assert f"<loc>http://testserver{english}</loc>" in xml
        assert f"<loc>http://testserver{german}</loc>" in xml
        assert f'hreflang="de" href="http://testserver{german}"' in xml


def test_adding_and_swapping_examples_are_the_engines_verdict(client):
    from rules.engine import can_add, can_swap_okey, excess_copies, parse_tile

    html = get(client, step_path("adding"))
    seen = {"P6": 0, "P7": 0}
    for figure in figures(html):
        found = re.search(r'data-rule="(\w+)"', figure)
        rule = found.group(1) if found else None
        if rule not in seen:
            continue
        before, after = figure.rsplit("verdict__caption", 1)
        meld = parse_tiles(" ".join(re.findall(r'data-tile="(\w+)"', before)))
        (token,) = re.findall(r'data-tile="(\w+)"', after)
        check = can_add if rule == "P6" else can_swap_okey
        verdict = check(parse_tile(token), meld, INDICATOR)
        # every example could happen: no tile more often than the set holds it (T1)
        assert excess_copies((*meld, parse_tile(token)), INDICATOR) is None, (rule, token)
        assert f'data-reason="{verdict.reason}"' in figure, (rule, token)
        assert f'data-verdict="{"valid" if verdict.ok else "invalid"}"' in figure
        seen[rule] += 1
        if verdict.reason == "GROUP_FULL":
            # "no room for a fifth, not even an Okey": the tile shown is one that would fit
            # the group but for its size, the Okey itself (a red 2 could never join 7s)
            assert token == "ok", token
    assert seen == {"P6": 3, "P7": 2}


# --- Weight (docs/interface.md budgets) -----------------------------------------------------------


@pytest.mark.parametrize("path", [*ALL, "/en/rounds/20/", "/de/runden/1/"])
def test_first_html_response_is_small(client, path):
    html = client.get(path).content
    assert "rules/rules.css" in own_assets(html)
    assert len(gzip.compress(html)) <= FIRST_HTML_GZIPPED


@pytest.mark.parametrize(
    "path",
    [
        *guide_paths("en"),
        *guide_paths("de"),
        "/en/rounds/",
        "/de/runden/",
        "/en/rounds/12/",
        "/de/runden/20/",
        "/en/glossary/",
        "/de/glossar/",
    ],
)
def test_every_page_of_the_guide_the_rounds_and_the_glossary_stays_within_40_kb(client, path):
    total = own_bytes(client.get(path).content)
    assert total <= OWN_BYTES, total


@pytest.mark.django_db
@pytest.mark.parametrize("number", ["21", "32768", "10000000000000000000"])
def test_a_round_that_does_not_exist_is_a_404(client, number):
    assert client.get(f"/en/rounds/{number}/").status_code == 404


@pytest.mark.parametrize(
    ("language", "exceptions"),
    [
        ("en", ["no penalty-free tile", "fewer than two tiles", "the tile that ends the round"]),
        ("de", ["keinen Stein ohne Strafe", "weniger als zwei Steine", "Runde beendet"]),
    ],
)
def test_the_faq_names_every_exception_to_the_playable_discard_penalty(language, exceptions):
    with translation.override(language):  # X3, X5, X4
        answer = next(q.answer for q in faq() if q.anchor == "faq-playable")
    for words in exceptions:
        assert words in answer, words


@pytest.mark.parametrize(
    ("language", "penalty", "buy", "limit"),
    [
        ("en", "{} penalty tiles", {1: "draw 1 tile from the pile"}, "up to {} times"),
        ("de", "{} Strafsteine", {1: "ziehst du einen Strafstein"}, "bis zu {} Käufe"),
    ],
)
def test_the_faq_takes_its_numbers_from_the_engine(monkeypatch, language, penalty, buy, limit):
    """X1, X2, B1, B2: the answers quote the engine's penalty and buy limit, not typed copies."""
    import rules.guide

    def answers():
        with translation.override(language):
            return {q.anchor: q.answer for q in faq()}

    today = answers()
    assert penalty.format(PENALTY_TILES) in today["faq-playable"]
    assert penalty.format(PENALTY_TILES) in today["faq-discard-okey"]
    assert buy[resolve_buy(1, {3}).penalty_tiles] in today["faq-buy"]  # German: "einen"
    assert limit.format(BUY_LIMIT) in today["faq-buy"]
    monkeypatch.setattr(rules.guide, "PENALTY_TILES", 3)
    monkeypatch.setattr(rules.guide, "BUY_LIMIT", 7)
    changed = answers()
    assert penalty.format(3) in changed["faq-playable"]
    assert penalty.format(3) in changed["faq-discard-okey"]
    assert limit.format(7) in changed["faq-buy"]


@pytest.mark.parametrize(
    ("language", "words"), [("en", "cost {} penalty tiles"), ("de", "kosten {} Strafsteine")]
)
def test_the_penalties_step_takes_its_count_from_the_engine(client, monkeypatch, language, words):
    import rules.views

    path = step_path("penalties", language)
    assert words.format(PENALTY_TILES) in get(client, path)
    monkeypatch.setattr(rules.views, "PENALTY_TILES", 3)
    caches["pages"].clear()
    assert words.format(3) in get(client, path)


def scores_plus_seven(*args, **kwargs):
    """The engine's scores, each 7 more: a finisher scores 7, not 0."""
    result = score_round(*args, **kwargs)
    return replace(result, players=tuple(replace(p, score=p.score + 7) for p in result.players))


def buy_for_two(*args, **kwargs):
    """The engine's buy, at 2 penalty tiles instead of its 1."""
    return replace(resolve_buy(*args, **kwargs), penalty_tiles=2)


def high_six_low_three(indicator):
    """A multiplier of ×6 for a red (or black) Okey and ×3 for a blue (or yellow) one."""
    return 6 if indicator.colour in ("r", "k") else 3


# Engine rules changed for a test: what is changed, and how.
CHANGES = {
    "T1 108": ("rules.reasons.full_set", lambda: range(108)),
    "D1 13": ("rules.reasons.OTHER_TILES", 13),
    "D1 16": ("rules.reasons.STARTING_TILES", 16),
    "D1 47": ("rules.reasons.PILE_AFTER_DEAL", 47),
    "C3 18": ("rules.reasons.DEFAULT_ROUNDS", DEFAULT_ROUNDS[:18]),
    "S2 600": ("rules.engine.scoring.NOT_MELDED_POINTS", 600),
    "S1 7": ("rules.reasons.score_round", scores_plus_seven),
    "S3 30": ("rules.reasons.OKEY_POINTS", 30),
    "S3 6/3": ("rules.reasons.multiplier", high_six_low_three),
    "X5 3": ("rules.reasons.PENALTY_TILES", 3),
    "E2 2": ("rules.reasons.MAX_REDEALS", 2),
    "B1 2": ("rules.views.resolve_buy", buy_for_two),
    "B2 6": ("rules.reasons.BUY_LIMIT", 6),
}

# A change, the page that quotes the rule and the words it then says in English and German.
# The guide's steps by anchor; "guide" is its first page (at a glance and the rule titles),
# "home" the home page, "rounds" the list of rounds.
ENGINE_NUMBERS = [
    ("T1 108", "okey", "The set has 108 tiles", "Das Spiel hat 108 Steine"),
    ("T1 108", "guide", "with 108 tiles over", "mit 108 Steinen über"),
    ("T1 108", "guide", "T1 108 tiles", "T1 108 Steine"),
    ("T1 108", "home", "with 108 tiles over", "mit 108 Steinen über"),
    ("D1 13", "deal", "dealt 13 tiles", "Jeder bekommt 13 Steine"),
    ("D1 16", "deal", "starting player gets 16,", "beginnt, sogar 16"),
    ("D1 47", "deal", "the other 47, face down", "die übrigen 47 bilden"),
    ("D1 47", "guide", "tiles, 47 in the pile", "Steine, 47 im Nachziehstapel"),
    ("C3 18", "guide", "over 18 rounds", "über 18 Runden"),
    ("C3 18", "guide", "C3 18 rounds", "C3 18 Runden"),
    ("C3 18", "contracts", "See all 18 rounds", "Alle 18 Runden"),
    ("C3 18", "scoring", "Playing all 18 rounds?", "alle 18 Runden?"),
    ("C3 18", "rounds", "The 18 rounds of Küt", "Die 18 Runden von"),
    ("C3 18", "home", "The 18 rounds", "Die 18 Runden"),
    ("C3 18", "home", "for all 18 rounds", "für alle 18 Runden"),
    ("S2 600", "scoring", "not melded scores 600.", "ausgelegt hat, bekommt 600 Punkte."),
    ("S2 600", "scoring", "1,200 for not having", "1.200 ohne Auslage"),  # S4
    ("S2 600", "scoring", "everyone scores 600 except", "Alle bekommen deshalb 600"),  # S7
    ("S2 600", "guide", "without a meld scores 600.", "ausgelegt hat, 600."),
    ("S2 600", "guide", "Not melded: 600", "Nicht ausgelegt: 600"),
    ("S2 600", "team", "Cem scores 0 instead of 600.", "Cem 0 statt 600 Punkte"),
    ("S1 7", "scoring", "ends the round scores 7.", "beendet, bekommt 7 Punkte."),
    ("S1 7", "team", "you both score 7", "das Gegenüber 7 Punkte"),  # S5
    ("S1 7", "ending", "and nobody scores 7.", "und niemand bekommt 7 Punkte."),  # E2
    ("S1 7", "guide", "they score 7,", "Diese Person bekommt 7 Punkte"),
    ("S1 7", "guide", "S1 Ending the round scores 7", "S1 Wer die Runde beendet, bekommt 7"),
    ("S3 30", "scoring", "false joker as 30.", "falsche Joker zählt 30."),
    ("S3 6/3", "scoring", "×6 for a red", "×6 bei einem roten"),
    ("S3 6/3", "scoring", "×3 for a blue", "×3 bei einem blauen"),
    ("S3 6/3", "guide", "rack counts ×3 or ×6", "Steinhalter ×3 oder ×6"),
    ("X5 3", "penalties", "fewer than three tiles are left", "weniger als drei Steine liegen"),
    ("X5 3", "faq", "fewer than three tiles are left", "weniger als drei Steine im"),
    ("X5 3", "guide", "Fewer than three tiles in the pile", "Weniger als drei Steine im"),
    ("E2 2", "ending", "at most twice in a row", "höchstens zweimal hintereinander"),
    ("E2 2", "faq", "at most twice in a row", "höchstens zweimal hintereinander"),
    ("B1 2", "buying", "at the price of 2 penalty tiles", "Preis von 2 Strafsteinen"),
    ("B2 6", "guide", "Six buys a round", "Sechs Käufe pro Runde"),
]


def page_path(page, language):
    with translation.override(language):
        if page in STEP_SLUGS:
            return reverse("rules:step", args=[page])
        return reverse({"guide": "rules:guide", "home": "home", "rounds": "rules:rounds"}[page])


def said(html):
    """What the page says: its text without markup ("scores <strong>0</strong>" → "scores 0")."""
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", "", html)).split())


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(("change", "page", "english", "german"), ENGINE_NUMBERS)
def test_the_guide_quotes_the_engines_numbers(
    client, engine_change, language, change, page, english, german
):
    """T1, D1, C3, S1–S5, S7, X5, E2, B1, B2: a number in the guide's prose (and the home page,
    the rounds list and the rule titles) changes when the engine's rule does: none is typed."""
    path, words = page_path(page, language), english if language == "en" else german
    assert words not in said(get(client, path))
    engine_change(CHANGES[change])
    assert words in said(get(client, path))


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_guide_names_the_first_contracts_as_the_rounds_list_has_them(client, language):
    """The contracts step names the first four rounds' contracts from this site's round list,
    worded by the engine: an editor's change to round 1 reaches the guide too."""
    path = step_path("contracts", language)
    with translation.override(language):
        first = [contract_text(r.to_engine().contract) for r in Round.objects.order_by("number")]
    html = get(client, path)
    assert "; ".join(first[:4]) in html
    changed = Round.objects.get(number=1)
    changed.group_size = 4
    changed.example = "r7 k7 b7 y7"
    changed.save()
    with translation.override(language):
        now = contract_text(Round.objects.get(number=1).to_engine().contract)
    assert now != first[0]
    html = get(client, path)
    assert f": {now}; {first[1]};" in html


@pytest.mark.parametrize(
    ("language", "summary", "fourth_time"),
    [
        (
            "en",
            "From your next turn after melding you may also add tiles to the table.",
            "everyone is scored as in any other round, except that nobody gets the 0 for ending it",
        ),
        (
            "de",
            "Ab deinem nächsten Zug nach dem Auslegen darfst du auch Steine anlegen.",
            "Alle werden wie in jeder anderen Runde gewertet, nur bekommt niemand 0 Punkte fürs "
            "Beenden",
        ),
    ],
)
def test_a_newcomer_reads_when_adding_starts_and_how_a_fourth_empty_pile_scores(
    client, language, summary, fourth_time
):
    """P3, P4: the guide's summary never lets a player add on the turn they meld (it said "once
    you have melded, you may add"). E2: the ruling on an empty pile says how the fourth time is
    scored, when nobody ended the round (it said "as usual")."""
    with translation.override(language):
        guide, ruling = reverse("rules:guide"), reverse("referee:ruling", args=["pile-runs-out"])
    assert summary in said(get(client, guide))
    assert "once you have melded, you may add" not in get(client, guide)
    assert fourth_time in said(get(client, ruling))


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_turn_warns_of_penalty_discards_from_the_first_turn(client, language):
    """The turn's third step is the discard, and two kinds of discard cost penalty tiles even
    before melding (X1, X2): the turn says so with the engine's count and links the step that
    explains them, rather than leaving a newcomer to find out four steps later."""
    html = get(client, step_path("turn", language))
    penalties = step_path("penalties", language)
    warning = re.search(rf'<p>([^<]*) <a href="{penalties}">[^<]*</a>', html)
    assert warning, html
    assert warning.group(1).endswith(f" {PENALTY_TILES}")
    badges = re.findall(r'<a class="rule-id" href="[^"]+" aria-label="[^"]+">(\w+)</a>', html)
    assert {"X1", "X2"} <= set(badges)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "If a false joker is turned up, put it back among the tiles and turn up another"),
        ("de", "Wird ein falscher Joker aufgedeckt, leg ihn zurück zu den Steinen und deck einen"),
    ],
)
def test_T5_the_guide_says_what_to_do_when_a_false_joker_is_turned_up(client, language, words):
    """The tools refuse a false joker as the indicator (T5): the guide says what the table does
    instead, so that a round that turns one up is not stuck."""
    text = " ".join(re.sub(r"<[^>]+>", " ", get(client, step_path("okey", language))).split())
    assert words in text
