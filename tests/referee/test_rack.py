"""The rack helper page (C2, C4, P4, S2, S3): whole page and htmx fragment in both languages,
the data- markers, field errors in the page's language, and the links to it."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .helpers import LANGUAGES, RACK, find, find_all, rack_url

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def page(client, url, **headers):
    response = client.get(url, headers=headers)
    assert response.status_code == 200, url
    return response, response.content.decode()


def answer(html):
    return find(html, data_can_open=True)


def melds(html):
    return [m["data-meld"] for m in find_all(html, data_meld=True)]


def test_C2_a_rack_that_opens_shows_the_opening_what_stays_and_what_follows(client):
    _, html = page(client, rack_url(indicator="b8", round="1", rack="r7 k7 b7 b4 b5 b6 y2"))
    assert answer(html)["data-can-open"] == "yes" and answer(html)["data-rule"] == "C2"
    assert melds(html) == ["r7 k7 b7"]
    assert [m["data-further-meld"] for m in find_all(html, data_further_meld=True)] == [
        "b4 b5 b6"
    ]  # P4: from the next turn
    assert find(html, data_left=True)["data-left"] == "4"
    assert find(html, data_penalty_now=True)["data-penalty-now"] == "500"  # S2
    assert find(html, data_penalty_after=True)["data-penalty-after"] == str((4 + 5 + 6 + 2) * 2)
    assert "You can meld in round 1" in answer(html).text
    assert 'href="/en/guide/#rule-C2" aria-label="Rule C2: ' in html


def test_C2_a_rack_that_cannot_open_names_whats_missing_and_the_outs(client):
    _, html = page(client, rack_url(indicator="b8", round="5", rack="r7 k7 b7 r1 r2 y5"))
    assert answer(html)["data-can-open"] == "no"
    assert "you still need one run of three" in answer(html).text
    assert find(html, data_outs=True)["data-outs"] == "r3 ok"
    unseen = {o["data-out"]: o["data-unseen"] for o in find_all(html, data_out=True)}
    assert unseen == {"r3": "2", "ok": "2"}
    assert [" ".join(o.text.split()[-2:]) for o in find_all(html, data_out=True)] == [
        "2 unseen"
    ] * 2
    _, german = page(client, rack_url("de", indicator="b8", round="5", rack="r7 k7 b7 r1 r2 y5"))
    said = [" ".join(o.text.split()[-4:]) for o in find_all(german, data_out=True)]
    assert said == ["noch 2 im Spiel"] * 2, said
    assert [m["data-part-meld"] for m in find_all(html, data_part_meld=True)] == ["r7 k7 b7"]
    assert not melds(html)


@pytest.mark.parametrize(
    ("round_", "rack", "missing"),
    [
        ("3", "r1 y5 y9 k2", "Du brauchst noch zwei Küt-Gruppen"),
        ("5", "r7 k7 b7 r1 y5", "Du brauchst noch eine Reihe"),
    ],
)
def test_C2_the_german_answer_agrees_with_one_part_missing_or_two(client, round_, rack, missing):
    """German "Dir fehlt noch zwei Küt-Gruppen" was wrong: the verb now fits either number."""
    _, html = page(client, rack_url("de", indicator="b8", round=round_, rack=rack))
    assert answer(html)["data-can-open"] == "no"
    assert missing in answer(html).text, answer(html).text


def test_T3_an_okey_is_shown_with_what_it_stands_for(client):
    _, html = page(client, rack_url(indicator="b8", round="2", rack="k3 ok k5 r1"))
    assert melds(html) == ["k3 ok k5"]
    assert "The Okey in position 2 stands for black 4." in html
    _, html = page(client, rack_url("de", indicator="b8", round="2", rack="k3 ok k5 r1"))
    assert "Der Okey an Stelle 2 steht für die schwarze 4." in html


@pytest.mark.parametrize(
    ("language", "round_", "shown", "words"),
    [
        # a black 9 and two Okeys: a run in a run round, a Küt group in a group round
        ("en", "2", "data-meld", "Run. The Okey in position 2 stands for black 10."),
        ("de", "2", "data-meld", "Reihe. Der Okey an Stelle 2 steht für die schwarze 10."),
        ("en", "1", "data-meld", "Küt group. The Okey in position 2 stands for red 9,"),
        # the part of a two-run contract the rack holds is a run too
        ("en", "4", "data-part-meld", "Run. The Okey in position 2 stands for"),
    ],
)
def test_M2_C2_a_tile_with_two_okeys_reads_as_the_meld_the_contract_asks_for(
    client, language, round_, shown, words
):
    """The engine proposed the run; the page called it a group (its first reading)."""
    url = rack_url(language, indicator="b8", round=round_, rack="ok r1 ok y5 k9")
    _, html = page(client, url)
    (item,) = find_all(html, **{shown.replace("-", "_"): True})
    assert words in " ".join(item.text.split()), item.text


def test_C4_round_20_all_at_once_or_the_fewest_left_over(client):
    whole = "r1 r2 r3 r4 k7 b7 y7 y11 y12 y13 b5 b5 k10 ok k12"
    _, html = page(client, rack_url(indicator="b8", round="20", rack=whole))
    assert answer(html)["data-can-open"] == "yes" and answer(html)["data-rule"] == "C4"
    assert sum(len(m.split()) for m in melds(html)) == 15
    assert find(html, data_penalty_now=True)["data-penalty-now"] == "500"  # S7
    # laid down, the whole rack ends the round and scores 0 (S1), not the 500 just above
    after = find(html, data_penalty_after=True)
    assert after["data-penalty-after"] == "0" and "you score 0" in after.text
    rack = "r1 r2 r3 r4 k7 b7 y7 b4 b5 b6 k11 k12 k13 y9"
    _, html = page(client, rack_url(indicator="b8", round="20", rack=rack))
    assert answer(html)["data-can-open"] == "no"
    assert not find_all(html, data_penalty_after=True)
    assert "at best 1 tile is left over" in answer(html).text
    assert not find_all(html, data_outs=True)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "at least 14 tiles then; you entered 3."),
        ("de", "mindestens 14 Steine auf dem Steinhalter; du hast 3 eingegeben."),
    ],
)
def test_C4_a_round_20_rack_of_a_few_tiles_is_no_whole_rack(client, language, words):
    """Nobody melds before the last round ends: three tiles of a run are not a whole rack
    going down at once, and the field says why, on the page and in the live answer."""
    url = rack_url(language, indicator="b8", round="20", rack="r1 r2 r3")
    for headers in ({}, HTMX):
        _, html = page(client, url, **headers)
        assert words in " ".join(find(html, data_error="rack").text.split())
        assert not find_all(html, data_can_open=True)


@pytest.mark.parametrize(
    ("language", "words"), [("en", "Keep at least one tile"), ("de", "mindestens einen Stein")]
)
def test_P8_a_rack_that_is_only_the_contract_cannot_meld_yet(client, language, words):
    _, html = page(client, rack_url(language, indicator="b8", round="1", rack="r7 k7 b7"))
    assert answer(html)["data-can-open"] == "no" and answer(html)["data-rule"] == "P8"
    assert answer(html)["data-reason"] == "MUST_KEEP_DISCARD"
    assert words in answer(html).text
    # Any tile drawn would let the player meld: no list of tiles to wait for.
    assert not find_all(html, data_outs=True) and not find_all(html, data_left=True)
    assert [m["data-part-meld"] for m in find_all(html, data_part_meld=True)] == ["r7 k7 b7"]


def test_S3_opened_lists_the_melds_and_the_rack_total(client):
    params = {"indicator": "b8", "round": "1", "rack": "r1 r2 r3 k3 b11 ok", "opened": "1"}
    _, html = page(client, rack_url(**params))
    assert answer(html)["data-rule"] == "P4"
    # (1 + 2 + 3 + 3 + 11 + 25) × 2, the Okey blue (indicator b8).
    assert find(html, data_penalty_now=True)["data-penalty-now"] == str(45 * 2)
    assert melds(html)  # something goes down, a tile stays to discard (P8)
    assert int(find(html, data_left=True)["data-left"]) >= 1
    assert "checked" in find(html, id="id_opened").attrs


def test_P8_opened_with_a_rack_that_is_all_melds_says_to_keep_a_tile(client):
    params = {"indicator": "b8", "round": "2", "rack": "r1 r2 r3", "opened": "1"}
    _, html = page(client, rack_url(**params))
    assert answer(html)["data-can-open"] == "no" and answer(html)["data-rule"] == "P8"
    assert "Keep at least one tile for your discard" in answer(html).text
    assert not find_all(html, data_penalty_after=True)  # nothing is laid down


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "You can meld in round 1"), ("de", "Du kannst in Runde 1 auslegen")],
)
def test_a_shared_rack_link_previews_its_answer(client, language, words):
    """A link sent to the table shows the answer in its preview, as the checkers' do."""
    url = rack_url(language, indicator="b8", round="1", rack="r7 k7 b7 b4 b5 b6 y2")
    _, html = page(client, url)
    title = re.search(r'<meta property="og:title" content="([^"]*)"', html)[1]
    description = re.search(r'<meta property="og:description" content="([^"]*)"', html)[1]
    assert title.startswith(words), title
    assert description.startswith(("Round 1: one Küt group", "Runde 1: eine Küt-Gruppe"))


