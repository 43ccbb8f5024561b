"""The checkers' forms share their fields (kutsite.fields.Shared): drawing and validating a
form must leave every field as it was, or one visitor's answer would reach the next."""

import pytest

from referee.forms import DiscardCheckForm, MeldCheckForm, RackForm
from tests.fields import field_state

from .helpers import CHECK, DISCARD, RACK, find_all

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


def test_a_round_chosen_by_one_link_is_not_chosen_for_the_next_visitor(client):
    """The rack helper's round from a link (`?round=4`) is that form's starting value, not a
    change to the shared field: the next visitor opens on round 1 again."""

    def chosen(params):
        html = client.get(RACK["en"], params).content.decode()
        return [o["value"] for o in find_all(html, value=True) if "selected" in o.attrs]

    assert chosen({"round": "4"}) == ["4"]
    assert chosen({"n": "1"}) == ["1"]
    assert chosen({"round": "9" * 5000}) == ["1"]  # more digits than Python reads: no 500
    assert RackForm({"round": "9"}).initial == {"round": 9}
    assert RackForm().initial == {"round": 1}
