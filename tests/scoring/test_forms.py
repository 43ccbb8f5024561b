"""The reusable API of scoring.forms and scoring.presenters (used by the game sheets too)."""

import pytest
from django.http import QueryDict
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.urls import reverse
from django.utils import translation

from games import services
from kutsite.text import clean_text
from rules.engine.scoring import PlayerState
from rules.engine.tiles import tile
from rules.models import Round
from scoring.forms import CalculatorForm, calculator_query, calculator_url
from scoring.presenters import Calculation
from tests.fields import field_state
from tests.scoring.helpers import base_round, errors, scores

pytestmark = pytest.mark.django_db  # the rounds are the `Round` rows


def test_no_data_is_an_unbound_form():
    for data in (None, {}, QueryDict("utm_source=chat&foo=1")):
        form = CalculatorForm(data)
        calc = Calculation(form)
        assert not form.is_bound
        assert calc.problems == [] and form.scores is None and form.result is None
        assert calc.values["round"] == "1" and calc.values["state1"] == "melded"


def test_a_round_written_with_spaces_is_that_round():
    form = CalculatorForm(base_round(round=" 3 "))
    assert form.is_valid(), form.errors
    assert form.cleaned_data["round"] == 3


def test_valid_form_exposes_the_engine_result():
    form = CalculatorForm(base_round(name1="Ana"))
    assert form.is_valid(), form.errors
    assert form.scores == (0, 195, 500, 200)
    assert [p.score for p in form.result.players] == [0, 195, 500, 200]
    data = form.cleaned_data
    assert data["indicator"] == tile("r", 4) and data["round"] == 3
    assert data["state2"] is PlayerState.MELDED and data["state3"] is PlayerState.NOT_MELDED
    assert data["rack2"][:2] == (tile("k", 3), tile("b", 11)) and len(data["rack2"]) == 3
    assert data["points2"] is None and data["points4"] == 40 and data["rack4"] is None
    assert data["name1"] == "Ana" and data["name2"] == ""
    calc = Calculation(form)
    assert calc.names == ["Ana", "Player 2", "Player 3", "Player 4"]
    assert [row.number for row in calc.working if row.lowest] == [1]
    assert calc.indicator_tile == tile("r", 4)
    assert calc.okey == tile("r", 5) and calc.multiplier == 5
    assert calc.round_number == 3


def test_flags_read_as_ticked_or_not():
    form = CalculatorForm(base_round(team="1", okey_finish="on", exhausted="0"))
    form.is_valid()
    assert form.cleaned_data["team"] and form.cleaned_data["okey_finish"]
    assert form.cleaned_data["exhausted"] is False
    calc = Calculation(form)
    assert calc.team_table and calc.finished_with_okey and not calc.pile_ran_out
    assert form.values["okey_finish"] == "on"
    for on in ("1", "on", "true", "YES", " yes "):
        assert CalculatorForm(base_round(team=on)).fields["team"].to_python(on)
    for off in ("0", "", "no", "false", "off"):
        form = CalculatorForm(base_round(team=off))
        assert form.is_valid() and form.cleaned_data["team"] is False


def test_states_are_the_engines_enum_in_any_case():
    form = CalculatorForm(base_round(state1=" FINISHED ", state3="Not-Melded"))
    assert form.is_valid(), form.errors
    assert form.cleaned_data["state1"] is PlayerState.FINISHED
    assert form.cleaned_data["state3"] is PlayerState.NOT_MELDED


def test_points_are_bounded_whole_numbers():
    for text, value in (("0", 0), (" 42 ", 42), ("9999", 9999)):
        form = CalculatorForm(base_round(points4=text))
        assert form.is_valid(), form.errors
        assert form.cleaned_data["points4"] == value
    for text, code in (
        ("-1", "min_value"),
        ("10000", "max_value"),
        ("4.5", "invalid"),
        ("1_000", "invalid"),
        ("١٢", "invalid"),  # digits of another script are not typed totals here
        ("+5", "invalid"),
    ):
        form = CalculatorForm(base_round(points4=text))
        assert not form.is_valid()
        assert form.errors.as_data()["points4"][0].code == code, text


