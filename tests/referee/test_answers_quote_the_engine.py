"""X1, X2, X5, S1–S5: the numbers an answer states in its sentences — a penalty's
tiles, an Okey's points, the doubling, a finisher's score — are the engine's, carried as facts
of its verdict or its working, never typed into the sentence. Each row changes one engine rule
and finds the new number in the answer (and the page's own words: the calculator's help and
labels too), in English and German."""

import html as html_lib
import re

import pytest

from tests.referee.helpers import discard_url, rack_url
from tests.scoring.helpers import url as calculator_url

pytestmark = pytest.mark.django_db

# What is changed, and to what.
CHANGES = {
    "X 3": [("rules.engine.discards.PENALTY_TILES", 3), ("referee.views.PENALTY_TILES", 3)],
    "X5 3": [("rules.engine.discards.PENALTY_TILES", 3), ("rules.reasons.PENALTY_TILES", 3)],
    "S1 7": [("rules.engine.scoring.FINISHER_POINTS", 7), ("referee.views.FINISHER_POINTS", 7)],
    "S2 600": [("rules.engine.scoring.NOT_MELDED_POINTS", 600)],
    "S3 30": [("rules.engine.scoring.OKEY_POINTS", 30), ("rules.reasons.OKEY_POINTS", 30)],
    "S3 6/3": [("rules.reasons.multiplier", lambda okey: 6 if okey.colour in ("r", "k") else 3)],
    "S4 3": [("rules.engine.scoring.OKEY_FINISH_FACTOR", 3)],
}

TABLE = {"table": "b4 b5 b6", "indicator": "r3"}
# Player 1 ends the round, player 3 melded and holds a red 3 (Okey red 2: racks count ×5).
A_ROUND = {
    "indicator": "r1",
    "round": "3",
    **{f"state{seat}": "not-melded" for seat in (2, 4)},
    "state1": "finished",
    "state3": "melded",
    "rack3": "r3",
}

# A change, the page or answer, and the words it then says in English and German.
ANSWERS = [
    ("X 3", lambda lang: discard_url(lang, tile="ok", **TABLE),
     "Discarding an Okey costs 3 penalty tiles.", "Einen Okey abzuwerfen kostet 3 Strafsteine."),
    ("X 3", lambda lang: discard_url(lang, tile="b7", **TABLE),
     "so discarding it costs 3 penalty tiles.", "der Abwurf kostet deshalb 3 Strafsteine."),
    ("X 3", lambda lang: discard_url(lang),
     "says whether it costs 3 penalty tiles", "ob das 3 Strafsteine kostet"),
    ("X 3", lambda lang: discard_url(lang),
     "Does this discard cost 3 penalty tiles?", "Kostet dieser Abwurf 3 Strafsteine?"),
    ("X5 3", lambda lang: discard_url(lang, tile="b7", pile="2", **TABLE),
     "with fewer than three, no penalty tiles are drawn", "Bei weniger als drei werden keine"),
    ("X5 3", lambda lang: discard_url(lang),
     "With fewer than three, no penalty tiles can be drawn.", "Bei weniger als drei können keine"),
    ("S1 7", lambda lang: calculator_url(lang, **A_ROUND),
     "Ended the round: 7", "Runde beendet: 7"),
    ("S1 7", lambda lang: calculator_url(lang, team="1", **A_ROUND),
     "Partner of Player 1, who ended the round: 7", "Partner von Spieler 1 (Runde beendet): 7"),
    ("S1 7", lambda lang: rack_url(lang, indicator="b8", round="20", rack=ALL_AT_ONCE),
     "your tiles end the round: you score 7.", "Deine Punkte: 7."),
    ("S1 7", lambda lang: rack_url(lang, indicator="b8", round="20", rack=ALL_AT_ONCE),
     'data-penalty-after="7"', 'data-penalty-after="7"'),
    ("S3 30", lambda lang: calculator_url(lang, **{**A_ROUND, "rack3": "ok r3"}),
     "1 Okey × 30 = 30", "1 Okey × 30 = 30"),
    ("S3 30", lambda lang: calculator_url(lang, **{**A_ROUND, "rack3": "fj fj"}),
     "2 false jokers × 30 = 60", "2 falsche Joker × 30 = 60"),
    ("S2 600", calculator_url,
     "600 for not melding", "600 ohne Auslegen"),
    ("S3 30", calculator_url,
     "Okeys and false jokers 30 each", "falsche Joker je 30"),
    ("S3 6/3", calculator_url,
     "before the ×3 or ×6", "vor dem ×3 oder ×6"),
    ("S3 6/3", calculator_url,
     "or points before ×3/×6", "oder Punkte vor ×3/×6"),
    ("S4 3", lambda lang: calculator_url(lang, okey_finish="1", **A_ROUND),
     "× 3, because the round was finished with Okey: 45",
     "× 3, weil die Runde mit Okey beendet wurde: 45"),
]  # fmt: skip

# A last round laid down all at once: two runs and a group (C4).
ALL_AT_ONCE = "r1 r2 r3 r4 r5 k1 k2 k3 k4 k5 b7 k7 y7 r7"


def said(html):
    """What the page says: its text and its description, without markup."""
    html = re.sub(r'<meta name="description" content="([^"]*)"', r"\1 <", html)
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def shows(html, words):
    """The words in what the page says, or a data- marker (docs/interface.md) in its markup."""
    return words in (html if words.startswith("data-") else said(html))


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(("change", "address", "english", "german"), ANSWERS)
def test_an_answer_quotes_the_engines_numbers(
    client, engine_change, language, change, address, english, german
):
    words = english if language == "en" else german
    page = client.get(address(language))
    assert page.status_code == 200
    assert not shows(page.content.decode(), words)
    engine_change(*CHANGES[change])
    assert shows(client.get(address(language)).content.decode(), words)
