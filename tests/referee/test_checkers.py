"""Meld and discard checkers: the rules digest's examples, htmx fragments, bad input."""

import html as html_lib
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kutsite import content
from referee import views
from referee.forms import ContractRounds

from .helpers import LANGUAGES, check_url, discard_url, find, find_all, rack_url

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def page(client, url, **headers):
    response = client.get(url, headers=headers)
    assert response.status_code == 200, url
    return response, response.content.decode()


def verdicts(html):
    return [
        (v["data-verdict"], v.get("data-kind"), v["data-reason"], v["data-rule"])
        for v in find_all(html, data_verdict=True)
    ]


# --- meld checker -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tiles", "expected"),
    [
        ("r12 r13 r1", ("valid", "run", "VALID_RUN", "M2")),
        ("y11 y12 y13 y1", ("valid", "run", "VALID_RUN", "M2")),
        ("b1 b2 b3", ("valid", "run", "VALID_RUN", "M2")),
        ("r13 r1 r2", ("invalid", None, "RUN_WRAPS_PAST_ONE", "M2")),
        ("b5 b6 r7", ("invalid", None, "RUN_MIXED_COLOURS", "M2")),
        ("r7 k7 b7", ("valid", "group", "VALID_GROUP", "M1")),
        ("r7 k7 b7 y7", ("valid", "group", "VALID_GROUP", "M1")),
        ("r7 r7 b7", ("invalid", None, "GROUP_REPEATED_COLOUR", "M1")),
        ("r7 k7 b7 y7 ok", ("invalid", None, "GROUP_TOO_LONG", "M1")),
        ("y9 y9", ("valid", "pair", "VALID_PAIR", "M3")),
        ("k3 ok k5", ("valid", "run", "VALID_RUN", "M2")),
        # Indicator b8: the Okey is b9, a false joker counts as b9 and nothing else (T4).
        ("b8 fj b10", ("valid", "run", "VALID_RUN", "M2")),
        ("r8 fj r10", ("invalid", None, "FALSE_JOKER_NOT_WILD", "T4")),
    ],
)
def test_meld_verdicts_follow_the_rules_digest(client, tiles, expected):
    _, html = page(client, check_url(tiles=tiles, indicator="b8"))
    assert verdicts(html) == [expected]
    assert not find_all(html, data_error=True)


def test_a_false_joker_typed_out_of_order_gets_the_run_verdict(client):
    # indicator r12: the r13 is the Okey, the false joker is r13; laid out, 12-13-1 (M2, M5)
    _, html = page(client, check_url(tiles="r1 r13 fj", indicator="r12"))
    assert verdicts(html) == [("valid", "run", "VALID_RUN", "M2")]
    assert "data-arranged" in html


def test_the_verdict_says_what_each_okey_stands_for(client):
    _, html = page(client, check_url(tiles="k3 ok k5", indicator="b8"))
    assert "The Okey in position 2 stands for black 4." in html
    _, html = page(client, check_url("de", tiles="k3 ok k5", indicator="b8"))
    assert "Der Okey an Stelle 2 steht für die schwarze 4." in html


def test_an_invalid_meld_names_the_reason_and_links_the_ruling(client):
    _, html = page(client, check_url(tiles="r13 r1 r2", indicator="b8"))
    verdict = find(html, data_verdict="invalid")
    assert "cannot go on past it" in verdict.text
    assert re.search(
        r'<a class="rule-id" href="/en/guide/#rule-M2" aria-label="Rule M2: [^"]+">', html
    )
    assert 'href="/en/referee/run-12-13-1/"' in html
    _, html = page(client, check_url("de", tiles="r13 r1 r2", indicator="b8"))
    assert "nicht darüber hinaus" in find(html, data_verdict="invalid").text
    assert 'href="/de/schiedsrichter/reihe-12-13-1/"' in html


def test_several_melds_get_a_verdict_each(client):
    _, html = page(client, check_url(tiles="b4 b5 b6 | r7 r7 b7", indicator="b8"))
    assert [v[0] for v in verdicts(html)] == ["valid", "invalid"]


@pytest.mark.parametrize(
    ("round_", "tiles", "expected"),
    [
        ("1", "r7 k7 b7", ("valid", "CONTRACT_MET", "C2")),
        ("1", "r7 k7 b7 y7", ("invalid", "GROUP_TOO_LONG_FOR_CONTRACT", "C2")),
        ("1", "b4 b5 b6", ("invalid", "MISSING_GROUP", "C2")),
        ("4", "b4 b5 b6|r12 r13 r1", ("valid", "CONTRACT_MET", "C2")),
        ("4", "b4 b5 b6", ("invalid", "MISSING_RUN", "C2")),
        ("10", "r5 r5|k9 k9|y13 y13", ("valid", "CONTRACT_MET", "C2")),
        ("12", "k3 k4 k5 k6 k7 k8", ("invalid", "RUN_TOO_LONG_FOR_CONTRACT", "C2")),
    ],
)
def test_with_a_round_the_checker_judges_the_opening_meld(client, round_, tiles, expected):
    _, html = page(client, check_url(tiles=tiles, indicator="b8", round=round_))
    opening = find(html, data_opening=True)
    assert (
        opening["data-opening"],
        opening["data-opening-reason"],
        opening["data-opening-rule"],
    ) == expected
    assert f"round {round_}" in opening.text


