"""Every code the calculator can show, as a sentence in the page's language.

The engine returns codes and facts, never prose. This module is the one place that phrases them:
`error_message(problem)` for an input error (it names the player and the field, then says why),
`step_text(step, names)` for one line of a player's working and `note_text(code)` for a note about
the whole round. `ERRORS`, `STEPS` and `NOTES` list the codes they know; a test checks that every
code the engine's scoring can produce is among them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext, pgettext

from kutsite.tiles import colour_name, face_of
from rules.engine.tiles import Tile
from rules.engine.verdicts import ReasonCode

R = ReasonCode

_FIELD = re.compile(r"([a-z_]+?)(\d?)$")


def number(value: Any) -> str:
    """A score or total with the page's thousands separator (1,000 / 1.000)."""
    try:
        return number_format(int(value), force_grouping=True)
    except (TypeError, ValueError):
        return str(value)


def tile_label(value: Any) -> str:
    if isinstance(value, Tile):
        return face_of(value).label
    return str(value)


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


def _token(p) -> str:
    return quoted(p.token if p.token is not None else p.facts.get("token", ""))


def _names(p) -> str:
    names = p.facts.get("names") or [str(s) for s in p.facts.get("seats", ())]
    return ", ".join(names)


Reason = Callable[[Any], str]

ERRORS: Mapping[str, Reason] = {
    # Tile notation (the indicator and the racks)
    R.EMPTY: lambda p: gettext("nothing given yet – choose the tile that was turned face up."),
    R.NOT_A_TILE: lambda p: gettext("%(token)s is not a tile.") % {"token": _token(p)},
    R.UNKNOWN_COLOUR: lambda p: (
        gettext("%(token)s has no colour we know – use r, k, b or y (or s and g).")
        % {"token": _token(p)}
    ),
    R.MISSING_COLOUR: lambda p: (
        gettext("%(token)s needs a colour letter in front of the number (r, k, b, y).")
        % {"token": _token(p)}
    ),
    R.MISSING_NUMBER: lambda p: (
        gettext("%(token)s needs a number from 1 to 13 after the colour letter.")
        % {"token": _token(p)}
    ),
    R.NUMBER_OUT_OF_RANGE: lambda p: (
        gettext("%(token)s is not a tile: numbers run from 1 to 13.") % {"token": _token(p)}
    ),
    R.NOT_ONE_TILE: lambda p: (
        gettext("give exactly one tile, not %(count)s.") % {"count": p.facts.get("count", "")}
    ),
    R.FALSE_JOKER_INDICATOR: lambda p: gettext(
        "a false joker cannot be the indicator – give the numbered tile that was turned up."
    ),
    R.OKEY_INDICATOR: lambda p: gettext(
        "“ok” cannot be the indicator – give the numbered tile that was turned up."
    ),
    R.TOO_MANY_COPIES: lambda p: (
        gettext(
            "%(tile)s is entered %(count)s times on the racks and as the indicator, "
            "but a set holds only %(limit)s."
        )
        % {
            "tile": tile_label(p.facts.get("tile")),
            "count": p.facts.get("count", ""),
            "limit": p.facts.get("limit", 2),
        }
    ),
    # The round as a whole and each player's state
    R.WRONG_PLAYER_COUNT: lambda p: gettext("a round is scored for exactly four players."),
    R.UNKNOWN_STATE: lambda p: gettext("choose “ended the round”, “melded” or “not melded”."),
    R.NO_FINISHER: lambda p: gettext(
        "nobody is marked as having ended the round. Mark the player who did – or tick "
        "“the pile ran out a fourth time”."
    ),
    R.MORE_THAN_ONE_FINISHER: lambda p: (
        gettext("only one player can end the round, but %(names)s are marked.")
        % {"names": _names(p)}
    ),
    R.FINISHER_WITH_TILES: lambda p: gettext(
        "whoever ended the round has no tiles left – leave the tiles and points empty."
    ),
    R.FINISHER_WHEN_EXHAUSTED: lambda p: gettext(
        "the pile ran out, so nobody ended the round – choose “melded” or “not melded”."
    ),
    R.OKEY_FINISH_WHEN_EXHAUSTED: lambda p: gettext(
        "the pile ran out and nobody ended the round, so nobody finished with an Okey."
    ),
    R.NEGATIVE_POINTS: lambda p: gettext("a rack's total cannot be below 0."),
    R.MISSING_RACK: lambda p: gettext(
        "enter the tiles left on the rack, or their points total if they counted themselves."
    ),
    R.RACK_AND_POINTS: lambda p: gettext(
        "enter either the tiles left or the points total, not both."
    ),
    # Form codes (scoring.forms.FormCode)
    "ROUND_OUT_OF_RANGE": lambda p: (
        gettext("choose a round from %(first)s to %(last)s.")
        % {"first": p.facts.get("first", 1), "last": p.facts.get("last", 20)}
    ),
    "POINTS_NOT_WHOLE": lambda p: (
        gettext("%(value)s is not a whole number – enter the total as digits, like 42.")
        % {"value": quoted(p.facts.get("value", ""))}
    ),
    "POINTS_TOO_LARGE": lambda p: (
        gettext("no rack is worth more than %(limit)s points.")
        % {"limit": number(p.facts.get("limit", ""))}
    ),
    "TEXT_TOO_LONG": lambda p: (
        gettext("this is longer than %(limit)s characters.") % {"limit": p.facts.get("limit", "")}
    ),
}


