"""The sheet's own buttons: a redeal and an undo, each a POST that ends back on the sheet."""

from __future__ import annotations

from django.shortcuts import redirect

from games import services
from games.forms import RedealForm, VersionForm
from games.messages import (
    invalid_form_message,
    redeal_conflict_message,
    refusal_message,
    undo_conflict_message,
)
from games.models import EDIT, Game
from games.views.access import after_write, game_or_404, private_sheet, reload, sheet_url
from games.views.sheets import render_sheet
from kutsite.http import form_page


def _refused_sheet(request, game: Game, message: str, status: int):
    # Read the game again: the refusal may be due to a write we have not seen yet.
    return render_sheet(request, reload(game), EDIT, status=status, message=message)


def _sheet_write(request, secret, form_class, write, conflict):
    """A button on the sheet: check its form, write, then show the sheet — or say why not
    (`conflict`: the words for a sheet that changed meanwhile). Its address opened again (a
    reopened tab, a copied link) leads to the sheet: only the button's POST writes."""
    game = game_or_404(request, EDIT, secret)
    if request.method != "POST":
        return redirect(sheet_url(game))
    form = form_class(request.POST)
    if not form.is_valid():
        return _refused_sheet(request, game, invalid_form_message(form), 400)
    try:
        done = write(game, form.cleaned_data)
    except services.Conflict:
        return _refused_sheet(request, game, conflict(), 409)
    except services.Refused as refusal:
        return _refused_sheet(request, game, refusal_message(refusal), 400)
    return after_write(game, done)


@private_sheet
@form_page
def redeal(request, secret):
    """The pile ran out before anyone finished: no score, the round is dealt again (E2)."""
    return _sheet_write(
        request,
        secret,
        RedealForm,
        lambda game, data: services.record_redeal(
            game, data["version"], round_number=data["round"], submission=data["submission"]
        ),
        redeal_conflict_message,
    )


@private_sheet
@form_page
def undo(request, secret):
    """Take back the last entry (a scored round or a redeal)."""
    return _sheet_write(
        request,
        secret,
        VersionForm,
        lambda game, data: services.undo_last(game, data["version"], submission=data["submission"]),
        undo_conflict_message,
    )
