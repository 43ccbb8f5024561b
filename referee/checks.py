"""The checkers' results: the engine's verdicts, ready for the templates.

No rule is decided here: `meld_result` asks `classify_meld` (and, with a round, `check_opening`),
`discard_result` asks `judge_discard`; this module only adds the words (`rules.reasons`), the
faces to draw and the ruling that covers each verdict.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.utils.translation import gettext

from kutsite.tiles import Face, face_of, meld_faces
from kutsite.verdicts import Link, Verdict, from_engine
from referee.coverage import ruling_for
from referee.examples import discard_situation
from referee.slugs import ruling_url
from rules.engine.contracts import Contract, check_opening
from rules.engine.discards import judge_discard
from rules.engine.melds import MeldKind, MeldVerdict, classify_meld
from rules.engine.tiles import Tile
from rules.engine.verdicts import ReasonCode
from rules.reasons import okey_roles, penalty_label, verdict_label


def tokens(faces: Sequence[Face]) -> str:
    """Faces in the notation people type in the page's language: "r12 r13 ok", "s5 g5"."""
    return " ".join(face.typed for face in faces)


def names(faces: Sequence[Face]) -> str:
    """Faces as a screen reader should say them: "red 12, red 13, Okey (as red 1)"."""
    return ", ".join(face.label for face in faces)


def ruling_link(
    reason: str,
    rule: str | None,
    questions: Mapping[str, str],
    facts: Mapping[str, Any] | None = None,
) -> Link | None:
    """The ruling that covers this verdict's reason, if there is one and it is published."""
    key = ruling_for(reason, rule, facts)
    if key is None or key not in questions:
        return None
    return Link(key, ruling_url(key), questions[key])


@dataclass(frozen=True)
class MeldResult:
    melds: list[Verdict]
    opening: Verdict | None = None
    indicator: Face | None = None

    @cached_property  # the page says it twice: title and share text
    def summary(self) -> str:
        """The answer in one line, for link previews and sharing: "r12 r13 r1 – Valid run", and
        with a round its opening verdict, the question the table asked. A false joker counts
        as the Okey's tile (T4): the line names the indicator, or "fj r6 r7 – Valid run" and
        "fj k7 b7 – Not valid" would read as a contradiction in a chat."""
        line = self._line(tokens)
        if self.indicator and any(f.kind == "fj" for m in self.melds for f in m.melds[0]):
            return gettext("Indicator %(tile)s: %(answer)s") % {
                "tile": self.indicator.typed,
                "answer": line,
            }
        return line

    @property
    def description(self) -> str:
        """Each meld's reason, for a link's preview; then the opening's, unless a meld is not
        valid: the opening then only says so again ("Meld 1 is not valid: …", C2)."""
        reasons = [m.sentences[0] for m in self.melds]
        if self.opening and all(m.ok for m in self.melds):
            reasons.append(self.opening.sentences[0])
        return " ".join(reasons)

    @property
    def said(self) -> str:
        """The live answer's status line, with the tiles named as a screen reader says them
        ("red 12, red 13, red 1 – Valid run"): the notation would be read as "r twelve"."""
        return self._line(names)

    def _line(self, write: Callable[[Sequence[Face]], str]) -> str:
        melds = "; ".join(f"{write(m.melds[0])} – {m.label}" for m in self.melds)
        # with a round, two sentences: the second ends as the first does
        return f"{melds}. {self.opening.label}." if self.opening else melds


def _line(
    verdict: MeldVerdict, indicator: Tile, questions: Mapping[str, str], *, any_round: bool
) -> Verdict:
    """One meld's verdict; `any_round`: no round was chosen, so a pair is said to count only
    where a contract asks for pairs (M3)."""
    notes = okey_roles(verdict)
    if any_round and verdict.kind is MeldKind.PAIR:
        notes.append(
            gettext(
                "Pairs count only in rounds whose contract asks for them, and in the last round."
            )
        )
    return from_engine(
        verdict,
        melds=(tuple(meld_faces(verdict, indicator)),),
        ok=verdict.ok,
        kind=str(verdict.kind.value) if verdict.kind is not None else "",
        label=verdict_label(verdict),
        arranged=(
            gettext(
                "The order of the tiles does not matter: they are shown in the order that makes "
                "the run."
            )
            if verdict.arranged and verdict.kind is MeldKind.RUN
            else ""
        ),
        notes=tuple(notes),
        ruling=ruling_link(verdict.reason, verdict.rule, questions, verdict.facts),
    )


def opening_label(round_number: int, final: bool, ok: bool) -> str:
    """The headline of an opening verdict (C2) or, in the all-at-once round, of laying the
    whole rack down (C4)."""
    if final and ok:
        text = gettext("Round %(number)s: if these are all your tiles, they end the round")
    elif final:
        text = gettext("Round %(number)s: these tiles cannot go down all at once")
    elif ok:
        text = gettext("Opening meld for round %(number)s")
    else:
        text = gettext("Not an opening meld for round %(number)s")
    return text % {"number": round_number}