@pytest.mark.parametrize("off", ["0", "off", "no", "false"])
def test_P4_a_link_that_says_opened_is_off_asks_for_the_opening(client, off):
    params = {"indicator": "b8", "round": "1", "rack": "r7 k7 b7 b4 b5 b6 y2", "opened": off}
    _, html = page(client, rack_url(**params))
    assert answer(html)["data-rule"] == "C2"
    assert "checked" not in find(html, id="id_opened").attrs


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "one blue 8 lies face up as the indicator"), ("de", "liegt offen als Anzeigestein")],
)
def test_T2_a_rack_with_the_indicators_face_twice_names_the_indicator(client, language, words):
    """One copy of b8 lies face up as the indicator, so a rack can hold only one more (T1, T2),
    and the error says so, as the other checkers' do, rather than "only 2 … appears twice"."""
    _, html = page(client, rack_url(language, indicator="b8", round="1", rack="b8 b8 k8 r8"))
    error = find(html, data_error="rack")
    assert words in error.text, error.text


@pytest.mark.parametrize("language", LANGUAGES)
def test_whole_page_and_htmx_fragment_in_both_languages(client, language):
    url = rack_url(language, indicator="b8", round="1", rack="r7 k7 b7 y2")
    whole, whole_html = page(client, url)
    part, part_html = page(client, url, **HTMX)
    assert "<html" in whole_html and "<html" not in part_html
    assert melds(whole_html) == melds(part_html) == ["r7 k7 b7"]
    for response in (whole, part):
        assert "HX-Request" in response["Vary"]
    words = {"en": "You can meld in round 1", "de": "Du kannst in Runde 1 auslegen"}
    assert words[language] in answer(part_html).text
    assert f'lang="{language}"' in whole_html


