"""Calculator helpers: the errors and the live score that belong to one input or player."""

from django import template
from django.utils.html import format_html

register = template.Library()


@register.simple_tag
def field_problems(calc, input_id: str) -> list[str]:
    """The messages of the problems that point at the input with this id (`calc`: the
    calculator's presenter, `scoring.presenters.Calculation`)."""
    return [problem.message for problem in calc.problems if problem.input_id == input_id]


@register.simple_tag
def error_line(input_id: str, messages: list[str]):
    """The error line under an input (empty, but in place for the live result to fill)."""
    return format_html('<p class="field__error" id="{}_error">{}</p>', input_id, " ".join(messages))


@register.simple_tag
def player_score(rows, number: int | str):
    """The working row (`scoring.presenters.PlayerWorking`) of player `number`, or None."""
    return next((row for row in rows if row.number == int(number)), None)


@register.simple_tag
def live_scores(calc) -> list:
    """The working rows when the round could be scored, else none."""
    return calc.working if calc.result is not None else []
