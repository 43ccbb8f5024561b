"""Table play: adding a tile to a meld (P6), taking an Okey (P7), and when a player may play to
the table at all (P2–P5, P8, C4).

Where a tile goes is named by the run's values, not by table order: `"low"` (below the run's
lowest tile), `"high"` (above its highest), `"group"` (the missing colour of a group).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .melds import MeldKind, MeldVerdict, Reading, classify_meld
from .tiles import TILES, Tile, excess_copies, face_of
from .verdicts import ReasonCode, facts


@dataclass(frozen=True, slots=True, kw_only=True)
class AddVerdict:
    """`at` lists every place the tile fits ("low", "high", "group"); `result` is the verdict
    on the meld with the tile added at the first of them (tiles in table order)."""

    ok: bool
    reason: ReasonCode
    rule: str
    facts: Mapping[str, Any]
    at: tuple[str, ...] = ()
    result: MeldVerdict | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SwapVerdict:
    """`okey_index` is the position of the Okey that is taken; `result` the meld after the
    swap (the real tile in the Okey's place)."""

    ok: bool
    reason: ReasonCode
    rule: str
    facts: Mapping[str, Any]
    okey_index: int | None = None
    result: MeldVerdict | None = None


class PlayAction(StrEnum):
    MELD = "meld"  # lay down the contract
    ADD = "add"  # add a tile to a meld on the table
    NEW_MELD = "new-meld"  # lay down a further meld after melding
    TAKE_OKEY = "take-okey"  # swap a real tile for an Okey on the table


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayVerdict:
    ok: bool
    reason: ReasonCode
    rule: str
    facts: Mapping[str, Any]


def _no(code: ReasonCode, rule: str, **values: Any) -> AddVerdict:
    return AddVerdict(ok=False, reason=code, rule=rule, facts=facts(**values))


def _extends(before: Reading, after: MeldVerdict, at: str) -> bool:
    run = after.reading(MeldKind.RUN)
    if run is None or run.colour is not before.colour or before.low is None:
        return False
    assert before.high is not None
    if at == "high":
        return run.low == before.low and run.high == before.high + 1
    return run.low == before.low - 1 and run.high == before.high


def can_add(tile: Tile, meld: Sequence[Tile], indicator: Tile) -> AddVerdict:
    """May this tile be added to this meld on the table (P6)? A run at either end but never
    past the 1 after 13; the missing colour of a three-tile group; never to a pair; never a
    fifth tile."""
    meld = tuple(meld)
    base = classify_meld(meld, indicator)
    if not base.ok:
        return _no(ReasonCode.INVALID_MELD, base.rule, verdict=base)
    meld = base.tiles  # the meld as laid out, whatever order it was typed in
    excess = excess_copies((*meld, tile), indicator)  # a tile that cannot exist, first (T1)
    if excess is not None:
        return _no(ReasonCode.TOO_MANY_COPIES, "T1", **excess.facts())
    if base.kind is MeldKind.PAIR:
        return _no(ReasonCode.ADD_TO_PAIR, "P6")
    found: list[tuple[str, MeldVerdict]] = []
    for reading in base.readings:
        if reading.kind is MeldKind.GROUP:
            after = classify_meld((*meld, tile), indicator, arrange=False)
            if after.ok and MeldKind.GROUP in after.kinds:
                found.append(("group", after))
        else:
            for at in ("low", "high"):
                at_end = (at == "high") != reading.descending
                after = classify_meld(
                    (*meld, tile) if at_end else (tile, *meld), indicator, arrange=False
                )
                if after.ok and _extends(reading, after, at):
                    found.append((at, after))
    if found:
        return AddVerdict(
            ok=True,
            reason=ReasonCode.CAN_ADD,
            rule="P6",
            facts=facts(at=found[0][0]),
            at=tuple(at for at, _ in found),
            result=found[0][1],
        )
    return _why_not_added(tile, base, indicator)


def _why_not_added(tile: Tile, base: MeldVerdict, indicator: Tile) -> AddVerdict:
    face = face_of(tile, indicator)
    group = base.reading(MeldKind.GROUP)
    run = base.reading(MeldKind.RUN)
    use_group = group is not None and (run is None or face is None or face.number == group.number)
    if use_group:
        assert group is not None
        if len(base.tiles) >= 4:
            return _no(ReasonCode.GROUP_FULL, "P6")
        assert face is not None  # an Okey always fits a three-tile group
        if face.number != group.number:
            return _no(ReasonCode.WRONG_NUMBER_FOR_GROUP, "P6", number=group.number)
        return _no(ReasonCode.COLOUR_ALREADY_IN_GROUP, "P6", colour=face.colour)
    assert run is not None and run.low is not None and run.high is not None
    if face is not None and face.colour is not run.colour:
        return _no(ReasonCode.WRONG_COLOUR_FOR_RUN, "P6", colour=run.colour)
    base_code = run.colour.ordinal * 13 if run.colour is not None else 0
    below = TILES[base_code + (run.low - 2) % 13] if run.low > 1 else None
    above = TILES[base_code + run.high % 13] if run.high < 14 else None
    past_one = (run.high == 14 and (face is None or face.number == 2)) or (
        run.low == 1 and (face is None or face.number == 13)
    )
    if past_one:
        return _no(ReasonCode.RUN_WRAPS_PAST_ONE, "P6", tile=tile)
    swap = face is not None and any(face in options for options in run.stands_for)
    return _no(ReasonCode.NOT_AT_RUN_END, "P6", low=below, high=above, swap=swap)


def can_swap_okey(tile: Tile, meld: Sequence[Tile], indicator: Tile) -> SwapVerdict:
    """May a player put this real tile into the meld and take its Okey (P7)? The tile must be
    what the Okey stands for; a group gives up its Okey only when it has four tiles; the meld
    stays valid. (Pairs: our choice — the partner an Okey stands for may replace it.)"""
    meld = tuple(meld)
    base = classify_meld(meld, indicator)

    def no(code: ReasonCode, **values: Any) -> SwapVerdict:
        rule = base.rule if code is ReasonCode.INVALID_MELD else "P7"
        return SwapVerdict(ok=False, reason=code, rule=rule, facts=facts(**values))

    if not base.ok:
        return no(ReasonCode.INVALID_MELD, verdict=base)
    meld = base.tiles
    if not base.okey_indexes:
        return no(ReasonCode.NO_OKEY_IN_MELD)
    face = face_of(tile, indicator)
    if face is None:
        return no(ReasonCode.SWAP_WITH_OKEY)
    # A three-tile group keeps its Okey; one read as a run may give it up (`ok ok r5`).
    fits_small_group, only_small_group = False, True
    stands: dict[Tile, None] = {}  # what an Okey stands for in the readings that may give it up
    for reading in base.readings:
        small_group = reading.kind is MeldKind.GROUP and len(meld) < 4
        only_small_group &= small_group
        for index, options in zip(base.okey_indexes, reading.stands_for, strict=True):
            if small_group:
                fits_small_group |= not options or face in options
                continue
            stands.update(dict.fromkeys(options))
            if options and face not in options:
                continue
            after = classify_meld(
                (*meld[:index], tile, *meld[index + 1 :]), indicator, arrange=False
            )
            if after.ok:
                return SwapVerdict(
                    ok=True,
                    reason=ReasonCode.CAN_SWAP_OKEY,
                    rule="P7",
                    facts=facts(index=index, stands_for=face),
                    okey_index=index,
                    result=after,
                )
    if fits_small_group or only_small_group:
        return no(ReasonCode.GROUP_NEEDS_FOUR_TO_SWAP)
    return no(ReasonCode.TILE_NOT_STOOD_FOR, stands_for=tuple(stands))


def may_play(
    action: PlayAction | str,
    *,
    has_melded: bool,
    melded_this_turn: bool = False,
    tiles_left: int | None = None,
    final_round: bool = False,
) -> PlayVerdict:
    """May the player do this now? `tiles_left`: tiles on the rack after the play, if known.
    MELD: once a round (P2). ADD / NEW_MELD / TAKE_OKEY: only after melding (P5, P7) and not on
    the melding turn (P3). A tile must remain for the discard (P8). In the final round nothing
    goes to the table except the whole rack at once (C4)."""
    action = PlayAction(action)

    def verdict(code: ReasonCode, rule: str) -> PlayVerdict:
        ok = code in (ReasonCode.MAY_MELD, ReasonCode.MAY_PLAY)
        return PlayVerdict(ok=ok, reason=code, rule=rule, facts=facts(action=action))

    if final_round:
        return verdict(ReasonCode.FINAL_ROUND_ALL_AT_ONCE, "C4")
    keeps_tile = tiles_left is None or tiles_left >= 1
    if action is PlayAction.MELD:
        if has_melded:
            return verdict(ReasonCode.ALREADY_MELDED, "P2")
        if not keeps_tile:
            return verdict(ReasonCode.MUST_KEEP_DISCARD, "P8")
        return verdict(ReasonCode.MAY_MELD, "P2")
    taking = action is PlayAction.TAKE_OKEY
    if not has_melded:
        return verdict(ReasonCode.NOT_MELDED_YET, "P7" if taking else "P5")
    if melded_this_turn:
        return verdict(ReasonCode.MELDED_THIS_TURN, "P7" if taking else "P3")
    if not taking and not keeps_tile:
        return verdict(ReasonCode.MUST_KEEP_DISCARD, "P8")
    return verdict(ReasonCode.MAY_PLAY, "P4")
