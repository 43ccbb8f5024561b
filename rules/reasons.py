"""The engine's reason codes in words, in the page's language: the one place that phrases them.

The rules engine (`rules.engine`) returns verdicts as data: a `ReasonCode`, the rule ID of
`docs/rules.md` it applies, and `facts` (tiles, numbers, colours…). This module turns them into
sentences for every page — the guide and the rounds, the referee's checkers and rulings, the
score calculator and the admin. It needs Django's translation machinery but no database, and
imports nothing from the other apps (the referee's ruling slugs live in `referee.coverage`).

Public names:

- `sentence(code, facts=None) -> str` — the sentence for a reason code with its facts, in the
  active language. Unknown or missing facts never raise; they render as an empty string.
- `describe(verdict) -> str` — `sentence(verdict.reason, verdict.facts)` for any engine verdict
  (anything with `.reason` and `.facts`).
- `error_message(error) -> str` — the sentence for an engine `InputError` (bad token, bad
  indicator…), including its token; use it for form field errors. It reads only `.code`,
  `.facts`, `.token` and `.position`, so any problem record with those attributes works.
- `problem_sentence(problem) -> str` — a round list's `RoundProblem` (its round becomes a fact).
- `SENTENCES` — `{ReasonCode: lazy message}`; every code the engine defines has one
  (a test checks this).
- `kind_name(kind)`, `verdict_label(verdict)` — "run", "Küt group", "pair"; "Valid run",
  "Invalid".
- `rule_label(rule)` — "Rule M2" / "Regel M2".
- `rule_name(rule)` — "Rule M2: Runs" / "Regel M2: Reihen", a rule badge's accessible name;
  `RULE_TITLES` and `RULE_TOPICS` hold the short title of every rule and the topic of each
  letter, for the badges and the guide's list of rules; `rule_title(rule)` reads a title.
- `rule_numbers()` — the rule quantities pages quote ("106", "1,000", "two"), from the engine.
- `penalty_label(penalty)` — "2 penalty tiles" / "No penalty", the headline of a discard.
- `okey_roles(verdict)` — one sentence per Okey of a valid meld: what it stands for.
- `tile_label(tile)`, `colour_noun(colour)`, `run_end(position)`, `format_points(value)` — an
  engine tile, a colour, a run's end and a score in words, as the sentences use them ("red 7" /
  "rote 7"; "red" / "Rot"; 14 → 1; 1,000 / 1.000).

Facts are put into words by name: tiles become their spoken label, `colour` a colour noun,
0-based `index`/`meld`/`position` count from 1, run ends `low`/`high` 14 read as 1, `at` and
`offence` become phrases, a nested `verdict` its own sentence, `points` get the page's thousands
separator, `tiles` of a rack read as their numbers ("3 + 11"), and the seats in `partner` and
`seats` read as "player 3" — or as the name a caller puts there instead (the calculator does).
A few sentences read a fact otherwise (`_READ_AS`): a valid meld's size as a word ("a run of
four"), the Okey's colour in the multiplier as an adjective ("weil der Okey rot ist").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from functools import lru_cache
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.text import capfirst
from django.utils.translation import (
    get_language,
    gettext,
    gettext_lazy,
    ngettext,
    ngettext_lazy,
    pgettext,
    pgettext_lazy,
)

from kutsite.text import shown
from kutsite.tiles import colour_name, face_of
from rules.engine import (
    BUY_LIMIT,
    DEFAULT_ROUNDS,
    MAX_REDEALS,
    OKEY_POINTS,
    OTHER_TILES,
    PENALTY_TILES,
    PILE_AFTER_DEAL,
    STARTING_TILES,
    PlayerInput,
    PlayerState,
    full_set,
    multiplier,
    parse_indicator,
    score_round,
)
from rules.engine.contracts import Contract
from rules.engine.verdicts import InputError, ReasonCode
from rules.wording import contract_text, join_words, number_word, times_word

_ = gettext_lazy
R = ReasonCode
Facts = Mapping[str, Any]

# A sentence is a lazy message with %(name)s placeholders, or, where a number decides the
# grammar, (ngettext_lazy message, name of the fact that counts).
SENTENCES: Mapping[ReasonCode, Any] = {
    # Notation and input
    R.EMPTY: _("Enter at least one tile."),
    R.NOT_A_TILE: _("“%(token)s” is not a tile."),
    R.UNKNOWN_COLOUR: _(
        "“%(token)s” is not a tile: “%(letter)s” is not a colour letter (use r, k, b or y)."
    ),
    R.MISSING_COLOUR: _("“%(token)s” is not a tile: the colour letter is missing (as in r7)."),
    R.MISSING_NUMBER: _("“%(token)s” is not a tile: the number is missing (as in r7)."),
    R.NUMBER_OUT_OF_RANGE: _("“%(token)s” is not a tile: the numbers run from 1 to 13."),
    R.NUMBER_BEFORE_COLOUR: _(
        "“%(token)s” is not a tile: the colour letter comes first, as in “%(written)s”."
    ),
    R.COLOUR_WORD: _(
        "“%(token)s” is not a tile: write the colour as its letter with the number right after "
        "it, as in “%(written)s”."
    ),
    R.TILES_TOGETHER: _(
        "“%(token)s” is several tiles: put a space between them, as in “%(written)s”."
    ),
    R.JOKER_WORD: _(
        "“%(token)s” is not a tile: write ok for an Okey, the round’s wild tile, and fj for a "
        "false joker."
    ),
    R.EMPTY_MELD: _("Meld %(meld)s is empty: remove the extra “|”."),
    R.NOT_ONE_TILE: _("The indicator is exactly one tile; you entered %(count)s."),
    R.FINAL_RACK_TOO_SHORT: _(
        "Nobody melds before the last round ends, so every rack holds at least %(least)s tiles "
        "then; you entered %(count)s."
    ),
    R.FALSE_JOKER_INDICATOR: _(
        "The indicator is always a numbered tile, never a false joker: if one is turned up, put "
        "it back and turn up another tile."
    ),
    R.OKEY_INDICATOR: _("Enter the indicator as the tile itself (as in b8), not as “ok”."),
    R.TOO_MANY_COPIES: _(
        "The set holds only %(limit)s of each tile, but %(tile)s appears %(count)s here."
    ),
    R.RACK_TOO_LONG: _("A rack holds at most %(limit)s tiles here; you entered %(count)s."),
    R.CONTRACT_TOO_LONG: _(
        "A contract asks for at most %(limit)s tiles, so that a tile is left to discard; "
        "this one asks for %(tiles)s."
    ),
    # Melds
    R.VALID_GROUP: _("A Küt group: the %(number)s in %(size)s colours."),
    R.VALID_RUN: _("A run of %(size)s in %(colour)s, from %(low)s to %(high)s."),
    R.VALID_PAIR: _("A pair: %(tile)s twice."),
    R.TOO_FEW_TILES: _(
        "One tile alone is not a meld: the smallest meld is a pair of two identical tiles, "
        "and Küt groups and runs need at least three."
    ),
    R.GROUP_TOO_LONG: _(
        "A Küt group has at most %(maximum)s tiles, one of each colour; this one has %(count)s."
    ),
    R.GROUP_REPEATED_COLOUR: _(
        "The colour %(colour)s appears twice (%(tile)s in position %(index)s): "
        "a Küt group needs a different colour for each tile."
    ),
    R.GROUP_MIXED_NUMBERS: _(
        "Tile %(index)s (%(tile)s) is not a %(number)s: "
        "a Küt group is one number in different colours."
    ),
    R.RUN_MIXED_COLOURS: _(
        "Tile %(index)s (%(tile)s) is not %(colour)s: a run keeps to one colour."
    ),
    R.RUN_NOT_CONSECUTIVE: _(
        "Tile %(index)s (%(tile)s) does not follow on: a run needs consecutive numbers, "
        "and %(expected)s would fit there."
    ),
    R.RUN_WRAPS_PAST_ONE: _(
        "A run may end with the 1 after 13 but cannot go on past it (%(tile)s in position "
        "%(index)s): 12-13-1 is a run, 13-1-2 is not."
    ),
    R.PAIR_NOT_IDENTICAL: _(
        "Two tiles are a meld only as a pair of identical tiles, and %(first)s and %(second)s "
        "are not the same tile."
    ),
    R.PAIR_NOT_ALLOWED: _(
        "Two identical tiles make a pair, but pairs count only in rounds whose contract asks "
        "for them and in the last round."
    ),
    R.FALSE_JOKER_NOT_WILD: _(
        "This would work only if the false joker were wild, and it is not: this round it "
        "counts as %(face)s and nothing else."
    ),
    # Contracts and rounds
    R.CONTRACT_MET: _("It lays down exactly this round’s contract, nothing more and nothing less."),
    R.ALL_AT_ONCE: _("All of it can go down in one go: that ends the last round."),
    R.INVALID_MELD: _("Meld %(meld)s is not valid: %(verdict)s"),
    R.GROUP_TOO_LONG_FOR_CONTRACT: _(
        "Meld %(meld)s has %(size)s tiles, but the contract asks for Küt groups of exactly "
        "%(expected)s. Add the extra tile on a later turn."
    ),
    R.GROUP_TOO_SHORT_FOR_CONTRACT: _(
        "Meld %(meld)s has %(size)s tiles, but the contract asks for Küt groups of %(expected)s."
    ),
    R.RUN_TOO_LONG_FOR_CONTRACT: _(
        "Meld %(meld)s has %(size)s tiles, but the contract asks for runs of exactly "
        "%(expected)s. Extend the run on a later turn."
    ),
    R.RUN_TOO_SHORT_FOR_CONTRACT: _(
        "Meld %(meld)s has %(size)s tiles, but the contract asks for runs of %(expected)s."
    ),
    R.WRONG_MELD_COUNT: (
        ngettext_lazy(
            "The contract asks for %(expected)s meld; you laid down %(found)s.",
            "The contract asks for %(expected)s melds; you laid down %(found)s.",
            "expected",
        ),
        "expected",
    ),
    R.MISSING_GROUP: (
        ngettext_lazy(
            "The contract asks for %(expected)s Küt group; you have %(found)s.",
            "The contract asks for %(expected)s Küt groups; you have %(found)s.",
            "expected",
        ),
        "expected",
    ),
    R.MISSING_RUN: (
        ngettext_lazy(
            "The contract asks for %(expected)s run; you have %(found)s.",
            "The contract asks for %(expected)s runs; you have %(found)s.",
            "expected",
        ),
        "expected",
    ),
    R.MISSING_PAIR: (
        ngettext_lazy(
            "The contract asks for %(expected)s pair; you have %(found)s.",
            "The contract asks for %(expected)s pairs; you have %(found)s.",
            "expected",
        ),
        "expected",
    ),
    R.NOT_WHOLE_RACK: _(
        "In the last round the melds must use exactly the tiles on the rack "
        "(left over: %(missing)s; not on the rack: %(extra)s)."
    ),
    R.CAN_OPEN: _(
        "You can meld now: these melds lay down exactly this round’s contract, and of all the "
        "ways to do it they leave the fewest points on your rack."
    ),
    R.CANNOT_OPEN: _("You cannot meld yet: you still need %(missing)s."),
    R.NOT_ALL_AT_ONCE: (
        ngettext_lazy(
            "Your rack does not go down all at once yet: at best %(count)s tile is left over.",
            "Your rack does not go down all at once yet: at best %(count)s tiles are left over.",
            "count",
        ),
        "count",
    ),
    R.FURTHER_MELDS: (
        ngettext_lazy(
            "You have melded, so from your next turn on you can lay down %(count)s more meld "
            "from your rack – always keeping a tile to discard.",
            "You have melded, so from your next turn on you can lay down %(count)s more melds "
            "from your rack – always keeping a tile to discard.",
            "count",
        ),
        "count",
    ),
    R.GROUP_SIZE_OUT_OF_RANGE: _("A Küt group has 3 or 4 tiles, not %(size)s."),
    R.RUN_SIZE_OUT_OF_RANGE: _("A run has 3 to 14 tiles, not %(size)s."),
    R.NEGATIVE_COUNT: _("A number of melds cannot be negative."),
    R.CONTRACT_EMPTY: _("Every round but the last must ask for at least one meld."),
    R.FINAL_WITH_MELDS: _(
        "The all-at-once round has no contract: set its Küt groups, runs and pairs to 0."
    ),
    R.CONTRACT_TOO_MANY_TILES: _(
        "Round %(round)s asks for %(tiles)s tiles; a contract may ask for at most %(limit)s, "
        "so that a tile is left to discard."
    ),
    R.EXAMPLE_REJECTED: _(
        "The example of round %(round)s does not meet its own contract. The checker says: "
        "%(verdict)s"
    ),
    R.NO_ROUNDS: _("The round list is empty."),
    R.ROUND_NUMBERS_NOT_CONSECUTIVE: _(
        "Rounds are numbered 1, 2, 3 … in order: round %(expected)s was expected, "
        "not round %(round)s."
    ),
    R.NO_FINAL_ROUND: _("The last round must be the all-at-once round."),
    R.FINAL_ROUND_NOT_LAST: _(
        "Only the last round can be the all-at-once round, not round %(round)s."
    ),
    # Table play
    R.CAN_ADD: _("The tile can be added %(at)s."),
    R.ADD_TO_PAIR: _("Nothing can be added to a pair."),
    R.GROUP_FULL: _(
        "This Küt group already has four tiles, one of each colour: there is no room for a "
        "fifth, not even an Okey."
    ),
    R.COLOUR_ALREADY_IN_GROUP: _(
        "The Küt group already holds a tile in %(colour)s; each colour appears only once."
    ),
    R.WRONG_NUMBER_FOR_GROUP: _(
        "The Küt group’s number is %(number)s; only a %(number)s in a missing colour fits."
    ),
    R.WRONG_COLOUR_FOR_RUN: _(
        "The run is in %(colour)s; only a tile of that colour can extend it."
    ),
    R.NOT_AT_RUN_END: _("A run grows only at its ends, and this tile fits at neither."),
    R.CAN_SWAP_OKEY: _(
        "You can take this Okey by putting in the tile it stands for: %(stands_for)s."
    ),
    R.NO_OKEY_IN_MELD: _("There is no Okey in this meld to take."),
    R.GROUP_NEEDS_FOUR_TO_SWAP: _(
        "An Okey leaves a Küt group only once the group has four tiles: add the fourth tile first, "
        "then put in the tile the Okey stands for."
    ),
    R.TILE_NOT_STOOD_FOR: _(
        "Here an Okey stands for %(stands_for)s; only such a tile can take its place."
    ),
    R.SWAP_WITH_OKEY: _("An Okey is taken by putting in the real tile, not another Okey."),
    R.MAY_MELD: _("You may lay down the contract now."),
    R.MAY_PLAY: _(
        "From the turn after melding you may play to the table: add tiles, lay down new melds "
        "and take Okeys."
    ),
    R.ALREADY_MELDED: _("You have already melded this round; you meld only once."),
    R.NOT_MELDED_YET: _("Not yet: nobody plays to the table before melding their contract."),
    R.MELDED_THIS_TURN: _(
        "On the turn you meld you cannot add tiles, lay down more melds or take an Okey: "
        "wait for your next turn."
    ),
    R.MUST_KEEP_DISCARD: _(
        "Keep at least one tile for your discard: a round is ended by a discard, never by laying "
        "your last tile on the table."
    ),
    R.FINAL_ROUND_ALL_AT_ONCE: _(
        "In the last round your whole rack goes down at once, or nothing does."
    ),
    # Discards and buying
    R.NOT_PLAYABLE: _("Neither an Okey nor a tile that fits a meld on the table: no penalty."),
    R.OKEY_DISCARD: (
        ngettext_lazy(
            "Discarding an Okey costs %(penalty_tiles)s penalty tile.",
            "Discarding an Okey costs %(penalty_tiles)s penalty tiles.",
            "penalty_tiles",
        ),
        "penalty_tiles",
    ),
    R.PLAYABLE_DISCARD: (
        ngettext_lazy(
            "The tile could be added to meld %(meld)s on the table (%(at)s), so discarding it "
            "costs %(penalty_tiles)s penalty tile.",
            "The tile could be added to meld %(meld)s on the table (%(at)s), so discarding it "
            "costs %(penalty_tiles)s penalty tiles.",
            "penalty_tiles",
        ),
        "penalty_tiles",
    ),
    R.NO_CHOICE: _(
        "Normally a penalty discard (%(offence)s), but every tile on the rack would carry a "
        "penalty: there is no choice, so there is no penalty."
    ),
    R.FINAL_TILE: _(
        "Normally a penalty discard (%(offence)s), but this discard ends the round, and the "
        "round’s last tile is always free."
    ),
    R.PILE_TOO_SMALL: (
        ngettext_lazy(
            "Normally a penalty discard (%(offence)s), but only %(pile)s tile is left in the "
            "draw pile: with fewer than %(least)s, no penalty tiles are drawn.",
            "Normally a penalty discard (%(offence)s), but only %(pile)s tiles are left in the "
            "draw pile: with fewer than %(least)s, no penalty tiles are drawn.",
            "pile",
        ),
        "pile",
    ),
    R.FINISHED_WITH_OKEY: _(
        "This discard is an Okey and ends the round: no penalty. The round is finished with "
        "Okey, so everyone else’s score is doubled."
    ),
    R.TILE_NOT_ON_RACK: _("The rack must include the discarded tile (%(tile)s)."),
    R.NEGATIVE_PILE: _("The number of tiles in the draw pile cannot be negative."),
    R.PILE_TOO_LARGE: _(
        "After the deal the draw pile holds %(limit)s tiles, and it only gets smaller: "
        "it cannot hold %(pile)s."
    ),
    R.FINAL_TILE_NOT_LAST: (
        ngettext_lazy(
            "The final discard leaves the rack empty, but this rack holds %(count)s tile.",
            "The final discard leaves the rack empty, but this rack holds %(count)s tiles.",
            "count",
        ),
        "count",
    ),
    R.TAKEN_IN_TURN: _("Player %(seat)s, next in turn, takes the discard: no penalty."),
    R.BOUGHT: (
        ngettext_lazy(
            "Player %(seat)s buys the discard out of turn and draws %(penalty_tiles)s penalty "
            "tile; the turn order does not change.",
            "Player %(seat)s buys the discard out of turn and draws %(penalty_tiles)s penalty "
            "tiles; the turn order does not change.",
            "penalty_tiles",
        ),
        "penalty_tiles",
    ),
    R.SOONER_TURN_WINS: _(
        "Player %(seat)s buys it: their turn comes before that of %(others)s, who also wanted it."
    ),
    R.BUY_LIMIT_REACHED: _(
        "Nobody gets the discard: whoever wanted it has no buys left this round (the limit is "
        "%(limit)s)."
    ),
    R.NO_TAKER: _("Nobody takes the discard."),
    R.UNKNOWN_SEAT: _("Seats are numbered 1 to 4, not %(seat)s."),
    R.DISCARDER_CANNOT_TAKE: _("Player %(seat)s cannot take back their own discard."),
    R.NEGATIVE_LIMIT: _("A buying limit cannot be negative (%(limit)s)."),
    # Scoring: one line of a player's working each (the calculator lists them as arithmetic)
    R.FINISHER_ZERO: _("Ended the round: %(points)s"),
    R.TEAM_PARTNER_ZERO: _("Partner of %(partner)s, who ended the round: %(points)s"),
    R.NOT_MELDED: _("Not melded: %(points)s"),
    R.FINAL_ROUND_500: _("Final round, did not lay the whole rack down: %(points)s"),
    R.FACE_VALUES: _("Tiles by their numbers: %(tiles)s = %(points)s"),
    R.OKEY_25: (
        ngettext_lazy(
            "%(count)s Okey × %(each)s = %(points)s",
            "%(count)s Okeys × %(each)s = %(points)s",
            "count",
        ),
        "count",
    ),
    R.FALSE_JOKER_25: (
        ngettext_lazy(
            "%(count)s false joker × %(each)s = %(points)s",
            "%(count)s false jokers × %(each)s = %(points)s",
            "count",
        ),
        "count",
    ),
    R.POINTS_GIVEN: _("Counted by the player: %(points)s"),
    R.MULTIPLIER: _("× %(factor)s, because the Okey is %(colour)s: %(points)s"),
    R.DOUBLED: _("× %(factor)s, because the round was finished with Okey: %(points)s"),
    # Scoring: notes about the whole round
    R.OKEY_FINISH_IGNORED_IN_FINAL: _(
        "Finishing with Okey does not count in the last round, so no score is doubled."
    ),
    R.EXHAUSTED_SCORED: _(
        "The draw pile ran out for the fourth time in a row: the round is scored as normal, "
        "and nobody scores 0."
    ),
    # Scoring: input errors (the calculator puts the player and the field in front)
    R.WRONG_PLAYER_COUNT: _("A round is scored for exactly four players, not %(count)s."),
    R.UNKNOWN_STATE: _("Choose “ended the round”, “melded” or “not melded”."),
    R.NO_FINISHER: _(
        "Nobody is marked as having ended the round. Mark the player who did – or tick "
        "“the pile ran out a fourth time”."
    ),
    R.MORE_THAN_ONE_FINISHER: _("Only one player can end the round, but %(seats)s are marked."),
    R.FINISHER_WITH_TILES: _(
        "Whoever ended the round has no tiles left – leave the tiles and points empty."
    ),
    R.FINISHER_WHEN_EXHAUSTED: _(
        "The pile ran out, so nobody ended the round – choose “melded” or “not melded”, or "
        "untick “the pile ran out a fourth time”."
    ),
    R.OKEY_FINISH_WHEN_EXHAUSTED: _(
        "Nobody ended the round, so it cannot have been finished with Okey."
    ),
    R.NEGATIVE_POINTS: _("A rack’s total cannot be negative."),
    R.MISSING_RACK: _(
        "Enter the tiles left on the rack, or their points total if the player counted them."
    ),
    R.RACK_AND_POINTS: _("Enter the tiles left on the rack or the points, not both."),
}


def _no(name: str) -> Callable[[Facts], bool]:
    return lambda facts: facts.get(name) is None


def _fewer_than_two(name: str) -> Callable[[Facts], bool]:
    def test(facts: Facts) -> bool:
        value = facts.get(name)
        return not isinstance(value, (tuple, list)) or len(value) < 2

    return test


# Sentences that read better another way when the facts are so.
def _is(name: str, value: Any) -> Callable[[Facts], bool]:
    return lambda facts: name in facts and facts[name] == value


def _when(value: str) -> Callable[[Facts], bool]:
    return lambda facts: facts.get("when") == value


# Sentences that read better another way when the facts are so. A count of zero is never
# shown as a number ("only 0 tiles"): it gets a sentence of its own.
_OTHERWISE: tuple[tuple[ReasonCode, Callable[[Facts], bool], Promise], ...] = (
    (R.VALID_PAIR, _no("tile"), _("A pair of two Okeys: together they can stand for any pair.")),
    # 1 to 13 and round to 1 again: "from 1 to 1" would read as a mistake
    (R.VALID_RUN, _is("size", 14), _("A run of all 14 in %(colour)s: from 1 up to 13, then 1.")),
    (R.FACE_VALUES, _fewer_than_two("tiles"), _("Tiles by their numbers: %(points)s")),
    (
        R.TOO_MANY_COPIES,
        lambda facts: facts.get("indicator") is True and facts.get("racks") is True,
        _(
            "The set holds only %(limit)s of each tile, and one %(tile)s lies face up as the "
            "indicator, so only one more can be in play – but the racks hold %(tile)s "
            "%(count)s."
        ),
    ),
    (
        R.TOO_MANY_COPIES,
        _is("racks", True),
        _("The set holds only %(limit)s of each tile, but the racks hold %(tile)s %(count)s."),
    ),
    (
        R.TOO_MANY_COPIES,
        _is("indicator", True),
        _(
            "The set holds only %(limit)s of each tile, and one %(tile)s lies face up as the "
            "indicator, so only one more can be in play – but %(tile)s appears %(count)s here."
        ),
    ),
    # the last that applies wins: an Okey is named as one, wherever its copies are (T3)
    (
        R.TOO_MANY_COPIES,
        _is("okey", True),
        _("There are only %(limit)s Okeys (%(tile)s), but they appear %(count)s here."),
    ),
    (
        R.TOO_MANY_COPIES,
        lambda facts: facts.get("okey") is True and facts.get("racks") is True,
        _("There are only %(limit)s Okeys (%(tile)s), but the racks hold them %(count)s."),
    ),
    (R.TOO_FEW_TILES, _is("count", 0), _("There are no tiles here to judge.")),
    # the last round has no contract (C4): its example is a whole rack going down at once
    (
        R.EXAMPLE_REJECTED,
        lambda facts: getattr(facts.get("verdict"), "rule", None) == "C4",
        _(
            "The example of round %(round)s is not a whole rack going down at once. The checker "
            "says: %(verdict)s"
        ),
    ),
    (R.EMPTY, _is("field", "indicator"), _("Enter the indicator tile, e.g. b8.")),
    (R.EMPTY, _is("field", "tile"), _("Enter the tile, e.g. r7.")),
    (
        R.NOT_PLAYABLE,
        lambda facts: facts.get("swap") is not None,
        _(
            "No penalty. This tile could take the Okey’s place in meld %(swap)s, but it cannot "
            "be added to any meld, and only a tile that could be added is a penalty discard. "
            "The sources are silent here: this is the site’s choice."
        ),
    ),
    (
        R.PAIR_NOT_IDENTICAL,
        _is("start", "group"),
        _(
            "Two tiles are a meld only as a pair of identical tiles, and %(first)s and "
            "%(second)s are not the same tile. With a third tile of this number in another "
            "colour they would be a Küt group."
        ),
    ),
    (
        R.PAIR_NOT_IDENTICAL,
        _is("start", "run"),
        _(
            "Two tiles are a meld only as a pair of identical tiles, and %(first)s and "
            "%(second)s are not the same tile. With a third tile they could become a run."
        ),
    ),
    (
        R.FINAL_TILE,
        _no("offence"),
        _("This discard ends the round, and the round’s last tile is always free."),
    ),
    (
        R.PILE_TOO_SMALL,
        _is("pile", 0),
        _(
            "Normally a penalty discard (%(offence)s), but the draw pile is empty: there are "
            "no penalty tiles to draw."
        ),
    ),
    (
        R.BUY_LIMIT_REACHED,
        _is("limit", 0),
        _("Nobody gets the discard: at this table nobody may buy out of turn."),
    ),
    (
        R.FURTHER_MELDS,
        _is("count", 0),
        _(
            "You have melded, and this rack holds no further meld to lay down for now – keep "
            "a tile to discard."
        ),
    ),
    # Adding a tile to a meld on the table (P6) judges one meld and one tile: no index to give.
    (
        R.RUN_WRAPS_PAST_ONE,
        _no("index"),
        _(
            "A run may end with the 1 after 13 but cannot go on past it (%(tile)s): 12-13-1 is "
            "a run, 13-1-2 is not."
        ),
    ),
    (R.INVALID_MELD, _no("meld"), _("This meld is not valid: %(verdict)s")),
    (
        R.CAN_ADD,
        _when("next-turn"),
        # Translators: said right after "…wait for your next turn." (MELDED_THIS_TURN).
        _("Then the tile can be added %(at)s."),
    ),
    (
        R.CAN_ADD,
        _when("after-melding"),
        _("Once you have melded, the tile can be added %(at)s from your next turn."),
    ),
    (
        R.CAN_SWAP_OKEY,
        _when("next-turn"),
        # Translators: said right after "…wait for your next turn." (MELDED_THIS_TURN).
        _("Then you can take this Okey by putting in %(stands_for)s."),
    ),
    (
        R.CAN_SWAP_OKEY,
        _when("after-melding"),
        _(
            "Once you have melded, you can take this Okey from your next turn by putting in "
            "%(stands_for)s."
        ),
    ),
)


def _colour_adjective(colour: Any) -> str:
    try:
        return colour_name(str(getattr(colour, "value", colour)))
    except KeyError:
        return str(colour)


# Facts that read otherwise in a few sentences: a valid meld's size as a word ("a run of
# four"); the Okey's colour as an adjective ("weil der Okey rot ist"); the fewest tiles a
# penalty needs in the pile as a word ("fewer than two").
_READ_AS: Mapping[ReasonCode, Mapping[str, Callable[[Any], str]]] = {
    R.VALID_GROUP: {"size": number_word},
    R.VALID_RUN: {"size": number_word},
    R.MULTIPLIER: {"colour": _colour_adjective},
    R.PILE_TOO_SMALL: {"least": number_word},
    R.TOO_MANY_COPIES: {"count": times_word},
}

# --- Facts in words ---------------------------------------------------------------------


COLOUR_NOUNS = {
    "r": pgettext_lazy("colour noun", "red"),
    "k": pgettext_lazy("colour noun", "black"),
    "b": pgettext_lazy("colour noun", "blue"),
    "y": pgettext_lazy("colour noun", "yellow"),
}


def colour_noun(colour: Any) -> str:
    """A colour as a noun ("red" / "Rot"): "a run in red", "die Farbe Rot"."""
    value = str(getattr(colour, "value", colour))
    return str(COLOUR_NOUNS.get(value, value))


def tile_label(tile: Any) -> str:
    """A tile as read out on the page ("red 7", "rote 7", "Okey", "false joker")."""
    return face_of(tile).label


def run_end(position: Any) -> Any:
    """A run's end as people count it: positions run 1..14, and 14 is the 1 after 13 (M2)."""
    return 1 if position == 14 else position


