"""Contracts and rounds (C1–C4): the opening meld check and the round-list check.

A `Contract` is data — how many groups of which size, runs of which size and pairs — or the
all-at-once final round (`is_final`). `DEFAULT_ROUNDS` is the default list of docs/rules.md; the
database holds the list the site plays (check an edited list with `validate_round_list`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from .melds import MeldKind, MeldVerdict, classify_meld
from .notation import parse_indicator, parse_melds
from .tiles import OTHER_TILES, Tile, excess_copies, physical
from .verdicts import InputError, ReasonCode, facts

MAX_CONTRACT_TILES = 12  # docs/rules.md: a melding player keeps tiles to discard (P3, P8)


@dataclass(frozen=True, slots=True, kw_only=True)
class Contract:
    """`Contract(groups=2, runs=1)`; sizes default to 3. `Contract(is_final=True)` is the
    all-at-once round. Invalid data raises `InputError` (GROUP_SIZE_OUT_OF_RANGE, …)."""

    groups: int = 0
    group_size: int = 3
    runs: int = 0
    run_size: int = 3
    pairs: int = 0
    is_final: bool = False

    def __post_init__(self) -> None:
        for name in ("groups", "runs", "pairs"):
            if getattr(self, name) < 0:
                raise InputError(ReasonCode.NEGATIVE_COUNT, field=name)
        if self.group_size not in (3, 4):
            raise InputError(
                ReasonCode.GROUP_SIZE_OUT_OF_RANGE, field="group_size", size=self.group_size
            )
        if not 3 <= self.run_size <= 14:
            raise InputError(ReasonCode.RUN_SIZE_OUT_OF_RANGE, field="run_size", size=self.run_size)
        if self.is_final and self.meld_count:
            raise InputError(ReasonCode.FINAL_WITH_MELDS)
        if not self.is_final and not self.meld_count:
            raise InputError(ReasonCode.CONTRACT_EMPTY)

    @property
    def meld_count(self) -> int:
        return self.groups + self.runs + self.pairs

    @property
    def tile_count(self) -> int:
        """Tiles the opening meld holds (0 for the all-at-once round)."""
        return self.groups * self.group_size + self.runs * self.run_size + 2 * self.pairs

    @property
    def slots(self) -> tuple[tuple[MeldKind, int], ...]:
        """The melds asked for, as (kind, size): groups, then runs, then pairs."""
        return (
            *((MeldKind.GROUP, self.group_size),) * self.groups,
            *((MeldKind.RUN, self.run_size),) * self.runs,
            *((MeldKind.PAIR, 2),) * self.pairs,
        )


FINAL = Contract(is_final=True)


@dataclass(frozen=True, slots=True, kw_only=True)
class Round:
    """A round of the list: its contract and an example opening meld (for the final round: a
    whole rack laid down) with the indicator the example is read with."""

    number: int
    contract: Contract
    example: tuple[tuple[Tile, ...], ...]
    indicator: Tile


@dataclass(frozen=True, slots=True, kw_only=True)
class OpeningVerdict:
    """Verdict on an opening meld (or an all-at-once laydown). `melds` holds each meld's own
    verdict; `kinds` the reading used for each meld when the whole is valid."""

    ok: bool
    reason: ReasonCode
    rule: str
    facts: Mapping[str, Any]
    melds: tuple[MeldVerdict, ...]
    kinds: tuple[MeldKind, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundProblem:
    round: int | None
    reason: ReasonCode
    rule: str
    facts: Mapping[str, Any]


def _fail(
    code: ReasonCode, rule: str, melds: tuple[MeldVerdict, ...], **values: Any
) -> OpeningVerdict:
    return OpeningVerdict(ok=False, reason=code, rule=rule, facts=facts(**values), melds=melds)


def _check_melds(
    melds: Sequence[Sequence[Tile]], indicator: Tile
) -> tuple[tuple[MeldVerdict, ...], OpeningVerdict | None]:
    verdicts = tuple(classify_meld(m, indicator) for m in melds)
    excess = excess_copies((t for m in melds for t in m), indicator)
    if excess is not None:
        return verdicts, _fail(ReasonCode.TOO_MANY_COPIES, "T1", verdicts, **excess.facts())
    for i, v in enumerate(verdicts):
        if not v.ok:
            return verdicts, _fail(ReasonCode.INVALID_MELD, v.rule, verdicts, meld=i, verdict=v)
    return verdicts, None


_MISSING = {
    MeldKind.GROUP: ReasonCode.MISSING_GROUP,
    MeldKind.RUN: ReasonCode.MISSING_RUN,
    MeldKind.PAIR: ReasonCode.MISSING_PAIR,
}
_LENGTH = {
    (MeldKind.GROUP, True): ReasonCode.GROUP_TOO_LONG_FOR_CONTRACT,
    (MeldKind.GROUP, False): ReasonCode.GROUP_TOO_SHORT_FOR_CONTRACT,
    (MeldKind.RUN, True): ReasonCode.RUN_TOO_LONG_FOR_CONTRACT,
    (MeldKind.RUN, False): ReasonCode.RUN_TOO_SHORT_FOR_CONTRACT,
}


def _contract_problem(
    kinds: tuple[MeldKind, ...], sizes: list[int], contract: Contract
) -> tuple[ReasonCode, dict[str, Any]] | None:
    wanted = {
        MeldKind.GROUP: (contract.groups, contract.group_size),
        MeldKind.RUN: (contract.runs, contract.run_size),
        MeldKind.PAIR: (contract.pairs, 2),
    }
    for i, (kind, size) in enumerate(zip(kinds, sizes, strict=True)):
        count, expected = wanted[kind]
        if count and size != expected:
            return _LENGTH[kind, size > expected], {"meld": i, "size": size, "expected": expected}
    found = Counter(kinds)
    for kind, (count, _) in wanted.items():
        if found[kind] < count:
            return _MISSING[kind], {"expected": count, "found": found[kind]}
    if len(kinds) != contract.meld_count:
        return ReasonCode.WRONG_MELD_COUNT, {"expected": contract.meld_count, "found": len(kinds)}
    return None


def check_opening(
    melds: Sequence[Sequence[Tile]], contract: Contract, indicator: Tile
) -> OpeningVerdict:
    """Does this opening meld meet the contract (C2)? Every meld valid, exactly the contract's
    melds, each exactly the contract's length. For the final round this is
    `check_all_at_once` (C4), for at least the 14 tiles of a rack: nobody has melded before."""
    if contract.is_final:
        verdict = check_all_at_once(melds, indicator)
        count = sum(len(m) for m in melds)
        if verdict.ok and count < OTHER_TILES:
            return _fail(
                ReasonCode.FINAL_RACK_TOO_SHORT,
                "C4",
                verdict.melds,
                count=count,
                least=OTHER_TILES,
            )
        return verdict
    melds = [tuple(m) for m in melds]
    verdicts, failure = _check_melds(melds, indicator)
    if failure is not None:
        return failure
    sizes = [len(m) for m in melds]
    first: tuple[ReasonCode, dict[str, Any]] | None = None
    # A meld of one numbered tile and two Okeys reads as a group or a run: try both.
    for kinds in product(*(v.kinds for v in verdicts)):
        problem = _contract_problem(kinds, sizes, contract)
        if problem is None:
            return OpeningVerdict(
                ok=True,
                reason=ReasonCode.CONTRACT_MET,
                rule="C2",
                facts=facts(),
                melds=verdicts,
                kinds=kinds,
            )
        first = first or problem
    assert first is not None
    return _fail(first[0], "C2", verdicts, **first[1])


def check_all_at_once(
    melds: Sequence[Sequence[Tile]], indicator: Tile, rack: Iterable[Tile] | None = None
) -> OpeningVerdict:
    """Final round (C4): is every meld valid (groups, runs, pairs, any length)? With `rack`,
    the melds must also hold exactly the rack's tiles (`NOT_WHOLE_RACK`)."""
    melds = [tuple(m) for m in melds]
    verdicts, failure = _check_melds(melds, indicator)
    if failure is not None:
        return failure
    if rack is not None:
        have = Counter(physical(t, indicator) for t in rack)
        laid = Counter(physical(t, indicator) for m in melds for t in m)
        if have != laid:
            return _fail(
                ReasonCode.NOT_WHOLE_RACK,
                "C4",
                verdicts,
                missing=tuple(sorted((have - laid).elements())),
                extra=tuple(sorted((laid - have).elements())),
            )
    if not melds:
        return _fail(ReasonCode.EMPTY, "C4", verdicts)
    return OpeningVerdict(
        ok=True,
        reason=ReasonCode.ALL_AT_ONCE,
        rule="C4",
        facts=facts(),
        melds=verdicts,
        kinds=tuple(v.kinds[0] for v in verdicts),
    )


