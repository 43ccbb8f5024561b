"""What a sheet page shows: the rounds with their contracts, the scores and the standings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import get_language

from games.models import EDIT, Entry, Game
from games.sheet import TEAMS, Row, progress, standings
from kutsite import content
from rules.engine.verdicts import InputError
from rules.models import Round
from rules.wording import contract_text, join_words, times_word


def contract_texts() -> dict[int, str]:
    """Each round's contract in words, in the page's language: once per content version.
    A round whose data the engine rejects shows no wording."""
    return content.remember(f"games.contracts:{get_language()}", _word_contracts)


def _word_contracts() -> dict[int, str]:
    texts = {}
    for r in Round.objects.cached():
        try:
            texts[r.number] = contract_text(r.contract)
        except InputError:
            texts[r.number] = ""
    return texts


@dataclass(frozen=True)
class Cell:
    seat: int
    score: int | None
    running: int | None


@dataclass(frozen=True)
class RowView:
    round: int
    contract: str
    scores: tuple[int, int, int, int] | None
    redeals: int
    cells: tuple[Cell, ...]
    is_next: bool
    edit_url: str


@dataclass(frozen=True)
class Place:
    """One line of the ranking at the top of the sheet: a player, or a team at a team table."""

    rank: int  # equal totals share a rank (1, 1, 3)
    name: str
    total: int
    key: str  # the seat ("1"–"4") or the team ("A"/"B")


def ranking(totals: Sequence[tuple[str, str, int]]) -> list[Place]:
    """(key, name, total) ranked lowest total first (the lowest total wins); ties keep seat
    order and share their rank."""
    ordered = sorted(totals, key=lambda t: t[2])
    return [
        Place(rank=1 + sum(other < total for *_, other in ordered), name=name, total=total, key=key)
        for key, name, total in ordered
    ]


def team_label(seat: int) -> str:
    return "A" if seat in TEAMS[0] else "B"


def sheet_context(
    game: Game, entries: Sequence[Entry], contracts: dict[int, str], *, mode: str
) -> dict:
    lines = [e.line for e in entries]
    state = progress(lines)
    table = standings(lines, team=game.team)
    players = game.players
    can_edit = mode == EDIT
    rows = [_row_view(game, row, contracts, state.next_round, can_edit) for row in table.rows]

    # The leaders and the ranking: the teams at a team table (S5), the players otherwise.
    if game.team:
        team_names = {n: join_words([players[s - 1] for s in TEAMS[n - 1]]) for n in (1, 2)}
        leader_names = [team_names[n] for n in table.leaders]
        totals = table.team_totals
        places = ranking(
            [(team_label(TEAMS[n - 1][0]), team_names[n], totals[n - 1]) for n in (1, 2)]
        )
    else:
        leader_names = [players[s - 1] for s in table.leaders]
        totals = table.totals
        places = ranking([(str(s), players[s - 1], totals[s - 1]) for s in (1, 2, 3, 4)])
    leader_total = totals[table.leaders[0] - 1] if table.leaders else None

    last = entries[-1] if entries else None
    secret = game.edit_secret
    # The edit secret never reaches a read-only page.
    sheet_url = reverse("games:sheet", args=[secret]) if can_edit else ""
    view_url = reverse("games:view", args=[game.view_secret])
    return {
        "game": game,
        "can_edit": can_edit,
        "heads": [
            {"seat": s, "name": players[s - 1], "team": team_label(s) if game.team else ""}
            for s in (1, 2, 3, 4)
        ],
        "rows": rows,
        "totals": table.totals,
        "team_totals": table.team_totals,
        "team_total_cells": (
            [
                {"team": team_label(s), "total": table.team_totals[0 if s in TEAMS[0] else 1]}
                for s in (1, 2, 3, 4)
            ]
            if table.team_totals
            else None
        ),
        "scored": table.scored,
        "finished": table.finished,
        "leaders": leader_names,
        "leaders_text": join_words(leader_names),
        "leader_total": leader_total,
        "state": state,
        "ranking": places if table.scored else [],
        "next_contract": contracts.get(state.next_round, "") if state.next_round else "",
        # "twice", "zweimal": a count of redeals (at most three) reads as a word
        "redeals_word": times_word(state.redeals) if state.redeals else "",
        "last_entry": last,
        "sheet_url": sheet_url,
        "view_url": view_url,
        "record_url": reverse("games:record", args=[secret]) if can_edit else "",
        "redeal_url": reverse("games:redeal", args=[secret]) if can_edit else "",
        "undo_url": reverse("games:undo", args=[secret]) if can_edit else "",
        "csv_url": (
            reverse("games:csv", args=[secret])
            if can_edit
            else reverse("games:view_csv", args=[game.view_secret])
        ),
        "self_url": sheet_url or view_url,
    }


def _row_view(
    game: Game, row: Row, contracts: dict[int, str], next_round: int | None, can_edit: bool
) -> RowView:
    cells = tuple(
        Cell(
            seat=seat,
            score=row.scores[seat - 1] if row.scores else None,
            running=row.running[seat - 1] if row.running else None,
        )
        for seat in (1, 2, 3, 4)
    )
    edit_url = ""
    if can_edit and row.scores is not None:
        edit_url = reverse("games:edit_round", args=[game.edit_secret, row.round])
    return RowView(
        round=row.round,
        contract=contracts.get(row.round, ""),
        scores=row.scores,
        redeals=row.redeals,
        cells=cells,
        is_next=row.round == next_round,
        edit_url=edit_url,
    )