def format_points(value: Any) -> str:
    """A score or total with the page's thousands separator (1,000 / 1.000)."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return str(value)
    if -1000 < number < 1000:  # neither language groups fewer than four digits
        return str(number)
    return _grouped(number, get_language())


@lru_cache(maxsize=4096)
def _grouped(value: int, language: str | None) -> str:
    # number_format reads the language's format settings on every call; a calculator page
    # writes some thirty scores and totals, mostly the same few numbers.
    return number_format(value, force_grouping=True)


def _player(seat: Any) -> str:
    """A seat as "player 3"; a name a caller put in its place stays as it is."""
    if isinstance(seat, int) and not isinstance(seat, bool):
        return pgettext("a player by seat number", "player %(seat)s") % {"seat": seat}
    return str(seat)


def _join(items: Iterable[str], *, either: bool = False) -> str:
    items = list(items)
    return join_words(items, either=either) if items else pgettext("no tiles", "none")


_AT = {
    "low": pgettext_lazy("add a tile", "at the low end of the run"),
    "high": pgettext_lazy("add a tile", "at the high end of the run"),
    "group": pgettext_lazy("add a tile", "as the Küt group’s missing colour"),
}
_OFFENCE = {
    R.OKEY_DISCARD: pgettext_lazy("penalty discard", "an Okey"),
    R.PLAYABLE_DISCARD: pgettext_lazy("penalty discard", "a playable tile"),
}
_PLAYERS = ("partner", "seats", "others")


def _is_tile(value: Any) -> bool:
    return hasattr(value, "kind") and hasattr(value, "code") and hasattr(value, "is_number")


def _show(name: str, value: Any) -> Any:
    if value is None:
        return ""
    if _is_tile(value):
        return tile_label(value)
    if name == "colour":
        return colour_noun(value)
    if name == "at":
        return _AT.get(str(value), str(value))
    if name == "offence":
        try:
            return _OFFENCE.get(ReasonCode(value), "")
        except ValueError:
            return ""
    if name == "verdict" and hasattr(value, "reason"):
        return describe(value)
    if isinstance(value, Contract):
        return contract_text(value)
    if name in _PLAYERS and not isinstance(value, (tuple, list, frozenset, set)):
        return _player(value)
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        if name in ("index", "meld", "position", "swap"):
            return value + 1  # the engine counts from 0, people from 1
        if name in ("low", "high"):
            return run_end(value)
        if name == "points":
            return format_points(value)
        if name == "found" and value == 0:
            return pgettext("how many melds were found", "none")
        return value
    if isinstance(value, (tuple, list, frozenset, set)):
        if name == "stands_for":
            return _join((_show("tile", v) for v in value), either=True)
        if name == "tiles":  # a rack's numbered tiles, added up
            return " + ".join(str(getattr(v, "number", v)) for v in value)
        return _join(_show("tile" if _is_tile(v) else name, v) for v in value)
    return shown(str(value))  # what was typed (a token, a letter), quoted back


class _Facts(dict):
    """Facts for %-formatting: a missing fact renders as an empty string, never a KeyError."""

    def __missing__(self, key: str) -> str:
        return ""


def _prepare(code: ReasonCode, facts: Facts) -> _Facts:
    values = _Facts({name: _show(name, value) for name, value in facts.items()})
    for name, read in _READ_AS.get(code, {}).items():
        if facts.get(name) is not None:
            values[name] = read(facts[name])
    return values


def sentence(code: ReasonCode | str, facts: Facts | None = None) -> str:
    """The sentence for `code` in the active language, filled with the verdict's facts."""
    try:
        code = ReasonCode(code)
    except ValueError:
        return str(code)
    facts = dict(facts or {})
    message = SENTENCES.get(code)
    for with_code, applies, alternative in _OTHERWISE:
        if with_code == code and applies(facts):
            message = alternative
    if message is None:
        return str(code)
    values = _prepare(code, facts)
    if isinstance(message, tuple):
        lazy, counter = message
        values[counter] = facts[counter] if isinstance(facts.get(counter), int) else 0
        return lazy % values
    try:
        return str(message) % values
    except (TypeError, ValueError):
        return str(message)


