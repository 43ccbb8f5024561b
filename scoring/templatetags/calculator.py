"""Calculator helpers: the errors and the live score that belong to one input or player; the
score table's rows and the working, drawn in Python like the verdicts (a live answer draws
them on every pause in typing; as template loops they were the costliest part of its template)."""

from django import template
from django.utils.html import format_html, format_html_join
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
    return format_html('<p class="field__error" id="{}_error">{}</p>', input_id, " ".join(messages))


@register.simple_tag
def player_score(rows, number: int | str):
    """The working row (`scoring.presenters.PlayerWorking`) of player `number`, or None."""
    return next((row for row in rows if row.number == int(number)), None)


@register.simple_tag
def live_scores(calc) -> list:
    """The working rows when the round could be scored, else none."""
    return calc.working if calc.result is not None else []


@register.simple_tag
def score_rows(rows) -> SafeString:
    """The score table's body rows, one per player (`scoring.presenters.PlayerWorking`)."""
    badge = format_html('<span class="calc-badge">{}</span> ', gettext("lowest"))
    marked = SafeString(' class="calc-scores__lowest" data-lowest')
    return format_html_join(
        "",
        '\n    <tr data-player="{}" data-score="{}" data-score-text="{}"{}>'
        '\n      <th scope="row">{}</th>\n      <td class="num">{}{}</td>\n    </tr>',
        (
            (
                row.number,
                row.score,
                row.score_text,
                marked if row.lowest else "",
                row.name,
                badge if row.lowest else "",
                row.score_text,
            )
            for row in rows
        ),
    )


def _badge(rule: str | None) -> SafeString | str:
    return format_html(" {}", rule_badge(rule)) if rule else ""


@register.simple_tag
def working(rows) -> SafeString:
    """How each player's score was reached: a section per player, a step per line, each with
    the rule it applies."""
    sections = []
    for row in rows:
        steps = format_html_join(
            "",
            '<li data-step="{}">{}{}</li>',
            ((line.code, line.text, _badge(line.rule)) for line in row.lines),
        )
        sections.append(
            format_html(
                '\n  <section class="calc-working__player" aria-labelledby="working-{}">'
                '\n    <h4 id="working-{}">{}: {}</h4>\n    <ol>{}</ol>\n  </section>',
                row.number,
                row.number,
                row.name,
                row.score_text,
                steps,
            )
        )
    return SafeString("".join(sections))
