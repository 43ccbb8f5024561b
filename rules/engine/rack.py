"""What can I lay down? One rack, one round, the whole answer as data (C2, C4, P4, P8, S2, S3, S7).

`advise(rack, contract, indicator, opened=False)` asks the solvers (`solver.py`, `best.py`) and
scoring (`scoring.py`); it decides nothing itself but which question applies:

- final round (C4): does the whole rack go down at once? The arrangement, or the most tiles
  that do (`NOT_ALL_AT_ONCE`, `count` tiles left over);
- not opened yet: the opening that leaves the fewest points (`CAN_OPEN`), what stays on the
  rack and the melds it could lay from the next turn (P4); or `CANNOT_OPEN` with the part of the
  contract the rack holds, what is `missing` and the outs; or `MUST_KEEP_DISCARD` (P8) when
  the rack is the contract and nothing more, so that no tile would stay to discard;
- opened (`opened=True`): the melds the rack could lay down now (`FURTHER_MELDS`), keeping a
  tile to discard (P8).

`penalty` is the rack's score if the round ended now; `penalty_after` the score after laying
down the proposed melds — what melding is worth.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .best import Out, best_cover, best_opening, contract_part, opening_outs, rest_of
from .contracts import Contract
from .scoring import RackScore, rack_score
from .solver import Melds, _prepare, bounded
from .tiles import OTHER_TILES, Tile
from .verdicts import InputError, ReasonCode, facts


@dataclass(frozen=True, slots=True, kw_only=True)
class RackAdvice:
    ok: bool  # opens now / goes out whole / has melds to lay
    reason: ReasonCode
    rule: str
    facts: Mapping[str, Any]
    melds: Melds  # the opening, the final-round arrangement (or its best part), or the melds
    left: tuple[Tile, ...]  # what stays on the rack after `melds`
    penalty: RackScore
    penalty_after: RackScore | None = None
    further: Melds = ()  # after an opening: melds from `left` from the next turn (P4)
    part: Melds = ()  # no opening: the melds of the contract the rack holds
    made: Contract | None = None  # the part of the contract that `part` makes
    missing: Contract | None = None  # no opening: the part of the contract still missing
    outs: tuple[Out, ...] = field(default=())


def _missing(contract: Contract, part: Contract | None) -> Contract:
    if part is None:
        return contract
    return Contract(
        groups=contract.groups - part.groups,
        group_size=contract.group_size,
        runs=contract.runs - part.runs,
        run_size=contract.run_size,
        pairs=contract.pairs - part.pairs,
    )


def _keep_one(
    rack: tuple[Tile, ...], now: RackScore, part: Melds = (), made: Contract | None = None
) -> RackAdvice:
    """Laying these melds down would leave no tile to discard, so none go down yet (P8)."""
    return RackAdvice(
        ok=False,
        reason=ReasonCode.MUST_KEEP_DISCARD,
        rule="P8",
        facts=facts(),
        melds=(),
        left=rack,
        part=part,
        made=made,
        penalty=now,
    )


def advise(
    rack: Iterable[Tile], contract: Contract, indicator: Tile, *, opened: bool = False
) -> RackAdvice:
    """The answer for this rack in a round with this contract (see the module docstring).
    Raises the engine's `InputError` for an impossible rack (T1), a rack over its bound, a
    last-round rack of fewer than the 14 tiles of the deal (C4) or a contract over 12 tiles."""
    rack = tuple(rack)
    _prepare(rack, indicator)  # the copy check (T1) and the rack bound, once for every answer
    bounded(contract)
    if contract.is_final:
        if len(rack) < OTHER_TILES:  # nobody melds before the last round ends (C4, D1)
            raise InputError(
                ReasonCode.FINAL_RACK_TOO_SHORT, field="rack", count=len(rack), least=OTHER_TILES
            )
        melds = best_cover(rack, indicator, pairs=True)
        left = rest_of(rack, melds)
        whole = bool(rack) and not left
        return RackAdvice(
            ok=whole,
            reason=ReasonCode.ALL_AT_ONCE if whole else ReasonCode.NOT_ALL_AT_ONCE,
            rule="C4",
            facts=facts() if whole else facts(count=len(left)),
            melds=melds,
            left=left,
            penalty=rack_score(rack, indicator, melded=False, final_round=True),
        )
    now = rack_score(rack, indicator, melded=opened)
    if opened:
        melds = best_cover(rack, indicator, pairs=False, keep=True)
        left = rest_of(rack, melds)
        if not melds and best_cover(rack, indicator, pairs=False):
            return _keep_one(rack, now)  # the whole rack is melds
        return RackAdvice(
            ok=bool(melds),
            reason=ReasonCode.FURTHER_MELDS,
            rule="P4",
            facts=facts(count=len(melds)),
            melds=melds,
            left=left,
            penalty=now,
            penalty_after=rack_score(left, indicator, melded=True) if melds else None,
        )
    opening = best_opening(rack, contract, indicator)
    if opening is not None and not rest_of(rack, opening):
        return _keep_one(rack, now, part=opening, made=contract)  # the contract and no more
    if opening is not None:
        left = rest_of(rack, opening)
        further = best_cover(left, indicator, pairs=False, keep=True)
        return RackAdvice(
            ok=True,
            reason=ReasonCode.CAN_OPEN,
            rule="C2",
            facts=facts(),
            melds=opening,
            left=left,
            further=further,
            penalty=now,
            penalty_after=rack_score(left, indicator, melded=True),
        )
    part, part_melds = contract_part(rack, contract, indicator)
    missing = _missing(contract, part)
    return RackAdvice(
        ok=False,
        reason=ReasonCode.CANNOT_OPEN,
        rule="C2",
        facts=facts(missing=missing),
        melds=(),
        left=rack,
        part=part_melds,
        made=part,
        missing=missing,
        outs=opening_outs(rack, contract, indicator),
        penalty=now,
    )