def describe(verdict: Any) -> str:
    """The sentence for any engine verdict (an object with `.reason` and `.facts`)."""
    return sentence(verdict.reason, getattr(verdict, "facts", None))


def error_message(error: InputError | Any) -> str:
    """The sentence for an engine input error, with its token and position."""
    facts = dict(error.facts or {})
    token = getattr(error, "token", None)
    position = getattr(error, "position", None)
    if token is not None:
        facts.setdefault("token", token)
    elif "number" in facts:
        facts.setdefault("token", str(facts["number"]))
    if position is not None:
        facts.setdefault("position", position)
    if getattr(error, "field", None):
        facts.setdefault("field", error.field)
    return sentence(error.code, facts)


def problem_sentence(problem: Any) -> str:
    """A round list's `RoundProblem` as a sentence (its round number becomes a fact)."""
    return sentence(problem.reason, {**problem.facts, "round": problem.round})


# --- Labels -----------------------------------------------------------------------------


# Labels are translated when asked for, one at a time (a table of lazy strings).
_KIND_NAMES = {
    "run": pgettext_lazy("meld kind", "run"),
    "group": pgettext_lazy("meld kind", "Küt group"),
    "pair": pgettext_lazy("meld kind", "pair"),
}
_VALID_LABELS = {
    "run": _("Valid run"),
    "group": _("Valid Küt group"),
    "pair": _("Valid pair"),
}