@pytest.mark.parametrize(
    ("round_", "expected"),
    [
        ("1", ("invalid", None, "PAIR_NOT_ALLOWED", "M3")),  # a group round
        ("10", ("valid", "pair", "VALID_PAIR", "M3")),  # three pairs
        ("20", ("valid", "pair", "VALID_PAIR", "M3")),  # the last round
    ],
)
def test_M3_a_pair_is_a_meld_only_in_a_round_that_asks_for_pairs(client, round_, expected):
    _, html = page(client, check_url(tiles="y9 y9", indicator="b8", round=round_))
    assert verdicts(html) == [expected]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Pairs count only in rounds whose contract asks for them, and in the last round."),
        ("de", "Paare zählen nur in Runden, deren Kontrakt Paare verlangt, und in der letzten"),
    ],
)
def test_M3_without_a_round_a_pair_says_where_it_counts(client, language, words):
    _, html = page(client, check_url(language, tiles="y9 y9", indicator="b8"))
    assert verdicts(html) == [("valid", "pair", "VALID_PAIR", "M3")]
    assert words in html
    _, html = page(client, check_url(language, tiles="y9 y9", indicator="b8", round="10"))
    assert words not in html  # a pair round says it by its contract


@pytest.mark.parametrize("tiles", ["ok r1 ok", "r1 ok ok"])
def test_C2_a_one_with_two_okeys_opens_a_run_round_however_it_is_typed(client, tiles):
    """Typed "ok r1 ok", the meld read only as a group: round 2 said "no run" (C2)."""
    _, html = page(client, check_url(tiles=tiles, indicator="b8", round="2"))
    assert find(html, data_opening=True)["data-opening-reason"] == "CONTRACT_MET"
    assert verdicts(html) == [("valid", "run", "VALID_RUN", "M2")]
    _, html = page(client, check_url(tiles=tiles, indicator="b8"))
    assert verdicts(html) == [("valid", "group", "VALID_GROUP", "M1")]
    assert "the order that makes the run" not in html  # a group's order does not matter


@pytest.mark.parametrize("round_", [" 3", "3 ", "\t3"])
def test_a_round_written_with_spaces_in_a_link_is_that_round(client, round_):
    """A hand-written link (`round=%203`) asks for round 3, not for "no round  3"."""
    _, html = page(client, check_url(tiles="r7 k7 b7|b4 k4 y4", indicator="b8", round=round_))
    assert not find_all(html, data_error=True)
    assert find(html, data_opening=True)["data-opening-reason"] == "CONTRACT_MET"
    chosen = [o["value"] for o in find_all(html, selected=True) if o.tag == "option"]
    assert chosen == ["3"]


def test_without_a_round_there_is_no_opening_verdict(client):
    _, html = page(client, check_url(tiles="r7 k7 b7", indicator="b8"))
    assert not find_all(html, data_opening=True)


def test_a_round_edited_away_while_the_check_runs_leaves_the_meld_verdict(client, monkeypatch):
    # The form validated round 3; by the time the view reads the rounds, an edit removed it.
    monkeypatch.setattr(views, "contract_rounds", lambda: ContractRounds((), {}))
    response, html = page(client, check_url(tiles="r7 k7 b7", indicator="b8", round="3"))
    assert response.status_code == 200
    assert verdicts(html) and not find_all(html, data_opening=True)


def test_round_choices_come_from_the_rounds_content(client):
    _, html = page(client, check_url())
    options = [o["value"] for o in find_all(html, value=True) if o.tag == "option"]
    assert options == [""] + [str(n) for n in range(1, 21)]
    assert "Round 3: two Küt groups of three" in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_htmx_gets_only_the_fragment_and_the_page_varies_on_it(client, language):
    url = check_url(language, tiles="r12 r13 r1", indicator="b8")
    whole, whole_html = page(client, url)
    part, part_html = page(client, url, **HTMX)
    assert "<html" in whole_html and "<html" not in part_html
    assert verdicts(part_html) == verdicts(whole_html) == [("valid", "run", "VALID_RUN", "M2")]
    for response in (whole, part):
        assert "HX-Request" in response["Vary"]
    # A history restore needs the whole page.
    _, restored = page(client, url, **HTMX, **{"HX-History-Restore-Request": "true"})
    assert "<html" in restored


def test_the_form_is_a_get_form_that_htmx_enhances(client):
    _, html = page(client, check_url())
    form = find(html, data_hx_get="/en/referee/check/")
    assert form.tag == "form" and form["method"] == "get"
    # without JavaScript the answer opens at the verdict, not above the fold's end
    assert form["action"] == "/en/referee/check/#verdict-heading"
    # live updates replace the address; only a deliberate submit (a plain GET) adds an entry
    assert form["data-hx-replace-url"] == "true" and form["data-hx-target"] == "#check-result"
    assert "data-hx-push-url" not in form.attrs and "submit" not in form["data-hx-trigger"]
    # a live answer is heard as one line (#check-said), not the whole answer read again
    assert "aria-live" not in find(html, id="check-result").attrs
    assert find(html, id="check-said")["role"] == "status"
    assert find(html, data_tile_picker=True)["data-target"] == "id_tiles"


