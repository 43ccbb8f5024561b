"""The reusable API of scoring.forms (used by the game sheets too)."""

from django.http import QueryDict
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import translation

from rules.engine.tiles import tile
from scoring.forms import CalculatorForm, PlayerEntry, calculator_query, calculator_url
from tests.scoring.helpers import base_round, errors, scores


def test_no_data_is_an_unbound_form():
    for data in (None, {}, QueryDict("utm_source=chat&foo=1")):
        form = CalculatorForm(data)
        assert not form.is_bound
        assert form.problems == [] and form.scores is None and form.result is None
        assert form.values["round"] == "1" and form.values["state1"] == "melded"


def test_valid_form_exposes_the_engine_result():
    form = CalculatorForm(base_round(name1="Ana"))
    assert form.is_valid(), form.problems
    assert form.scores == (0, 195, 500, 200)
    assert form.winners == (1,)
    assert form.names == ["Ana", "Player 2", "Player 3", "Player 4"]
    assert form.indicator_tile == form.indicator == tile("r", 4)
    assert form.okey == tile("r", 5) and form.multiplier == 5
    assert form.round_number == form.round == 3 and not form.final
    assert [p.score for p in form.result.players] == [0, 195, 500, 200]
    assert form.players[1] == PlayerEntry(
        number=2,
        name="",
        state="melded",
        rack=(tile("k", 3), tile("b", 11), form.players[1].rack[2]),
        points=None,
        rack_text="k3 b11 ok",
        points_text="",
    )
    assert form.players[3].points == 40


def test_flags_and_their_aliases():
    form = CalculatorForm(base_round(team="1", okey_finish="on", exhausted="0"))
    assert form.team_table and form.team
    assert form.finished_with_okey and form.okey_finish
    assert not form.pile_ran_out and not form.exhausted
    assert form.value("okey_finish") == "on"


def test_errors_are_also_django_form_errors():
    form = CalculatorForm(base_round(rack2="zz", state1="melded", rack1="r1"))
    assert not form.is_valid()
    assert form.errors["rack2"][0].startswith("Player 2, tiles left:")
    assert form.errors.as_data()["rack2"][0].code == "NOT_A_TILE"
    form = CalculatorForm(base_round(state1="melded", rack1="r1"))
    assert not form.is_valid()
    assert form.errors.as_data()["__all__"][0].code == "NO_FINISHER"


def test_query_string_round_trips():
    params = base_round(name1="Ana Lena", team="on", rack2="  k3  b11 ok ")
    form = CalculatorForm(params)
    query = form.query_string()
    assert "team=1" in query and "name1=Ana+Lena" in query
    again = CalculatorForm(QueryDict(query))
    assert again.is_valid() and again.scores == form.scores == (0, 195, 0, 200)


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
    form = CalculatorForm(base_round(name1="Ana"))
    with translation.override("en"):
        fields = render_to_string("scoring/_calculator_fields.html", {"form": form}, request)
        result = render_to_string("scoring/_result.html", {"form": form}, request)
        partial = render_to_string("scoring/calculator.html#result", {"form": form}, request)
    assert "<form" not in fields
    assert 'name="rack4"' in fields and 'value="Ana"' in fields
    assert 'value="finished" checked' in fields
    assert scores(result) == scores(partial) == {1: 0, 2: 195, 3: 500, 4: 200}
    bad = CalculatorForm(base_round(points4="-1"))
    with translation.override("de"):
        html = render_to_string("scoring/_result.html", {"form": bad}, request)
    assert errors(html) == [
        ("points4", "Spieler 4, Punkte: Die Summe eines Steinhalters kann nicht negativ sein.")
    ]


def test_initial_values_fill_an_unbound_form():
    form = CalculatorForm(initial={"name1": "Ana", "round": "7", "team": "1"})
    assert not form.is_bound
    assert form.values["name1"] == "Ana" and form.team_table
    assert [o["value"] for o in form.round_choices if o["selected"]] == ["7"]
    assert form.names[0] == "Ana"


def test_round_twenty_is_the_engines_final_round():
    from rules.engine import DEFAULT_ROUNDS
    from scoring.forms import LAST_ROUND

    assert LAST_ROUND == 20
    assert DEFAULT_ROUNDS[LAST_ROUND - 1].contract.is_final
    assert CalculatorForm(base_round(round="20")).final
    assert not CalculatorForm(base_round(round="19")).final