def kind_name(kind: Any) -> str:
    """The name of a kind of meld: "run", "Küt group", "pair"."""
    value = str(getattr(kind, "value", kind))
    return str(_KIND_NAMES.get(value, value))


def verdict_label(verdict: Any) -> str:
    """The headline of a meld verdict: "Valid run", "Valid Küt group", "Invalid"."""
    if not getattr(verdict, "ok", False):
        return gettext("Invalid")
    label = _VALID_LABELS.get(str(getattr(verdict.kind, "value", verdict.kind)))
    return gettext("Valid") if label is None else str(label)


def rule_label(rule: str | None) -> str:
    """ "Rule M2" / "Regel M2" (empty without a rule)."""
    return gettext("Rule %(rule)s") % {"rule": rule} if rule else ""


def penalty_label(penalty: int) -> str:
    """The headline of a discard: "2 penalty tiles" / "No penalty"."""
    if penalty:
        return ngettext("%(count)s penalty tile", "%(count)s penalty tiles", penalty) % {
            "count": penalty
        }
    return gettext("No penalty")


def okey_roles(verdict: Any) -> list[str]:
    """For a valid meld with Okeys: one sentence per Okey saying what it stands for."""
    if not getattr(verdict, "ok", False) or not verdict.readings:
        return []
    reading = verdict.readings[0]
    out = []
    for index, stands in zip(verdict.okey_indexes, reading.stands_for, strict=False):
        values = {"position": index + 1}
        if not stands:
            out.append(
                gettext("The Okey in position %(position)s can be either tile of the pair.")
                % values
            )
        else:
            # German names the tile with its article: "steht für die rote 4 oder die blaue 4"
            tiles = (
                pgettext("the tile an Okey stands for", "%(tile)s") % {"tile": tile_label(t)}
                for t in stands
            )
            values["tiles"] = _join(tiles, either=True)
            out.append(gettext("The Okey in position %(position)s stands for %(tiles)s.") % values)
    return out