def validate_round_list(rounds: Sequence[Round]) -> tuple[RoundProblem, ...]:
    """Every problem of a round list (empty: the list is fine): rounds numbered 1, 2, …;
    exactly the last round is the all-at-once round (C4); at most 12 tiles per contract
    (P3, P8); every example accepted by the engine for its own round (C2, C4)."""
    problems: list[RoundProblem] = []

    def add(number: int | None, code: ReasonCode, rule: str, **values: Any) -> None:
        problems.append(RoundProblem(round=number, reason=code, rule=rule, facts=facts(**values)))

    if not rounds:
        add(None, ReasonCode.NO_ROUNDS, "C3")
        return tuple(problems)
    for i, r in enumerate(rounds):
        if r.number != i + 1:
            add(r.number, ReasonCode.ROUND_NUMBERS_NOT_CONSECUTIVE, "C3", expected=i + 1)
        if r.contract.is_final and i != len(rounds) - 1:
            add(r.number, ReasonCode.FINAL_ROUND_NOT_LAST, "C4")
        tiles = r.contract.tile_count
        if tiles > MAX_CONTRACT_TILES:
            add(
                r.number,
                ReasonCode.CONTRACT_TOO_MANY_TILES,
                "P8",
                tiles=tiles,
                limit=MAX_CONTRACT_TILES,
            )
        verdict = check_opening(r.example, r.contract, r.indicator)  # C4: a whole rack
        if not verdict.ok:
            add(r.number, ReasonCode.EXAMPLE_REJECTED, verdict.rule, verdict=verdict)
    if not rounds[-1].contract.is_final:
        add(rounds[-1].number, ReasonCode.NO_FINAL_ROUND, "C4")
    return tuple(problems)


