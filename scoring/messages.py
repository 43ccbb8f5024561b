"""The calculator's sentences, in the page's language.

Reason codes are phrased in one place, `rules.reasons`; this module adds only what the
calculator knows and the engine does not: where a problem is (the player's name and the field),
the players' names in a sentence, the form's own codes (`scoring.forms.FormCode`) and the "Sum"
line of a player's working.

- `error_message(problem)` — the whole error: where, then why ("Ben, tiles left: “x14” is not a
  tile."). Engine codes are phrased by `rules.reasons`, form codes by `FORM_ERRORS`.
- `step_text(step, names)` — one line of a player's working; `note_text(code)` — a note about
  the whole round; `sum_text(total)` — the "Sum" line; `number(value)` — a score as the page
  writes numbers (1,000 / 1.000).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext, pgettext

from rules import reasons

number = reasons.format_points

_FIELD = re.compile(r"([a-z_]+?)(\d?)$")


def quoted(value: Any) -> str:
    return pgettext("quoted user input", "“%(text)s”") % {"text": value}


def field_label(field: str, name: str = "") -> str:
    """Where the problem is: "Indicator", "Ana: tiles left", …"""
    match = _FIELD.match(field)
    base, seat = (match.group(1), match.group(2)) if match else (field, "")
    round_wide = {
        "indicator": gettext("Indicator"),
        "round": gettext("Round"),
        "team": gettext("Team table"),
        "okey_finish": gettext("Finished with an Okey"),
        "exhausted": gettext("The pile ran out a fourth time"),
        "state": gettext("Who ended the round"),
    }
    if not seat:
        return round_wide.get(base, base)
    per_player = {
        "name": gettext("%(name)s, name"),
        "state": gettext("%(name)s, this round"),
        "rack": gettext("%(name)s, tiles left"),
        "points": gettext("%(name)s, points"),
    }
    template = per_player.get(base)
    return template % {"name": name} if template else name


# The form's own codes (scoring.forms.FormCode): problems found before the engine is asked.
FORM_ERRORS: Mapping[str, Callable[[Any], str]] = {
    "ROUND_OUT_OF_RANGE": lambda p: (
        gettext("Choose a round from %(first)s to %(last)s.")
        % {"first": p.facts.get("first", 1), "last": p.facts.get("last", 20)}
    ),
    "POINTS_NOT_WHOLE": lambda p: (
        gettext("%(value)s is not a whole number – enter the total as digits, like 42.")
        % {"value": quoted(p.facts.get("value", ""))}
    ),
    "POINTS_TOO_LARGE": lambda p: (
        gettext("No rack is worth more than %(limit)s points.")
        % {"limit": number(p.facts.get("limit", ""))}
    ),
    "TEXT_TOO_LONG": lambda p: (
        gettext("This is longer than %(limit)s characters.") % {"limit": p.facts.get("limit", "")}
    ),
}


def _named(problem: Any) -> Any:
    """The problem with the players' names where the engine has their seats."""
    names = problem.facts.get("names")
    return replace(problem, facts={**problem.facts, "seats": names}) if names else problem


def reason_text(problem: Any) -> str:
    """Why the input cannot be scored, without saying where."""
    phrase = FORM_ERRORS.get(problem.code)
    if phrase is not None:
        return phrase(problem)
    if problem.code in reasons.SENTENCES:
        return reasons.error_message(_named(problem))
    return gettext("This cannot be scored.")


def error_message(problem: Any) -> str:
    """The whole sentence: where the problem is, then why."""
    return gettext("%(field)s: %(reason)s") % {
        "field": field_label(problem.field, problem.name),
        "reason": reason_text(problem),
    }


def _seat_name(names: Sequence[str], seat: Any) -> Any:
    if isinstance(seat, int) and 1 <= seat <= len(names):
        return names[seat - 1]
    return seat


def step_text(step: Any, names: Sequence[str]) -> str:
    """One line of a player's working, in the page's language (a partner by their name)."""
    facts = dict(step.facts or {})
    if "partner" in facts:
        facts["partner"] = _seat_name(names, facts["partner"])
    return reasons.sentence(step.code, facts)


def sum_text(total: int) -> str:
    return gettext("Sum: %(points)s") % {"points": number(total)}


def note_text(code: str) -> str:
    return reasons.sentence(code)