@pytest.mark.parametrize(
    ("url", "said", "words"),
    [
        (
            check_url(tiles="r12 r13 r1", indicator="b8"),
            "check-said",
            "red 12, red 13, red 1 – Valid run",
        ),
        (
            check_url(tiles="r7 k7 b7", indicator="b8", round="1"),
            "check-said",
            "red 7, black 7, blue 7 – Valid Küt group. Opening meld for round 1",
        ),
        (check_url(tiles="ok r13 r1", indicator="r11"), "check-said", "Okey (as red 12), red 13"),
        # what to correct, named: a line that stayed the same when the error changed said
        # nothing new to a screen reader
        (
            check_url(tiles="r12 x4", indicator="b8"),
            "check-said",
            "No verdict yet: correct what is marked in the form. Tiles: “x4” is not a tile",
        ),
        (
            discard_url(table="b4 b5 b6", tile="b7", indicator="b8", pile="-5"),
            "discard-said",
            "Tiles left in the draw pile (optional): The number of tiles in the draw pile cannot "
            "be negative.",
        ),
        (
            "/de/schiedsrichter/steinhalter/?indicator=b8&round=3&rack=r1+zz",
            "rack-said",
            "Korrigiere, was im Formular markiert ist. Dein Steinhalter: „zz“ ist kein Stein.",
        ),
        (
            discard_url(table="b4 b5 b6", tile="b7", indicator="b8"),
            "discard-said",
            "Discard blue 7 – ",
        ),
        ("/en/referee/rack/?indicator=b8&round=1&rack=r7+k7+b7+y2", "rack-said", "Round 1: one"),
        (
            "/de/schiedsrichter/pruefen/?indicator=b8&tiles=r12+r13+r1",
            "check-said",
            "rote 12, rote 13, rote 1 – Gültige Reihe",
        ),
    ],
)
def test_a_live_answer_says_itself_in_one_line(client, url, said, words):
    """Each fragment sends a one-line summary out of band into the page's status line."""
    _, html = page(client, url, **HTMX)
    (line,) = [e for e in find_all(html, data_hx_swap_oob=f"innerHTML:#{said}")]
    assert words in line.text, line.text
    assert len(line.text.split()) < 60
    _, whole = page(client, url)
    assert not find_all(whole, data_hx_swap_oob=f"innerHTML:#{said}")  # a page says it all


@pytest.mark.parametrize(
    ("url", "said"),
    [
        (check_url(tiles="r12 r", indicator="b8"), "check-said"),
        (discard_url(table="b4 b5 b6", tile="b", indicator="b8"), "discard-said"),
        (rack_url(rack="r7 k7 b", indicator="b8"), "rack-said"),
    ],
)
def test_halfway_through_a_tile_the_status_line_stays_as_it_was(client, url, said):
    """Typing "r12 r" is not news: the hint shows in the answer, but the status line a screen
    reader hears is not written (a hint read out at each new tile talked over the typing)."""
    _, html = page(client, url, **HTMX)
    assert KEEP_TYPING["en"] in html
    assert not find_all(html, data_hx_swap_oob=f"innerHTML:#{said}")


def test_the_result_is_a_permalink_to_share(client):
    _, html = page(client, check_url(tiles="r12 r13 r1", indicator="b8"), **HTMX)
    share = find(html, data_share=True)
    assert share["href"] == "/en/referee/check/?indicator=b8&tiles=r12+r13+r1"


def test_an_empty_checker_shows_neither_verdict_nor_error(client):
    _, html = page(client, check_url())
    assert not find_all(html, data_verdict=True) and not find_all(html, data_error=True)


@pytest.mark.parametrize(
    ("params", "field", "english", "german"),
    [
        (
            {"tiles": "r12 x14", "indicator": "b8"},
            "tiles",
            "“x14” is not a tile",
            "„x14“ ist kein Stein",
        ),
        ({"tiles": "r14 r1", "indicator": "b8"}, "tiles", "from 1 to 13", "von 1 bis 13"),
        (
            {"tiles": "3k k4 k5", "indicator": "b8"},
            "tiles",
            "“3k” is not a tile: the colour letter comes first, as in “k3”.",
            "„3k“ ist kein Stein: Der Farbbuchstabe kommt zuerst, wie in „k3“.",
        ),
        (
            {"tiles": "b10 b11ok", "indicator": "b8"},
            "tiles",
            "“b11ok” is several tiles: put a space between them, as in “b11 ok”.",
            "„b11ok“ sind mehrere Steine: Setz ein Leerzeichen dazwischen, wie in „b11 ok“.",
        ),
        (
            {"tiles": "r1 r2 joker", "indicator": "b8"},
            "tiles",
            "write ok for an Okey, the round’s wild tile, and fj for a false joker.",
            "Schreib ok für einen Okey, den frei einsetzbaren Stein der Runde, und fj für",
        ),
        (
            {"tiles": "black 3 k4 k5", "indicator": "b8"},
            "tiles",
            "“black” is not a tile: write the colour as its letter with the number right after "
            "it, as in “k3”.",
            "„black“ ist kein Stein: Schreib die Farbe als Buchstaben und die Zahl direkt "
            "dahinter, wie in „k3“.",
        ),
        (
            {"tiles": "12 13", "indicator": "b8"},
            "tiles",
            "colour letter is missing",
            "Farbbuchstabe",
        ),
        (
            {"tiles": "b4 b5 b6||r7", "indicator": "b8"},
            "tiles",
            "Meld 2 is empty",
            "Kombination 2 ist leer",
        ),
        (
            {"tiles": "r7 k7 b7|r7 k7 y7|r7 b7 y7", "indicator": "b8"},
            "tiles",
            "only 2 of each",
            "Von jedem Stein gibt es nur 2",
        ),
        ({"tiles": "r7 " * 80, "indicator": "b8"}, "tiles", "too long", "zu lang"),
        (
            {"tiles": "r7", "indicator": "b8", "round": "99"},
            "round",
            "There is no round 99",
            "Eine Runde 99 gibt es nicht",
        ),
        (
            {"tiles": "r12 r13 r1", "indicator": "fj"},
            "indicator",
            "never a false joker: if one is turned up, put it back and turn up another tile.",
            "nie ein falscher Joker: Wird einer aufgedeckt, leg ihn zurück und deck einen anderen",
        ),
        ({"tiles": "r12 r13 r1", "indicator": "ok"}, "indicator", "not as “ok”", "nicht als „ok“"),
        (
            {"tiles": "r12 r13 r1", "indicator": "b8 b9"},
            "indicator",
            "exactly one tile",
            "genau ein Stein",
        ),
        (
            {"tiles": "r12 r13 r1", "indicator": "b8", "round": "99"},
            "round",
            "no round 99",
            "Runde 99",
        ),
        (
            {"tiles": "r12 r13 r1", "indicator": "b8", "round": "x"},
            "round",
            "no round x",
            "Runde x",
        ),
    ],
)
@pytest.mark.parametrize("htmx", [False, True])
def test_bad_input_gets_a_field_error_in_the_pages_language(
    client, params, field, english, german, htmx
):
    for language, words in (("en", english), ("de", german)):
        _, html = page(client, check_url(language, **params), **(HTMX if htmx else {}))
        error = find(html, data_error=field)
        assert words in error.text, (language, error.text)
        assert not find_all(html, data_verdict=True)
        if not htmx:
            field_input = find(html, id=f"id_{field}")
            assert field_input["aria-invalid"] == "true"
            assert f"id_{field}_error" in field_input["aria-describedby"].split()
        else:
            assert error["data-hx-swap-oob"] == "true"


