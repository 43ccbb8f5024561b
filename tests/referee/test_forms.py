"""The checkers' forms share their fields (kutsite.fields.Shared): drawing and validating a
form must leave every field as it was, or one visitor's answer would reach the next."""

import pytest

from referee.forms import DiscardCheckForm, MeldCheckForm, RackForm
from tests.fields import field_state

from .helpers import CHECK, DISCARD, RACK, selected_rounds

pytestmark = pytest.mark.django_db

FORMS = {
    "check": (
        MeldCheckForm,
        CHECK,
        [
            {"tiles": "r12 r13 r1", "indicator": "b8", "round": "4"},
            {"tiles": "r12 r13 x", "indicator": "", "round": "99"},
            {"tiles": "r1 r2", "round": " 7"},
        ],
    ),
    "discard": (
        DiscardCheckForm,
        DISCARD,
        [
            {"table": "b4 b5 b6", "tile": "b3", "indicator": "b8", "pile": "12", "final": "1"},
            {"table": "b4 b5 q", "tile": "", "indicator": "b8", "pile": "-3", "final": "0"},
            {"tile": "ok", "indicator": "k2", "rack": "ok r5 r6", "pile": "x"},
        ],
    ),
    "rack": (
        RackForm,
        RACK,
        [
            {"indicator": "b8", "round": "3", "rack": "r7 k7 b7 y2 y3 y4", "opened": "1"},
            {"indicator": "zz", "round": "21", "rack": "r7 r7 r7"},
            {"round": "4"},  # a link that only chooses the round: the form's own initial
        ],
    ),
}


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("checker", FORMS)
def test_every_form_shares_the_fields_and_no_page_changes_them(client, checker, language):
    form_class, urls, queries = FORMS[checker]
    before = {name: field_state(f) for name, f in form_class.base_fields.items()}
    form = form_class(queries[0])
    assert all(form.fields[name] is f for name, f in form_class.base_fields.items())
    for params in [*queries, {}]:
        for headers in ({}, {"HX-Request": "true"}):
            response = client.get(urls[language], params, headers=headers)
            assert response.status_code == 200
    assert {name: field_state(f) for name, f in form_class.base_fields.items()} == before


@pytest.mark.parametrize(
    ("page", "bare"),
    [
        ("/en/referee/rack/", ["1"]),
        ("/de/schiedsrichter/pruefen/", [""]),
        ("/en/calculator/", ["1"]),
    ],
)
def test_a_round_pages_link_chooses_the_round_without_errors_for_that_visitor_only(
    client, page, bare
):
    """A round page's link (`?round=7`) opens the rack helper, the meld check or the calculator
    with that round chosen and nothing marked wrong yet: only the round is given. It is that
    form's starting value, not a change to the shared field: the next visitor opens as ever."""

    def opened(params):
        response = client.get(page, params)
        assert response.status_code == 200
        html = response.content.decode()
        return selected_rounds(html), 'data-error="' in html

    assert opened({"round": "7"}) == (["7"], False)
    assert opened({}) == (bare, False)
    assert opened({"n": "1"}) == (bare, False)
    # no round of the list (more digits than Python reads too): the form's own start, no 500
    assert opened({"round": "9" * 5000}) == (bare, False)
    assert opened({"round": "<b>7"}) == (bare, False)
    assert opened({"round": " 7 "}) == (["7"], False)
    # with anything else in the query it is a question, which says what is missing
    assert opened({"round": "7", "indicator": ""}) == (["7"], True)


def test_a_preset_is_the_forms_initial_beside_the_callers_own():
    """A round chosen by a link becomes the form's initial; a caller's own initial (or None, as
    Django's forms allow) is kept beside it and wins where both name a field."""
    assert RackForm({"round": "7"}).initial == {"round": 7}
    assert RackForm({"round": "7"}, initial=None).initial == {"round": 7}
    assert RackForm({"round": "7"}, initial={"round": 3, "rack": "r1"}).initial == {
        "round": 3,
        "rack": "r1",
    }
    assert RackForm({"round": "7", "rack": ""}).is_bound
