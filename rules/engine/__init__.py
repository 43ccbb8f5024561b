"""The Küt rules engine: plain Python, no Django. Rule IDs refer to docs/rules.md.

Verdicts are frozen dataclasses carrying data, never prose: `ok` (or `penalty`/`score`), a
`reason` (`ReasonCode`), the `rule` ID ("M2") and `facts` (a read-only mapping; the names each
code fills are listed in `REASONS[code].facts`). Bad input raises `InputError` (`NotationError`
for notation) with `.code`, `.rule`, `.field`, `.token`, `.position`, `.facts`.

Tiles and notation (tiles.py, notation.py)
- Colour                         enum RED/BLACK/BLUE/YELLOW; value = notation letter r/k/b/y
- Tile(colour, number)           a tile kind; `.code` 0..53, `.is_number/.is_false_joker/...`
- FALSE_JOKER, OKEY              the false joker; the `ok` token (an Okey before the indicator)
- TILES, FACES, full_set()       all 54 kinds by code; the 52 numbered; the 106-tile set (T1)
- tile(colour, number)           a numbered tile from a Colour or its letter
- okey_of(indicator) -> Tile     the Okey's face: same colour, one up, 13 → 1 (T2)
- is_okey(tile, indicator)       `ok` or the Okey's face tile: wild (T3)
- face_of(tile, indicator)       None for an Okey, the Okey's face for a false joker (T4)
- tile_points(tile, indicator)   rack points: the number; an Okey or false joker OKEY_POINTS (S3)
- multiplier(indicator)          5 (Okey red/black) or 2 (blue/yellow) (S3)
- check_indicator(tile)          raises FALSE_JOKER_INDICATOR (T5) / OKEY_INDICATOR
- excess_copies(tiles, ind=None) (tile, count) of the first kind with more than 2 copies (T1)
- PLAYERS, STARTING_TILES, OTHER_TILES, PILE_AFTER_DEAL   the deal: 4, 15, 14, 48 (D1)
- parse_tile(token), parse_tiles(text, allow_empty=False), parse_indicator(text)
- parse_melds(text, allow_empty=False)   melds separated by `|`
- still_typing(text, error)      the error is only a last token not typed to the end (`r12 r`)
- format_tile(t), format_tiles(tiles, separator=" "), format_melds(melds)

Melds (melds.py)
- classify_meld(tiles, indicator, allow_pairs=True) -> MeldVerdict
  MeldVerdict: ok/valid, reason, rule, facts, tiles, okey_indexes, readings; .kind, .kinds,
  .okey_stands_for (one tuple of possible tiles per Okey; `()` = any tile), .reading(kind)
- MeldKind                       GROUP / RUN / PAIR
- Reading                        kind, stands_for, number, colour, low/high (1..14), descending

Contracts and rounds (contracts.py)
- Contract(groups, group_size, runs, run_size, pairs, is_final)  .tile_count .meld_count .slots
- FINAL                          Contract(is_final=True): the all-at-once round (C4)
- Round(number, contract, example, indicator); DEFAULT_ROUNDS   docs/rules.md's 20 rounds
- check_opening(melds, contract, indicator) -> OpeningVerdict   (C2; final round → C4)
- check_all_at_once(melds, indicator, rack=None) -> OpeningVerdict   (C4)
- validate_round_list(rounds) -> tuple[RoundProblem, ...]   (empty: fine)

Table play (play.py)
- can_add(tile, meld, indicator) -> AddVerdict               (P6)
- can_swap_okey(tile, meld, indicator) -> SwapVerdict        (P7)
- may_play(action, has_melded, melded_this_turn=False, tiles_left=None, final_round=False)
  -> PlayVerdict; PlayAction MELD / ADD / NEW_MELD / TAKE_OKEY   (P2–P5, P8, C4)

Discards and buying (discards.py)
- judge_discard(tile, table, indicator, rack=None, pile=None, ends_round=False)
  -> DiscardVerdict(penalty 0|2, reason, rule, facts, offence, okey_finish)   (X1–X6)
- playable_on(tile, table, indicator) -> (meld index, AddVerdict) | None     (X2)
- resolve_buy(discarder, wanting, buys_used=None, limit=5) -> BuyVerdict      (B1–B3)
- next_seat(seat); BUY_LIMIT = 5; PENALTY_TILES = 2

Scoring (scoring.py)
- score_round(players, indicator, final_round=False, team=False, okey_finish=False,
  exhausted=False) -> ScoreResult(ok, players, errors, notes, team_totals)   (S1–S7, E2)
- PlayerInput(state, rack=None, points=None); PlayerState FINISHED / MELDED / NOT_MELDED
- PlayerScore(seat, score, breakdown: tuple[Step, ...]); Step(code, rule, points, facts)
- ScoreError(seat, field, code, rule, facts); partner_of(seat); winners(totals) (S6)
- NOT_MELDED_POINTS = 500 (S2, S7); FINISHER_POINTS = 0 (S1, S5); OKEY_FINISH_FACTOR = 2 (S4);
  MAX_REDEALS = 3: redeals in a row before one is scored (E2)

Solver (solver.py)
- solve_contract(rack, contract, indicator) -> melds | None     an opening meld (C2)
- solve_all_at_once(rack, indicator) -> melds | None            the whole rack (C4)
- MAX_RACK_TILES = 26            every solver raises InputError(RACK_TOO_LONG) above it
- MAX_CONTRACT_TILES = 12        and InputError(CONTRACT_TOO_LONG) for a longer contract (P8)

The rack helper (best.py, rack.py)
- best_opening(rack, contract, indicator) -> melds | None   the opening leaving fewest points
- best_cover(rack, indicator, pairs=True, keep=False) -> melds   the most tiles laid (C4, P4, P8)
- opening_outs(rack, contract, indicator) -> (Out(tile, unseen), …)   one tile from opening
- contract_part(rack, contract, indicator) -> (Contract | None, melds)   the part already held
- advise(rack, contract, indicator, opened=False) -> RackAdvice   all of it, with the penalty
- rack_score(rack, indicator, melded, final_round=False) -> RackScore   (S2, S3, S7)

Reason codes (verdicts.py)
- ReasonCode                     every code the engine emits (StrEnum, value = name)
- REASONS[code] -> ReasonInfo(rule, facts, meaning)   the catalogue, one entry per code
- InputError, NotationError

Choices where the digest is silent (each module's docstring has the detail)
- `ok` parses without an indicator (`OKEY`); with one, `ok` and the Okey's face tile are the same
  wild tile. The indicator counts as one physical copy in every copy check (T1).
- Runs are read in table order, low to high (`r12 r13 r1`); high to low (`r3 r2 r1`) is accepted
  when low to high fails. One numbered tile with two Okeys reads as a group and as a run (both
  readings are given, group first); two Okeys are a pair standing for any tile.
- A false joker that would only fit as a wild tile gives FALSE_JOKER_NOT_WILD (T4).
- An Okey may be taken from a pair too, by its partner (P7 restricts only groups).
- Discard precedence: final tile (X6, X4), then not an offence, then X5, then X3, then X1/X2.
- Scoring: the finisher holds no tiles; a melded player needs a rack or points, not both;
  `okey_finish` in the final round is ignored with a note (C4), with `exhausted` an error.
"""

