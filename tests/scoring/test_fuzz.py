"""Whatever the query string holds, the calculator answers — never a 500."""

from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kutsite.fields import is_on
from scoring.forms import FIELD_NAMES, CalculatorForm, FlagField

from .helpers import base_round

KEYS = st.one_of(st.sampled_from(FIELD_NAMES), st.text(max_size=12))
VALUES = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["finished", "melded", "not-melded", "1", "0", "20", "21", "ok", "fj"]),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.lists(
        st.sampled_from(["r4", "k13", "b1", "y7", "s2", "g9", "ok", "fj", "r14", "x3", "r5"]),
        max_size=16,
    ).map(" ".join),
    st.just(""),
    st.text(min_size=300, max_size=400),
)
QUERIES = st.dictionaries(KEYS, VALUES, max_size=20)

pytestmark = pytest.mark.django_db  # the rounds are the `Round` rows


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    query=QUERIES, language=st.sampled_from(["/en/calculator/", "/de/rechner/"]), htmx=st.booleans()
)
def test_any_query_gets_an_answer(client, query, language, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.get(f"{language}?{urlencode(query)}", headers=headers)
    assert response.status_code == 200
    html = response.content.decode()
    # either no input, a result with four scores, or at least one marked error
    # (a round alone, as a round page's link gives it, only chooses the round)
    bound = any(key in query for key in FIELD_NAMES if key not in CalculatorForm.presets)
    if bound:
        # a live answer may instead wait for a field not filled in yet (kutsite/live.py)
        waiting = htmx and 'class="calc-empty"' in html
        assert html.count("data-score=") == 4 or "data-error=" in html or waiting


# A whole round that scores (the calculator tests' own); the fuzzed parameters go over it, so
# that most cards are drawn, with whatever names and numbers the parameters hold.
SCORED = base_round()


def test_the_fuzzed_cards_start_from_a_round_that_scores(client):
    """Else the test below would only ever see 404s."""
    assert client.get(f"/en/calculator/card.png?{urlencode(SCORED)}").status_code == 200


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    names=st.fixed_dictionaries({f"name{i}": st.text(max_size=40) for i in (1, 2, 3, 4)}),
    query=st.dictionaries(st.sampled_from(FIELD_NAMES), VALUES, max_size=2),
    path=st.sampled_from(["/en/calculator/card.png", "/de/rechner/card.png"]),
)
def test_any_query_gets_a_card_or_a_404(client, names, query, path):
    """The share card draws any names and scores the form lets through, or is not found."""
    response = client.get(f"{path}?{urlencode({**SCORED, **names, **query})}")
    assert response.status_code in (200, 404)
    if response.status_code == 200:
        assert response["Content-Type"] == "image/png"
        assert response.content.startswith(b"\x89PNG")


@settings(max_examples=300, deadline=None)
@given(query=st.dictionaries(st.sampled_from(FIELD_NAMES), VALUES, max_size=12))
def test_the_canonical_query_is_what_urlencode_writes(query):
    """`query_string` writes plain values itself: whatever the text, the same bytes as
    `urlencode` of the parameters that are set, in the form's order."""
    form = CalculatorForm(query)
    expected = []
    for name in FIELD_NAMES:
        text = form.values[name].strip()
        if isinstance(form.fields[name], FlagField):
            if is_on(text):
                expected.append((name, "1"))
        elif text:
            expected.append((name, text))
    assert form.query_string() == urlencode(expected)
