"""Meld classification (M1–M5, T3, T4).

`classify_meld(tiles, indicator)` reads tiles in table order. Okeys are wild (T3, M4); a false
joker is the Okey's face (T4, M5).

Runs: position decides what an Okey stands for. A run is read low to high (`r12 r13 r1`); a
run written high to low (`r3 r2 r1`) is accepted too, as the same run seen from the other side,
but only when the low-to-high reading fails — so `ok ok r5` is r3-r4-r5, never r7-r6-r5.
Positions are numbered 1..14, where 14 is the 1 that follows 13 (M2).

Tiles are a set, not a sequence: when neither reading of the typed order is a run, the tiles
are laid out low to high (Okeys filling the gaps, then the ends) and the verdict's `tiles` are
that arrangement (`arranged` is True) — `r13 r1 ok` is the run r12-r13-r1, drawn `ok r13 r1`.

Copies (T1): the indicator lies face up, so a meld holds at most one tile of its face.

Ambiguity: three tiles holding two Okeys and one numbered tile are both a group and a run; the
verdict then has two readings (group first). Two Okeys alone are a pair that stands for any tile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any

from .tiles import (
    COLOURS,
    FALSE_JOKER,
    FALSE_JOKER_CODE,
    OKEY_CODE,
    TILES,
    Colour,
    Tile,
    okey_code,
)
from .verdicts import ReasonCode, facts

WILD = -1


class MeldKind(StrEnum):
    GROUP = "group"
    RUN = "run"
    PAIR = "pair"


_GROUP, _RUN, _PAIR = MeldKind.GROUP, MeldKind.RUN, MeldKind.PAIR


@dataclass(frozen=True, slots=True, kw_only=True)
class Reading:
    """One way a valid meld reads.

    `stands_for` has one entry per Okey of the meld (in table order, see
    `MeldVerdict.okey_indexes`): the tiles that Okey may stand for — one tile in a run or
    pair, the missing colours in a group, `()` for "any tile" (a pair of two Okeys).
    """

    kind: MeldKind
    stands_for: tuple[tuple[Tile, ...], ...]
    number: int | None = None  # group and pair: the number (None: a pair of two Okeys)
    colour: Colour | None = None  # run and pair: the colour
    low: int | None = None  # run: lowest position, 1..14 (14 is the 1 after 13)
    high: int | None = None  # run: highest position
    descending: bool = False  # run written high to low


@dataclass(frozen=True, slots=True, kw_only=True)
class MeldVerdict:
    ok: bool
    reason: ReasonCode
    rule: str
    facts: Mapping[str, Any]
    tiles: tuple[Tile, ...]
    okey_indexes: tuple[int, ...] = ()
    readings: tuple[Reading, ...] = ()
    arranged: bool = False  # `tiles` are a valid order of tiles typed in another order

    @property
    def kind(self) -> MeldKind | None:
        return self.readings[0].kind if self.ok else None

    @property
    def kinds(self) -> tuple[MeldKind, ...]:
        return tuple(r.kind for r in self.readings) if self.ok else ()

    @property
    def okey_stands_for(self) -> tuple[tuple[Tile, ...], ...]:
        return self.readings[0].stands_for if self.readings else ()

    def reading(self, kind: MeldKind) -> Reading | None:
        return next((r for r in self.readings if r.kind is kind), None)

    def read_as(self, kind: MeldKind) -> MeldVerdict:
        """The same verdict read as `kind` first (a meld of one tile and two Okeys is a group
        and a run: a contract may need the run)."""
        chosen = self.reading(kind)
        if chosen is None or chosen is self.readings[0]:
            return self
        reason, rule, fact_map = _valid_reason(chosen, len(self.tiles))
        others = tuple(r for r in self.readings if r is not chosen)
        return MeldVerdict(
            ok=True,
            reason=reason,
            rule=rule,
            facts=fact_map,
            tiles=self.tiles,
            okey_indexes=self.okey_indexes,
            readings=(chosen, *others),
            arranged=self.arranged,
        )


def _group(faces: list[int]) -> tuple[int, int] | None:
    """(number index 0..12, bit mask of its colours) if the faces are a group, else None."""
    if len(faces) > 4:
        return None
    number = -1
    mask = 0
    for f in faces:
        if f < 0:
            continue
        bit = 1 << (f // 13)
        if mask & bit or (number >= 0 and f % 13 != number):
            return None
        number = f % 13
        mask |= bit
    if number < 0:
        return None
    return number, mask


def _run_start(faces: Sequence[int]) -> tuple[int, int] | None:
    """(colour index, start position 1..14) if the faces, read low to high, are a run."""
    k = -1
    colour = -1
    for i, f in enumerate(faces):
        if f < 0:
            continue
        value = (f % 13 - i) % 13
        if k < 0:
            k, colour = value, f // 13
        elif value != k or f // 13 != colour:
            return None
    if k < 0 or k + len(faces) > 14:
        return None
    return colour, k + 1


# Readings are immutable and few (a colour, a stretch and where the Okeys sit; a number and
# the missing colours), so each is built once, with the facts of its verdict, and shared.
_Valid = tuple[Reading, Mapping[str, Any]]


@cache
def _run(colour: int, start: int, n: int, descending: bool, wilds: tuple[int, ...]) -> _Valid:
    base = colour * 13
    last = n - 1
    stands = tuple(
        [(TILES[base + (start - 1 + (last - i if descending else i)) % 13],) for i in wilds]
    )
    reading = Reading(
        kind=_RUN,
        stands_for=stands,
        colour=COLOURS[colour],
        low=start,
        high=start + n - 1,
        descending=descending,
    )
    return reading, facts(colour=COLOURS[colour], low=start, high=start + n - 1, size=n)


@cache
def _group_of(number: int, mask: int, wilds: int) -> _Valid:
    missing = [c for c in range(4) if not mask & (1 << c)]
    options = tuple([TILES[c * 13 + number] for c in missing])
    reading = Reading(kind=_GROUP, stands_for=(options,) * wilds, number=number + 1)
    return reading, facts(number=number + 1, size=4 - len(missing) + wilds)


def _run_reading(faces: list[int], wilds: tuple[int, ...]) -> _Valid | None:
    descending = False
    found = _run_start(faces)
    if found is None:
        found = _run_start(faces[::-1])
        if found is None:
            return None
        descending = True
    return _run(found[0], found[1], len(faces), descending, wilds)


def _valid_readings(faces: list[int]) -> tuple[_Valid, ...]:
    """The group and run readings of three or more face codes, with their verdicts' facts."""
    wilds = tuple([i for i, f in enumerate(faces) if f < 0]) if WILD in faces else ()
    run = _run_reading(faces, wilds)
    group = _group(faces)
    if group is None:
        return () if run is None else (run,)
    reading = _group_of(group[0], group[1], len(wilds))
    return (reading,) if run is None else (reading, run)