from .best import Out, best_cover, best_opening, contract_part, opening_outs
from .contracts import (
    DEFAULT_ROUNDS,
    FINAL,
    MAX_CONTRACT_TILES,
    Contract,
    OpeningVerdict,
    Round,
    RoundProblem,
    check_all_at_once,
    check_opening,
    validate_round_list,
)
from .discards import (
    BUY_LIMIT,
    PENALTY_TILES,
    BuyVerdict,
    DiscardVerdict,
    judge_discard,
    next_seat,
    playable_on,
    resolve_buy,
)
from .melds import MeldKind, MeldVerdict, Reading, classify_meld
from .notation import (
    format_melds,
    format_tile,
    format_tiles,
    parse_indicator,
    parse_melds,
    parse_tile,
    parse_tiles,
    still_typing,
)
from .play import (
    AddVerdict,
    PlayAction,
    PlayVerdict,
    SwapVerdict,
    can_add,
    can_swap_okey,
    may_play,
)
from .rack import RackAdvice, advise
from .scoring import (
    FINISHER_POINTS,
    MAX_REDEALS,
    NOT_MELDED_POINTS,
    OKEY_FINISH_FACTOR,
    PlayerInput,
    PlayerScore,
    PlayerState,
    RackScore,
    ScoreError,
    ScoreResult,
    Step,
    partner_of,
    rack_score,
    score_round,
    winners,
)
from .solver import MAX_RACK_TILES, solve_all_at_once, solve_contract
from .tiles import (
    COLOURS,
    FACES,
    FALSE_JOKER,
    OKEY,
    OKEY_POINTS,
    OTHER_TILES,
    PILE_AFTER_DEAL,
    PLAYERS,
    STARTING_TILES,
    TILES,
    Colour,
    Tile,
    TileKind,
    check_indicator,
    excess_copies,
    face_of,
    full_set,
    is_okey,
    multiplier,
    okey_of,
    tile,
    tile_points,
)
from .verdicts import REASONS, InputError, NotationError, ReasonCode, ReasonInfo

__all__ = [
    "BUY_LIMIT",
    "COLOURS",
    "DEFAULT_ROUNDS",
    "FACES",
    "FALSE_JOKER",
    "FINAL",
    "FINISHER_POINTS",
    "MAX_CONTRACT_TILES",
    "MAX_RACK_TILES",
    "MAX_REDEALS",
    "NOT_MELDED_POINTS",
    "OKEY",
    "OKEY_FINISH_FACTOR",
    "OKEY_POINTS",
    "OTHER_TILES",
    "PENALTY_TILES",
    "PILE_AFTER_DEAL",
    "PLAYERS",
    "REASONS",
    "STARTING_TILES",
    "TILES",
    "AddVerdict",
    "BuyVerdict",
    "Colour",
    "Contract",
    "DiscardVerdict",
    "InputError",
    "MeldKind",
    "MeldVerdict",
    "NotationError",
    "OpeningVerdict",
    "Out",
    "PlayAction",
    "PlayVerdict",
    "PlayerInput",
    "PlayerScore",
    "PlayerState",
    "RackAdvice",
    "RackScore",
    "Reading",
    "ReasonCode",
    "ReasonInfo",
    "Round",
    "RoundProblem",
    "ScoreError",
    "ScoreResult",
    "Step",
    "SwapVerdict",
    "Tile",
    "TileKind",
    "advise",
    "best_cover",
    "best_opening",
    "can_add",
    "can_swap_okey",
    "check_all_at_once",
    "check_indicator",
    "check_opening",
    "classify_meld",
    "contract_part",
    "excess_copies",
    "face_of",
    "format_melds",
    "format_tile",
    "format_tiles",
    "full_set",
    "is_okey",
    "judge_discard",
    "may_play",
    "multiplier",
    "next_seat",
    "okey_of",
    "opening_outs",
    "parse_indicator",
    "parse_melds",
    "parse_tile",
    "parse_tiles",
    "partner_of",
    "playable_on",
    "rack_score",
    "resolve_buy",
    "score_round",
    "solve_all_at_once",
    "solve_contract",
    "still_typing",
    "tile",
    "tile_points",
    "validate_round_list",
    "winners",
]
