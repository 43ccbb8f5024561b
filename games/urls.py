from django.urls import path, register_converter
from django.utils.translation import gettext_lazy as _
from django.views.generic import RedirectView

import kutsite.converters  # noqa: F401  (the `round` converter)
from games.views import buttons, export, rounds, sheets
from kutsite.http import read_only


class SecretConverter:
    """A game secret: `secrets.token_urlsafe` characters, never a path word like `new`."""

    regex = r"[A-Za-z0-9_-]{22,64}"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


register_converter(SecretConverter, "game_secret")

app_name = "games"

# The two sheets first: every phone at a table asks for one every few seconds, and resolving
# tries the patterns in turn, a translated one at the cost of a gettext. No order changes which
# view a path reaches: a secret is 22 characters or more, and never holds a slash.
urlpatterns = [
    path("<game_secret:secret>/", sheets.sheet, name="sheet"),
    path(_("view/<game_secret:secret>/"), sheets.view, name="view"),
    # A sheet's address cut back to its section leads to where games start and are listed.
    path("", read_only(RedirectView.as_view(pattern_name="games:new")), name="index"),
    path(_("new/"), sheets.new, name="new"),
    path(_("view/<game_secret:secret>/sheet.csv"), export.csv_view, name="view_csv"),
    path(_("<game_secret:secret>/record/"), rounds.record, name="record"),
    path(_("<game_secret:secret>/rounds/<round:number>/"), rounds.edit_round, name="edit_round"),
    path(_("<game_secret:secret>/redeal/"), buttons.redeal, name="redeal"),
    path(_("<game_secret:secret>/undo/"), buttons.undo, name="undo"),
    path("<game_secret:secret>/sheet.csv", export.csv_edit, name="csv"),
]