HINT = re.compile(r'<p class="checker__hint">([^<]*)</p>')
KEEP_TYPING = {"en": "Keep typing", "de": "Tipp weiter"}


@pytest.mark.parametrize(
    ("url", "params", "field", "english", "german"),
    [
        (check_url, {"tiles": "", "indicator": "b8"}, "tiles", "at least one tile", "einen Stein"),
        (check_url, {"tiles": "r7", "indicator": ""}, "indicator", "the indicator", "Anzeigestein"),
        (check_url, {"tiles": "r12 r13 r1", "indicator": " "}, "indicator", "the indicator", "Anz"),
        (discard_url, {"tile": "", "indicator": "b8"}, "tile", "discarded tile", "abgeworfenen"),
        (rack_url, {"rack": "", "indicator": "b8"}, "rack", "tiles on your rack", "Steinhalter"),
        (rack_url, {"rack": "", "indicator": "b8", "round": "4"}, "rack", "Enter the", "Gib die"),
    ],
)
def test_a_field_not_filled_in_yet_waits_while_typing_and_is_an_error_on_submit(
    client, url, params, field, english, german
):
    for language, words in (("en", english), ("de", german)):
        _, live = page(client, url(language, **params), **HTMX)
        assert not find_all(live, data_error=True), live
        empty_hint = HINT.search(page(client, url(language))[1]).group(1)
        assert HINT.search(live).group(1) == empty_hint  # as before anything was typed
        _, submitted = page(client, url(language, **params))
        assert words in find(submitted, data_error=field).text, (language, field)


@pytest.mark.parametrize(
    ("url", "params", "field", "typing"),
    [
        (check_url, {"tiles": "r12 r", "indicator": "b8"}, "tiles", True),
        (check_url, {"tiles": "b4 b5 b6 | r7 k7 O", "indicator": "b8"}, "tiles", True),
        (check_url, {"tiles": "r12 r13 r1", "indicator": "b"}, "indicator", True),
        (discard_url, {"tile": "f", "indicator": "b8"}, "tile", True),
        (rack_url, {"rack": "r7 k7 b7 s", "indicator": "b8"}, "rack", True),
        (check_url, {"tiles": "r12 r ", "indicator": "b8"}, "tiles", False),  # a space: done
        (check_url, {"tiles": "x5 r", "indicator": "b8"}, "tiles", False),
        (check_url, {"tiles": "r12 x", "indicator": "b8"}, "tiles", False),
        (rack_url, {"rack": "r7 k7 b7 s", "indicator": "b"}, "rack", True),  # both fields
    ],
)
def test_a_tile_typed_halfway_waits_while_typing_and_is_an_error_on_submit(
    client, url, params, field, typing
):
    for language in LANGUAGES:
        _, live = page(client, url(language, **params), **HTMX)
        if typing:
            assert not find_all(live, data_error=True), live
            assert KEEP_TYPING[language] in HINT.search(live).group(1)
        else:
            assert find(live, data_error=field)
            assert KEEP_TYPING[language] not in live
        _, submitted = page(client, url(language, **params))
        assert find(submitted, data_error=field)
        assert KEEP_TYPING[language] not in submitted


@pytest.mark.parametrize(
    ("url", "params", "waiting", "wrong"),
    [
        (check_url, {"tiles": "", "indicator": "q8"}, "tiles", "indicator"),
        (check_url, {"tiles": "r12 r", "indicator": "q8"}, "tiles", "indicator"),
        (discard_url, {"tile": "", "table": "zz", "indicator": "b8"}, "tile", "table"),
        (rack_url, {"rack": "", "indicator": "q8"}, "rack", "indicator"),
    ],
)
def test_beside_a_real_error_a_live_answer_marks_that_one_alone(
    client, url, params, waiting, wrong
):
    """One typo does not also mark the fields not reached yet as wrong (a screen reader heard
    them all as invalid); the form as sent marks both."""
    for language in LANGUAGES:
        _, live = page(client, url(language, **params), **HTMX)
        marked = [p["data-error"] for p in find_all(live, data_error=True)]
        assert marked == [wrong], (language, marked)
        _, submitted = page(client, url(language, **params))
        assert find(submitted, data_error=waiting) and find(submitted, data_error=wrong)


