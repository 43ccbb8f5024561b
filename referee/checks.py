"""The checkers' results: the engine's verdicts, ready for the templates.

No rule is decided here: `meld_result` asks `classify_meld` (and, with a round, `check_opening`),
`discard_result` asks `judge_discard`; this module only adds the words (`rules.reasons`), the
faces to draw and the ruling that covers each verdict.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.translation import gettext

from kutsite.tiles import Face, face_of, meld_faces
from referee.coverage import ruling_for
from referee.examples import discard_situation
from rules.engine.contracts import Contract, check_opening
from rules.engine.discards import judge_discard
from rules.engine.melds import MeldVerdict, classify_meld
from rules.engine.tiles import Tile
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


def ruling_link(reason: str, rule: str | None, questions: Mapping[str, str]) -> RulingLink | None:
    """The ruling that covers this verdict, if there is one and it is published."""
    slug = ruling_for(reason, rule)
    if slug is None or slug not in questions:
        return None
    return RulingLink(slug, reverse("referee:ruling", args=[slug]), questions[slug])


@dataclass(frozen=True)
class MeldLine:
    """One meld and the engine's verdict on it."""

    faces: list[Face]
    ok: bool
    kind: str  # "run", "group", "pair" or "" when invalid
    kind_label: str
    label: str  # "Valid run" / "Invalid"
    reason: str
    rule: str
    rule_label: str
    sentence: str
    okeys: list[str] = field(default_factory=list)
    ruling: RulingLink | None = None


@dataclass(frozen=True)
class OpeningLine:
    """Whether the melds are a valid opening meld for the round's contract (C2, C4)."""

    round: int
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
        reason=str(verdict.reason),
        rule=verdict.rule,
        rule_label=rule_label(verdict.rule),
        sentence=describe(verdict),
        okeys=okey_roles(verdict),
        ruling=ruling_link(verdict.reason, verdict.rule, questions),
    )


def meld_result(
    melds: Sequence[Sequence[Tile]],
    indicator: Tile,
    questions: Mapping[str, str],
    *,
    round_number: int | None = None,
    contract: Contract | None = None,
) -> MeldResult:
    """Each meld's verdict; with a round's contract, also the opening-meld verdict (C2)."""
    verdicts = [classify_meld(m, indicator) for m in melds]
    lines = [_line(v, indicator, questions) for v in verdicts]
    opening = None
    if contract is not None and round_number is not None:
        verdict = check_opening(melds, contract, indicator)
        opening = OpeningLine(
            round=round_number,
            ok=verdict.ok,
            reason=str(verdict.reason),
            rule=verdict.rule,
            rule_label=rule_label(verdict.rule),
            sentence=describe(verdict),
            ruling=ruling_link(verdict.reason, verdict.rule, questions),
        )
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
    return DiscardResult(
        table=[meld_faces(classify_meld(m, indicator), indicator) for m in table],
        tile=face_of(tile, indicator),
        penalty=verdict.penalty,
        label=penalty_label(verdict.penalty),
        reason=str(verdict.reason),
        rule=verdict.rule,
        rule_label=rule_label(verdict.rule),
        sentence=describe(verdict),
        situation=discard_situation(rack, pile, final),
        okey_finish=verdict.okey_finish,
        ruling=ruling_link(verdict.reason, verdict.rule, questions),
    )
