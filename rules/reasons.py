"""Reason codes → sentences in the page's language.

The engine's verdicts are data (a `ReasonCode`, a rule ID and facts); this module turns the
codes that melds, contracts, round lists and tile notation can produce into sentences. The
rules pages use them for the engine-computed examples, the admin for its validation errors.
`SENTENCES` covers every code those engine modules can return or raise (a test checks it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext, pgettext

from kutsite.tiles import face_of
from rules.engine.tiles import Tile
from rules.engine.verdicts import ReasonCode
from rules.wording import number_word

R = ReasonCode
Facts = Mapping[str, Any]


def colour_noun(colour: object) -> str:
    """The colour as a noun ("Red appears twice", "in Blau")."""
    return {
        "r": pgettext("colour noun", "red"),
        "k": pgettext("colour noun", "black"),
        "b": pgettext("colour noun", "blue"),
        "y": pgettext("colour noun", "yellow"),
    }[str(colour)]


def tile_name(t: Tile | None) -> str:
    if t is None:
        return gettext("an Okey")
    return face_of(t).label


def run_end(position: int) -> str:
    """Run positions are 1..14; 14 is the 1 that follows 13 (M2)."""
    return str(1 if position == 14 else position)


def _pair(f: Facts) -> str:
    if f.get("tile") is None:
        return gettext("A pair of two Okeys.")
    return gettext("A pair: %(tile)s twice.") % {"tile": tile_name(f["tile"])}


def _invalid_meld(f: Facts) -> str:
    inner = f["verdict"]
    return gettext("Meld %(n)s: %(sentence)s") % {
        "n": f["meld"] + 1,
        "sentence": sentence(inner.reason, inner.facts),
    }


def _rejected(f: Facts) -> str:
    inner = f["verdict"]
    return gettext("The example does not meet the contract. %(sentence)s") % {
        "sentence": sentence(inner.reason, inner.facts)
    }


SENTENCES: dict[ReasonCode, Callable[[Facts], str]] = {
    # Melds (M1–M5, T4)
    R.VALID_GROUP: lambda f: (
        gettext("A Küt group: the %(number)s in %(size)s colours.")
        % {"number": f["number"], "size": number_word(f["size"])}
    ),
    R.VALID_RUN: lambda f: (
        gettext("A run of %(size)s in %(colour)s, from %(low)s to %(high)s.")
        % {
            "size": number_word(f["size"]),
            "colour": colour_noun(f["colour"]),
            "low": run_end(f["low"]),
            "high": run_end(f["high"]),
        }
    ),
    R.VALID_PAIR: _pair,
    R.PAIR_NOT_ALLOWED: lambda f: gettext(
        "A pair counts only in a contract that asks for pairs, and in the last round."
    ),
    R.TOO_MANY_COPIES: lambda f: (
        gettext("The set holds only two of each tile, but %(tile)s is used %(count)s times.")
        % {"tile": tile_name(f["tile"]), "count": f["count"]}
    ),
    R.FALSE_JOKER_NOT_WILD: lambda f: (
        gettext("The false joker is not wild: it only counts as %(face)s.")
        % {"face": tile_name(f["face"])}
    ),
    R.TOO_FEW_TILES: lambda f: gettext("Too few tiles: a Küt group or a run needs at least three."),
    R.PAIR_NOT_IDENTICAL: lambda f: (
        gettext("Not a pair: %(first)s and %(second)s are not the same tile.")
        % {"first": tile_name(f["first"]), "second": tile_name(f["second"])}
    ),
    R.GROUP_TOO_LONG: lambda f: gettext("A Küt group has at most four tiles, one of each colour."),
    R.GROUP_REPEATED_COLOUR: lambda f: (
        gettext("%(colour)s appears twice: every tile of a Küt group has its own colour.")
        % {"colour": capfirst(colour_noun(f["colour"]))}
    ),
    R.GROUP_MIXED_NUMBERS: lambda f: (
        gettext("Mixed numbers: every tile of a Küt group shows the same number (%(number)s).")
        % {"number": f["number"]}
    ),
    R.RUN_MIXED_COLOURS: lambda f: (
        gettext("Mixed colours: every tile of a run has the same colour (%(colour)s).")
        % {"colour": colour_noun(f["colour"])}
    ),
    R.RUN_NOT_CONSECUTIVE: lambda f: (
        gettext("Not consecutive: this place needs %(expected)s, not %(tile)s.")
        % {"expected": tile_name(f["expected"]), "tile": tile_name(f["tile"])}
    ),
    R.RUN_WRAPS_PAST_ONE: lambda f: gettext(
        "A run stops at the 1 that follows 13: it never goes on to 2."
    ),
    # Opening melds (C2, C4)
    R.CONTRACT_MET: lambda f: gettext("This opening meld meets the contract."),
    R.ALL_AT_ONCE: lambda f: gettext("The whole rack goes down as valid melds in one go."),
    R.INVALID_MELD: _invalid_meld,
    R.GROUP_TOO_LONG_FOR_CONTRACT: lambda f: (
        gettext(
            "Meld %(n)s has %(size)s tiles, but the contract asks for Küt groups of exactly "
            "%(expected)s. Add the extra tile on a later turn."
        )
        % {"n": f["meld"] + 1, "size": f["size"], "expected": f["expected"]}
    ),
    R.GROUP_TOO_SHORT_FOR_CONTRACT: lambda f: (
        gettext(
            "Meld %(n)s has %(size)s tiles, but the contract asks for Küt groups of %(expected)s."
        )
        % {"n": f["meld"] + 1, "size": f["size"], "expected": f["expected"]}
    ),
    R.RUN_TOO_LONG_FOR_CONTRACT: lambda f: (
        gettext(
            "Meld %(n)s has %(size)s tiles, but the contract asks for runs of exactly "
            "%(expected)s. Extend the run on a later turn."
        )
        % {"n": f["meld"] + 1, "size": f["size"], "expected": f["expected"]}
    ),
    R.RUN_TOO_SHORT_FOR_CONTRACT: lambda f: (
        gettext("Meld %(n)s has %(size)s tiles, but the contract asks for runs of %(expected)s.")
        % {"n": f["meld"] + 1, "size": f["size"], "expected": f["expected"]}
    ),
    R.MISSING_GROUP: lambda f: (
        ngettext(
            "The contract asks for %(expected)s Küt group; this meld has %(found)s.",
            "The contract asks for %(expected)s Küt groups; this meld has %(found)s.",
            f["expected"],
        )
        % {"expected": f["expected"], "found": f["found"]}
    ),
    R.MISSING_RUN: lambda f: (
        ngettext(
            "The contract asks for %(expected)s run; this meld has %(found)s.",
            "The contract asks for %(expected)s runs; this meld has %(found)s.",
            f["expected"],
        )
        % {"expected": f["expected"], "found": f["found"]}
    ),
    R.MISSING_PAIR: lambda f: (
        ngettext(
            "The contract asks for %(expected)s pair; this meld has %(found)s.",
            "The contract asks for %(expected)s pairs; this meld has %(found)s.",
            f["expected"],
        )
        % {"expected": f["expected"], "found": f["found"]}
    ),
    R.WRONG_MELD_COUNT: lambda f: (
        gettext(
            "The contract asks for exactly %(expected)s melds, not %(found)s: other finished "
            "melds stay on your rack."
        )
        % {"expected": f["expected"], "found": f["found"]}
    ),
    R.NOT_WHOLE_RACK: lambda f: gettext(
        "The melds must hold exactly the tiles of the rack, no more and no fewer."
    ),
    # Contract data (C1, C4, M1, M2)
    R.NEGATIVE_COUNT: lambda f: gettext("A number of melds cannot be negative."),
    R.GROUP_SIZE_OUT_OF_RANGE: lambda f: (
        gettext("A Küt group has 3 or 4 tiles, not %(size)s.") % {"size": f["size"]}
    ),
    R.RUN_SIZE_OUT_OF_RANGE: lambda f: (
        gettext("A run has 3 to 14 tiles, not %(size)s.") % {"size": f["size"]}
    ),
    R.CONTRACT_EMPTY: lambda f: gettext("Every round but the last asks for at least one meld."),
    R.FINAL_WITH_MELDS: lambda f: gettext(
        "The all-at-once round has no contract: set its Küt groups, runs and pairs to 0."
    ),
    # Round lists (C3, C4, P8)
    R.NO_ROUNDS: lambda f: gettext("There are no rounds."),
    R.ROUND_NUMBERS_NOT_CONSECUTIVE: lambda f: (
        gettext(
            "Round %(round)s should be round %(expected)s: rounds are numbered 1, 2, 3, … "
            "without gaps."
        )
        % {"round": f["round"], "expected": f["expected"]}
    ),
    R.FINAL_ROUND_NOT_LAST: lambda f: (
        gettext(
            "Round %(round)s is marked as the all-at-once round, but only the last round may be."
        )
        % {"round": f["round"]}
    ),
    R.NO_FINAL_ROUND: lambda f: (
        gettext("The last round (%(round)s) must be the all-at-once round.") % {"round": f["round"]}
    ),
    R.CONTRACT_TOO_MANY_TILES: lambda f: (
        gettext(
            "The contract asks for %(tiles)s tiles, but at most %(limit)s are allowed, so that a "
            "player who melds keeps a tile to discard."
        )
        % {"tiles": f["tiles"], "limit": f["limit"]}
    ),
    R.EXAMPLE_REJECTED: _rejected,
    # Adding tiles and taking an Okey (P6, P7)
    R.CAN_ADD: lambda f: {
        "low": gettext("It fits at the low end of the run."),
        "high": gettext("It fits at the high end of the run."),
    }.get(f.get("at"), gettext("It is the missing colour of the group.")),
    R.ADD_TO_PAIR: lambda f: gettext("Nothing can be added to a pair."),
    R.GROUP_FULL: lambda f: gettext("A Küt group of four is full: it takes no fifth tile."),
    R.COLOUR_ALREADY_IN_GROUP: lambda f: (
        gettext("The group already has %(colour)s.") % {"colour": colour_noun(f["colour"])}
    ),
    R.WRONG_NUMBER_FOR_GROUP: lambda f: (
        gettext("Only a %(number)s fits this group.") % {"number": f["number"]}
    ),
    R.WRONG_COLOUR_FOR_RUN: lambda f: (
        gettext("Only %(colour)s fits this run.") % {"colour": colour_noun(f["colour"])}
    ),
    R.NOT_AT_RUN_END: lambda f: gettext("A tile can only be added at either end of a run."),
    R.CAN_SWAP_OKEY: lambda f: (
        gettext("Put %(tile)s in the Okey's place and take the Okey onto your rack.")
        % {"tile": tile_name(f["stands_for"])}
    ),
    R.NO_OKEY_IN_MELD: lambda f: gettext("There is no Okey in this meld."),
    R.GROUP_NEEDS_FOUR_TO_SWAP: lambda f: gettext(
        "A Küt group gives up its Okey only when it has four tiles: add the fourth first."
    ),
    R.TILE_NOT_STOOD_FOR: lambda f: gettext(
        "The Okey stands for another tile; only that tile can take its place."
    ),
    R.SWAP_WITH_OKEY: lambda f: gettext("An Okey is taken with a real tile, not another Okey."),
    # When a player may play (P2–P5, P8, C4)
    R.MAY_MELD: lambda f: gettext("You may lay down your contract."),
    R.MAY_PLAY: lambda f: gettext("You may play to the table."),
    R.ALREADY_MELDED: lambda f: gettext("You meld only once a round."),
    R.NOT_MELDED_YET: lambda f: gettext(
        "Not yet: nobody plays to the table before melding their contract."
    ),
    R.MELDED_THIS_TURN: lambda f: gettext("Not on the turn you meld: wait for your next turn."),
    R.MUST_KEEP_DISCARD: lambda f: gettext("You must keep one tile to discard."),
    R.FINAL_ROUND_ALL_AT_ONCE: lambda f: gettext(
        "In the last round the whole rack goes down at once, or nothing does."
    ),
    # Discards (X1–X6)
    R.NOT_PLAYABLE: lambda f: gettext("The tile fits no meld on the table."),
    R.OKEY_DISCARD: lambda f: gettext("Discarding an Okey costs 2 penalty tiles."),
    R.PLAYABLE_DISCARD: lambda f: gettext("The tile could be added to a meld on the table."),
    R.NO_CHOICE: lambda f: gettext(
        "Every tile on the rack would have carried a penalty, so there was no choice."
    ),
    R.FINAL_TILE: lambda f: gettext("The tile that ends the round never carries a penalty."),
    R.PILE_TOO_SMALL: lambda f: gettext(
        "Fewer than two tiles are left in the draw pile, so none are drawn."
    ),
    R.FINISHED_WITH_OKEY: lambda f: gettext(
        "The round is finished with Okey: the discard is free, and everyone else's penalty "
        "is doubled."
    ),
    R.TILE_NOT_ON_RACK: lambda f: (
        gettext("The rack must include the discarded tile, %(tile)s.")
        % {"tile": tile_name(f["tile"])}
    ),
    R.NEGATIVE_PILE: lambda f: gettext("The draw pile cannot hold fewer than 0 tiles."),
    R.FINAL_TILE_NOT_LAST: lambda f: gettext(
        "The tile that ends the round is the last one on the rack, so the rack holds only it."
    ),
    # Buying the discard (B1–B3)
    R.TAKEN_IN_TURN: lambda f: (
        gettext("Player %(seat)s is next and takes the discard, with no penalty tile.")
        % {"seat": f["seat"]}
    ),
    R.BOUGHT: lambda f: (
        gettext("Player %(seat)s buys the discard out of turn and draws one penalty tile.")
        % {"seat": f["seat"]}
    ),
    R.SOONER_TURN_WINS: lambda f: (
        gettext(
            "Player %(seat)s gets the discard, as their turn comes sooner, and draws one penalty "
            "tile."
        )
        % {"seat": f["seat"]}
    ),
    R.BUY_LIMIT_REACHED: lambda f: (
        gettext(
            "Nobody gets the discard: whoever wanted it has used all %(limit)s buys this round."
        )
        % {"limit": f["limit"]}
    ),
    R.NO_TAKER: lambda f: gettext("Nobody takes the discard."),
    R.UNKNOWN_SEAT: lambda f: (
        gettext("Players are numbered 1 to 4, not %(seat)s.") % {"seat": f["seat"]}
    ),
    R.DISCARDER_CANNOT_TAKE: lambda f: gettext("Nobody can take back their own discard."),
    R.NEGATIVE_LIMIT: lambda f: gettext("A buying limit cannot be negative."),
    # Tile notation (T1, T2, T5)
    R.EMPTY: lambda f: gettext("Enter at least one tile."),
    R.NOT_A_TILE: lambda f: gettext("“%(token)s” is not a tile.") % {"token": f["token"]},
    R.UNKNOWN_COLOUR: lambda f: (
        gettext("“%(token)s” is not a tile: the colour letters are r, k, b and y (or s and g).")
        % {"token": f["token"]}
    ),
    R.MISSING_COLOUR: lambda f: (
        gettext("“%(token)s” has no colour letter (r, k, b or y).") % {"token": f["token"]}
    ),
    R.MISSING_NUMBER: lambda f: (
        gettext("“%(token)s” has no number (1 to 13).") % {"token": f["token"]}
    ),
    R.NUMBER_OUT_OF_RANGE: lambda f: (
        gettext("“%(token)s” is not a tile: the numbers run from 1 to 13.") % {"token": f["token"]}
    ),
    R.EMPTY_MELD: lambda f: (
        gettext("Meld %(n)s is empty: check the “|” separators.") % {"n": f["meld"] + 1}
    ),
    R.NOT_ONE_TILE: lambda f: gettext("The indicator is exactly one tile."),
    R.FALSE_JOKER_INDICATOR: lambda f: gettext("A false joker cannot be the indicator."),
    R.OKEY_INDICATOR: lambda f: gettext(
        "Give the indicator as the numbered tile it shows, not as “ok”."
    ),
}


def sentence(code: ReasonCode, facts: Facts | None = None) -> str:
    """The sentence for a reason code and its facts, in the active language."""
    return SENTENCES[code](facts or {})


def error_sentence(error: Any) -> str:
    """An engine `InputError` as a sentence (its token and position become facts)."""
    values = dict(error.facts)
    if error.token is not None:
        values.setdefault("token", error.token)
    if error.code is R.EMPTY_MELD:
        values.setdefault("meld", error.position or 0)
    return sentence(error.code, values)


def problem_sentence(problem: Any) -> str:
    """A round list's `RoundProblem` as a sentence (its round number becomes a fact)."""
    return sentence(problem.reason, {**problem.facts, "round": problem.round})
