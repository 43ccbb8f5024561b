"""An engine verdict ready to draw: the one view model behind the verdict component.

Every page that shows a verdict — the guide's examples, the rounds, a ruling's examples, the
meld and discard checkers — builds a `Verdict` (from an engine verdict: `from_engine`) and
draws it with `{% verdict %}` (`kutsite/templatetags/components.py`). Nothing here decides a
rule: the engine's verdict is put in words by `rules.reasons`, and the caller passes the tiles
as faces (`kutsite.tiles`) and the headline.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kutsite.tiles import Face
from rules.reasons import describe


@dataclass(frozen=True)
class Link:
    """A link to the ruling that covers a verdict."""

    slug: str
    url: str
    question: str


@dataclass(frozen=True)
class Verdict:
    """Tiles, valid or not, the headline, why (the engine's sentences) and the rules applied.

    `shape` says how the tiles are laid out: "meld" (one or more melds), "add" / "swap" (a meld
    on the table and the tile played to it), "discard" (the table, the rack and the discarded
    tile), "buy" (the discarded tile) or "" (no tiles: an opening verdict).
    `marker` names the data attributes the page and its tests read: `data-verdict`,
    `data-reason`, `data-rule` for "verdict"; `data-<marker>`, `data-<marker>-reason`,
    `data-<marker>-rule` otherwise.
    """

    ok: bool
    label: str  # the headline: "Valid run", "2 penalty tiles", "Can be added" …
    reason: str  # the deciding reason code
    rules: tuple[str, ...]  # rule IDs, the deciding rule first
    sentences: tuple[str, ...] = ()  # the engine's reasons in words
    shape: str = "meld"
    melds: tuple[tuple[Face, ...], ...] = ()  # the meld(s) judged, or the melds on the table
    tile: Face | None = None  # the tile added, swapped in or discarded
    rack: tuple[Face, ...] = ()  # a discard's rack, when given
    kind: str = ""  # the meld's kind ("run", "group", "pair") for `data-kind`
    penalty: int | None = None  # discards: penalty tiles, for `data-penalty`
    situation: tuple[str, ...] = ()  # the facts the verdict rests on, before the sentences
    notes: tuple[str, ...] = ()  # what each Okey stands for, and the like
    arranged: str = ""  # set when the tiles are drawn in another order than typed
    ruling: Link | None = None
    marker: str = "verdict"
    summary: str = ""  # the answer in one line, for link previews and sharing
    said: str = ""  # the same for a live answer's status line, with the tiles named

    @property
    def rule(self) -> str:
        return self.rules[0] if self.rules else ""

    @property
    def state(self) -> str:
        return "valid" if self.ok else "invalid"

    @property
    def markers(self) -> list[tuple[str, str]]:
        """The data attributes of the verdict, in the order they are written."""
        if self.marker == "verdict":
            names = ("data-verdict", "data-reason", "data-rule")
        else:
            names = (
                f"data-{self.marker}",
                f"data-{self.marker}-reason",
                f"data-{self.marker}-rule",
            )
        out = [(names[0], self.state)]
        if self.kind:
            out.append(("data-kind", self.kind))
        if self.penalty is not None:
            out.append(("data-penalty", str(self.penalty)))
        out += [(names[1], self.reason), (names[2], self.rule)]
        return out


def from_engine(verdict: Any, **fields: Any) -> Verdict:
    """A `Verdict` for an engine verdict: its reason code, its rule and its sentence, with the
    other `fields` (which may also replace those three)."""
    return Verdict(
        **{
            "reason": str(verdict.reason),
            "rules": (verdict.rule,),
            "sentences": (describe(verdict),),
            **fields,
        }
    )
