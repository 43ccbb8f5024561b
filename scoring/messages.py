"""The calculator's sentences, in the page's language.

Reason codes are phrased in one place, `rules.reasons`, and the form's own checks by its
fields (`scoring.forms`); this module adds only what the calculator knows and the engine does
not: where a problem is (the player's name and the field) and the "Sum" line of a working.

- `located(field, name, reason)` — the whole error: where, then why ("Ben, tiles left: “x14”
  is not a tile.").
- `step_text(step, names)` — one line of a player's working; `note_text(code)` — a note about
  the whole round; `sum_text(total)` — the "Sum" line; `number(value)` — a score as the page
  writes numbers (1,000 / 1.000).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext, gettext_lazy

from rules import reasons

number = reasons.format_points

_FIELD = re.compile(r"([a-z_]+?)(\d?)$")


_ = gettext_lazy
ROUND_WIDE = {
    "indicator": _("Indicator"),
    "round": _("Round"),
    "team": _("Team table"),
    "okey_finish": _("Finished with Okey"),
    "exhausted": _("The pile ran out a fourth time"),
    "state": _("Who ended the round"),
}
PER_PLAYER = {
    "name": _("%(name)s, name"),
    "state": _("%(name)s, this round"),
    "rack": _("%(name)s, tiles left"),
    "points": _("%(name)s, points"),
}


def field_label(field: str, name: str = "") -> str:
    """Where the problem is: "Indicator", "Ana: tiles left", …"""
    match = _FIELD.match(field)
    base, seat = (match.group(1), match.group(2)) if match else (field, "")
    if not seat:
        return str(ROUND_WIDE.get(base, base))
    template = PER_PLAYER.get(base)
    return template % {"name": name} if template else name


def located(field: str, name: str, reason: str) -> str:
    """The whole sentence: where the problem is, then why."""
    return gettext("%(field)s: %(reason)s") % {"field": field_label(field, name), "reason": reason}


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