def error_message(problem) -> str:
    """The whole sentence: where the problem is, then why."""
    why = ERRORS.get(problem.code)
    reason = why(problem) if why else gettext("this cannot be scored.")
    return gettext("%(field)s: %(reason)s") % {
        "field": field_label(problem.field, problem.name),
        "reason": reason,
    }


def okey_colour(colour: Any) -> str:
    return colour_name(str(colour)) if colour else ""


def _points(step) -> str:
    return number(step.points if step.points is not None else step.facts.get("points", 0))


def _face_values(step) -> str:
    values = [str(t.number) for t in step.facts.get("tiles", ())]
    total = _points(step)
    if len(values) > 1:
        return gettext("Tiles by their numbers: %(values)s = %(total)s") % {
            "values": " + ".join(values),
            "total": total,
        }
    return gettext("Tiles by their numbers: %(total)s") % {"total": total}


STEPS: Mapping[str, Callable[[Any, Sequence[str]], str]] = {
    R.FINISHER_ZERO: lambda s, names: (
        gettext("Ended the round: %(points)s") % {"points": _points(s)}
    ),
    R.TEAM_PARTNER_ZERO: lambda s, names: (
        gettext("Partner of %(name)s, who ended the round: %(points)s")
        % {"name": _seat_name(names, s.facts.get("partner")), "points": _points(s)}
    ),
    R.NOT_MELDED: lambda s, names: gettext("Not melded: %(points)s") % {"points": _points(s)},
    R.FINAL_ROUND_500: lambda s, names: (
        gettext("Final round, did not lay the whole rack down: %(points)s") % {"points": _points(s)}
    ),
    R.FACE_VALUES: lambda s, names: _face_values(s),
    R.OKEY_25: lambda s, names: (
        ngettext(
            "%(count)s Okey × 25 = %(points)s",
            "%(count)s Okeys × 25 = %(points)s",
            s.facts["count"],
        )
        % {"count": s.facts["count"], "points": _points(s)}
    ),
    R.FALSE_JOKER_25: lambda s, names: (
        ngettext(
            "%(count)s false joker × 25 = %(points)s",
            "%(count)s false jokers × 25 = %(points)s",
            s.facts["count"],
        )
        % {"count": s.facts["count"], "points": _points(s)}
    ),
    R.POINTS_GIVEN: lambda s, names: (
        gettext("Counted by the player: %(points)s") % {"points": _points(s)}
    ),
    R.MULTIPLIER: lambda s, names: (
        gettext("× %(factor)s, because the Okey is %(colour)s: %(points)s")
        % {
            "factor": s.facts.get("factor", ""),
            "colour": okey_colour(s.facts.get("colour")),
            "points": _points(s),
        }
    ),
    R.DOUBLED: lambda s, names: (
        gettext("× 2, because the round ended with an Okey: %(points)s") % {"points": _points(s)}
    ),
}

NOTES: Mapping[str, Callable[[], str]] = {
    R.OKEY_FINISH_IGNORED_IN_FINAL: lambda: gettext(
        "Finishing with an Okey does not count in the final round, so no score is doubled."
    ),
    R.EXHAUSTED_SCORED: lambda: gettext(
        "The pile ran out a fourth time: the round is scored as it stands, and nobody scores 0."
    ),
}


def _seat_name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 1 <= seat <= len(names):
        return names[seat - 1]
    return str(seat)


def step_text(step, names: Sequence[str]) -> str:
    """One line of a player's working, in the page's language."""
    phrase = STEPS.get(step.code)
    return phrase(step, names) if phrase else f"{step.code}: {_points(step)}"


def sum_text(total: int) -> str:
    return gettext("Sum: %(points)s") % {"points": number(total)}


def note_text(code: str) -> str:
    phrase = NOTES.get(code)
    return phrase() if phrase else str(code)
