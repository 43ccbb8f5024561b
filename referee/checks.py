"""The checkers' results: the engine's verdicts, ready for the templates.

No rule is decided here: `meld_result` asks `classify_meld` (and, with a round, `check_opening`),
`discard_result` asks `judge_discard`; this module only adds the words (`rules.reasons`), the
faces to draw and the ruling that covers each verdict.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext

from kutsite.tiles import Face, face_of, meld_faces
from referee.coverage import ruling_for
from referee.examples import discard_situation
from referee.slugs import ruling_url
from rules.engine.contracts import Contract, check_opening
from rules.engine.discards import judge_discard
from rules.engine.melds import MeldVerdict, classify_meld
from rules.engine.tiles import Tile
from rules.engine.verdicts import ReasonCode
from rules.reasons import (
    describe,
    kind_name,
    okey_roles,
    penalty_label,
    rule_label,
    verdict_label,
)


def tokens(faces: Sequence[Face]) -> str:
    """Faces in the notation people type: "r12 r13 ok"."""
    return " ".join(face.token for face in faces)


@dataclass(frozen=True)
class RulingLink:
    slug: str
    url: str
    question: str


def ruling_link(
    reason: str,
    rule: str | None,
    questions: Mapping[str, str],
    facts: Mapping[str, Any] | None = None,
) -> RulingLink | None:
    """The ruling that covers this verdict's reason, if there is one and it is published."""
    key = ruling_for(reason, rule, facts)
    if key is None or key not in questions:
        return None
    return RulingLink(key, ruling_url(key), questions[key])


@dataclass(frozen=True)
class MeldLine:
    """One meld and the engine's verdict on it."""

    faces: list[Face]
    ok: bool
    kind: str  # "run", "group", "pair" or "" when invalid
    kind_label: str
    label: str  # "Valid run" / "Invalid"
    arranged: bool  # drawn in the order that makes the run, not the order typed
    reason: str
    rule: str
    rule_label: str
    sentence: str
    okeys: list[str] = field(default_factory=list)
    ruling: RulingLink | None = None


@dataclass(frozen=True)
class OpeningLine:
    """Whether the melds are a valid opening meld for the round's contract (C2) — or, in the
    all-at-once round, a valid way to lay the whole rack down (C4)."""

    round: int
    final: bool
    ok: bool
    reason: str
    rule: str
    rule_label: str
    sentence: str
    ruling: RulingLink | None = None


@dataclass(frozen=True)
class MeldResult:
    melds: list[MeldLine]
    opening: OpeningLine | None = None

    @property
    def ok(self) -> bool:
        return all(m.ok for m in self.melds) and (self.opening is None or self.opening.ok)

    @property
    def summary(self) -> str:
        """The answer in one line, for link previews and sharing: "r12 r13 r1 – Valid run"."""
        return "; ".join(f"{tokens(m.faces)} – {m.label}" for m in self.melds)


def _line(verdict: MeldVerdict, indicator: Tile, questions: Mapping[str, str]) -> MeldLine:
    kind = str(verdict.kind.value) if verdict.kind is not None else ""
    return MeldLine(
        faces=meld_faces(verdict, indicator),
        ok=verdict.ok,
        kind=kind,
        kind_label=kind_name(kind) if kind else "",
        label=verdict_label(verdict),
        arranged=verdict.arranged,
        reason=str(verdict.reason),
        rule=verdict.rule,
        rule_label=rule_label(verdict.rule),
        sentence=describe(verdict),
        okeys=okey_roles(verdict),
        ruling=ruling_link(verdict.reason, verdict.rule, questions, verdict.facts),
    )


def meld_result(
    melds: Sequence[Sequence[Tile]],
    indicator: Tile,
    questions: Mapping[str, str],
    *,
    round_number: int | None = None,
    contract: Contract | None = None,
) -> MeldResult:
    """Each meld's verdict; with a round's contract, also the opening-meld verdict (C2).
    When the opening is valid, each meld is shown in the reading that meets the contract (a
    red 7 with two Okeys is a run in a run round, a Küt group in a group round)."""
    verdicts = [classify_meld(m, indicator) for m in melds]
    opening = None
    if contract is not None and round_number is not None:
        verdict = check_opening(melds, contract, indicator)
        if verdict.ok:
            verdicts = [v.read_as(k) for v, k in zip(verdicts, verdict.kinds, strict=True)]
        opening = OpeningLine(
            round=round_number,
            final=contract.is_final,
            ok=verdict.ok,
            reason=str(verdict.reason),
            rule=verdict.rule,
            rule_label=rule_label(verdict.rule),
            sentence=describe(verdict),
            ruling=ruling_link(verdict.reason, verdict.rule, questions),
        )
    lines = [_line(v, indicator, questions) for v in verdicts]
    return MeldResult(lines, opening)


@dataclass(frozen=True)
class DiscardResult:
    table: list[list[Face]]
    tile: Face
    penalty: int
    label: str
    reason: str
    rule: str
    rule_label: str
    sentence: str
    situation: list[str]
    okey_finish: bool
    final: bool  # the discard ends the round (ticked, or the last tile of the rack, E1)
    ruling: RulingLink | None = None

    @property
    def summary(self) -> str:
        """The answer in one line, for link previews and sharing: "Discard r5 – No penalty"."""
        return gettext("Discard %(tile)s – %(verdict)s") % {
            "tile": self.tile.token,
            "verdict": self.label,
        }


def discard_result(
    table: Sequence[Sequence[Tile]],
    tile: Tile,
    indicator: Tile,
    questions: Mapping[str, str],
    *,
    rack: Sequence[Tile] | None = None,
    pile: int | None = None,
    final: bool = False,
) -> DiscardResult:
    """The engine's penalty for the discard (raises its `InputError` for impossible input)."""
    verdict = judge_discard(tile, table, indicator, rack=rack, pile=pile, ends_round=final)
    ends = verdict.reason in (ReasonCode.FINAL_TILE, ReasonCode.FINISHED_WITH_OKEY)
    # An exception (X3–X6) links the ruling about what it waives: an Okey or a playable tile.
    covered = verdict.offence or verdict.reason
    return DiscardResult(
        table=[meld_faces(classify_meld(m, indicator), indicator) for m in table],
        tile=face_of(tile, indicator),
        penalty=verdict.penalty,
        label=penalty_label(verdict.penalty),
        reason=str(verdict.reason),
        rule=verdict.rule,
        rule_label=rule_label(verdict.rule),
        sentence=describe(verdict),
        situation=discard_situation(rack, pile, ends),
        okey_finish=verdict.okey_finish,
        final=ends,
        ruling=ruling_link(covered, None, questions),
    )
