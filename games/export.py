"""The game sheet as a CSV file that opens safely in the user's spreadsheet.

Safe: a spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage
return before one) as a formula, so a player called `=HYPERLINK(…)` could act on the machine
that opens the file. Every text cell that starts with one of those characters gets a leading
apostrophe, the OWASP rule for CSV injection; numbers stay numbers. A spreadsheet set to the
other separator (an English file opened in a German Excel splits at `;`, a German one in an
English Excel at `,`) starts a new cell after either: a formula start right after one gets
its apostrophe too, so that `Ana;=HYPERLINK(…)` is no formula in any locale.

Readable: Excel takes a CSV file without a byte-order mark for the system's legacy code page
(umlauts and ş/ğ/ı break) and, in German, splits columns at `;`, because `,` is the decimal
comma there. So every file starts with a UTF-8 BOM and German files use `;`.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Sequence
from typing import IO

from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext, ngettext

from games.models import VIEW, Entry, Game
from games.presenters import contract_texts, sheet_context

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
DELIMITERS = {"de": ";"}
# A formula start right after a separator of either locale: where another locale's cell begins.
_INNER_FORMULA = re.compile(r"([,;])(?=[=+\-@])")


def neutralise(cell: object) -> object:
    """A text cell a spreadsheet will not run as a formula; numbers are left alone."""
    if not isinstance(cell, str):
        return cell
    cell = _INNER_FORMULA.sub(r"\1'", cell)
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell


def delimiter(language: str | None) -> str:
    return DELIMITERS.get((language or "").split("-")[0], ",")


def write_csv(stream: IO[str], rows: Iterable[Iterable[object]], language: str | None) -> None:
    """Write the BOM and every row, each cell neutralised, with the language's separator."""
    stream.write(BOM)
    writer = csv.writer(stream, delimiter=delimiter(language))
    for row in rows:
        writer.writerow([neutralise(cell) for cell in row])


def filename(game: Game) -> str:
    """The file's name: a translated word, the day of the game's last change and the players'
    names in ASCII (two games of one day get two names), e.g. kut-game-2026-12-06-ana-ben.csv."""
    stamp = timezone.localdate(game.updated_at).isoformat()
    # Translators: start of the CSV file name; ASCII letters, digits and hyphens only.
    parts = [gettext("kut-game"), stamp, slugify(" ".join(game.players))[:40].strip("-")]
    return "-".join(filter(None, parts)) + ".csv"


def sheet_rows(game: Game, entries: Sequence[Entry]) -> list[list[object]]:
    """The sheet as the read-only page shows it: a head, a row per round, the totals."""
    context = sheet_context(game, entries, contract_texts(), mode=VIEW)
    rows = [[gettext("Round"), gettext("Contract"), *game.players, gettext("Redeals")]]
    for row in context["rows"]:
        scores = row.scores or ("", "", "", "")
        rows.append([row.round, row.contract, *scores, row.redeals or ""])
    rows.append([gettext("Total"), "", *context["totals"], ""])
    if context["team_totals"]:
        a, b = context["team_totals"]
        rows.append([gettext("Team total"), "", a, b, a, b, ""])
    if context["finished"]:  # after the last round: who won (S6), a team at a team table
        winners = ngettext("Winner", "Winners", len(context["leaders"]))
        rows.append([winners, "", context["leaders_text"], "", "", "", ""])
    return rows