def test_the_form_is_a_get_form_that_htmx_enhances_and_replaces_the_url(client):
    _, html = page(client, rack_url())
    form = find(html, data_hx_get="/en/referee/rack/")
    assert form.tag == "form" and form["method"] == "get"
    assert form["action"] == "/en/referee/rack/#answer-heading"  # opens at the answer
    assert form["data-hx-replace-url"] == "true" and form["data-hx-target"] == "#rack-result"
    assert find(html, data_tile_picker=True)["data-target"] == "id_rack"
    options = [o["value"] for o in find_all(html, value=True) if o.tag == "option"]
    assert options == [str(n) for n in range(1, 21)]
    first = [o for o in find_all(html, value="1") if o.tag == "option"]
    assert len(first) == 1 and "selected" in first[0].attrs  # round 1 by default
    assert not find_all(html, data_can_open=True) and not find_all(html, data_error=True)


def test_the_answer_is_a_permalink_to_share(client):
    _, html = page(client, rack_url(indicator="b8", round="1", rack="r7 k7 b7 y2"), **HTMX)
    share = find(html, data_share=True)
    assert share["href"] == "/en/referee/rack/?indicator=b8&round=1&rack=r7+k7+b7+y2"
    # the text stands alone, as chat apps drop the title: the round, its contract, the answer
    assert share["data-share-text"].startswith("Round 1: one Küt group of three. You can meld")
    _, html = page(client, rack_url("de", indicator="b8", round="3", rack="r7 k7"), **HTMX)
    assert find(html, data_share=True)["data-share-text"].startswith("Runde 3: zwei Küt-Gruppen")