def meld_result(
    melds: Sequence[Sequence[Tile]],
    indicator: Tile,
    questions: Mapping[str, str],
    *,
    round_number: int | None = None,
    contract: Contract | None = None,
) -> MeldResult:
    """Each meld's verdict; with a round's contract, also the opening-meld verdict (C2), and a
    pair is a meld only if that contract asks for pairs (M3). When the opening is valid, each
    meld is shown in the reading that meets the contract (a red 7 with two Okeys is a run in a
    run round, a Küt group in a group round)."""
    chosen = contract is not None and round_number is not None
    pairs = not chosen or contract.pairs > 0 or contract.is_final  # M3
    verdicts = [classify_meld(m, indicator, allow_pairs=pairs) for m in melds]
    opening = None
    if chosen:
        verdict = check_opening(melds, contract, indicator)
        if verdict.ok:
            verdicts = [v.read_as(k) for v, k in zip(verdicts, verdict.kinds, strict=True)]
        opening = from_engine(
            verdict,
            marker="opening",
            shape="",
            ok=verdict.ok,
            label=opening_label(round_number, contract.is_final, verdict.ok),
            ruling=ruling_link(verdict.reason, verdict.rule, questions),
        )
    lines = [_line(v, indicator, questions, any_round=not chosen) for v in verdicts]
    return MeldResult(lines, opening, face_of(indicator))


def discard_summary(tile: Face, label: str, *, named: bool = False) -> str:
    """The answer in one line, for link previews and sharing: "Discard r5 – No penalty". An
    Okey is named as such: "Discard ok" read in a chat like "the discard is OK". `named`: the
    tile as a screen reader says it ("Discard red 5"), for the live answer's status line."""
    if tile.kind == "okey":
        return gettext("Discard an Okey – %(verdict)s") % {"verdict": label}
    shown = tile.label if named else tile.typed
    return gettext("Discard %(tile)s – %(verdict)s") % {"tile": shown, "verdict": label}


def laid_as_note(kind: MeldKind, meld: int) -> str:
    """The condition on a penalty for a tile that fits a meld of one tile and two Okeys only
    as one kind (`rules.engine.discards.laid_as`): the table does not show which it is."""
    if kind is MeldKind.RUN:
        text = gettext(
            "Only if meld %(meld)s was laid as a run. One tile with two Okeys can be a run or a "
            "Küt group, and the tiles do not show which: laid as a Küt group, it takes no such "
            "tile, and this discard costs nothing."
        )
    else:
        text = gettext(
            "Only if meld %(meld)s was laid as a Küt group. One tile with two Okeys can be a run "
            "or a Küt group, and the tiles do not show which: laid as a run, it takes no such "
            "tile, and this discard costs nothing."
        )
    return text % {"meld": meld}


def discard_result(
    table: Sequence[Sequence[Tile]],
    tile: Tile,
    indicator: Tile,
    questions: Mapping[str, str],
    *,
    rack: Sequence[Tile] | None = None,
    pile: int | None = None,
    final: bool = False,
) -> Verdict:
    """The engine's penalty for the discard (raises its `InputError` for impossible input)."""
    verdict = judge_discard(tile, table, indicator, rack=rack, pile=pile, ends_round=final)
    # An exception (X3–X6) links the ruling about what it waives: an Okey or a playable tile.
    covered = verdict.offence or verdict.reason
    thrown = face_of(tile, indicator)
    label = penalty_label(verdict.penalty)
    if verdict.reason is ReasonCode.FINISHED_WITH_OKEY:
        # what such a discard costs is the others' (S4): "No penalty" alone, shared, said less
        label = gettext("No penalty, the others’ scores are doubled")
    laid = [classify_meld(m, indicator) for m in table]
    # Where an Okey stands decides which tiles fit its run; typed out of order, the engine
    # chose the lowest run, which may not be how the meld lies on the table.
    placed = any(m.arranged and m.okey_indexes for m in laid)
    kind = verdict.facts.get("laid_as")
    if verdict.reason is ReasonCode.PLAYABLE_DISCARD and kind is not None:
        notes: tuple[str, ...] = (laid_as_note(kind, verdict.facts["meld"] + 1),)
    else:
        notes = ()
    return from_engine(
        verdict,
        shape="discard",
        melds=tuple(tuple(meld_faces(m, indicator)) for m in laid),
        arranged=gettext(
            "A meld typed out of order has its Okeys where they make the lowest run. If they "
            "lie elsewhere on the table, type the meld’s tiles in the order they lie."
        )
        if placed
        else "",
        tile=thrown,
        ok=verdict.penalty == 0,
        penalty=verdict.penalty,
        label=label,
        situation=tuple(discard_situation(rack, pile, verdict.reason)),
        notes=notes,
        ruling=ruling_link(covered, None, questions),
        summary=discard_summary(thrown, label),
        said=discard_summary(thrown, label, named=True),
    )