def test_errors_are_django_form_errors_in_the_fields_words():
    form = CalculatorForm(base_round(rack2="zz", state1="melded", rack1="r1"))
    assert not form.is_valid()
    assert form.errors["rack2"] == ["“zz” is not a tile."]
    assert form.errors.as_data()["rack2"][0].code == "NOT_A_TILE"
    with translation.override("de"):
        form = CalculatorForm(base_round(rack2="zz", points3="x"))
        assert form.errors["rack2"] == ["„zz“ ist kein Stein."]
        assert form.errors["points3"][0].startswith("„x“ ist keine ganze Zahl")
    form = CalculatorForm(base_round(state1="melded", rack1="r1"))
    assert not form.is_valid()
    assert form.errors.as_data()["__all__"][0].code == "NO_FINISHER"
    # the presenter says where: the player's name and the field, then the field's message
    problem = Calculation(CalculatorForm(base_round(name2="Ben", rack2="zz"))).problems[0]
    assert (problem.field, problem.code) == ("rack2", "NOT_A_TILE")
    assert problem.message == "Ben, tiles left: “zz” is not a tile."


def test_query_string_round_trips():
    params = base_round(name1="Ana Lena", team="on", rack2="  k3  b11 ok ")
    form = CalculatorForm(params)
    query = form.query_string()
    assert "team=1" in query and "name1=Ana+Lena" in query
    again = CalculatorForm(QueryDict(query))
    assert again.is_valid() and again.scores == form.scores == (0, 195, 0, 200)


def test_a_prefixed_form_reads_its_own_keys():
    """As any Django form: a page with two forms gives one a prefix, and each reads its keys."""

    def prefixed(params):
        return {f"c-{key}": value for key, value in params.items()}

    typing = base_round(name1="Ana", points4=None, rack4="r2 b")
    other = {"rack4": "k1"}  # an unprefixed key is another form's
    form = CalculatorForm({**prefixed(typing), **other}, prefix="c")
    plain = CalculatorForm(typing)
    assert form.is_bound and form.values["name1"] == "Ana" and form.values["rack4"] == "r2 b"
    assert form.errors.keys() == plain.errors.keys() == {"rack4"}
    assert form.typing == plain.typing == {"rack4"}  # a tile typed halfway, read from c-rack4
    done = base_round(name1="Ana", points4=None, rack4="r2 b3")
    fixed = CalculatorForm({**prefixed(done), **other}, prefix="c")
    assert fixed.is_valid() and fixed.scores == CalculatorForm(done).scores
    assert fixed.query_string() == CalculatorForm(done).query_string()  # the calculator's names
    # the calculator's own names alone leave a prefixed form unbound
    assert not CalculatorForm(done, prefix="c").is_bound


def test_calculator_query_and_url():
    query = calculator_query(
        ["Ana", "Ben"],
        round=5,
        indicator="b8",
        team=True,
        states=["finished", "melded"],
        racks=["", "r1 r2"],
        points=[None, None, 0],
    )
    assert query == (
        "indicator=b8&round=5&team=1&name1=Ana&state1=finished&name2=Ben&state2=melded"
        "&rack2=r1+r2&points3=0"
    )
    with translation.override("de"):
        assert calculator_url(["Ana"], round=1) == "/de/rechner/?round=1&name1=Ana"
        assert calculator_url() == "/de/rechner/"
    with translation.override("en"):
        assert calculator_url(okey_finish=True).startswith("/en/calculator/?okey_finish=1")


def test_partials_render_from_another_template():
    request = RequestFactory().get("/en/games/")
    calc = Calculation(CalculatorForm(base_round(name1="Ana")))
    with translation.override("en"):
        fields = render_to_string("scoring/_calculator_fields.html", {"calc": calc}, request)
        result = render_to_string("scoring/_result.html", {"calc": calc}, request)
        partial = render_to_string("scoring/calculator.html#result", {"calc": calc}, request)
    assert "<form" not in fields
    assert 'name="rack4"' in fields and 'value="Ana"' in fields
    assert 'value="finished" checked' in fields
    assert scores(result) == scores(partial) == {1: 0, 2: 195, 3: 500, 4: 200}
    bad = Calculation(CalculatorForm(base_round(points4="-1")))
    with translation.override("de"):
        html = render_to_string("scoring/_result.html", {"calc": bad}, request)
    assert errors(html) == [
        ("points4", "Spieler 4, Punkte: Die Summe eines Steinhalters kann nicht negativ sein.")
    ]


def test_initial_values_fill_an_unbound_form():
    form = CalculatorForm(initial={"name1": "Ana", "round": "7", "team": "1"})
    calc = Calculation(form)
    assert not form.is_bound
    assert calc.values["name1"] == "Ana" and calc.team_table
    assert [o["value"] for o in calc.round_choices if o["selected"]] == ["7"]
    assert calc.names[0] == "Ana"