def test_typing_is_forgiving_about_case_separators_and_german_letters(client):
    _, html = page(client, check_url(tiles="R12,r13-R1 |", indicator="B8"))
    assert verdicts(html) == [("valid", "run", "VALID_RUN", "M2")]
    _, html = page(client, check_url(tiles="s7 g7 b7", indicator="b8"))
    assert verdicts(html) == [("valid", "group", "VALID_GROUP", "M1")]


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(tiles=st.text(max_size=30), indicator=st.text(max_size=6), round_=st.text(max_size=4))
def test_no_input_makes_the_meld_checker_fail(client, tiles, indicator, round_):
    response = client.get(
        "/en/referee/check/", {"tiles": tiles, "indicator": indicator, "round": round_}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert find_all(html, data_verdict=True) or find_all(html, data_error=True)


# --- discard checker --------------------------------------------------------------------

TABLE = "b4 b5 b6|r7 k7 b7"


def penalty(html):
    found = find(html, data_penalty=True)
    return found["data-penalty"], found["data-reason"], found["data-rule"]


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"tile": "b3"}, ("2", "PLAYABLE_DISCARD", "X2")),
        ({"tile": "b7", "table": "b4 b5 b6"}, ("2", "PLAYABLE_DISCARD", "X2")),
        ({"tile": "y7"}, ("2", "PLAYABLE_DISCARD", "X2")),
        ({"tile": "ok"}, ("2", "OKEY_DISCARD", "X1")),
        ({"tile": "b9"}, ("2", "OKEY_DISCARD", "X1")),
        ({"tile": "r1"}, ("0", "NOT_PLAYABLE", "X2")),
        ({"tile": "b3", "table": ""}, ("0", "NOT_PLAYABLE", "X2")),
        ({"tile": "b3", "rack": "b3 y7 ok"}, ("0", "NO_CHOICE", "X3")),
        ({"tile": "b3", "rack": "b3 r1"}, ("2", "PLAYABLE_DISCARD", "X2")),
        ({"tile": "b3", "rack": "b3", "final": "1"}, ("0", "FINAL_TILE", "X4")),
        ({"tile": "b3", "pile": "1"}, ("0", "PILE_TOO_SMALL", "X5")),
        ({"tile": "b3", "pile": "2"}, ("2", "PLAYABLE_DISCARD", "X2")),
        ({"tile": "ok", "rack": "ok", "final": "1"}, ("0", "FINISHED_WITH_OKEY", "X6")),
    ],
)
def test_discard_verdicts_follow_the_rules_digest(client, params, expected):
    query = {"table": TABLE, "indicator": "b8", **params}
    _, html = page(client, discard_url(**query))
    assert penalty(html) == expected
    assert not find_all(html, data_error=True)


@pytest.mark.parametrize(
    ("table", "expected", "noted"),
    [
        ("r5 ok r7 ok", "2", False),  # as it lies: r5 r6 r7 r8, so r9 fits (X2)
        ("r5 r7 ok ok", "0", True),  # out of order: read as r4 r5 r6 r7, and the note says so
        ("r7 r5 r6", "0", False),  # out of order but no Okey: nothing to place
    ],
)
def test_X2_a_table_meld_with_okeys_is_read_as_typed_or_says_how_it_was_read(
    client, table, expected, noted
):
    for language, words in (("en", "lowest run"), ("de", "niedrigste Reihe")):
        _, html = page(client, discard_url(language, table=table, tile="r9", indicator="b8"))
        assert penalty(html)[0] == expected
        note = find_all(html, data_arranged=True)
        assert bool(note) == noted
        if noted:
            assert words in note[0].text


def test_discard_verdict_in_german_with_reason_rule_and_ruling(client):
    _, html = page(client, discard_url("de", table=TABLE, tile="b3", indicator="b8"))
    verdict = find(html, data_penalty="2")
    assert "2 Strafsteine" in verdict.text
    assert re.search(r'href="/de/anleitung/#rule-X2" aria-label="Regel X2: [^"]+">X2</a>', html)
    assert "unten an die Reihe" in verdict.text
    assert 'href="/de/schiedsrichter/anlegbaren-stein-abwerfen/"' in html
    _, html = page(client, discard_url("de", table=TABLE, tile="ok", indicator="b8"))
    assert 'href="/de/schiedsrichter/okey-abwerfen/"' in html


def test_discard_fragment_for_htmx(client):
    url = discard_url(table=TABLE, tile="b3", indicator="b8", pile="1")
    response, html = page(client, url, **HTMX)
    assert "<html" not in html and penalty(html) == ("0", "PILE_TOO_SMALL", "X5")
    assert "HX-Request" in response["Vary"]


def test_the_final_flag_is_1_in_the_permalink(client):
    _, html = page(
        client, discard_url(table=TABLE, tile="b3", indicator="b8", rack="b3", final="1")
    )
    checkbox = find(html, id="id_final")
    assert checkbox["value"] == "1" and "checked" in checkbox.attrs


@pytest.mark.parametrize("off", ["0", "off", "no", "false", "False", "2", ""])
def test_X2_a_link_that_says_final_is_off_is_not_the_last_discard(client, off):
    """A hand-made link may say `final=0`: Django's tick box would read it as ticked and rule
    X4 (no penalty) where X2 charges two tiles."""
    url = discard_url(table="r1 r2 r3", tile="r4", indicator="b8", final=off)
    _, html = page(client, url)
    assert penalty(html) == ("2", "PLAYABLE_DISCARD", "X2")
    assert "checked" not in find(html, id="id_final").attrs


@pytest.mark.parametrize(
    ("url", "name"), [(discard_url(), "final"), ("/en/referee/rack/", "opened")]
)
def test_a_tick_box_sits_beside_its_label(client, url, name):
    """The tick boxes are drawn as such (box, then label, one row), whatever widget reads them."""
    _, html = page(client, url)
    assert re.search(
        rf'<div class="field field--check"><input type="checkbox" name="{name}"[^>]*> <label',
        html,
    ), name


