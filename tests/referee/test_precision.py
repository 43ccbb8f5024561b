"""Issue 16: every verdict, example and sentence as a careful referee would say it.

Each case is a regression test for a class of misleading answers, with the rule ID it rests on
(docs/rules.md). Pages are fetched whole and as htmx fragments where the checkers answer both.
"""

import html as html_lib
import re
from itertools import pairwise

import pytest
from django.urls import reverse
from django.utils import translation

from games.messages import refusal_message
from games.services import Reason, Refused
from referee.models import Ruling
from rules.engine.verdicts import ReasonCode
from rules.reasons import sentence
from tests.rules.guide_pages import guide_paths
from tests.scoring.helpers import base_round, scores
from tests.scoring.helpers import url as calculator_url

from .helpers import (
    KEYS,
    LANGUAGES,
    PREFIX,
    SLUG_DE,
    check_url,
    discard_url,
    find,
    find_all,
    ruling_path,
)

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def get(client, url, **headers):
    response = client.get(url, headers=headers)
    assert response.status_code == 200, url
    return response.content.decode()


def text(html):
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


# --- Verdicts 1–8 ---------------------------------------------------------------------------

# rule, discard query, reason, words (en) the verdict must hold
ONE_TILE_RACK = [
    ("X6", {"tile": "ok", "rack": "ok"}, "FINISHED_WITH_OKEY", "doubled"),
    ("X4", {"tile": "b7", "rack": "b7"}, "FINAL_TILE", "ends the round"),
    ("X4", {"tile": "b7", "rack": "b7", "table": "b4 b5 b6"}, "FINAL_TILE", "ends the round"),
]


@pytest.mark.parametrize(("rule", "params", "reason", "words"), ONE_TILE_RACK)
@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_E1_the_discard_of_a_one_tile_rack_ends_the_round(
    client, rule, params, reason, words, headers
):
    html = get(client, discard_url(indicator="b8", **params), **headers)
    verdict = find(html, data_penalty="0")
    assert (verdict["data-reason"], verdict["data-rule"]) == (reason, rule)
    assert words in verdict.text
    assert "every tile" not in verdict.text  # not "no choice" (X3)


# query, where the error or verdict shows, words (en)
COPIES = [
    # T1/T2: the indicator b8 is one copy, in every mode
    (check_url(indicator="b8", tiles="b8 b8"), {"data_reason": "TOO_MANY_COPIES"}, "indicator"),
    (
        check_url(indicator="b8", tiles="b8 b8", round="10"),
        {"data_opening_reason": "TOO_MANY_COPIES"},
        "indicator",
    ),
    (
        discard_url(indicator="b8", table="b7 b8 b9", tile="b8"),
        {"data_error": "table"},
        "one blue 8 lies face up as the indicator",
    ),
    # the count is the full count: red 5 four times, not "3 times"
    (check_url(indicator="b8", tiles="r5 r5|r5 r5|y9 y9"), {"data_error": "tiles"}, "four times"),
]


@pytest.mark.parametrize(("url", "where", "words"), COPIES)
def test_T1_tiles_are_counted_one_way_with_the_indicator_in_every_mode(client, url, where, words):
    html = get(client, url)
    element = find_all(html, **where)[0]
    assert words in element.text, element.text
    assert "3 times" not in element.text


def test_T1_a_pair_of_the_indicators_face_is_refused_in_the_plain_check_too(client):
    plain = find_all(get(client, check_url(indicator="b8", tiles="b8 b8")), data_verdict=True)
    assert plain[0]["data-verdict"] == "invalid" and plain[0]["data-rule"] == "T1"
    fine = find_all(get(client, check_url(indicator="b7", tiles="b8 b8")), data_verdict=True)
    assert fine[0]["data-verdict"] == "valid"  # with another indicator the pair stands (M3)


