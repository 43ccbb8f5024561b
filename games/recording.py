"""Recording a round through the score calculator (`scoring.forms`), pre-filled from the game.

The calculator parses the input and asks the engine for the scores; this module only fixes
what belongs to the game (the players' names, the kind of table, the round being edited) and
turns a valid calculator form into the values a sheet entry stores.
"""

from __future__ import annotations

from django.http import QueryDict

from games.models import Game
from games.sheet import Progress
from scoring.forms import FIELD_NAMES, CalculatorForm


def _fixed(data, game: Game, round_number: int | None) -> QueryDict:
    """The submitted calculator input with the game's own players and table."""
    fixed = QueryDict(mutable=True)
    for name in FIELD_NAMES:
        value = data.get(name)
        if value is not None:
            fixed[name] = value
    for i, player in enumerate(game.players, start=1):
        fixed[f"name{i}"] = player
    if game.team:
        fixed["team"] = "1"
    else:
        fixed.pop("team", None)
    if round_number is not None:
        fixed["round"] = str(round_number)
    return fixed


def calculator_form(data, game: Game, *, round_number: int | None = None) -> CalculatorForm:
    """A bound calculator form for the game (`round_number` fixes the round: editing)."""
    return CalculatorForm(_fixed(data, game, round_number))


def initial_calculator_form(game: Game, state: Progress) -> CalculatorForm:
    """The empty calculator for the next round: names, table and round filled in, and "the
    pile ran out" ticked when the round has been dealt again three times already (E2)."""
    initial = {f"name{i}": player for i, player in enumerate(game.players, start=1)}
    if game.team:
        initial["team"] = "1"
    if state.next_round is not None:
        initial["round"] = str(state.next_round)
    if state.exhausted_is_scored:
        initial["exhausted"] = "1"
    return CalculatorForm(initial=initial)


def round_of(form: CalculatorForm) -> int | None:
    """The round a submitted form names, once that field reads (even while others err)."""
    form.is_valid()  # reads every field (once)
    return form.cleaned_data.get("round")


def scored_entry(form: CalculatorForm) -> dict:
    """What the sheet stores of a valid calculator form (arguments of `services.*_round`)."""
    scores = form.scores
    assert scores is not None
    return {
        "round_number": form.cleaned_data["round"],
        "scores": scores,
        "query": form.query_string(),
        "exhausted": form.cleaned_data["exhausted"],
    }