def final_round_scores(number):
    form = CalculatorForm(base_round(round=str(number)))
    assert form.is_valid(), form.errors
    return form.scores


def test_the_rounds_are_the_round_rows():
    """The calculator offers the rounds the rules pages show; the final one by its row (C4)."""
    rows = Round.objects.cached()
    calc = Calculation(CalculatorForm())
    assert [int(o["value"]) for o in calc.round_choices] == [r.number for r in rows]
    assert len(rows) == 20 and rows[-1].is_final
    assert calc.round_choices[-1]["label"] == "20 – last round"
    with translation.override("de"):
        assert Calculation(CalculatorForm()).round_choices[-1]["label"] == "20 – letzte Runde"
    assert final_round_scores(20) == (0, 500, 500, 500)  # S7: all but the finisher 500
    assert final_round_scores(19) == (0, 195, 500, 200)


def test_an_edited_round_list_is_the_calculators_at_once():
    Round.objects.filter(number=20).delete()  # an editor's change: a new content version
    calc = Calculation(CalculatorForm(base_round(round="20")))
    assert [o["value"] for o in calc.round_choices][-1] == "19"
    assert [(p.field, p.code) for p in calc.problems] == [("round", "invalid_choice")]
    assert calc.problems[0].message == "Round: Choose a round from 1 to 19."
    Round.objects.filter(number=19).update(is_final=True)
    Round.objects.get(number=19).save()  # the signal of a saved round
    assert final_round_scores(19) == (0, 500, 500, 500)


def test_the_form_reads_the_rounds_from_memory(django_assert_num_queries):
    assert CalculatorForm(base_round()).scores == (0, 195, 500, 200)  # reads the rows once
    with django_assert_num_queries(0):
        for language in ("en", "de"):
            with translation.override(language):
                working = Calculation(CalculatorForm(base_round(round="20"))).working
                assert [row.score for row in working] == [0, 500, 500, 500]


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_form_shares_the_fields_and_no_page_changes_them(client, language):
    """The calculator's fields are shared by every form (kutsite.fields.Shared): the pages that
    use the form — the calculator, whole and live, valid or not, and the game sheet's record
    and edit pages — leave each field, its widget and its messages as they were."""
    before = {name: field_state(f) for name, f in CalculatorForm.base_fields.items()}
    form = CalculatorForm(base_round())
    assert all(form.fields[name] is f for name, f in CalculatorForm.base_fields.items())
    game = services.create_game(["Ana", "Ben", "Cem", "Dila"], team=False)
    with translation.override(language):
        pages = [
            reverse("games:record", args=[game.edit_secret]),
            reverse("scoring:calculator"),
        ]
    for page in pages:
        for params in (base_round(), base_round(rack2="k3 b", points4="-1"), {}):
            for headers in ({}, {"HX-Request": "true"}):
                response = client.get(page, params, headers=headers)
                assert response.status_code == 200
    for params in (base_round(), base_round(indicator="x")):
        response = client.post(pages[0], {**params, "version": game.version})
        assert response.status_code in (200, 302, 400, 409)
    assert {name: field_state(f) for name, f in CalculatorForm.base_fields.items()} == before


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("r4 k5", "r4 k5"),
        ("Çağrı ö ß 😀", "Çağrı ö ß 😀"),  # printable in any script: as typed
        ("r4\tk5\nb6\r", "r4 k5 b6 "),  # tabs and line breaks become spaces
        ("r4\x00k5\x1b", "r4k5"),  # other control characters go
        ("r4\ud800", "r4"),  # a lone surrogate goes
        ("a\u200bb", "a\u200bb"),  # not printable, but no control character: kept
        (None, ""),
        (12, "12"),
    ],
)
def test_clean_text_drops_control_characters_only(typed, kept):
    assert clean_text(typed) == kept


def test_problems_are_listed_seat_by_seat_whoever_found_them():
    """A field's own error and the engine's (three r1 in one rack) come in the order of the
    seats, not the field's errors first and the engine's after."""
    params = {
        "round": "1",
        "indicator": "b4",
        "state1": "finished",
        "rack2": "r1 r1 r1",
        "state3": "melded",
        "state4": "melded",
    }
    problems = Calculation(CalculatorForm(params)).problems
    seats = [p.field[-1] for p in problems]
    assert len(problems) >= 3 and seats == sorted(seats), [(p.field, p.code) for p in problems]
    assert {"2", "3", "4"} <= set(seats)