@pytest.mark.parametrize(
    ("tiles", "words"),
    [
        ("r7 k7", "Küt group"),  # M3: a third 7 would make a group
        ("r7 r8", "run"),  # M3: a third red tile could make a run
        ("r3 k9", "not the same tile"),
    ],
)
@pytest.mark.parametrize("round_", ["", "10"])
def test_M3_two_tiles_are_judged_as_a_pair(client, tiles, words, round_):
    params = {"indicator": "b8", "tiles": tiles, **({"round": round_} if round_ else {})}
    verdict = find_all(get(client, check_url(**params)), data_verdict=True)[0]
    assert (verdict["data-reason"], verdict["data-rule"]) == ("PAIR_NOT_IDENTICAL", "M3")
    assert words in verdict.text and "at least 3" not in verdict.text


@pytest.mark.parametrize(
    ("typed", "drawn"),
    [
        ("r13 r1 ok", ["ok", "r13", "r1"]),  # M2/M4: the Okey is the 12
        ("ok b1 b2", ["b1", "b2", "ok"]),  # M2/M4: the Okey is the 3
        ("b5 b3 b4", ["b3", "b4", "b5"]),
        ("r12 r13 r1", ["r12", "r13", "r1"]),  # already in order: drawn as typed
    ],
)
def test_M2_tiles_are_a_set_and_the_run_is_drawn_in_order(client, typed, drawn):
    html = get(client, check_url(indicator="b8", tiles=typed), **HTMX)
    verdict = find(html, data_verdict="valid")
    assert verdict["data-kind"] == "run"
    assert re.findall(r'data-tile="(\w+)"', html) == drawn
    assert bool(find_all(html, data_arranged=True)) == (typed.split() != drawn)


def test_M2_thirteen_one_two_stays_invalid_in_any_order(client):
    for typed in ("r13 r1 r2", "r2 r13 r1", "r1 r2 r13"):
        verdict = find_all(get(client, check_url(indicator="b8", tiles=typed)), data_verdict=True)
        assert verdict[0]["data-verdict"] == "invalid", typed
        assert verdict[0]["data-rule"] == "M2", typed


def test_C4_round_20_is_no_opening(client):
    whole = "r1 r2 r3 r4 | k7 b7 y7 | b4 b5 b6 | k11 k12 k13 k1"
    html = get(client, check_url(indicator="b8", tiles=whole, round="20"))
    opening = find(html, data_opening="valid")
    assert opening["data-opening-rule"] == "C4"
    assert "opening" not in opening.text.lower()
    assert "Round 20: if these are all your tiles, they end the round" in opening.text


def test_C4_D1_three_tiles_are_no_whole_rack_in_round_20(client):
    """Valid melds of fewer than 14 tiles cannot be a whole rack going down in the last
    round: nobody has melded before it ends, so a rack holds all 14 tiles of the deal."""
    html = get(client, check_url(indicator="b8", tiles="r1 r2 r3", round="20"))
    opening = find(html, data_opening="invalid")
    assert opening["data-opening-rule"] == "C4"
    words = " ".join(opening.text.split())
    assert "Round 20: these tiles cannot go down all at once" in words
    assert "at least 14 tiles then; you entered 3." in words
    assert find(html, data_verdict="valid")["data-rule"] == "M2"  # the run itself is valid


def test_C2_the_meld_is_shown_in_the_reading_that_meets_the_contract(client):
    run_round = find(
        get(client, check_url(indicator="b8", tiles="r7 ok ok", round="2")), data_verdict="valid"
    )
    group_round = find(
        get(client, check_url(indicator="b8", tiles="r7 ok ok", round="1")), data_verdict="valid"
    )
    assert (run_round["data-kind"], group_round["data-kind"]) == ("run", "group")
    assert "Valid run" in run_round.text and "Valid Küt group" in group_round.text


@pytest.mark.parametrize(
    ("tiles", "ruling"),
    [
        ("r13 r1 r2", "run-12-13-1"),  # M2: what the ruling is about
        ("r12 r13 r1", "run-12-13-1"),
        ("b5 r6 b7", None),  # M2: two colours, not 12-13-1
        ("r4 r6 r7", None),  # M2: a gap
        ("r1 r2 r3", None),
        ("r7 r7 b7", "group-size"),  # M1: a colour twice
        ("r7 k7 b8", None),  # M1: two numbers
    ],
)
def test_links_follow_the_reason(client, tiles, ruling):
    html = get(client, check_url(indicator="b8", tiles=tiles))
    links = re.findall(r'class="checker__ruling">[^<]*<a href="([^"]+)"', html)
    assert links == ([f"{PREFIX['en']}{ruling}/"] if ruling else [])


