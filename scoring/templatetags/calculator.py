"""Calculator helpers: the errors and the live score that belong to one input or player; the
score table's rows and the working, drawn in Python like the verdicts (a live answer draws
them on every pause in typing; as template loops they were the costliest part of its template)."""

from functools import lru_cache

from django import template
from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from kutsite.templatetags.components import rule_badge

register = template.Library()


@register.simple_tag
def field_problems(calc, input_id: str) -> list[str]:
    """The messages of the problems that point at the input with this id (`calc`: the
    calculator's presenter, `scoring.presenters.Calculation`)."""
    return [problem.message for problem in calc.problems if problem.input_id == input_id]


@register.simple_tag
def error_line(input_id: str, messages: list[str]):
    """The error line under an input (empty, but in place for the live result to fill)."""
    if not messages:
        return _empty_line(input_id)
    return format_html('<p class="field__error" id="{}_error">{}</p>', input_id, " ".join(messages))


# A page has thirteen such lines, nearly always empty: an empty one depends on its id alone.
@lru_cache(maxsize=64)
def _empty_line(input_id: str) -> SafeString:
    return format_html('<p class="field__error" id="{}_error"></p>', input_id)


@register.simple_tag
def player_score(rows, number: int | str):
    """The working row (`scoring.presenters.PlayerWorking`) of player `number`, or None."""
    return next((row for row in rows if row.number == int(number)), None)


# The rows below are drawn with f-strings: numbers, step codes and the site's own markup need
# no escaping, so only the names and sentences are escaped, as format_html would (it escapes every
# argument, which was most of what a live answer spent here).


@register.simple_tag
def score_rows(rows) -> SafeString:
    """The score table's body rows, one per player (`scoring.presenters.PlayerWorking`)."""
    badge = f'<span class="calc-badge">{escape(gettext("lowest"))}</span> '
    drawn = []
    for row in rows:
        marked = ' class="calc-scores__lowest" data-lowest' if row.lowest else ""
        drawn.append(
            f'\n<tr data-player="{row.number}" data-score="{row.score}"'
            f' data-score-text="{row.score_text}"{marked}>'
            f'<th scope="row">{conditional_escape(row.name)}</th>'
            f'<td class="num">{badge if row.lowest else ""}{row.score_text}</td></tr>'
        )
    return SafeString("".join(drawn))


def _badge(rule: str | None) -> str:
    return f" {rule_badge(rule)}" if rule else ""


def _steps(lines) -> str:
    """One item per step; the rule's badge ends each run of steps under the same rule (a
    rack's sum, its Okeys and its multiplier are all S3: one badge, not three alike)."""
    drawn = []
    for line, after in zip(lines, [*lines[1:], None], strict=True):
        badge = "" if after is not None and after.rule == line.rule else _badge(line.rule)
        drawn.append(f'<li data-step="{line.code}">{conditional_escape(line.text)}{badge}</li>')
    return "".join(drawn)


@register.simple_tag
def working(rows) -> SafeString:
    """How each player's score was reached: a part per player under its heading (not a region
    each: four landmarks per answer), a step per line, and the rule each run of steps applies."""
    sections = []
    for row in rows:
        name = conditional_escape(row.name)
        steps = _steps(row.lines)
        sections.append(
            f'\n<div class="calc-working__player"><h4>{name}: {row.score_text}</h4>'
            f"<ol>{steps}</ol></div>"
        )
    return SafeString("".join(sections))
