"""Which referee ruling covers a verdict: the nine ruling slugs and the maps to them.

The engine's verdicts carry a reason code and a rule ID; a page that shows one can link to the
ruling that discusses it (`{% url "referee:ruling" slug %}`). The sentences themselves come from
`rules.reasons`.

- `RULING_KEYS` — the nine ruling slugs in the order of docs/rules.md (the same in both languages).
- `ruling_for(code=None, rule=None, facts=None) -> str | None` — the slug of the ruling that
  covers a reason code or rule ID, if one does. Links follow the reason: a run that is invalid
  for a gap or a second colour is not what the 12-13-1 ruling is about, so it links nothing.
- `REASON_RULINGS`, `RULE_RULINGS` — the mappings behind `ruling_for`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine.verdicts import REASONS, ReasonCode

R = ReasonCode

RULING_KEYS: tuple[str, ...] = (
    "run-12-13-1",
    "take-the-okey",
    "add-on-melding-turn",
    "add-before-melding",
    "discard-playable-tile",
    "discard-okey",
    "buy-discard",
    "group-size",
    "pile-runs-out",
)

RULE_RULINGS: Mapping[str, str] = {
    "P3": "add-on-melding-turn",
    "P4": "add-before-melding",
    "P5": "add-before-melding",
    "P7": "take-the-okey",
    "X1": "discard-okey",
    "X2": "discard-playable-tile",
    "X3": "discard-playable-tile",
    "X4": "discard-playable-tile",
    "X5": "discard-playable-tile",
    "X6": "discard-okey",
    "S4": "discard-okey",
    "B1": "buy-discard",
    "B2": "buy-discard",
    "B3": "buy-discard",
    "E2": "pile-runs-out",
}
"""Rule ID → the slug of the ruling that discusses it."""

REASON_RULINGS: Mapping[ReasonCode, str] = {
    R.RUN_WRAPS_PAST_ONE: "run-12-13-1",
    R.GROUP_TOO_LONG: "group-size",
    R.GROUP_REPEATED_COLOUR: "group-size",
    R.GROUP_FULL: "group-size",
    R.COLOUR_ALREADY_IN_GROUP: "group-size",
    R.MELDED_THIS_TURN: "add-on-melding-turn",
    R.NOT_MELDED_YET: "add-before-melding",
    R.MAY_PLAY: "add-before-melding",
    R.OKEY_DISCARD: "discard-okey",
    R.FINISHED_WITH_OKEY: "discard-okey",
    R.PLAYABLE_DISCARD: "discard-playable-tile",
    R.EXHAUSTED_SCORED: "pile-runs-out",
}
"""Reason code → ruling slug, where the code is more specific than its rule."""

# Rule IDs whose verdicts link a ruling only through `REASON_RULINGS` (most M1/M2 reasons —
# mixed numbers, a gap, two colours — are not what the group-size or 12-13-1 rulings discuss).
_BY_REASON_ONLY = frozenset({"M1", "M2", "M3"})


def _by_facts(code: ReasonCode, found: Mapping[str, Any]) -> str | None:
    """Valid melds link a ruling only when they show what it is about: a run that ends with
    the 1 after 13, a Küt group of four."""
    if code is R.VALID_RUN and found.get("high") == 14:
        return "run-12-13-1"
    if code is R.VALID_GROUP and found.get("size") == 4:
        return "group-size"
    return None


def ruling_for(
    code: ReasonCode | str | None = None,
    rule: str | None = None,
    facts: Mapping[str, Any] | None = None,
) -> str | None:
    """The slug of the ruling that covers a reason code (first) or a rule ID, if any.

    Without `rule`, the code's usual rule from the engine's catalogue is used. `facts` (the
    verdict's) let a valid meld link the ruling it illustrates.
    """
    if code is not None and code in REASONS:
        code = ReasonCode(code)
        if code in REASON_RULINGS:
            return REASON_RULINGS[code]
        found = _by_facts(code, facts or {})
        if found is not None:
            return found
        if rule is None:
            rule = REASONS[code].rule
        if REASONS[code].rule in _BY_REASON_ONLY:
            return None
    return RULE_RULINGS.get(rule) if rule else None
