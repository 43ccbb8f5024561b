"""Reason codes, their catalogue, and the engine's input error.

Every verdict the engine returns carries a `ReasonCode` and the rule ID of `docs/rules.md` that
it applies. `REASONS` documents each code once: the rule it usually cites, the names of the facts
a sentence may use (keys of the verdict's or error's `facts`; an error's offending text is its
`.token`, with `.position`) and its meaning for developers. Pages never show `meaning`; they
translate the code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any


class ReasonCode(StrEnum):
    # Notation and input (T)
    EMPTY = "EMPTY"
    NOT_A_TILE = "NOT_A_TILE"
    UNKNOWN_COLOUR = "UNKNOWN_COLOUR"
    MISSING_COLOUR = "MISSING_COLOUR"
    MISSING_NUMBER = "MISSING_NUMBER"
    NUMBER_OUT_OF_RANGE = "NUMBER_OUT_OF_RANGE"
    NUMBER_BEFORE_COLOUR = "NUMBER_BEFORE_COLOUR"
    COLOUR_WORD = "COLOUR_WORD"
    TILES_TOGETHER = "TILES_TOGETHER"
    JOKER_WORD = "JOKER_WORD"
    EMPTY_MELD = "EMPTY_MELD"
    NOT_ONE_TILE = "NOT_ONE_TILE"
    FALSE_JOKER_INDICATOR = "FALSE_JOKER_INDICATOR"
    OKEY_INDICATOR = "OKEY_INDICATOR"
    TOO_MANY_COPIES = "TOO_MANY_COPIES"
    RACK_TOO_LONG = "RACK_TOO_LONG"
    FINAL_RACK_TOO_SHORT = "FINAL_RACK_TOO_SHORT"
    CONTRACT_TOO_LONG = "CONTRACT_TOO_LONG"
    # Melds (M)
    VALID_GROUP = "VALID_GROUP"
    VALID_RUN = "VALID_RUN"
    VALID_PAIR = "VALID_PAIR"
    TOO_FEW_TILES = "TOO_FEW_TILES"
    GROUP_TOO_LONG = "GROUP_TOO_LONG"
    GROUP_REPEATED_COLOUR = "GROUP_REPEATED_COLOUR"
    GROUP_MIXED_NUMBERS = "GROUP_MIXED_NUMBERS"
    RUN_MIXED_COLOURS = "RUN_MIXED_COLOURS"
    RUN_NOT_CONSECUTIVE = "RUN_NOT_CONSECUTIVE"
    RUN_WRAPS_PAST_ONE = "RUN_WRAPS_PAST_ONE"
    PAIR_NOT_IDENTICAL = "PAIR_NOT_IDENTICAL"
    PAIR_NOT_ALLOWED = "PAIR_NOT_ALLOWED"
    FALSE_JOKER_NOT_WILD = "FALSE_JOKER_NOT_WILD"
    # Contracts and rounds (C)
    CONTRACT_MET = "CONTRACT_MET"
    ALL_AT_ONCE = "ALL_AT_ONCE"
    INVALID_MELD = "INVALID_MELD"
    GROUP_TOO_LONG_FOR_CONTRACT = "GROUP_TOO_LONG_FOR_CONTRACT"
    GROUP_TOO_SHORT_FOR_CONTRACT = "GROUP_TOO_SHORT_FOR_CONTRACT"
    RUN_TOO_LONG_FOR_CONTRACT = "RUN_TOO_LONG_FOR_CONTRACT"
    RUN_TOO_SHORT_FOR_CONTRACT = "RUN_TOO_SHORT_FOR_CONTRACT"
    WRONG_MELD_COUNT = "WRONG_MELD_COUNT"
    MISSING_GROUP = "MISSING_GROUP"
    MISSING_RUN = "MISSING_RUN"
    MISSING_PAIR = "MISSING_PAIR"
    NOT_WHOLE_RACK = "NOT_WHOLE_RACK"
    CAN_OPEN = "CAN_OPEN"
    CANNOT_OPEN = "CANNOT_OPEN"
    NOT_ALL_AT_ONCE = "NOT_ALL_AT_ONCE"
    FURTHER_MELDS = "FURTHER_MELDS"
    GROUP_SIZE_OUT_OF_RANGE = "GROUP_SIZE_OUT_OF_RANGE"
    RUN_SIZE_OUT_OF_RANGE = "RUN_SIZE_OUT_OF_RANGE"
    NEGATIVE_COUNT = "NEGATIVE_COUNT"
    CONTRACT_EMPTY = "CONTRACT_EMPTY"
    FINAL_WITH_MELDS = "FINAL_WITH_MELDS"
    CONTRACT_TOO_MANY_TILES = "CONTRACT_TOO_MANY_TILES"
    EXAMPLE_REJECTED = "EXAMPLE_REJECTED"
    NO_ROUNDS = "NO_ROUNDS"
    ROUND_NUMBERS_NOT_CONSECUTIVE = "ROUND_NUMBERS_NOT_CONSECUTIVE"
    NO_FINAL_ROUND = "NO_FINAL_ROUND"
    FINAL_ROUND_NOT_LAST = "FINAL_ROUND_NOT_LAST"
    # Table play (P)
    CAN_ADD = "CAN_ADD"
    ADD_TO_PAIR = "ADD_TO_PAIR"
    GROUP_FULL = "GROUP_FULL"
    COLOUR_ALREADY_IN_GROUP = "COLOUR_ALREADY_IN_GROUP"
    WRONG_NUMBER_FOR_GROUP = "WRONG_NUMBER_FOR_GROUP"
    WRONG_COLOUR_FOR_RUN = "WRONG_COLOUR_FOR_RUN"
    NOT_AT_RUN_END = "NOT_AT_RUN_END"
    CAN_SWAP_OKEY = "CAN_SWAP_OKEY"
    NO_OKEY_IN_MELD = "NO_OKEY_IN_MELD"
    GROUP_NEEDS_FOUR_TO_SWAP = "GROUP_NEEDS_FOUR_TO_SWAP"
    TILE_NOT_STOOD_FOR = "TILE_NOT_STOOD_FOR"
    SWAP_WITH_OKEY = "SWAP_WITH_OKEY"
    MAY_MELD = "MAY_MELD"
    MAY_PLAY = "MAY_PLAY"
    ALREADY_MELDED = "ALREADY_MELDED"
    NOT_MELDED_YET = "NOT_MELDED_YET"
    MELDED_THIS_TURN = "MELDED_THIS_TURN"
    MUST_KEEP_DISCARD = "MUST_KEEP_DISCARD"
    FINAL_ROUND_ALL_AT_ONCE = "FINAL_ROUND_ALL_AT_ONCE"
    # Discards and buying (X, B)
    NOT_PLAYABLE = "NOT_PLAYABLE"
    OKEY_DISCARD = "OKEY_DISCARD"
    PLAYABLE_DISCARD = "PLAYABLE_DISCARD"
    NO_CHOICE = "NO_CHOICE"
    FINAL_TILE = "FINAL_TILE"
    PILE_TOO_SMALL = "PILE_TOO_SMALL"
    FINISHED_WITH_OKEY = "FINISHED_WITH_OKEY"
    TILE_NOT_ON_RACK = "TILE_NOT_ON_RACK"
    NEGATIVE_PILE = "NEGATIVE_PILE"
    PILE_TOO_LARGE = "PILE_TOO_LARGE"
    FINAL_TILE_NOT_LAST = "FINAL_TILE_NOT_LAST"
    TAKEN_IN_TURN = "TAKEN_IN_TURN"
    BOUGHT = "BOUGHT"
    SOONER_TURN_WINS = "SOONER_TURN_WINS"
    BUY_LIMIT_REACHED = "BUY_LIMIT_REACHED"
    NO_TAKER = "NO_TAKER"
    UNKNOWN_SEAT = "UNKNOWN_SEAT"
    DISCARDER_CANNOT_TAKE = "DISCARDER_CANNOT_TAKE"
    NEGATIVE_LIMIT = "NEGATIVE_LIMIT"
    # Scoring: breakdown steps and notes (S, E)
    FINISHER_ZERO = "FINISHER_ZERO"
    TEAM_PARTNER_ZERO = "TEAM_PARTNER_ZERO"
    NOT_MELDED = "NOT_MELDED"
    FINAL_ROUND_500 = "FINAL_ROUND_500"
    FACE_VALUES = "FACE_VALUES"
    OKEY_25 = "OKEY_25"
    FALSE_JOKER_25 = "FALSE_JOKER_25"
    POINTS_GIVEN = "POINTS_GIVEN"
    MULTIPLIER = "MULTIPLIER"
    DOUBLED = "DOUBLED"
    OKEY_FINISH_IGNORED_IN_FINAL = "OKEY_FINISH_IGNORED_IN_FINAL"
    EXHAUSTED_SCORED = "EXHAUSTED_SCORED"
    # Scoring: input errors
    WRONG_PLAYER_COUNT = "WRONG_PLAYER_COUNT"
    UNKNOWN_STATE = "UNKNOWN_STATE"
    NO_FINISHER = "NO_FINISHER"
    MORE_THAN_ONE_FINISHER = "MORE_THAN_ONE_FINISHER"
    FINISHER_WITH_TILES = "FINISHER_WITH_TILES"
    FINISHER_WHEN_EXHAUSTED = "FINISHER_WHEN_EXHAUSTED"
    OKEY_FINISH_WHEN_EXHAUSTED = "OKEY_FINISH_WHEN_EXHAUSTED"
    NEGATIVE_POINTS = "NEGATIVE_POINTS"
    MISSING_RACK = "MISSING_RACK"
    RACK_AND_POINTS = "RACK_AND_POINTS"


@dataclass(frozen=True, slots=True)
class ReasonInfo:
    rule: str | None
    facts: tuple[str, ...]
    meaning: str


def _i(rule: str | None, facts: str, meaning: str) -> ReasonInfo:
    return ReasonInfo(rule, tuple(facts.split()), meaning)


R = ReasonCode
REASONS: Mapping[ReasonCode, ReasonInfo] = MappingProxyType(
    {
        R.EMPTY: _i(None, "", "nothing was given where tiles are needed"),
        R.NOT_A_TILE: _i(None, "", "the token is not tile notation at all"),
        R.UNKNOWN_COLOUR: _i("T1", "letter", "the colour letter is not r, k, b, y, s or g"),
        R.MISSING_COLOUR: _i("T1", "", "a number without a colour letter"),
        R.MISSING_NUMBER: _i("T1", "", "a colour letter without a number"),
        R.NUMBER_OUT_OF_RANGE: _i("T1", "number", "tile numbers run from 1 to 13"),
        R.NUMBER_BEFORE_COLOUR: _i(
            "T1", "written", "the number before the colour letter (`3k`; `written`: k3)"
        ),
        R.COLOUR_WORD: _i("T1", "written", "a colour as a word (`black 3`; `written`: k3)"),
        R.TILES_TOGETHER: _i(None, "written", "tiles with no space between (`b11ok`: b11 ok)"),
        R.JOKER_WORD: _i("T3", "", "`joker` or `okey` for a wild tile: `ok`, or `fj` (T4)"),
        R.EMPTY_MELD: _i(None, "meld", "an empty meld between two '|' separators"),
        R.NOT_ONE_TILE: _i("T2", "count", "the indicator must be exactly one tile"),
        R.FALSE_JOKER_INDICATOR: _i("T5", "", "a false joker cannot be the indicator"),
        R.OKEY_INDICATOR: _i("T2", "", "'ok' cannot be the indicator; give the numbered tile"),
        R.TOO_MANY_COPIES: _i(
            "T1",
            "tile count limit indicator racks okey",
            "more copies of a tile than the set holds (two of each; `indicator`: one is face up; "
            "`racks`: the copies are on several racks; `okey`: the tile is the Okey, T3)",
        ),
        R.RACK_TOO_LONG: _i("D1", "count limit", "more tiles than a rack can hold (a bound)"),
        R.FINAL_RACK_TOO_SHORT: _i(
            "C4", "count least", "in the last round nobody has melded: a rack holds all 14+ tiles"
        ),
        R.CONTRACT_TOO_LONG: _i(
            "P8", "tiles limit", "a solver is asked for over 12 tiles (a bound)"
        ),
        R.VALID_GROUP: _i("M1", "number size", "a valid Küt group"),
        R.VALID_RUN: _i("M2", "colour low high size", "a valid run (low/high are 1..14)"),
        R.VALID_PAIR: _i("M3", "tile", "a valid pair"),
        R.TOO_FEW_TILES: _i("M3", "count minimum", "one tile is no meld (a pair has 2)"),
        R.GROUP_TOO_LONG: _i("M1", "count maximum", "a group has at most four tiles"),
        R.GROUP_REPEATED_COLOUR: _i("M1", "tile index colour", "a colour appears twice"),
        R.GROUP_MIXED_NUMBERS: _i(
            "M1", "tile index number", "a group tile does not show the group's number"
        ),
        R.RUN_MIXED_COLOURS: _i("M2", "tile index colour", "a run tile has another colour"),
        R.RUN_NOT_CONSECUTIVE: _i(
            "M2", "tile index expected", "a gap or a tile out of order; `expected` fits there"
        ),
        R.RUN_WRAPS_PAST_ONE: _i(
            "M2", "tile index", "the run goes on past the 1 after 13 (13-1-2)"
        ),
        R.PAIR_NOT_IDENTICAL: _i(
            "M3", "first second start", "two tiles are a meld only as an identical pair"
        ),
        R.PAIR_NOT_ALLOWED: _i("M3", "", "pairs only count where a contract asks for them"),
        R.FALSE_JOKER_NOT_WILD: _i(
            "T4", "tile index face", "valid only if the false joker were wild; it is `face`"
        ),
        R.CONTRACT_MET: _i("C2", "", "the opening meld meets the contract"),
        R.ALL_AT_ONCE: _i("C4", "", "the whole rack is laid down as valid melds"),
        R.INVALID_MELD: _i(
            "M1", "meld verdict", "meld number `meld` (0-based) is invalid; see `verdict`"
        ),
        R.GROUP_TOO_LONG_FOR_CONTRACT: _i(
            "C2", "meld size expected", "a longer group than the contract's (add it later)"
        ),
        R.GROUP_TOO_SHORT_FOR_CONTRACT: _i(
            "C2", "meld size expected", "a shorter group than the contract's"
        ),
        R.RUN_TOO_LONG_FOR_CONTRACT: _i(
            "C2", "meld size expected", "a longer run than the contract's (extend it later)"
        ),
        R.RUN_TOO_SHORT_FOR_CONTRACT: _i(
            "C2", "meld size expected", "a shorter run than the contract's"
        ),
        R.WRONG_MELD_COUNT: _i("C2", "expected found", "more or fewer melds than the contract"),
        R.MISSING_GROUP: _i("C2", "expected found", "fewer groups than the contract asks for"),
        R.MISSING_RUN: _i("C2", "expected found", "fewer runs than the contract asks for"),
        R.MISSING_PAIR: _i("C2", "expected found", "fewer pairs than the contract asks for"),
        R.NOT_WHOLE_RACK: _i("C4", "missing extra", "the melds are not exactly the rack's tiles"),
        R.CAN_OPEN: _i("C2", "", "the rack holds an opening meld for the contract"),
        R.CANNOT_OPEN: _i("C2", "missing", "no opening yet; `missing`: the contract's unmet part"),
        R.NOT_ALL_AT_ONCE: _i("C4", "count", "the rack cannot go down whole; `count` left over"),
        R.FURTHER_MELDS: _i("P4", "count", "melds from the rest of the rack, from the next turn"),
        R.GROUP_SIZE_OUT_OF_RANGE: _i("M1", "size", "a contract's group size must be 3 or 4"),
        R.RUN_SIZE_OUT_OF_RANGE: _i("M2", "size", "a contract's run size must be 3 to 14"),
        R.NEGATIVE_COUNT: _i("C1", "", "a contract count is negative"),
        R.CONTRACT_EMPTY: _i("C1", "", "a round other than the last must ask for melds"),
        R.FINAL_WITH_MELDS: _i("C4", "", "the all-at-once round has no contract melds"),
        R.CONTRACT_TOO_MANY_TILES: _i(
            "P8", "round tiles limit", "a contract may ask for at most 12 tiles"
        ),
        R.EXAMPLE_REJECTED: _i(
            "C2", "round verdict", "the round's example does not meet its own contract"
        ),
        R.NO_ROUNDS: _i("C3", "", "the round list is empty"),
        R.ROUND_NUMBERS_NOT_CONSECUTIVE: _i(
            "C3", "round expected", "rounds must be numbered 1, 2, 3, … in order"
        ),
        R.NO_FINAL_ROUND: _i("C4", "", "the last round must be the all-at-once round"),
        R.FINAL_ROUND_NOT_LAST: _i(
            "C4", "round", "only the last round may be the all-at-once round"
        ),
        R.CAN_ADD: _i("P6", "at", "the tile may be added (at: low, high or group)"),
        R.ADD_TO_PAIR: _i("P6", "", "nothing can be added to a pair"),
        R.GROUP_FULL: _i("P6", "", "a group of four takes no fifth tile"),
        R.COLOUR_ALREADY_IN_GROUP: _i("P6", "colour", "the group already has that colour"),
        R.WRONG_NUMBER_FOR_GROUP: _i("P6", "number", "the group's number is `number`"),
        R.WRONG_COLOUR_FOR_RUN: _i("P6", "colour", "the run's colour is `colour`"),
        R.NOT_AT_RUN_END: _i(
            "P6", "low high swap", "fits at neither end; `low`/`high` would (None: no room)"
        ),
        R.CAN_SWAP_OKEY: _i("P7", "index stands_for", "the Okey at `index` may be taken"),
        R.NO_OKEY_IN_MELD: _i("P7", "", "the meld holds no Okey"),
        R.GROUP_NEEDS_FOUR_TO_SWAP: _i(
            "P7", "", "an Okey leaves a group only when it has four tiles"
        ),
        R.TILE_NOT_STOOD_FOR: _i(
            "P7", "stands_for", "the Okey stands for another tile (`stands_for`)"
        ),
        R.SWAP_WITH_OKEY: _i("P7", "", "an Okey is swapped out by a real tile, not an Okey"),
        R.MAY_MELD: _i("P2", "action", "the player may lay down the contract"),
        R.MAY_PLAY: _i("P4", "action", "the player may play to the table"),
        R.ALREADY_MELDED: _i("P2", "action", "a player melds once a round"),
        R.NOT_MELDED_YET: _i("P5", "action", "before melding nobody plays to the table"),
        R.MELDED_THIS_TURN: _i("P3", "action", "nothing more on the turn you meld"),
        R.MUST_KEEP_DISCARD: _i("P8", "action", "a tile must remain for the discard"),
        R.FINAL_ROUND_ALL_AT_ONCE: _i(
            "C4", "action", "in the last round the rack goes down all at once or not at all"
        ),
        R.NOT_PLAYABLE: _i(
            "X2", "swap", "neither an Okey nor playable: no penalty (`swap`: could take an Okey)"
        ),
        R.OKEY_DISCARD: _i(
            "X1", "penalty_tiles", "discarding an Okey costs `penalty_tiles` penalty tiles"
        ),
        R.PLAYABLE_DISCARD: _i(
            "X2",
            "meld at penalty_tiles",
            "the tile could be added to table meld `meld`: `penalty_tiles` penalty tiles",
        ),
        R.NO_CHOICE: _i("X3", "offence", "every rack tile would carry a penalty: none"),
        R.FINAL_TILE: _i("X4", "offence", "the final tile carries no penalty"),
        R.PILE_TOO_SMALL: _i(
            "X5", "pile offence least", "fewer than `least` tiles left: none drawn"
        ),
        R.FINISHED_WITH_OKEY: _i("X6", "", "final Okey: no penalty, the round ends with Okey"),
        R.TILE_NOT_ON_RACK: _i("X3", "tile", "the rack must include the discarded tile"),
        R.NEGATIVE_PILE: _i("X5", "pile", "the pile cannot hold fewer than 0 tiles"),
        R.PILE_TOO_LARGE: _i("D1", "pile limit", "after the deal the pile holds 48 tiles"),
        R.FINAL_TILE_NOT_LAST: _i("X4", "count", "a final discard leaves the rack empty"),
        R.TAKEN_IN_TURN: _i("B1", "seat", "the next player takes the discard, no penalty"),
        R.BOUGHT: _i(
            "B1",
            "seat penalty_tiles others blocked buys_left",
            "bought out of turn with one penalty tile",
        ),
        R.SOONER_TURN_WINS: _i(
            "B3",
            "seat penalty_tiles others blocked buys_left",
            "several wanted it; the sooner turn buys it",
        ),
        R.BUY_LIMIT_REACHED: _i("B2", "seats limit", "those players have used all their buys"),
        R.NO_TAKER: _i("B1", "", "nobody takes the discard"),
        R.UNKNOWN_SEAT: _i("D1", "seat", "seats are numbered 1 to 4"),
        R.DISCARDER_CANNOT_TAKE: _i("P1", "seat", "a player cannot take their own discard"),
        R.NEGATIVE_LIMIT: _i("B2", "limit", "a buying limit cannot be negative"),
        R.FINISHER_ZERO: _i("S1", "points", "ended the round: `points` (0)"),
        R.TEAM_PARTNER_ZERO: _i(
            "S5", "partner points", "the finisher's partner also scores `points` (0)"
        ),
        R.NOT_MELDED: _i("S2", "points", "not melded: 500"),
        R.FINAL_ROUND_500: _i("S7", "points", "last round, did not go out: 500"),
        R.FACE_VALUES: _i("S3", "tiles points", "sum of the numbered tiles' faces"),
        R.OKEY_25: _i("S3", "count each points", "each Okey counts `each` (25)"),
        R.FALSE_JOKER_25: _i("S3", "count each points", "each false joker counts `each` (25)"),
        R.POINTS_GIVEN: _i("S3", "points", "the rack's total as entered"),
        R.MULTIPLIER: _i(
            "S3", "factor colour points", "×5 (Okey red/black) or ×2 (blue/yellow); `points` after"
        ),
        R.DOUBLED: _i("S4", "factor points", "finished with Okey: × `factor` (2); `points` after"),
        R.OKEY_FINISH_IGNORED_IN_FINAL: _i(
            "C4", "", "finishing with Okey does not count in the last round: ignored"
        ),
        R.EXHAUSTED_SCORED: _i(
            "E2", "", "fourth exhausted pile: scored as normal, nobody scores 0"
        ),
        R.WRONG_PLAYER_COUNT: _i("D1", "count", "a round is scored for exactly four players"),
        R.UNKNOWN_STATE: _i(None, "value", "state must be finished, melded or not-melded"),
        R.NO_FINISHER: _i("E1", "", "exactly one player ends the round (unless exhausted)"),
        R.MORE_THAN_ONE_FINISHER: _i("E1", "seats", "only one player can end the round"),
        R.FINISHER_WITH_TILES: _i("E1", "", "the player who ended the round holds no tiles"),
        R.FINISHER_WHEN_EXHAUSTED: _i("E2", "", "an exhausted round has no finisher"),
        R.OKEY_FINISH_WHEN_EXHAUSTED: _i("S4", "", "nobody finished, so not with an Okey"),
        R.NEGATIVE_POINTS: _i("S3", "points", "a rack total cannot be negative"),
        R.MISSING_RACK: _i("S3", "", "a melded player needs their rack or its points"),
        R.RACK_AND_POINTS: _i("S3", "", "give the rack or the points, not both"),
    }
)
del R


def facts(**values: Any) -> Mapping[str, Any]:
    """A read-only mapping of the facts a sentence needs."""
    return MappingProxyType(values)


def rule_of(code: ReasonCode) -> str | None:
    return REASONS[code].rule


class InputError(ValueError):
    """Input the engine cannot judge: a bad token, a false joker as indicator, a bad contract.

    `code` is a `ReasonCode`; `field` names the input (set by the caller when it knows it),
    `token` the offending text, `position` its 0-based index among the tokens or melds.
    """

    def __init__(
        self,
        code: ReasonCode,
        *,
        rule: str | None = None,
        field: str | None = None,
        token: str | None = None,
        position: int | None = None,
        **fact_values: Any,
    ) -> None:
        self.code = code
        self.rule = rule if rule is not None else rule_of(code)
        self.field = field
        self.token = token
        self.position = position
        self.facts = facts(**fact_values)
        where = f" {token!r}" if token is not None else ""
        super().__init__(f"{code}{where}: {REASONS[code].meaning}")


class NotationError(InputError):
    """A token of tile notation that is not a tile (or a tile that cannot be the indicator)."""