def readings_of(faces: list[int]) -> tuple[Reading, ...]:
    """Every valid reading of a list of face codes (`WILD` for an Okey)."""
    n = len(faces)
    if n == 2:
        a, b = faces
        if a < 0 and b < 0:
            return (Reading(kind=_PAIR, stands_for=((), ())),)
        if a < 0 or b < 0 or a == b:
            t = TILES[max(a, b)]
            stands = ((t,),) if a < 0 or b < 0 else ()
            return (Reading(kind=_PAIR, stands_for=stands, number=t.number, colour=t.colour),)
        return ()
    if n < 3:
        return ()
    return tuple([reading for reading, _ in _valid_readings(faces)])


def _valid_reason(r: Reading, n: int) -> tuple[ReasonCode, str, Mapping[str, Any]]:
    if r.kind is MeldKind.GROUP:
        return ReasonCode.VALID_GROUP, "M1", facts(number=r.number, size=n)
    if r.kind is MeldKind.RUN:
        return (
            ReasonCode.VALID_RUN,
            "M2",
            facts(colour=r.colour, low=r.low, high=r.high, size=n),
        )
    t = None
    if r.colour is not None and r.number is not None:
        t = TILES[r.colour.ordinal * 13 + r.number - 1]
    return ReasonCode.VALID_PAIR, "M3", facts(tile=t)


