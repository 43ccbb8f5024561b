"""The site says the rules in its own words (docs/rules.md: facts only, never the sources'
sentences).

A QA pass found sentences that ran 8 or more words along the rules pages this project started
from. They were reworded; this test keeps them out. It holds only the phrases that were removed
(the sources themselves stay outside the repository: a copy here would be copying them again)
and reads every content page a visitor can reach, in both languages.
"""

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

from referee.models import Ruling
from rules.guide import steps
from rules.models import Round
from tests.rules.guide_pages import guide_paths

pytestmark = pytest.mark.django_db

# Compared with punctuation and case ignored.
REMOVED = [
    # the footer of every page
    "Küt has no single rulebook",
    "Für Küt gibt es kein einheitliches Regelwerk",
    # the guide
    "cannot end the round by adding your last tile to the table",
    "round ends with a discard only the last round",
    "the two players sitting opposite each other are partners",
    "ends the round and scores 0; anyone who has not melded scores 500",
    "Finishing with Okey does not count in this round",
    "is an actual Okey, the round is finished with Okey",
    "the one whose turn comes sooner gets it",
    "the one whose turn comes sooner takes it",
    "How many penalty tiles come with a bought discard",
    "if every tile on your rack would carry a penalty",
    "the numbers 1 to 13 in red, black, blue and yellow",
    "the numbers 1 to 13 in four colours – red, black",
    "tile is turned face up as the indicator",
    "The player who ends the round scores 0",
    "A player who has melded adds up the",
    # the referee and the engine's verdicts
    "the tile that ends the round carries no penalty",
    "may take it by drawing one penalty tile",
    "Wollen zwei Spieler denselben Stein, bekommt ihn, wer früher",
    "bekommt ihn, wer früher an der Reihe ist",
    "In dem Zug, in dem du auslegst, darfst du weder",
    # a content audit (2026-12-04): sentences that kept a source sentence's build, with
    # synonyms swapped in
    "The player who starts the round gets 15 tiles",
    "Holding the extra tile, the starter begins with a discard",
    "Play stops at once, and everyone counts the tiles left",
    "At a real table there is no single rule for this",
    "If a meld on the table holds an Okey and you have the real tile it stands for",
    "From your next turn on you may lay down new melds and add tiles to any meld",
    "The sum is multiplied by 5 when the Okey is red or black",
    "If they pass on it, another player may buy it out of turn",
    "throwing it away is a gift to the others",
    "as their turn comes sooner",
    "No one rulebook governs Küt",
    "What your table has agreed on stands",
    "reports only what the written sources say",
    "Pagat’s Okey rules agree: 12-13-1 counts",
    "The written table rule matches: whoever puts in the tile the Okey stands for",
    "The written table rule makes melding a turn of its own",
    "A penalty for discarding an Okey in the middle of a round is not mentioned",
    "Die Okey-Regeln bei Pagat sehen es genauso",
    "Nach der schriftlichen Tischregel ist das Auslegen ein eigener Zug",
    "Eine Strafe für einen Okey, der mitten in der Runde abgeworfen wird",
    "Wollen zwei denselben Stein, bekommt ihn",
    "Küt kennt kein festes Regelbuch",
    "12-13-1 ist eine Reihe, 13-1-2 nicht",
    "wer ihn abwirft, zieht 2 Strafsteine",
    "macht den anderen ein Geschenk",
]


def normalized(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.casefold()))


def visible_text(page: str) -> str:
    """What a reader gets from a page: its text and its description, without markup."""
    page = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", page)
    page = re.sub(r'<meta name="description" content="([^"]*)"', r"\1 <", page)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def content_paths(language: str) -> list[str]:
    with translation.override(language):
        return [
            reverse("home"),
            *guide_paths(language),
            reverse("rules:glossary"),
            reverse("rules:rounds"),
            *(r.get_absolute_url() for r in Round.objects.all()),
            reverse("referee:index"),
            *(r.get_absolute_url() for r in Ruling.objects.all()),
        ]


def test_the_removed_phrases_are_read_as_words():
    assert normalized("Küt has no single rulebook: if your table…") == (
        "küt has no single rulebook if your table"
    )
    assert normalized(visible_text('<p>the <a href="#">Okey</a>’s tile</p>')) == "the okey s tile"


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_page_repeats_a_sentence_of_the_sources(client, language):
    paths = content_paths(language)
    assert len(paths) > len(steps()) + 20 + 9  # every step, round and ruling
    removed = [normalized(phrase) for phrase in REMOVED]
    for path in paths:
        response = client.get(path)
        assert response.status_code == 200, path
        text = normalized(visible_text(response.content.decode()))
        for phrase in removed:
            assert phrase not in text, (path, phrase)