@pytest.mark.parametrize("on", ["1", "on", "yes", "true", "TRUE"])
def test_X4_a_link_that_says_final_is_on_is_the_last_discard(client, on):
    url = discard_url(table="r1 r2 r3", tile="r4", indicator="b8", rack="r4", final=on)
    _, html = page(client, url)
    assert penalty(html) == ("0", "FINAL_TILE", "X4")
    assert "checked" in find(html, id="id_final").attrs


@pytest.mark.parametrize(
    ("params", "field", "english", "german"),
    [
        (
            {"table": "b4 b5|r7 k7 b7", "tile": "b3"},
            "table",
            "Meld 1 is not valid",
            "Kombination 1 ist ungültig",
        ),
        ({"table": "b4 b5 x6", "tile": "b3"}, "table", "“x6” is not a tile", "„x6“ ist kein Stein"),
        ({"tile": ""}, "tile", "Enter the discarded tile", "abgeworfenen Stein ein"),
        ({"tile": "b3 b4"}, "tile", "exactly one tile", "genau einen Stein"),
        (
            {"tile": "b3", "rack": "y7 r1"},
            "rack",
            "must include the discarded tile",
            "muss den abgeworfenen Stein",
        ),
        ({"tile": "b3", "rack": "b3 y7", "final": "1"}, "rack", "leaves the rack empty", "leer"),
        ({"tile": "b3", "pile": "-1"}, "pile", "cannot be negative", "nicht negativ"),
        ({"tile": "b3", "pile": "many"}, "pile", "whole number", "ganze Zahl"),
        ({"tile": "b3", "pile": "99"}, "pile", "only gets smaller", "im Nachziehstapel"),
        ({"tile": "b3", "indicator": ""}, "indicator", "Enter the indicator", "Anzeigestein ein"),
        ({"tile": "b3", "indicator": "y14"}, "indicator", "from 1 to 13", "von 1 bis 13"),
        (
            {"table": "r7 k7 b7|r7 k7 y7", "tile": "r7", "rack": "r7"},
            "table",
            "only 2 of each",
            "Von jedem Stein gibt es nur 2",
        ),
    ],
)
def test_bad_discard_input_gets_a_field_error(client, params, field, english, german):
    for language, words in (("en", english), ("de", german)):
        query = {"table": TABLE, "indicator": "b8", **params}
        _, html = page(client, discard_url(language, **query))
        assert words in find(html, data_error=field).text
        assert not find_all(html, data_penalty=True)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    table=st.text(max_size=30),
    tile=st.text(max_size=5),
    rack=st.text(max_size=12),
    pile=st.text(max_size=4),
    final=st.sampled_from(["", "1", "on", "x"]),
)
def test_no_input_makes_the_discard_checker_fail(client, table, tile, rack, pile, final):
    query = {
        "table": table,
        "tile": tile,
        "indicator": "b8",
        "rack": rack,
        "pile": pile,
        "final": final,
    }
    response = client.get("/en/referee/discard/", query)
    assert response.status_code == 200
    html = response.content.decode()
    assert find_all(html, data_penalty=True) or find_all(html, data_error=True)


# --- budgets ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "urls",
    [
        [
            check_url(),
            check_url(tiles="r12 r13 r1", indicator="b8"),
            check_url(tiles="b4 b5 b6|r12 r13 r1", indicator="b8", round="4"),
            check_url(tiles="x1", indicator="b8"),
        ],
        [
            discard_url(),
            discard_url(table=TABLE, tile="b3", indicator="b8"),
            discard_url(table="b4", tile="b3", indicator="b8"),
        ],
    ],
)
def test_checkers_make_the_same_few_queries_whatever_they_show(client, urls):
    counts = []
    for url in urls:
        content.reset()  # nothing kept: each answer reads the content for real
        with CaptureQueriesContext(connection) as queries:
            page(client, url)
        counts.append(len(queries))
    assert len(set(counts)) == 1 and counts[0] <= 3, counts
    # The rounds and questions are kept until the content changes: then no query at all.
    with CaptureQueriesContext(connection) as queries:
        page(client, urls[0] + ("&" if "?" in urls[0] else "?") + "x=1")
    assert len(queries) == 0


def test_a_raw_permalink_with_bars_and_pluses_works(client):
    url = "/en/referee/discard/?table=b4+b5+b6|r7+k7+b7&tile=y7&indicator=b8&final="
    _, html = page(client, url)
    assert penalty(html) == ("2", "PLAYABLE_DISCARD", "X2")


def test_the_language_switch_keeps_the_checkers_query(client):
    url = "/en/referee/check/?tiles=r12+r13+r1&indicator=b8"
    _, html = page(client, url)
    switch = find(html, data_language_switch="de")["href"]
    response = client.get(switch)
    assert response.status_code == 302
    target = response.headers["Location"]
    assert target.startswith("/de/schiedsrichter/pruefen/?")
    _, german = page(client, target)
    assert verdicts(german) == [("valid", "run", "VALID_RUN", "M2")]
    assert "Gültige Reihe" in german