def classify_meld(
    tiles: Sequence[Tile], indicator: Tile, *, allow_pairs: bool = True, arrange: bool = True
) -> MeldVerdict:
    """Is this a valid group, run or pair? `allow_pairs=False` turns a valid pair into
    `PAIR_NOT_ALLOWED` (pairs count only where a contract asks for them, M3).
    `arrange=False` judges the tiles in the order given only (a meld already on the table,
    where each Okey keeps its place)."""
    tiles = tuple(tiles)
    okey = okey_code(indicator)
    faces = []
    okeys = []
    first = -1
    mixed = False  # some tile differs from the first numbered tile in number and colour
    for i, t in enumerate(tiles):
        c = t.code
        if c == OKEY_CODE or c == okey:  # noqa: SIM109 - no tuple built per tile
            faces.append(WILD)
            okeys.append(i)
            continue
        if c == FALSE_JOKER_CODE:
            c = okey
        faces.append(c)
        if first < 0:
            first = c
        elif c % 13 != first % 13 and c // 13 != first // 13:
            mixed = True
    okey_indexes = tuple(okeys)
    shown = indicator.code
    ok, reason, rule, fact_map, found = _judge(
        tiles, faces, okey, shown, len(okeys), allow_pairs, mixed
    )
    arranged = False
    # "ok r1 ok" is a group as typed, and a run 1-2-3 (M2) only in another order: a contract
    # may need the run, so the tiles are laid in that order and read as both.
    single = ok and len(found) == 1 and found[0].kind is _GROUP
    if arrange and (single or (not ok and reason in _REORDERABLE)):
        order = _arrangement(faces)
        if order is not None:
            laid = tuple([tiles[i] for i in order])
            laid_faces = [faces[i] for i in order]
            judged = _judge(laid, laid_faces, okey, shown, len(okeys), allow_pairs, False)
            # T4 stands unless the false joker, laid at its own face, completes the run
            if judged[0] or (not single and reason in _RUN_ORDER):
                tiles, faces = laid, laid_faces
                okey_indexes = tuple(i for i, f in enumerate(faces) if f == WILD)
                ok, reason, rule, fact_map, found = judged
                arranged = True
    return MeldVerdict(
        ok=ok,
        reason=reason,
        rule=rule,
        facts=fact_map,
        tiles=tiles,
        okey_indexes=okey_indexes,
        readings=found,
        arranged=arranged,
    )


_RUN_ORDER = (ReasonCode.RUN_NOT_CONSECUTIVE, ReasonCode.RUN_WRAPS_PAST_ONE)
# A false joker judged in the typed order looks wild (T4) when only the order is wrong: "ok ok
# y7 fj" with the false joker as y9 is the run y7 ok fj ok.
_REORDERABLE = (*_RUN_ORDER, ReasonCode.FALSE_JOKER_NOT_WILD)