@pytest.mark.parametrize(
    ("language", "round_", "rack", "said"),
    [
        ("en", "1", "r7 k7 b7 y2", " Melds: r7 k7 b7."),
        ("de", "1", "r7 k7 b7 y2", " Kombinationen: r7 s7 b7."),
        ("en", "2", "b1 b2 ok k9 y2", " Melds: b1 b2 ok."),
        ("de", "3", "r7 k7", "."),  # no meld yet: nothing to name
    ],
)
def test_a_shared_answer_names_its_melds_as_the_language_types_them(
    client, language, round_, rack, said
):
    """The melds are the answer: a chat that gets only the text (no page, no card) still
    learns which tiles to lay down, in the letters its reader types (German s for black)."""
    url = rack_url(language, indicator="b8", round=round_, rack=rack)
    _, html = page(client, url, **HTMX)
    text = find(html, data_share=True)["data-share-text"]
    assert text.endswith(said), text
    assert text.count(":") == (3 if said != "." else 2), text


def test_the_round_defaults_to_1(client):
    _, html = page(client, rack_url(indicator="b8", rack="r7 k7 b7"))
    assert answer(html)["data-round"] == "1"


@pytest.mark.parametrize(
    ("wanted", "selected"),
    # (the round field's own reading: "٣", an Arabic-Indic 3, is no choice of it)
    [("4", "4"), ("20", "20"), ("21", "1"), ("0", "1"), ("²", "1"), ("٣", "1"), ("x", "1")],
)
def test_a_link_that_only_chooses_the_round_opens_the_helper_on_it(client, wanted, selected):
    response, html = page(client, rack_url(round=wanted))
    assert response.status_code == 200
    chosen = [o["value"] for o in find_all(html, value=True) if "selected" in o.attrs]
    assert chosen == [selected]
    assert not find_all(html, data_error=True)  # nothing asked yet: nothing wrong


@pytest.mark.parametrize(
    ("params", "field", "english", "german"),
    [
        ({"rack": "r1 " * 27}, "rack", "at most 26 tiles", "höchstens 26 Steine"),
        ({"rack": "r1 r1 r1"}, "rack", "only 2 of each", "gibt es nur 2"),
        ({"rack": "b8 b8 r1"}, "rack", "only 2 of each", "gibt es nur 2"),  # the indicator is one
        ({"rack": "r7 x9"}, "rack", "“x9” is not a tile", "„x9“ ist kein Stein"),
        ({"indicator": "fj"}, "indicator", "never a false joker", "nie ein falscher Joker"),
        ({"indicator": "ok"}, "indicator", "not as “ok”", "nicht als „ok“"),
        ({"indicator": "b14"}, "indicator", "from 1 to 13", "von 1 bis 13"),
        ({"round": "21"}, "round", "no round 21", "Runde 21"),
    ],
)
@pytest.mark.parametrize("htmx", [False, True])
def test_bad_input_gets_a_field_error_in_the_pages_language(
    client, params, field, english, german, htmx
):
    for language, words in (("en", english), ("de", german)):
        query = {"indicator": "b8", "round": "1", "rack": "r7 k7 b7", **params}
        _, html = page(client, rack_url(language, **query), **(HTMX if htmx else {}))
        error = find(html, data_error=field)
        assert words in error.text, (language, error.text)
        assert not find_all(html, data_can_open=True)
        if htmx:
            assert error["data-hx-swap-oob"] == "true"


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    rack=st.text(alphabet="rkbyfjo0123456789 ", max_size=60),
    indicator=st.text(max_size=4),
    round_=st.text(max_size=3),
    opened=st.sampled_from(["", "1", "on"]),
)
def test_no_input_makes_the_rack_helper_fail(client, rack, indicator, round_, opened):
    query = {"rack": rack, "indicator": indicator, "round": round_, "opened": opened}
    response = client.get(RACK["en"], query)
    assert response.status_code == 200
    html = response.content.decode()
    assert find_all(html, data_can_open=True) or find_all(html, data_error=True)


@pytest.mark.parametrize(
    "url",
    ["/en/", "/en/referee/", "/en/referee/check/", "/en/referee/discard/", "/en/rounds/4/"],
)
def test_the_rack_helper_is_linked(client, url):
    _, html = page(client, url)
    assert "/en/referee/rack/" in html