def test_an_empty_field_is_kept_per_page_and_a_filled_one_never_is(client):
    """Empty fields come from the fragment cache; 0 and a ticked box are values, not empty."""
    discard = "/en/referee/discard/"
    empty = client.get(discard).content.decode()
    filled = client.get(f"{discard}?table=b4+b5+b6&tile=b7&indicator=r3&pile=0&final=1")
    html = filled.content.decode()
    assert re.search(r'<input[^>]*name="pile" value="0"', html)
    assert re.search(r'<input[^>]*name="final"[^>]*checked', html)
    assert not re.search(r'<input[^>]*name="final"[^>]*checked', empty)
    assert 'name="pile" value="0"' not in client.get(discard).content.decode()
    assert client.get(discard).content.decode() == empty
    # The same field name on another page keeps that page's own widget (its picker group).
    rack = client.get("/en/referee/rack/").content.decode()
    check = client.get("/en/referee/check/").content.decode()
    pattern = r'<input[^>]*name="indicator"[^>]*data-picker-input="(\w+)"'
    assert re.search(pattern, rack)[1] == "rack" and re.search(pattern, check)[1] == "meld"


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_discard_that_ends_the_round_says_so_once(client, language):
    """FINAL_TILE's sentence says the discard ends the round; no situation line repeats it."""
    path = {"en": "/en/referee/discard/", "de": "/de/schiedsrichter/abwurf/"}[language]
    html = client.get(f"{path}?indicator=b8&table=r1+k1+b1+y1&tile=k12&final=1").content.decode()
    verdict = " ".join(re.findall(r'<p class="verdict__[^"]*">(.*?)</p>', html, re.S))
    ends = {"en": "discard ends the round", "de": "Abwurf endet die Runde"}[language]
    assert verdict.count(ends) == 1, verdict


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(
    "query", ["tile=y7&final=1&pile=0", "tile=b9&final=1&pile=0", "tile=y7&pile=1"]
)
def test_the_pile_is_not_talked_of_where_the_verdict_settles_it(client, language, query):
    """A discard that ends the round has no next player and no redeal (X4, X6); a short pile is
    the verdict's own reason (X5), so its count is not said twice."""
    path = {"en": "/en/referee/discard/", "de": "/de/schiedsrichter/abwurf/"}[language]
    html = client.get(f"{path}?indicator=b8&table=r7+k7+b7&{query}").content.decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    for words in ("dealt again", "neu ausgeteilt", "1 tile left in the draw", "liegt noch 1 Stein"):
        assert words not in text


@pytest.mark.parametrize(
    ("path", "summary"),
    [
        ("/de/schiedsrichter/pruefen/?indicator=b8&tiles=s1+r1+g1", "s1 r1 g1 – "),
        ("/en/referee/check/?indicator=b8&tiles=s1+r1+g1", "k1 r1 y1 – "),
        ("/de/schiedsrichter/abwurf/?indicator=b8&table=s1+r1+g1&tile=s2", "s2 abgeworfen – "),
        # an Okey by name: "Discard ok" reads in a chat as "the discard is OK" (X1)
        ("/en/referee/discard/?indicator=b8&table=r1+r2+r3&tile=b9", "Discard an Okey – 2 "),
        ("/de/schiedsrichter/abwurf/?indicator=b8&table=r1+r2+r3&tile=ok", "Okey abgeworfen – 2 "),
    ],
)
def test_the_shared_answer_writes_tiles_as_the_pages_language_types_them(client, path, summary):
    """German tiles are marked S and G and typed s and g: so is the answer a link preview and
    the share button send; an English page writes k and y for the same link."""
    html = client.get(path).content.decode()
    title = re.search(r'<meta property="og:title" content="([^"]*)"', html)[1]
    assert summary.lower() in title.lower(), title


@pytest.mark.parametrize(
    ("path", "summary"),
    [
        ("/en/referee/check/?indicator=r4&tiles=fj+r6+r7", "Indicator r4: fj r6 r7 – Valid run"),
        ("/en/referee/check/?indicator=r4&tiles=fj+k7+b7", "Indicator r4: fj k7 b7 – Invalid"),
        (
            "/de/schiedsrichter/pruefen/?indicator=s4&tiles=fj+s6+s7",
            "Anzeigestein s4: fj s6 s7 – Gültige Reihe",
        ),
        ("/en/referee/check/?indicator=r4&tiles=ok+r6+r7", "ok r6 r7 – Valid run"),
    ],
)
def test_a_shared_answer_with_a_false_joker_names_the_indicator(client, path, summary):
    """A false joker is the Okey's tile (T4), which the indicator decides: "fj r6 r7 – Valid
    run" and "fj k7 b7 – Invalid", side by side in a chat, read as a contradiction without
    it. An Okey (wild) needs no indicator to be understood."""
    html = client.get(path).content.decode()
    assert re.search(r'<meta property="og:title" content="([^"]*)"', html)[1] == summary
    assert find(html, data_share=True)["data-share-text"] == summary