@pytest.mark.parametrize(
    ("pile", "ok"), [("48", True), ("49", False), ("106", False), ("0", True), ("-1", False)]
)
def test_D1_the_pile_holds_at_most_48_tiles(client, pile, ok):
    html = get(client, discard_url(indicator="b8", table="b3 b4 b5", tile="b6", pile=pile))
    assert bool(find_all(html, data_error="pile")) is not ok


def test_E2_an_empty_pile_says_so_in_words(client):
    for language in LANGUAGES:
        html = get(
            client, discard_url(language, indicator="b8", table="b3 b4 b5", tile="b6", pile="0")
        )
        verdict = find(html, data_penalty="0")
        assert verdict["data-rule"] == "X5"
        assert not re.search(r"\b0\b", verdict.text), verdict.text
        # a redeal at most three times in a row: the fourth time the round is scored (E2)
        said = " ".join(verdict.text.split())
        assert ("three times in a row" if language == "en" else "dreimal hintereinander") in said


def test_a_hand_made_calculator_link_without_a_state_means_melded(client):
    # The form pre-selects "melded"; a link that leaves state3 out means the same.
    query = base_round(state3=None, rack3="k5")
    html = get(client, calculator_url(**query))
    assert scores(html)[3] == 25  # S3: 5 × 5 (red Okey)


def test_S3_the_points_field_says_it_takes_the_total_before_the_multiplier(client):
    for language, words in (("en", "before ×2/×5"), ("de", "vor ×2/×5")):
        assert words in text(get(client, calculator_url(language)))


def test_X2_the_real_tile_an_okey_stands_for_is_the_sites_choice(client):
    for language, words in (("en", "site’s choice"), ("de", "diese Website entschieden")):
        html = get(client, discard_url(language, indicator="b8", table="b3 ok b5", tile="b4"))
        verdict = find(html, data_penalty="0")
        assert verdict["data-reason"] == "NOT_PLAYABLE" and words in verdict.text


# --- Rulings and examples 9–12 ---------------------------------------------------------------


def examples(html):
    return find_all(html, data_example=True)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_not_now_example_says_when_it_becomes_possible_and_never_repeats_itself(client, language):
    can = {
        "en": ["You can take this Okey", "Can be added"],
        "de": ["Du kannst diesen Okey nehmen", "Darf angelegt werden"],
    }[language]
    for key in ("take-the-okey", "add-on-melding-turn", "add-before-melding"):
        for example in examples(get(client, ruling_path(language, key))):
            sentences = [s for s in re.split(r"(?<=[.!?])\s+", example.text) if s]
            assert len(sentences) == len(set(sentences)), (key, example.text)
            if example["data-example"] == "invalid":
                assert not any(words in example.text for words in can), example.text


def test_P3_the_melding_turn_example_says_next_turn(client):
    html = get(client, ruling_path("en", "take-the-okey"))
    texts = [e.text for e in examples(html)]
    # the move is told as what comes next, right after "…wait for your next turn."
    said = "wait for your next turn. Then you can take this Okey"
    assert any("Not on this turn" in t and said in t for t in texts), texts


def test_X3_example_shows_the_rack_it_talks_about(client):
    html = get(client, ruling_path("en", "discard-playable-tile"))
    talking = [e for e in examples(html) if re.search(r"tiles? on the rack", e.text)]
    assert talking, "no example talks about the rack any more: this test checks nothing"
    for example in talking:
        assert "On the rack" in example.text


def test_the_referee_page_says_whose_rules_and_links_the_sources(client):
    for language in LANGUAGES:
        html = get(client, PREFIX[language])
        assert 'href="https://www.pagat.com/rummy/okey.html"' in html
    buy = Ruling.objects.get(key="buy-discard")
    assert "adopts" in buy.app_ruling_en and "übernimmt" in buy.app_ruling_de  # B3


