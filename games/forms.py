"""Forms of the game sheet: starting a game, and the version every write carries."""

from __future__ import annotations

import secrets

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from kutsite.text import NAME_LENGTH, clean_name, same_name_key

SOLO = "solo"
TEAM = "team"


class NameField(forms.CharField):
    """A player's name: cleaned (`kutsite.text.clean_name`) before it is checked, so the
    length counts the characters that are kept, and a name of invisible characters only is
    as good as none."""

    default_error_messages = {
        "required": _("Enter a name for this player."),
        "max_length": _(
            "A name can have at most %(limit_value)d characters (it has %(show_value)d)."
        ),
    }

    def to_python(self, value):
        return clean_name(super().to_python(value))


class NewGameForm(forms.Form):
    player1 = NameField(label=_("Player 1"), max_length=NAME_LENGTH)
    player2 = NameField(label=_("Player 2"), max_length=NAME_LENGTH)
    player3 = NameField(label=_("Player 3"), max_length=NAME_LENGTH)
    player4 = NameField(label=_("Player 4"), max_length=NAME_LENGTH)
    table = forms.ChoiceField(
        label=_("Table"),
        choices=[
            (SOLO, _("Everyone for themselves")),
            (TEAM, _("Team table: partners sit opposite (players 1 & 3 against 2 & 4)")),
        ],
        initial=SOLO,
        widget=forms.RadioSelect,
        error_messages=dict.fromkeys(
            ("required", "invalid_choice"), _("Choose “Everyone for themselves” or a team table.")
        ),
    )

    error_messages = {
        "same_name": _("Two players have the same name: give everyone a name of their own."),
    }

    def clean(self):
        data = super().clean()
        seen: dict[str, str] = {}
        for name in ("player1", "player2", "player3", "player4"):
            value = data.get(name)
            if value is None:
                continue
            key = same_name_key(value)
            if key in seen:
                self.add_error(
                    name, ValidationError(self.error_messages["same_name"], code="same_name")
                )
            seen.setdefault(key, name)
        return data

    @property
    def first_error(self) -> str:
        """The first field with an error (its input takes the focus), if any."""
        return next((name for name in self.fields if name in self.errors), "")

    @property
    def players(self) -> tuple[str, str, str, str]:
        d = self.cleaned_data
        return (d["player1"], d["player2"], d["player3"], d["player4"])

    @property
    def team(self) -> bool:
        return self.cleaned_data["table"] == TEAM


# The whole value: Django's RegexValidator searches, so an unanchored pattern let any text
# around 16 such characters through.
SUBMISSION_PATTERN = r"\A[A-Za-z0-9_-]{16,64}\Z"


def new_submission() -> str:
    """The id of one rendered write form: sent twice, it is saved once (`services._write`)."""
    return secrets.token_urlsafe(16)


#: A write form's hidden fields are the page's, not the visitor's: any fault means an old page.
# Whatever is wrong with a hidden field, the visitor can only reload: one message says so.
INCOMPLETE = dict.fromkeys(
    ("required", "invalid", "min_value", "max_value", "max_length", "null_characters_not_allowed"),
    _("This form is incomplete: reload the sheet and try again."),
)


class VersionForm(forms.Form):
    """The version of the sheet the form was rendered from (optimistic concurrency), and the
    form's own id (idempotency: a double submit is answered, not written again)."""

    version = forms.IntegerField(min_value=1, widget=forms.HiddenInput, error_messages=INCOMPLETE)
    # Optional: a form rendered before ids existed still works, without the guard.
    submission = forms.RegexField(
        SUBMISSION_PATTERN,
        required=False,
        max_length=64,
        widget=forms.HiddenInput,
        error_messages=INCOMPLETE,
    )


class RedealForm(VersionForm):
    round = forms.IntegerField(min_value=1, widget=forms.HiddenInput, error_messages=INCOMPLETE)
