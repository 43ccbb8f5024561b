"""Penalty discards (X1–X6) and buying a discard (B1–B3).

Precedence of `judge_discard`, first match wins:
1. the tile ends the round — marked so, or the last tile of a one-tile rack (E1): an Okey → X6
   (no penalty, finished with Okey), else X4;
2. neither an Okey nor playable on the table → no penalty (`NOT_PLAYABLE`);
3. fewer than two tiles in the pile → X5 (the offence stands, nothing is drawn);
4. every tile on the rack would carry a penalty → X3 (no choice);
5. otherwise `PENALTY_TILES` penalty tiles: an Okey (X1) before a playable tile (X2).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .melds import MeldKind, classify_meld
from .play import AddVerdict, can_add, can_swap_okey
from .tiles import PILE_AFTER_DEAL, Tile, excess_copies, is_okey, physical
from .verdicts import InputError, ReasonCode, facts

PENALTY_TILES = 2
BUY_LIMIT = 5  # B2: KÜT's limit per player and round; tables may agree another


@dataclass(frozen=True, slots=True, kw_only=True)
class DiscardVerdict:
    """`penalty` is 0 or 2 tiles. `offence` is what the discard would have been penalised for
    (OKEY_DISCARD, PLAYABLE_DISCARD) even when an exception (X3–X6) waives it."""

    penalty: int
    reason: ReasonCode
    rule: str
    facts: Mapping[str, Any]
    offence: ReasonCode | None = None
    okey_finish: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class BuyVerdict:
    """`seat` gets the discard (None: nobody); `penalty_tiles` is 1 when bought out of turn."""

    seat: int | None
    penalty_tiles: int
    reason: ReasonCode
    rule: str
    facts: Mapping[str, Any]


def laid_as(meld: Sequence[Tile], added: AddVerdict, indicator: Tile) -> MeldKind | None:
    """The kind the meld must have been laid as for this addition to fit it, or None when it
    fits every way the meld can be read. One tile with two Okeys (ok ok r5) may be a Küt group
    or a run, and its tiles do not say which (docs/rules.md, the reading for P6, P7 and X2)."""
    fits = {MeldKind.GROUP if at == "group" else MeldKind.RUN for at in added.at}
    readings = set(classify_meld(meld, indicator).kinds)
    return None if readings <= fits else min(fits)


def _first_fit(
    tile: Tile, table: Sequence[Sequence[Tile]], indicator: Tile
) -> tuple[int, AddVerdict, MeldKind | None] | None:
    """The first meld this tile could be added to, its verdict and `laid_as`: a meld that takes
    it however it was laid comes before one that takes it only laid as one kind."""
    maybe = None
    for index, meld in enumerate(table):
        verdict = can_add(tile, meld, indicator)
        if verdict.ok:
            kind = laid_as(meld, verdict, indicator)
            if kind is None:
                return index, verdict, None
            maybe = maybe or (index, verdict, kind)
    return maybe


def playable_on(
    tile: Tile, table: Sequence[Sequence[Tile]], indicator: Tile
) -> tuple[int, AddVerdict] | None:
    """The first meld on the table this tile could be added to (P6), with the verdict."""
    found = _first_fit(tile, table, indicator)
    return None if found is None else (found[0], found[1])


def _offence(
    tile: Tile, table: Sequence[Sequence[Tile]], indicator: Tile
) -> tuple[ReasonCode, str, dict[str, Any]] | None:
    if is_okey(tile, indicator):
        return ReasonCode.OKEY_DISCARD, "X1", {}
    found = _first_fit(tile, table, indicator)
    if found is None:
        return None
    index, verdict, kind = found
    values: dict[str, Any] = {"meld": index, "at": verdict.at[0]}
    if kind is not None:
        values["laid_as"] = kind  # the penalty stands only if the meld was laid so
    return ReasonCode.PLAYABLE_DISCARD, "X2", values


def judge_discard(
    tile: Tile,
    table: Sequence[Sequence[Tile]],
    indicator: Tile,
    *,
    rack: Iterable[Tile] | None = None,
    pile: int | None = None,
    ends_round: bool = False,
) -> DiscardVerdict:
    """The penalty for discarding `tile` with these melds on the table. `rack` (optional) is
    every tile on the rack before the discard, the discarded one included (X3) — a rack of one
    tile makes this the final discard (E1); `pile` the tiles left in the draw pile, 0 to 48
    (D1, X5); `ends_round` marks the final tile (X4, X6).

    Raises `InputError` for an invalid table meld (INVALID_MELD, field "table"), a rack without
    the tile (TILE_NOT_ON_RACK), a final tile that is not the last one on the rack
    (FINAL_TILE_NOT_LAST), a negative pile, or too many copies of a tile (T1)."""
    table = [tuple(m) for m in table]
    for index, meld in enumerate(table):
        meld_verdict = classify_meld(meld, indicator)
        if not meld_verdict.ok:
            raise InputError(
                ReasonCode.INVALID_MELD,
                rule=meld_verdict.rule,
                field="table",
                position=index,
                meld=index,
                verdict=meld_verdict,
            )
    if pile is not None and pile < 0:
        raise InputError(ReasonCode.NEGATIVE_PILE, field="pile", pile=pile)
    held = (tile,) if rack is None else tuple(rack)
    if pile is not None and pile > PILE_AFTER_DEAL:
        raise InputError(ReasonCode.PILE_TOO_LARGE, field="pile", pile=pile, limit=PILE_AFTER_DEAL)
    if rack is not None:
        if physical(tile, indicator) not in {physical(t, indicator) for t in held}:
            raise InputError(ReasonCode.TILE_NOT_ON_RACK, field="rack", tile=tile)
        if ends_round and len(held) != 1:
            raise InputError(ReasonCode.FINAL_TILE_NOT_LAST, field="rack", count=len(held))
        ends_round = len(held) == 1  # discarding the last tile ends the round (E1)
    excess = excess_copies([*(t for m in table for t in m), *held], indicator)
    if excess is not None:
        # The field to correct: the rack when it holds too many by itself, else the table
        held_alone = rack is not None and excess_copies(held, indicator) is not None
        field = "rack" if held_alone else "table"
        raise InputError(ReasonCode.TOO_MANY_COPIES, field=field, **excess.facts())

    offence = _offence(tile, table, indicator)
    code = offence[0] if offence else None

    def answer(
        penalty: int, reason: ReasonCode, rule: str, *, okey_finish: bool = False, **values: Any
    ) -> DiscardVerdict:
        return DiscardVerdict(
            penalty=penalty,
            reason=reason,
            rule=rule,
            facts=facts(**values),
            offence=code,
            okey_finish=okey_finish,
        )

    if ends_round:
        if code is ReasonCode.OKEY_DISCARD:
            return answer(0, ReasonCode.FINISHED_WITH_OKEY, "X6", okey_finish=True)
        return answer(0, ReasonCode.FINAL_TILE, "X4", offence=code)
    if offence is None:
        # The site's choice where the sources are silent: a tile that could only take an
        # Okey's place (P7) is not playable — it adds nothing to the meld (X2).
        swap = next(
            (i for i, meld in enumerate(table) if can_swap_okey(tile, meld, indicator).ok), None
        )
        if swap is not None:
            return answer(0, ReasonCode.NOT_PLAYABLE, "X2", swap=swap)
        return answer(0, ReasonCode.NOT_PLAYABLE, "X2")
    if pile is not None and pile < PENALTY_TILES:
        return answer(
            0, ReasonCode.PILE_TOO_SMALL, "X5", pile=pile, offence=code, least=PENALTY_TILES
        )
    if rack is not None and all(_offence(t, table, indicator) for t in held):
        return answer(0, ReasonCode.NO_CHOICE, "X3", offence=code)
    return answer(PENALTY_TILES, offence[0], offence[1], penalty_tiles=PENALTY_TILES, **offence[2])


SEATS = (1, 2, 3, 4)


def next_seat(seat: int) -> int:
    """The player on the right, who plays next (P1); seats are numbered in turn order."""
    return seat % 4 + 1


def resolve_buy(
    discarder: int,
    wanting: Collection[int],
    *,
    buys_used: Mapping[int, int] | None = None,
    limit: int = BUY_LIMIT,
) -> BuyVerdict:
    """Who gets a discard that the seats in `wanting` want. The next player takes it in turn
    with no penalty (B1); otherwise the wanting player whose turn comes soonest buys it with one
    penalty tile (B1, B3) — unless they have used `limit` buys this round (B2)."""
    for seat in (discarder, *wanting):
        if seat not in SEATS:
            raise InputError(ReasonCode.UNKNOWN_SEAT, field="seat", seat=seat)
    if discarder in wanting:
        raise InputError(ReasonCode.DISCARDER_CANNOT_TAKE, field="seat", seat=discarder)
    if limit < 0:
        raise InputError(ReasonCode.NEGATIVE_LIMIT, field="limit", limit=limit)
    used = buys_used or {}
    first = next_seat(discarder)
    if first in wanting:
        return BuyVerdict(
            seat=first,
            penalty_tiles=0,
            reason=ReasonCode.TAKEN_IN_TURN,
            rule="B1",
            facts=facts(seat=first),
        )
    order = [next_seat(first), next_seat(next_seat(first))]
    eligible = [s for s in order if s in wanting and used.get(s, 0) < limit]
    blocked = tuple(s for s in order if s in wanting and used.get(s, 0) >= limit)
    if eligible:
        seat = eligible[0]
        code, rule = (
            (ReasonCode.SOONER_TURN_WINS, "B3") if len(eligible) > 1 else (ReasonCode.BOUGHT, "B1")
        )
        return BuyVerdict(
            seat=seat,
            penalty_tiles=1,
            reason=code,
            rule=rule,
            facts=facts(
                seat=seat,
                penalty_tiles=1,
                others=tuple(eligible[1:]),
                blocked=blocked,
                buys_left=limit - used.get(seat, 0) - 1,
            ),
        )
    if blocked:
        return BuyVerdict(
            seat=None,
            penalty_tiles=0,
            reason=ReasonCode.BUY_LIMIT_REACHED,
            rule="B2",
            facts=facts(seats=blocked, limit=limit),
        )
    return BuyVerdict(
        seat=None, penalty_tiles=0, reason=ReasonCode.NO_TAKER, rule="B1", facts=facts()
    )