def _round(number: int, contract: Contract, example: str, indicator: str = "b8") -> Round:
    return Round(
        number=number,
        contract=contract,
        example=parse_melds(example),
        indicator=parse_indicator(indicator),
    )


C = Contract
DEFAULT_ROUNDS: tuple[Round, ...] = (
    _round(1, C(groups=1), "r7 k7 b7"),
    _round(2, C(runs=1), "b4 b5 b6"),
    _round(3, C(groups=2), "r7 k7 b7|k11 b11 y11"),
    _round(4, C(runs=2), "b4 b5 b6|r12 r13 r1"),
    _round(5, C(groups=1, runs=1), "r3 k3 y3|k9 k10 k11"),
    _round(6, C(groups=3), "r1 k1 b1|k5 b5 y5|r10 b10 y10"),
    _round(7, C(runs=3), "y1 y2 y3|r6 r7 r8|k11 k12 k13"),
    _round(8, C(groups=2, runs=1), "r4 k4 y4|r12 k12 b12|y7 y8 y9"),
    _round(9, C(groups=1, runs=2), "k6 b6 y6|r1 r2 r3|b11 b12 b13"),
    _round(10, C(pairs=3), "r5 r5|k9 k9|y13 y13"),
    _round(11, C(groups=1, group_size=4), "r2 k2 b2 y2"),
    _round(12, C(runs=1, run_size=5), "k3 k4 k5 k6 k7"),
    _round(13, C(groups=1, group_size=4, runs=1, run_size=5), "r10 k10 b10 y10|y3 y4 y5 y6 y7"),
    _round(14, C(groups=2, group_size=4), "r6 k6 b6 y6|r13 k13 b13 y13"),
    _round(15, C(runs=2, run_size=5), "r1 r2 r3 r4 r5|k8 k9 k10 k11 k12"),
    _round(16, C(pairs=4), "r3 r3|k7 k7|b11 b11|y1 y1"),
    _round(17, C(groups=2, group_size=4, runs=1), "r4 k4 b4 y4|r11 k11 b11 y11|k1 k2 k3"),
    _round(
        18,
        C(groups=1, group_size=4, runs=1, run_size=5, pairs=1),
        "r12 k12 b12 y12|b2 b3 b4 b5 b6|y8 y8",
    ),
    _round(19, C(groups=3, group_size=4), "r1 k1 b1 y1|r5 k5 b5 y5|r10 k10 b10 y10"),
    _round(20, FINAL, "r1 r2 r3 r4|k7 b7 y7|y11 y12 y13|b5 b5|k10 ok k12"),
)
"""The default 20 rounds of docs/rules.md; examples are read with indicator b8 (Okey b9)."""
del C
