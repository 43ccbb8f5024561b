"""Calculator helpers: the errors and the live score that belong to one input or player."""

from django import template

register = template.Library()


@register.simple_tag
def field_problems(form, input_id: str) -> list[str]:
    """The messages of the problems that point at the input with this id."""
    return [problem.message for problem in form.problems if problem.input_id == input_id]


@register.simple_tag
def player_score(rows, number: int):
    """The working row (`scoring.working`) of player `number`, or None."""
    return next((row for row in rows if row.number == number), None)


@register.simple_tag
def live_scores(form) -> list:
    """The working rows when the round could be scored, else none."""
    return form.working if form.is_bound and form.result else []
