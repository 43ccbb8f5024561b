"""The sheet as a CSV file, from either of its addresses."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.http import content_disposition_header
from django.utils.translation import get_language

from games import export
from games.models import EDIT, VIEW, Game
from games.views.access import game_entries, game_or_404, private_sheet
from kutsite.http import read_only


def _csv(game: Game) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    # Quoted and, should a translation ever put other letters in the name, encoded as RFC 6266 asks
    response["Content-Disposition"] = content_disposition_header(True, export.filename(game))
    export.write_csv(response, export.sheet_rows(game, game_entries(game)), get_language())
    return response


@private_sheet
@read_only
def csv_edit(request, secret):
    return _csv(game_or_404(request, EDIT, secret))


@private_sheet
@read_only
def csv_view(request, secret):
    return _csv(game_or_404(request, VIEW, secret))