def test_the_home_page_does_not_give_round_20_a_contract(client):
    html = text(get(client, "/en/"))
    assert "Every round sets its own contract" not in html
    assert "Every round but the last" in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_ruling_page_has_its_headings_in_order(client, language):
    html = get(client, ruling_path(language, "discard-okey"))
    levels = [int(h) for h in re.findall(r"<h([1-6])[\s>]", html)]
    assert levels[0] == 1
    assert all(b - a <= 1 for a, b in pairwise(levels)), levels


# --- German 13–16 ----------------------------------------------------------------------------


def test_every_ruling_has_a_german_slug_and_the_english_slug_redirects(client):
    rulings = list(Ruling.objects.all())
    assert {r.key for r in rulings} == set(KEYS)
    for ruling in rulings:
        assert ruling.slug_de and ruling.slug_de != ruling.key, ruling.key
        assert ruling.slug_de == SLUG_DE[ruling.key]
        german = ruling_path("de", ruling.key)
        html = get(client, german)
        # the stable key stays the same in both languages
        assert f'id="{ruling.key}"' in html and f'data-ruling="{ruling.key}"' in html
        for old in (f"{PREFIX['de']}{ruling.key}/", f"{PREFIX['de']}{ruling.key}/card.png"):
            response = client.get(old)
            assert response.status_code == 301, old
            assert response.headers["Location"] == old.replace(
                f"/{ruling.key}/", f"/{ruling.slug_de}/"
            )
        english = client.get(f"{PREFIX['en']}{ruling.slug_de}/")
        assert english.status_code == 301
        assert english.headers["Location"] == ruling_path("en", ruling.key)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", KEYS)
def test_a_permalink_without_its_slash_moves_in_one_step(client, language, key):
    """Typed without the slash, in either language's slug, a permalink lands on its address in
    one 301 (and the query string goes along)."""
    for slug in (key, SLUG_DE[key]):
        response = client.get(f"{PREFIX[language]}{slug}", {"utm": "x"})
        assert response.status_code == 301, slug
        assert response.headers["Location"] == f"{ruling_path(language, key)}?utm=x"
    # a checker's path word is no ruling: it still gets its slash
    with translation.override(language):
        checker = reverse("referee:check")
    assert client.get(checker.rstrip("/")).headers["Location"] == checker


def test_links_to_rulings_use_the_pages_language(client):
    html = get(client, PREFIX["de"])
    for key, slug in SLUG_DE.items():
        assert f'href="{PREFIX["de"]}{slug}/"' in html, key
        assert f'href="{PREFIX["de"]}{key}/"' not in html, key


LABEL_STUTTER = re.compile(r"\b(\w+)\s*:\s*(?:an?\s+|ein\s+|eine\s+)?\1\b", re.IGNORECASE)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_verdict_line_repeats_its_own_label(client, language):
    prefix = {"en": "/en/rounds/", "de": "/de/runden/"}[language]
    pages = [f"{prefix}{n}/" for n in range(1, 21)]
    pages += [ruling_path(language, key) for key in KEYS]
    pages += [
        check_url(language, indicator="b8", tiles="r12 r13 r1", round="4"),
        check_url(language, indicator="b8", tiles="r7 k7 b7", round="1"),
        check_url(language, indicator="b8", tiles="r1 r2 r3|k5 k5", round="20"),
    ]
    for page in pages:
        body = text(get(client, page))
        assert not LABEL_STUTTER.search(body), (page, LABEL_STUTTER.search(body).group(0))
        assert "Valid: A valid" not in body and "Gültig: Gültig" not in body


# code, facts with a count of zero
ZERO_COUNTS = [
    (ReasonCode.PILE_TOO_SMALL, {"pile": 0, "offence": ReasonCode.PLAYABLE_DISCARD}),  # X5
    (ReasonCode.TOO_FEW_TILES, {"count": 0, "minimum": 2}),  # M3
    (ReasonCode.MISSING_GROUP, {"expected": 2, "found": 0}),  # C2
    (ReasonCode.MISSING_RUN, {"expected": 1, "found": 0}),  # C2
    (ReasonCode.MISSING_PAIR, {"expected": 3, "found": 0}),  # C2
    (ReasonCode.WRONG_MELD_COUNT, {"expected": 2, "found": 0}),  # C2
    (ReasonCode.BUY_LIMIT_REACHED, {"seats": (3,), "limit": 0}),  # B2
    (ReasonCode.NEGATIVE_PILE, {"pile": -1}),  # X5
    (ReasonCode.FURTHER_MELDS, {"count": 0}),  # P4
]


