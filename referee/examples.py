"""A ruling's example, judged by the rules engine and ready to draw.

`build(example)` reads the stored situation (tiles in notation, indicator, stage, rack …),
asks the engine for the verdict and returns a `kutsite.verdicts.Verdict`: the faces to draw, a
headline, the engine's reasons in words and the rule IDs. It works on anything with the
attributes of `RulingExample` and raises the engine's `InputError` (with `field` set) for bad
notation, so the admin can refuse an example the engine cannot read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext

from kutsite.tiles import face_of, meld_faces
from kutsite.verdicts import Verdict, from_engine
from rules.engine.discards import judge_discard, next_seat, resolve_buy
from rules.engine.melds import classify_meld
from rules.engine.notation import (
    parse_indicator,
    parse_melds,
    parse_tile,
    parse_tiles,
)
from rules.engine.play import PlayAction, can_swap_okey, may_play
from rules.engine.play import can_add as engine_can_add
from rules.engine.tiles import Tile
from rules.engine.verdicts import InputError, ReasonCode
from rules.reasons import describe, okey_roles, penalty_label, sentence, verdict_label
from rules.wording import join_words


def parsed(field_name: str, parse: Callable[..., Any], text: str, **options: Any) -> Any:
    """Parse with the engine; an error names the input field it came from."""
    try:
        return parse(text, **options)
    except InputError as error:
        if error.field is None:
            error.field = field_name
        raise


def _stage_flags(stage: str) -> tuple[bool, bool] | None:
    return {
        "not-melded": (False, False),
        "melding-turn": (True, True),
        "melded": (True, False),
    }.get(stage or "")


def stage_sentence(stage: str) -> str:
    return {
        "not-melded": gettext("You have not melded yet."),
        "melding-turn": gettext("You meld on this turn."),
        "melded": gettext("You melded on an earlier turn."),
    }.get(stage or "", "")


def _meld(example: Any, indicator: Tile) -> Verdict:
    tiles = parsed("tiles", parse_tiles, example.tiles)
    verdict = classify_meld(tiles, indicator)
    return from_engine(
        verdict,
        marker="example",
        melds=(tuple(meld_faces(verdict, indicator)),),
        ok=verdict.ok,
        label=verdict_label(verdict),
        sentences=(describe(verdict), *okey_roles(verdict)),
    )


def _table_play(example: Any, indicator: Tile, swap: bool) -> Verdict:
    meld = parsed("tiles", parse_tiles, example.tiles)
    tile = parsed("tile", parse_tile, example.tile)
    judge = can_swap_okey if swap else engine_can_add
    fit = judge(tile, meld, indicator)
    flags = _stage_flags(example.stage)
    play = None
    if flags is not None:
        action = PlayAction.TAKE_OKEY if swap else PlayAction.ADD
        play = may_play(action, has_melded=flags[0], melded_this_turn=flags[1])
    ok = fit.ok and (play is None or play.ok)
    decisive = fit if not fit.ok or play is None or play.ok else play
    # A move that fits but is not allowed yet says when it will be ("not now"), never that it
    # both can and cannot be done.
    later = ""
    if fit.ok and decisive is play:
        later = "next-turn" if flags == (True, True) else "after-melding"
    if later == "next-turn":
        label = gettext("Not on this turn")
    elif later:
        label = gettext("Not before melding")
    elif swap:
        label = gettext("The Okey can be taken") if ok else gettext("The Okey cannot be taken")
    else:
        label = gettext("Can be added") if ok else gettext("Cannot be added")
    sentences = [sentence(fit.reason, {**fit.facts, "when": later}) if later else describe(fit)]
    rules = [fit.rule]
    if play is not None:
        sentences.append(describe(play))
        rules.append(play.rule)
    if decisive is play:
        sentences.reverse()
        rules.reverse()
    base = classify_meld(meld, indicator)
    return Verdict(
        marker="example",
        shape="swap" if swap else "add",
        melds=(tuple(meld_faces(base, indicator)),),
        tile=face_of(tile, indicator),
        ok=ok,
        label=label,
        reason=str(decisive.reason),
        rules=tuple(dict.fromkeys(rules)),
        sentences=tuple(sentences),
        situation=tuple(s for s in [stage_sentence(example.stage)] if s),
    )


# A discard that ends the round leaves no next player and no redeal (X4, X6).
_ENDS_ROUND = {ReasonCode.FINAL_TILE, ReasonCode.FINISHED_WITH_OKEY}


def discard_situation(
    rack: Sequence[Tile] | None, pile: int | None, reason: ReasonCode
) -> list[str]:
    """The optional facts of a discard, in words. Not that it ends the round: the verdict's
    own sentence says so whenever it does (FINAL_TILE, FINISHED_WITH_OKEY)."""
    if reason in _ENDS_ROUND or (reason is ReasonCode.PILE_TOO_SMALL and pile):
        pile = None  # nothing to say, or the verdict's sentence says it (X5: "only 1 tile")
    out = []
    if rack is not None:
        out.append(
            ngettext(
                "%(count)s tile on the rack before the discard.",
                "%(count)s tiles on the rack before the discard.",
                len(rack),
            )
            % {"count": len(rack)}
        )
    if pile == 0:
        out.append(
            gettext(
                "The draw pile is empty: unless the next player takes this tile, the round is "
                "dealt again – or scored, if it has already been dealt again three times in a row."
            )
        )
    elif pile is not None:
        out.append(
            ngettext(
                "%(count)s tile left in the draw pile.",
                "%(count)s tiles left in the draw pile.",
                pile,
            )
            % {"count": pile}
        )
    return out


def _discard(example: Any, indicator: Tile) -> Verdict:
    table = parsed("tiles", parse_melds, example.tiles, allow_empty=True)
    tile = parsed("tile", parse_tile, example.tile)
    rack = parsed("rack", parse_tiles, example.rack) if example.rack.strip() else None
    verdict = judge_discard(
        tile, table, indicator, rack=rack, pile=example.pile, ends_round=example.final
    )
    return from_engine(
        verdict,
        marker="example",
        shape="discard",
        melds=tuple(tuple(meld_faces(classify_meld(m, indicator), indicator)) for m in table),
        tile=face_of(tile, indicator),
        ok=verdict.penalty == 0,
        label=penalty_label(verdict.penalty),
        situation=tuple(discard_situation(rack, example.pile, verdict.reason)),
        rack=tuple(face_of(t, indicator) for t in rack or ()),
    )


def _seats(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(s) for s in text.replace(",", " ").split())
    except ValueError:
        raise ValueError(gettext("Give the seats as numbers from 1 to 4, e.g. “3 4”.")) from None


def _buy(example: Any) -> Verdict:
    tile = parsed("tile", parse_tile, example.tile)
    wanting = _seats(example.wanting)
    discarder = example.discarder or 1
    verdict = resolve_buy(discarder, wanting)
    if verdict.seat is None:
        label = gettext("Nobody gets the tile")
    else:
        label = ngettext(
            "Player %(seat)s gets it, with %(count)s penalty tile",
            "Player %(seat)s gets it, with %(count)s penalty tiles",
            verdict.penalty_tiles,
        ) % {"seat": verdict.seat, "count": verdict.penalty_tiles}
        if not verdict.penalty_tiles:
            label = gettext("Player %(seat)s gets it, no penalty") % {"seat": verdict.seat}
    players = join_words(str(s) for s in wanting)
    # The next player has first claim (B1): a caption where someone else gets the tile says
    # that the next player passed on it.
    passing = next_seat(discarder)
    words = {"seat": discarder, "passing": passing, "wanting": players}
    if passing in wanting:
        said = (
            gettext("Player %(seat)s discards, player %(wanting)s wants it.")
            if len(wanting) == 1
            else gettext("Player %(seat)s discards, players %(wanting)s want it.")
        )
    else:
        said = (
            gettext(
                "Player %(seat)s discards, player %(passing)s passes, player %(wanting)s wants it."
            )
            if len(wanting) == 1
            else gettext(
                "Player %(seat)s discards, player %(passing)s passes, players %(wanting)s want it."
            )
        )
    situation = [said % words]
    return from_engine(
        verdict,
        marker="example",
        shape="buy",
        tile=face_of(tile),
        ok=verdict.seat is not None,
        label=label,
        situation=tuple(situation),
    )


def build(example: Any) -> Verdict:
    """The engine's verdict on a stored example (raises `InputError` for bad notation)."""
    kind = str(example.kind)
    if kind == "buy":
        return _buy(example)
    indicator = parsed("indicator", parse_indicator, example.indicator)
    if kind == "meld":
        return _meld(example, indicator)
    if kind in ("add", "swap"):
        return _table_play(example, indicator, swap=kind == "swap")
    if kind == "discard":
        return _discard(example, indicator)
    raise ValueError(f"unknown example kind {kind!r}")


def readable(examples: Sequence[Any]) -> list[tuple[Any, Verdict]]:
    """(example, view) for every example the engine can read; content it cannot read is left
    out (the admin refuses such content, so this only guards against hand-edited databases)."""
    out = []
    for example in examples:
        try:
            out.append((example, build(example)))
        except (InputError, ValueError):
            continue
    return out