# --- Rule IDs ----------------------------------------------------------------------------------

#: The letter of a rule ID names its topic (`docs/rules.md`).
RULE_TOPICS = {
    "T": pgettext_lazy("rule topic", "tiles, the indicator and the Okey"),
    "D": pgettext_lazy("rule topic", "the deal"),
    "M": pgettext_lazy("rule topic", "melds"),
    "C": pgettext_lazy("rule topic", "contracts and rounds"),
    "P": pgettext_lazy("rule topic", "a turn"),
    "B": pgettext_lazy("rule topic", "buying a discard"),
    "X": pgettext_lazy("rule topic", "penalty discards"),
    "E": pgettext_lazy("rule topic", "the end of a round"),
    "S": pgettext_lazy("rule topic", "scoring"),
}

#: Every rule of the digest with a short title, for badges' accessible names and the guide's
#: list of rules; its numbers are `rule_numbers()`' (read a title with `rule_title`).
RULE_TITLES = {
    "T1": pgettext_lazy("rule title", "%(tiles)s tiles"),
    "T2": pgettext_lazy("rule title", "The indicator sets the Okey"),
    "T3": pgettext_lazy("rule title", "Okeys are wild"),
    "T4": pgettext_lazy("rule title", "A false joker is not wild"),
    "T5": pgettext_lazy("rule title", "The indicator is a numbered tile"),
    "D1": pgettext_lazy("rule title", "%(opener)s and %(dealt)s tiles, %(pile)s in the pile"),
    "D2": pgettext_lazy("rule title", "Shuffling and who deals"),
    "M1": pgettext_lazy("rule title", "Küt groups"),
    "M2": pgettext_lazy("rule title", "Runs"),
    "M3": pgettext_lazy("rule title", "Pairs"),
    "M4": pgettext_lazy("rule title", "An Okey fills any gap"),
    "M5": pgettext_lazy("rule title", "A false joker in a meld"),
    "C1": pgettext_lazy("rule title", "Every round but the last sets a contract"),
    "C2": pgettext_lazy("rule title", "The opening meld is the contract"),
    "C3": pgettext_lazy("rule title", "%(rounds)s rounds"),
    "C4": pgettext_lazy("rule title", "The last round: all at once"),
    "P1": pgettext_lazy("rule title", "Draw, play, discard"),
    "P2": pgettext_lazy("rule title", "Melding lays down the contract"),
    "P3": pgettext_lazy("rule title", "Nothing else on the melding turn"),
    "P4": pgettext_lazy("rule title", "More melds from the next turn"),
    "P5": pgettext_lazy("rule title", "Nothing added before melding"),
    "P6": pgettext_lazy("rule title", "Adding tiles"),
    "P7": pgettext_lazy("rule title", "Taking the Okey"),
    "P8": pgettext_lazy("rule title", "Keep a tile to discard"),
    "B1": pgettext_lazy("rule title", "Buying the discard"),
    "B2": pgettext_lazy("rule title", "%(buys)s buys a round"),
    "B3": pgettext_lazy("rule title", "The sooner turn wins a tie"),
    "X1": pgettext_lazy("rule title", "Discarding an Okey"),
    "X2": pgettext_lazy("rule title", "Discarding a playable tile"),
    "X3": pgettext_lazy("rule title", "No choice, no penalty"),
    "X4": pgettext_lazy("rule title", "The last discard is free"),
    "X5": pgettext_lazy("rule title", "Fewer than %(least)s tiles in the pile"),
    "X6": pgettext_lazy("rule title", "Finishing with Okey is free"),
    "E1": pgettext_lazy("rule title", "The last discard ends the round"),
    "E2": pgettext_lazy("rule title", "The draw pile runs out"),
    "S1": pgettext_lazy("rule title", "Ending the round scores %(finisher)s"),
    "S2": pgettext_lazy("rule title", "Not melded: %(not_melded)s"),
    "S3": pgettext_lazy("rule title", "A melded rack counts ×%(low)s or ×%(high)s"),
    "S4": pgettext_lazy("rule title", "Finished with Okey: the others score double"),
    "S5": pgettext_lazy("rule title", "Team play"),
    "S6": pgettext_lazy("rule title", "The lowest total wins"),
    "S7": pgettext_lazy("rule title", "Scores in the last round"),
}


