"""The rack helper's answer, ready for the template: the engine's `advise`, put into words.

No rule is decided here: `rules.engine.rack.advise` finds the opening, the arrangement, the
outs and the penalty; this module adds the sentences (`rules.reasons`), the faces to draw and
the ruling that covers each answer, as the checkers do (`referee.checks`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext

from kutsite.tiles import Face, face_of, faces_of, meld_faces
from kutsite.verdicts import Link
from referee.checks import ruling_link
from rules.engine.contracts import Contract, check_opening
from rules.engine.melds import MeldKind, classify_meld
from rules.engine.notation import format_tile, format_tiles
from rules.engine.rack import advise
from rules.engine.scoring import RackScore
from rules.engine.solver import Melds
from rules.engine.tiles import Tile, okey_of
from rules.engine.verdicts import ReasonCode
from rules.reasons import format_points, kind_name, okey_roles, sentence
from rules.wording import contract_text


@dataclass(frozen=True)
class MeldView:
    faces: list[Face]
    tokens: str  # the meld in tile notation, for `data-meld`
    kind: str
    okeys: list[str]

    @property
    def text(self) -> str:
        """What the meld is, then what each Okey in it stands for: "Run. The Okey in position 2
        stands for black 10." """
        kind = capfirst(self.kind)
        if not self.okeys:
            return kind
        return " ".join([f"{kind}." if kind else "", *self.okeys]).strip()


@dataclass(frozen=True)
class OutView:
    face: Face
    token: str
    unseen: int

    @property
    def unseen_text(self) -> str:
        """ "2 unseen": worded here, as the template's `blocktranslate count` in the loop cost
        more than twice as much per tile."""
        return ngettext("%(count)s unseen", "%(count)s unseen", self.unseen) % {
            "count": self.unseen
        }


@dataclass(frozen=True)
class ScoreView:
    score: int
    points: str  # the score with the page's thousands separator
    lines: list[str]
    rules: list[str]


@dataclass(frozen=True)
class RackResult:
    round: int
    final: bool
    opened: bool
    contract: str
    indicator: Face
    okey: Face
    rack: list[Face]
    ok: bool
    reason: str
    rule: str
    sentence: str
    melds: list[MeldView]
    left: list[Face]
    penalty: ScoreView
    penalty_after: ScoreView | None = None
    further: list[MeldView] = field(default_factory=list)
    part: list[MeldView] = field(default_factory=list)
    outs: list[OutView] = field(default_factory=list)
    ruling: Link | None = None

    @cached_property
    def round_line(self) -> str:
        """ "Round 3: two Küt groups of three." """
        return gettext("Round %(number)s: %(contract)s.") % {
            "number": self.round,
            "contract": self.contract,
        }

    @property
    def label(self) -> str:
        """The answer's headline, on the page and in a link's preview."""
        if self.final:
            if self.ok:
                return gettext("Your whole rack goes down at once")
            return gettext("Not all at once yet")
        if self.opened:
            return gettext("Melds you can lay down")
        if self.ok:
            return gettext("You can meld in round %(number)s") % {"number": self.round}
        return gettext("You cannot meld in round %(number)s yet") % {"number": self.round}

    @property
    def share_text(self) -> str:
        """What a share sends: the round with its answer and the melds it names, typed as the
        page's language types tiles, as chat apps drop a share's title and never see the page."""
        text = f"{self.round_line} {self.sentence}"
        if self.melds:
            melds = " | ".join(" ".join(face.typed for face in meld.faces) for meld in self.melds)
            text += " " + gettext("Melds: %(melds)s.") % {"melds": melds}
        return text

    @property
    def waiting(self) -> bool:
        """No opening yet: the answer names the tiles that would give one."""
        return self.reason == ReasonCode.CANNOT_OPEN

    @property
    def outs_tokens(self) -> str:
        return " ".join(o.token for o in self.outs)

    @property
    def live_outs(self) -> int:
        return sum(o.unseen for o in self.outs)


def _melds(
    melds: Melds, indicator: Tile, pairs: bool, contract: Contract | None = None
) -> list[MeldView]:
    """The melds as drawn; with the `contract` they make, each in the reading that contract
    asks for (a black 9 with two Okeys is a run in a run round, a Küt group in a group round)."""
    kinds: Sequence[MeldKind | None] = [None] * len(melds)
    if contract is not None and melds:
        opening = check_opening(melds, contract, indicator)
        if opening.ok:
            kinds = opening.kinds
    views = []
    for meld, wanted in zip(melds, kinds, strict=True):
        verdict = classify_meld(meld, indicator, allow_pairs=pairs)
        if wanted is not None:
            verdict = verdict.read_as(wanted)
        kind = str(verdict.kind.value) if verdict.kind is not None else ""
        views.append(
            MeldView(
                faces=meld_faces(verdict, indicator),
                tokens=format_tiles(meld),
                kind=kind_name(kind) if kind else "",
                okeys=okey_roles(verdict),
            )
        )
    return views


def _score(score: RackScore) -> ScoreView:
    return ScoreView(
        score=score.score,
        points=format_points(score.score),
        lines=[sentence(step.code, step.facts) for step in score.breakdown],
        rules=list(dict.fromkeys(s.rule for s in score.breakdown)),
    )


def rack_result(
    rack: Sequence[Tile],
    indicator: Tile,
    questions: Mapping[str, str],
    *,
    round_number: int,
    contract: Contract,
    opened: bool = False,
) -> RackResult:
    """The engine's advice for this rack and round (raises its `InputError` for bad input)."""
    advice = advise(rack, contract, indicator, opened=opened)
    pairs = contract.is_final or (not opened and contract.pairs > 0)
    return RackResult(
        round=round_number,
        final=contract.is_final,
        opened=opened and not contract.is_final,
        contract=contract_text(contract),
        indicator=face_of(indicator),
        okey=face_of(okey_of(indicator)),
        rack=faces_of(rack, indicator),
        ok=advice.ok,
        reason=str(advice.reason),
        rule=advice.rule,
        sentence=sentence(advice.reason, advice.facts),
        melds=_melds(advice.melds, indicator, pairs, None if opened else contract),
        left=faces_of(advice.left, indicator),
        penalty=_score(advice.penalty),
        penalty_after=_score(advice.penalty_after) if advice.penalty_after else None,
        further=_melds(advice.further, indicator, False),
        part=_melds(advice.part, indicator, True, advice.made),
        outs=[
            OutView(face_of(o.tile, indicator), format_tile(o.tile), o.unseen) for o in advice.outs
        ],
        ruling=ruling_link(advice.reason, advice.rule, questions),
    )