@pytest.mark.parametrize(
    ("path", "summary", "spoken"),
    [
        (
            "/en/referee/check/?indicator=b8&tiles=r12+r13+ok&round=3",
            "r12 r13 ok – Valid run. Not an opening meld for round 3.",
            "red 12, red 13, Okey (as red 1) – Valid run. Not an opening meld for round 3.",
        ),
        (
            "/de/schiedsrichter/pruefen/?indicator=b8&tiles=b4+b5+b6|r7+k7+y7&round=5",
            "b4 b5 b6 – Gültige Reihe; r7 s7 g7 – Gültige Küt-Gruppe. So darfst du in Runde 5 "
            "auslegen.",
            "blaue 4, blaue 5, blaue 6 – Gültige Reihe; rote 7, schwarze 7, gelbe 7 – Gültige "
            "Küt-Gruppe. So darfst du in Runde 5 auslegen.",
        ),
    ],
)
def test_a_shared_meld_check_with_a_round_says_whether_it_opens_that_round(
    client, path, summary, spoken
):
    """The table asked "can I open round 3 with this?": a valid run alone reads as yes, so the
    preview, the share button and the status line all carry the round's verdict (C2). The
    status line names the tiles as a screen reader says them, not in the notation."""
    html = client.get(path).content.decode()
    assert re.search(r'<meta property="og:title" content="([^"]*)"', html)[1] == summary
    description = re.search(r'<meta property="og:description" content="([^"]*)"', html)[1]
    assert description.endswith(
        "you have none." if "/en/" in path else "nicht mehr und nicht weniger."
    ), description
    assert find(html, data_share=True)["data-share-text"] == summary
    fragment = client.get(path, headers={"HX-Request": "true"}).content.decode()
    (said,) = find_all(fragment, data_hx_swap_oob="innerHTML:#check-said")
    assert said.text == spoken


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_previews_description_says_an_invalid_melds_reason_once(client, language):
    """With a round, a meld that is not valid is also no opening (C2), and the opening's own
    sentence only says the meld's reason again: the preview says it once."""
    path = {"en": "/en/referee/check/", "de": "/de/schiedsrichter/pruefen/"}[language]
    html = client.get(f"{path}?indicator=b8&tiles=r7+k7+k7&round=1").content.decode()
    description = html_lib.unescape(
        re.search(r'<meta property="og:description" content="([^"]*)"', html)[1]
    )
    reason = {"en": "The colour black appears twice", "de": "Die Farbe Schwarz"}[language]
    assert description.count(reason) == 1, description


@pytest.mark.parametrize(
    ("path", "words"),
    [
        (
            "/en/referee/discard/?indicator=b8&table=r1+ok+r3|k5+ok+k7&tile=ok",
            "There are only 2 Okeys (blue 9), but they appear three times here.",
        ),
        (
            "/de/schiedsrichter/abwurf/?indicator=b8&table=r1+ok+r3|k5+ok+k7&tile=ok",
            "Es gibt nur 2 Okeys (blaue 9), aber hier kommen sie dreimal vor.",
        ),
        (
            "/en/referee/rack/?indicator=b8&round=1&rack=r6+r6+ok+ok+b9",
            "There are only 2 Okeys (blue 9), but they appear three times here.",
        ),
    ],
)
def test_T3_a_third_okey_is_called_an_okey_not_a_third_blue_9(client, path, words):
    """Typed as ok, the Okeys were reported as "blue 9 appears three times"."""
    html = client.get(path).content.decode()
    assert words in html
    assert "of each tile" not in html and "jedes Steins" not in html


@pytest.mark.parametrize(
    ("path", "links"),
    [
        (
            "/en/referee/check/?indicator=x14&tiles=r12+r13+q1",
            [("#id_indicator", "Indicator: "), ("#id_tiles", "Tiles: ")],
        ),
        (
            "/en/referee/discard/?indicator=r1&table=b4+b5+b6&tile=b3&pile=-3",
            [("#id_pile", "Tiles left in the draw pile (optional): ")],
        ),
        (
            "/de/schiedsrichter/pruefen/?indicator=x14&tiles=r12",
            [("#id_indicator", "Anzeigestein: ")],
        ),
        ("/en/referee/rack/?indicator=x1&round=3&rack=r1+r2", [("#id_indicator", "Indicator: ")]),
    ],
)
def test_a_page_without_a_verdict_names_and_links_each_field_to_correct(client, path, links):
    """Submitted without scripts, the page opens at the verdict, and some fields lie below it:
    each field to correct is named there and linked to its input, as the calculator does."""
    html = client.get(path).content.decode()
    hint = re.search(r'<p class="checker__hint">(.*?)</p>', html, re.S)[1]
    assert "above" not in hint and "oben" not in hint, hint
    listed = re.search(r'<ul class="errorlist">(.*?)</ul>', html, re.S)[1]
    found = re.findall(r'<li><a href="(#[^"]+)">([^<]*)</a></li>', listed)
    assert [href for href, _ in found] == [href for href, _ in links], found
    for (_, text), (_, label) in zip(found, links, strict=True):
        assert text.startswith(label), text
    for href, _ in found:
        assert find(html, id=href[1:]).tag in ("input", "select")
    fragment = client.get(path, headers={"HX-Request": "true"}).content.decode()
    assert 'class="errorlist"' not in fragment  # a live answer marks the fields themselves


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("/en/referee/check/?indicator=g6&tiles=s7+r7+b7&round=1", "id_tiles"),
        ("/en/referee/rack/?indicator=g6&round=1&rack=s7+r7+b7+g2", "id_rack"),
    ],
)
def test_an_english_field_filled_by_a_german_link_explains_its_letters(client, path, field):
    """A German phone's link fills an English page's field with s and g (schwarz, gelb): the
    field's help says what they are, as the German help names k and y."""
    html = client.get(path).content.decode()
    help_id = find(html, id=field)["aria-describedby"].split()[0]
    assert "k (or s) black" in find(html, id=help_id).text
    assert "y (or g) yellow" in find(html, id=help_id).text


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Discard an Okey – No penalty, the others’ scores are doubled"),
        ("de", "Okey abgeworfen – Keine Strafe, die Punkte der anderen werden verdoppelt"),
    ],
)
def test_a_round_finished_with_an_okey_says_the_doubling_in_one_line(client, language, said):
    """Thrown as the last tile, an Okey costs nothing and doubles everyone else's score (X6,
    S4): "No penalty" alone, in a chat, said the less important half."""
    path = {"en": "/en/referee/discard/", "de": "/de/schiedsrichter/abwurf/"}[language]
    html = client.get(f"{path}?indicator=b8&table=b4+b5+b6&tile=ok&final=1").content.decode()
    assert find(html, data_share=True)["data-share-text"] == said
    assert find(html, data_reason="FINISHED_WITH_OKEY")
