"""The calculator's worked examples: data here, results from the engine at request time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import QueryDict
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from scoring.forms import CalculatorForm, calculator_query, calculator_url
from scoring.presenters import Calculation

NAMES = ("Ana", "Ben", "Cem", "Dila")


@dataclass(frozen=True)
class Example:
    key: str
    title: Promise
    text: Promise
    focus: int  # the player whose working the example shows
    params: dict[str, Any]


EXAMPLES: tuple[Example, ...] = (
    Example(
        key="red-okey",
        title=_("A red Okey, and an Okey left on the rack"),
        text=_("Ben has melded but still holds black 3, blue 11 and an Okey."),
        focus=2,
        params={
            "round": 3,
            "indicator": "r4",
            "states": ("finished", "melded", "melded", "not-melded"),
            "racks": ("", "k3 b11 ok", "y2 y6", "r9 k9 b1"),
        },
    ),
    Example(
        key="blue-okey",
        title=_("A blue Okey"),
        text=_("Ana has melded and is left with two 12s and a false joker."),
        focus=1,
        params={
            "round": 7,
            "indicator": "b8",
            "states": ("melded", "finished", "melded", "not-melded"),
            "racks": ("r12 k12 fj", "", "", ""),
            "points": (None, None, 40, None),
        },
    ),
    Example(
        key="okey-finish",
        title=_("Ending the round with the Okey"),
        text=_("Ana ends the round by discarding an Okey. Cem has not melded."),
        focus=3,
        params={
            "round": 12,
            "indicator": "k10",
            "okey_finish": True,
            "states": ("finished", "melded", "not-melded", "melded"),
            "racks": ("", "r3 r4 y9", "b2 b5", "k11"),
        },
    ),
    Example(
        key="team-table",
        title=_("A team table"),
        text=_(
            "Ana and Cem play as partners against Ben and Dila. Ana ends the round; "
            "Cem has not melded."
        ),
        focus=3,
        params={
            "round": 14,
            "indicator": "y2",
            "team": True,
            "states": ("finished", "melded", "not-melded", "not-melded"),
            "racks": ("", "b5 b6 k9", "", ""),
        },
    ),
)


@dataclass(frozen=True)
class WorkedExample:
    key: str
    title: Promise
    text: Promise
    url: str
    rows: list
    focus: Any
    calc: Calculation


def worked_examples() -> list[WorkedExample]:
    """Every example scored by the engine now, with its calculator link."""
    examples = []
    for example in EXAMPLES:
        query = calculator_query(NAMES, **example.params)
        form = CalculatorForm(QueryDict(query))
        if not form.is_valid():  # a test keeps every example valid
            continue
        calc = Calculation(form)
        rows = calc.working
        examples.append(
            WorkedExample(
                key=example.key,
                title=example.title,
                text=example.text,
                url=calculator_url(NAMES, **example.params),
                rows=rows,
                focus=rows[example.focus - 1],
                calc=calc,
            )
        )
    return examples