@pytest.mark.parametrize(("code", "facts"), ZERO_COUNTS, ids=[str(c[0]) for c in ZERO_COUNTS])
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_message_shows_a_count_of_zero_as_a_number(code, facts, language):
    with translation.override(language):
        said = sentence(code, facts)
    assert not re.search(r"\b0\b|0-mal|nur noch 0", said), said


@pytest.mark.parametrize("language", LANGUAGES)
def test_E2_the_game_sheet_never_says_the_pile_ran_out_zero_times(language):
    refusal = Refused(Reason.EXHAUSTED_TOO_EARLY, round=4, redeals=0)
    with translation.override(language):
        said = refusal_message(refusal)
    assert not re.search(r"\b0\b|0-mal", said), said


# German vocabulary (docs/terms.md): one word for one thing, read from every German page.
GERMAN_PAGES = ["/de/", *guide_paths("de"), "/de/glossar/", "/de/runden/", "/de/runden/20/"]
NOT_OUR_WORDS = [
    "abgelegten Stein",  # discards are "abgeworfen"
    "neu ausgeteilt",  # "neu gegeben"
    "Dreiergruppe",  # "Küt-Gruppe aus drei Steinen"
    "Lege ",  # "Leg"
    "Gelesen mit",
    "stoppt sofort",
    "Stern gezeichnet",
    "Neun Steine gehen",
    "ausgelegter Steinhalter",
    "als gültige Kombinationen",
    "wegzuwerfen",  # a discard is "abwerfen", in the rulings too
    "vom Stapel",  # "vom Nachziehstapel"
    "Gib deinen Steinhalter ein",  # "Gib die Steine auf deinem Steinhalter ein"
    " 1 Strafstein",  # "einen Strafstein": one is a word in German prose
]


def test_german_pages_keep_to_one_word_for_one_thing(client):
    pages = GERMAN_PAGES + [ruling_path("de", key) for key in KEYS] + [PREFIX["de"]]
    for page in pages:
        body = text(get(client, page))
        for words in NOT_OUR_WORDS:
            assert words not in body, (page, words)
        assert not re.search(r"\d-mal\b", body), page
        assert not re.search(r"\bteilt\b[^.:;]*\bneu aus\b", body), page  # "gibt … neu"


def test_numbers_are_formatted_in_the_pages_language(client):
    assert "1.000" in text(get(client, "/de/anleitung/punkte-zaehlen/"))
    assert "1,000" in text(get(client, "/en/guide/scoring/"))


@pytest.mark.parametrize(
    ("tile", "words"),
    [
        ("r8", {"en": "Only if meld 1 was laid as a run.", "de": "als Reihe ausgelegt wurde"}),
        ("k5", {"en": "was laid as a Küt group.", "de": "als Küt-Gruppe ausgelegt wurde"}),
    ],
)
def test_X2_a_penalty_that_depends_on_how_an_ambiguous_meld_was_laid_says_so(client, tile, words):
    """P6, X2: `r5 ok ok` may be a Küt group or a run; a tile that fits only one of them is a
    penalty only if the meld was laid so, and the verdict says that condition in words."""
    for language in LANGUAGES:
        url = discard_url(language, indicator="b8", table="r5 ok ok", tile=tile)
        for headers in ({}, HTMX):
            verdict = find(get(client, url, **headers), data_penalty="2")
            assert verdict["data-rule"] == "X2"
            assert words[language] in " ".join(verdict.text.split())
    plain = find(
        get(client, discard_url(indicator="b8", table="r4 r5 r6", tile="r7")), data_penalty="2"
    )
    assert "Only if" not in plain.text