def _arrangement(faces: list[int]) -> list[int] | None:
    """An order of the tiles (indexes into `faces`) that reads as a run low to high, if the
    tiles of one colour can make one in any order: each numbered tile at its number (a 1 at the
    start or after the 13), Okeys in the gaps in the order typed. The lowest such run wins."""
    n = len(faces)
    real = [(i, f % 13 + 1) for i, f in enumerate(faces) if f >= 0]
    wild = [i for i, f in enumerate(faces) if f < 0]
    if not real or len({f // 13 for f in faces if f >= 0}) != 1:
        return None
    for start in range(1, 16 - n):
        end = start + n - 1
        slots: list[int | None] = [None] * n
        for i, number in real:
            places = [p for p in (number, 14 if number == 1 else 0) if start <= p <= end]
            free = [p for p in places if slots[p - start] is None]
            if not free:
                break
            slots[free[0] - start] = i
        else:
            wilds = iter(wild)
            return [s if s is not None else next(wilds) for s in slots]
    return None


_Judgement = tuple[bool, ReasonCode, str, Mapping[str, Any], tuple[Reading, ...]]


def _judge(
    tiles: tuple[Tile, ...],
    faces: list[int],
    okey: int,
    shown: int,
    wilds: int,
    allow_pairs: bool,
    mixed: bool,
) -> _Judgement:
    n = len(faces)
    if wilds > 2 or (n > 2 and len(set(faces)) + 2 <= n) or faces.count(shown) > 1:
        excess = _excess(faces, wilds, okey, shown)
        if excess is not None:
            return False, _COPIES, "T1", excess, ()
    if mixed and n > 2 and okey not in faces:
        # Fast rejection: no false joker, and the real tiles share neither number nor colour.
        return False, *_why_mixed(tiles, faces), ()
    if n > 2:
        valid = _valid_readings(faces)
        if valid:
            first, fact_map = valid[0]
            found = tuple([reading for reading, _ in valid])
            return True, _VALID_CODES[first.kind], _VALID_RULES[first.kind], fact_map, found
        return False, *_why_invalid(tiles, faces, okey), ()
    found = readings_of(faces)
    if found:
        reason, rule, fact_map = _valid_reason(found[0], n)
        if found[0].kind is _PAIR and not allow_pairs:
            return False, ReasonCode.PAIR_NOT_ALLOWED, "M3", facts(), found
        return True, reason, rule, fact_map, found
    return False, *_why_invalid(tiles, faces, okey), ()


_COPIES = ReasonCode.TOO_MANY_COPIES
_VALID_CODES = {_GROUP: ReasonCode.VALID_GROUP, _RUN: ReasonCode.VALID_RUN}
_VALID_RULES = {_GROUP: "M1", _RUN: "M2"}


def _excess(faces: list[int], wilds: int, okey: int, shown: int) -> Mapping[str, Any] | None:
    """The facts of a TOO_MANY_COPIES verdict, if a tile kind is there too often (T1); the
    indicator (`shown`) is one copy of its face lying face up."""
    if wilds > 2:
        return facts(tile=TILES[okey], count=wilds, limit=2)
    for code, count in Counter(f for f in faces if f >= 0).items():
        if count + (code == shown) > 2:
            tile = FALSE_JOKER if code == okey else TILES[code]
            if code == shown:
                return facts(tile=tile, count=count, limit=2, indicator=True)
            return facts(tile=tile, count=count, limit=2)
    return None


def _why_invalid(
    tiles: tuple[Tile, ...], faces: list[int], okey: int
) -> tuple[ReasonCode, str, Mapping[str, Any]]:
    n = len(tiles)
    if okey in faces:  # a false joker (a real tile with the Okey's face is wild)
        jokers = [i for i, f in enumerate(faces) if f == okey]
        as_wild = [WILD if f == okey else f for f in faces]
        if (n >= 3 and all(f < 0 for f in as_wild)) or readings_of(as_wild):
            return (
                ReasonCode.FALSE_JOKER_NOT_WILD,
                "T4",
                facts(tile=FALSE_JOKER, index=jokers[0], face=TILES[okey]),
            )
    if n < 2:
        return ReasonCode.TOO_FEW_TILES, "M3", facts(count=n, minimum=2)
    first = -1
    same_number = same_colour = True
    for f in faces:
        if f < 0:
            continue
        if first < 0:
            first = f
        else:
            same_number = same_number and f % 13 == first % 13
            same_colour = same_colour and f // 13 == first // 13
    if n == 2:
        # Two tiles are a meld only as a pair (M3); say when a third tile would make a group
        # or run of them.
        a, b = faces
        start = None
        if same_number:
            start = MeldKind.GROUP
        elif same_colour and min((a - b) % 13, (b - a) % 13) <= 2:
            start = MeldKind.RUN
        return (
            ReasonCode.PAIR_NOT_IDENTICAL,
            "M3",
            facts(first=tiles[0], second=tiles[1], start=start),
        )
    if same_number:
        if n > 4:
            return ReasonCode.GROUP_TOO_LONG, "M1", facts(count=n, maximum=4)
        seen = 0
        for i, f in enumerate(faces):
            if f < 0:
                continue
            if seen & (1 << f // 13):
                colour = COLOURS[f // 13]
                return (
                    ReasonCode.GROUP_REPEATED_COLOUR,
                    "M1",
                    facts(tile=tiles[i], index=i, colour=colour),
                )
            seen |= 1 << f // 13
    if same_colour:
        return _why_not_run(tiles, faces)
    return _why_mixed(tiles, faces)


def _why_mixed(
    tiles: tuple[Tile, ...], faces: list[int]
) -> tuple[ReasonCode, str, Mapping[str, Any]]:
    """Neither one number nor one colour: judge it as the kind most of its tiles point to
    (ties: a run, and the value seen first)."""
    by_number = [0] * 13
    by_colour = [0] * 4
    top_number = top_colour = -1
    for f in faces:
        if f >= 0:
            number, colour = f % 13, f // 13
            by_number[number] += 1
            by_colour[colour] += 1
            if top_number < 0 or by_number[number] > by_number[top_number]:
                top_number = number
            if top_colour < 0 or by_colour[colour] > by_colour[top_colour]:
                top_colour = colour
    if by_colour[top_colour] >= by_number[top_number]:
        for i, f in enumerate(faces):
            if f >= 0 and f // 13 != top_colour:
                return (
                    ReasonCode.RUN_MIXED_COLOURS,
                    "M2",
                    facts(tile=tiles[i], index=i, colour=COLOURS[top_colour]),
                )
    i = next(i for i, f in enumerate(faces) if f >= 0 and f % 13 != top_number)
    return (
        ReasonCode.GROUP_MIXED_NUMBERS,
        "M1",
        facts(tile=tiles[i], index=i, number=top_number + 1),
    )


def _run_problem(faces: Sequence[int], step: int) -> tuple[int, int, int | None]:
    """Walk the faces in table order as a run going up (`step` 1) or down (-1): (how far they
    read as one, offending index, expected face code or None when they run past the 1)."""
    n = len(faces)
    k = -1
    colour = 0
    for i, f in enumerate(faces):
        if f < 0:
            continue
        if k < 0:
            k, colour = (f % 13 - step * i) % 13, f // 13
        elif (f % 13 - step * i) % 13 != k:
            return i, i, colour * 13 + (k + step * i) % 13
    # Consistent, so it runs past the 1 after 13: the tile at position 15 is the offender.
    if step == 1:
        return n, 14 - k, None
    low = (k - (n - 1)) % 13
    return n, n - 1 - (14 - low), None


def _why_not_run(
    tiles: tuple[Tile, ...], faces: list[int]
) -> tuple[ReasonCode, str, Mapping[str, Any]]:
    up = _run_problem(faces, 1)
    down = _run_problem(faces, -1)
    use_down = down[0] > up[0]
    if down[0] == up[0]:  # as far either way: follow the first two tiles' direction
        real = [f for f in faces if f >= 0]
        use_down = 1 <= (real[0] - real[1]) % 13 <= 6
    _, index, expected = down if use_down else up
    if expected is None:
        return ReasonCode.RUN_WRAPS_PAST_ONE, "M2", facts(tile=tiles[index], index=index)
    return (
        ReasonCode.RUN_NOT_CONSECUTIVE,
        "M2",
        facts(tile=tiles[index], index=index, expected=TILES[expected]),
    )
