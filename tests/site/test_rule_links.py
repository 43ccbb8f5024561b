"""Rule IDs explained (issue 16, item 12): every rule badge is a link to the rule's entry in the
guide, with an accessible name in the page's language, and every page's headings go down one
level at a time."""

from html.parser import HTMLParser
from urllib.parse import urlencode

import pytest
from django.urls import reverse
from django.utils import translation

from kutsite.templatetags.components import rule_badge
from rules.guide import calculator_url, steps
from rules.reasons import RULE_TITLES, rule_title

from ..docs import rule_ids

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "de")
RULE_WORD = {"en": "Rule", "de": "Regel"}


class Outline(HTMLParser):
    """The page's headings (level, text), rule badges (tag, attributes, text) and ids."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.headings: list[tuple[int, str]] = []
        self.badges: list[tuple[str, dict, str]] = []
        self.ids: set[str] = set()
        self._heading: list | None = None
        self._badge: list | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if len(tag) == 2 and tag[0] == "h" and tag[1] in "123456":
            self._heading = [int(tag[1]), ""]
        if "rule-id" in (attrs.get("class") or "").split():
            self._badge = [tag, attrs, ""]

    def handle_endtag(self, tag):
        if self._heading and tag == f"h{self._heading[0]}":
            self.headings.append((self._heading[0], " ".join(self._heading[1].split())))
            self._heading = None
        if self._badge and tag == self._badge[0]:
            self.badges.append(tuple(self._badge))
            self._badge = None

    def handle_data(self, data):
        if self._heading:
            self._heading[1] += data
        if self._badge:
            self._badge[2] += data


def outline(client, url) -> Outline:
    response = client.get(url)
    assert response.status_code == 200, url
    reader = Outline()
    reader.feed(response.content.decode())
    return reader


def page_urls(language: str) -> list[str]:
    """One page of every type, with verdicts drawn where the page can show them."""
    with translation.override(language):
        check = reverse("referee:check")
        discard = reverse("referee:discard")
        rack = reverse("referee:rack")
        return [
            reverse("home"),
            reverse("rules:guide"),
            *(reverse("rules:step", args=[step.anchor]) for step in steps()),
            reverse("rules:rounds"),
            reverse("rules:round", args=[4]),
            reverse("rules:round", args=[20]),
            reverse("rules:glossary"),
            reverse("referee:index"),
            reverse("referee:ruling", args=["take-the-okey"]),
            reverse("referee:ruling", args=["discard-playable-tile"]),
            check,
            check + "?" + urlencode({"tiles": "r12 r13 r1|k3 k4", "indicator": "b8", "round": 4}),
            discard + "?" + urlencode({"table": "b4 b5 b6", "tile": "b7", "indicator": "b8"}),
            rack + "?" + urlencode({"indicator": "b8", "round": 1, "rack": "r7 k7 b7 b4 b5 b6 y2"}),
            rack + "?" + urlencode({"indicator": "b8", "round": 2, "rack": "r7 k1 b3"}),
            calculator_url(),
            reverse("games:new"),
            reverse("offline"),
        ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rule_badge_links_to_the_rule_in_the_guide_with_an_accessible_name(client, language):
    with translation.override(language):
        guide = reverse("rules:guide")
        titles = {rule: rule_title(rule) for rule in RULE_TITLES}
    guide_ids = outline(client, guide).ids
    seen = set()
    for url in page_urls(language):
        for tag, attrs, text in outline(client, url).badges:
            assert tag == "a", (url, attrs, text)
            rule = text.strip()
            assert attrs["href"] == f"{guide}#rule-{rule}", (url, attrs)
            assert f"rule-{rule}" in guide_ids, (url, rule)
            assert attrs["aria-label"] == f"{RULE_WORD[language]} {rule}: {titles[rule]}", url
            seen.add(rule)
    # The checkers, the rulings, the rounds and the guide cite rules from every topic.
    assert {rule[0] for rule in seen} == set("TDMCPBXES"), seen


def test_the_guide_lists_every_rule_of_the_digest_once_and_explains_the_scheme(client):
    assert list(RULE_TITLES) == rule_ids()  # one title per rule ID, in the digest's order
    for language in LANGUAGES:
        with translation.override(language):
            guide = reverse("rules:guide")
        html = client.get(guide).content.decode()
        for rule in rule_ids():
            assert html.count(f'id="rule-{rule}"') == 1, (language, rule)
        for letter in "TDMCPBXES":
            assert f'id="rule-topic-{letter}"' in html
    en = client.get("/en/guide/").content.decode()
    assert "a letter for its topic and a number" in en
    assert '<h3 id="rule-topic-M">M – Melds</h3>' in en
    de = client.get("/de/anleitung/").content.decode()
    assert "einen Buchstaben für ihr Thema" in de
    assert '<h3 id="rule-topic-M">M – Kombinationen</h3>' in de


def test_a_rule_entry_links_to_the_section_that_states_it(client):
    html = client.get("/en/guide/").content.decode()
    entry = html.split('id="rule-M2"', 1)[1].split("</li>", 1)[0]
    assert "Runs" in entry and 'href="/en/guide/melds/"' in entry
    entry = html.split('id="rule-X2"', 1)[1].split("</li>", 1)[0]
    assert 'href="/en/guide/penalties/"' in entry
    german = client.get("/de/anleitung/").content.decode()
    entry = german.split('id="rule-X2"', 1)[1].split("</li>", 1)[0]
    assert 'href="/de/anleitung/strafabwuerfe/"' in entry


def test_a_badge_names_the_rule_in_both_languages():
    with translation.override("en"):
        assert rule_badge("M2") == (
            '<a class="rule-id" href="/en/guide/#rule-M2" aria-label="Rule M2: Runs">M2</a>'
        )
    with translation.override("de"):
        assert 'aria-label="Regel M2: Reihen">M2</a>' in rule_badge("M2")
        assert 'href="/de/anleitung/#rule-X6"' in rule_badge("X6")
        assert 'aria-label="Regel X6: Mit Okey beenden ist straffrei"' in rule_badge("X6")


def heading_problems(reader: Outline) -> list[str]:
    """What is wrong with a page's outline: not one h1 first, or a level skipped going down."""
    levels = [level for level, _ in reader.headings]
    problems = []
    if not levels or levels[0] != 1 or levels.count(1) != 1:
        problems.append(f"one h1, first: {levels}")
    for (before, _), (after, text) in zip(reader.headings, reader.headings[1:], strict=False):
        if after > before + 1:
            problems.append(f"h{before} → h{after} “{text}”")
    return problems


@pytest.mark.parametrize("language", LANGUAGES)
def test_headings_go_down_one_level_at_a_time_on_every_page(client, language):
    for url in page_urls(language):
        assert not heading_problems(outline(client, url)), url


def test_the_heading_walk_fails_on_a_skipped_level():
    reader = Outline()
    reader.feed("<h1>Title</h1><h2>Part</h2><h4>Skipped</h4><h2>Next</h2>")
    assert heading_problems(reader) == ["h2 → h4 “Skipped”"]
    reader = Outline()
    reader.feed("<h2>No title</h2>")
    assert heading_problems(reader)