def rule_numbers() -> dict[str, str]:
    """The rule quantities that pages quote in their prose, in the page's language: each taken
    from the engine (a constant, or a score it works out), never typed. Points and counts are
    digits with the page's thousands separator (1,000 / 1.000); a few read as words, the way
    their sentences say them ("fewer than two tiles", "at most three times")."""
    return dict(numbers_in(get_language()))


@lru_cache(maxsize=8)
def numbers_in(language: str | None) -> dict[str, str]:
    """`rule_numbers()` for the active language, worked out once per language and process: a
    badge's accessible name reads them, and the rules do not change while the site runs
    (a test that changes an engine constant clears this with `numbers_in.cache_clear()`)."""
    red, blue = parse_indicator("r1"), parse_indicator("b1")  # Okey red 2 / blue 2 (S3)
    finished = PlayerInput(state=PlayerState.FINISHED)
    out = PlayerInput(state=PlayerState.NOT_MELDED)
    table = [finished, out, out, out]  # seat 3 is the finisher's partner at a team table
    scored = score_round(table, red, team=True)
    digits = {
        "tiles": len(full_set()),  # T1
        "opener": STARTING_TILES,  # D1
        "dealt": OTHER_TILES,  # D1
        "pile": PILE_AFTER_DEAL,  # D1
        "rounds": len(DEFAULT_ROUNDS),  # C3
        "finisher": scored.score(1),  # S1
        "partner": scored.score(3),  # S5
        "not_melded": scored.score(2),  # S2
        "okey": OKEY_POINTS,  # S3
        "high": multiplier(red),  # S3
        "low": multiplier(blue),  # S3
        "doubled": score_round(table, red, okey_finish=True).score(2),  # S4
        "last_round": score_round(table, red, final_round=True).score(2),  # S7
    }
    return {
        **{name: format_points(value) for name, value in digits.items()},
        "buys": number_word(BUY_LIMIT),  # B2
        "least": number_word(PENALTY_TILES),  # X5: no penalty with fewer tiles in the pile
        "redeals": times_word(MAX_REDEALS),  # E2
    }


def rule_title(rule: str) -> str:
    """A rule's short title in the active language ("106 tiles"), its numbers the engine's."""
    title = str(RULE_TITLES[rule])
    return capfirst(title % numbers_in(get_language())) if "%(" in title else title


def rule_name(rule: str) -> str:
    """A rule badge's accessible name: "Rule M2: Runs" / "Regel M2: Reihen"."""
    if rule not in RULE_TITLES:
        return rule_label(rule)
    return gettext("Rule %(rule)s: %(title)s") % {"rule": rule, "title": rule_title(rule)}


def validation_error(error: InputError) -> ValidationError:
    """An engine input error as a form field's error: its sentence, its reason code."""
    return ValidationError(error_message(error), code=str(error.code))
