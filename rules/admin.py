"""Admin for the rounds and the glossary: both languages side by side, rules checked on save.

A game has 20 rounds (C3), so rounds are edited, never added or deleted here; every save is
checked by the engine against the whole list as it would be afterwards (C2 example, at most
12 tiles, exactly the last round is the all-at-once round).
"""

from django import forms
from django.contrib import admin
from django.db.models.functions import Lower
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from kutsite.admin import ContentAdmin
from rules.engine.contracts import Contract, validate_round_list
from rules.engine.notation import parse_indicator
from rules.engine.verdicts import InputError, ReasonCode
from rules.guide import GLOSSARY_LINKS, anchor_choices
from rules.models import REFEREE_PAGE, GlossaryTerm, Round
from rules.reasons import error_message, problem_sentence
from rules.wording import contract_text, tile_count_text

CONTRACT_FIELDS = ("groups", "group_size", "runs", "run_size", "pairs", "is_final")
LIST_FIELDS = {
    ReasonCode.EXAMPLE_REJECTED: "example",
    ReasonCode.FINAL_ROUND_NOT_LAST: "is_final",
    ReasonCode.NO_FINAL_ROUND: "is_final",
}


def require_both_languages(form, *names: str) -> None:
    """A text given in one language must be given in the other too (no silent fallback)."""
    data = form.cleaned_data
    for name in names:
        en = (data.get(f"{name}_en") or "").strip()
        de = (data.get(f"{name}_de") or "").strip()
        if en and not de:
            form.add_error(f"{name}_de", _("Give the German text too."))
        if de and not en:
            form.add_error(f"{name}_en", _("Give the English text too."))


def _last_round() -> int | None:
    return Round.objects.order_by("-number").values_list("number", flat=True).first()


class RoundAdminForm(forms.ModelForm):
    """The admin builds the form's fields from `RoundAdmin.fieldsets`."""

    def clean(self):
        data = super().clean()
        require_both_languages(self, "notes")
        if self.errors:
            return data
        candidate = self.instance
        for name in CONTRACT_FIELDS:
            setattr(candidate, name, data.get(name))
        try:
            # The contract as typed: the model reads only `is_final` of the all-at-once round,
            # so numbers typed beside its tick would be kept and never used.
            Contract(**{name: data.get(name) for name in CONTRACT_FIELDS})
        except InputError as error:
            if error.code is ReasonCode.CONTRACT_EMPTY and candidate.number == _last_round():
                error = InputError(ReasonCode.NO_FINAL_ROUND)  # the last round, unticked
            self.add_error(self._field_of(error), error_message(error))
            return data
        candidate.example = data.get("example", "")
        candidate.indicator = data.get("indicator", "")
        try:
            parse_indicator(candidate.indicator)
        except InputError as error:
            self.add_error("indicator", error_message(error))
            return data
        try:
            edited = candidate.to_engine()
        except InputError as error:
            self.add_error(self._field_of(error), error_message(error))
            return data
        rounds = [
            edited if r.pk == candidate.pk else r.to_engine()
            for r in Round.objects.order_by("number")
        ]
        for problem in validate_round_list(rounds):
            if problem.round not in (None, edited.number) and problem.reason not in LIST_FIELDS:
                continue
            self.add_error(LIST_FIELDS.get(problem.reason), problem_sentence(problem))
        return data

    @staticmethod
    def _field_of(error: InputError) -> str | None:
        if error.field in ("groups", "group_size", "runs", "run_size", "pairs"):
            return error.field
        if error.code in (
            ReasonCode.FINAL_WITH_MELDS,
            ReasonCode.CONTRACT_EMPTY,
            ReasonCode.NO_FINAL_ROUND,
        ):
            return "is_final"
        return "example"


@admin.register(Round)
class RoundAdmin(ContentAdmin):
    form = RoundAdminForm
    list_display = ("number", "title", "contract_wording", "tile_count")
    list_display_links = ("number", "title")
    readonly_fields = ("number",)
    fieldsets = (
        (None, {"fields": ("number", ("title_en", "title_de"))}),
        (
            _("Contract"),
            {
                "fields": (
                    "is_final",
                    ("groups", "group_size"),
                    ("runs", "run_size"),
                    "pairs",
                ),
                "description": _(
                    "The contract’s wording on the site is generated from these numbers."
                ),
            },
        ),
        (_("Example"), {"fields": (("example", "indicator"),)}),
        (_("Notes"), {"fields": (("notes_en", "notes_de"),)}),
    )

    @admin.display(description=_("contract"))
    def contract_wording(self, obj: Round) -> str:
        try:
            return contract_text(obj.contract)
        except InputError as error:
            return error_message(error)

    @admin.display(description=_("tiles"))
    def tile_count(self, obj: Round) -> str:
        try:
            return tile_count_text(obj.contract)
        except InputError:
            return "–"

    def has_add_permission(self, request):
        return False  # a game has 20 rounds (C3): edit them, never add one

    def has_delete_permission(self, request, obj=None):
        return False


class GlossaryTermAdminForm(forms.ModelForm):
    def clean(self):
        data = super().clean()
        require_both_languages(self, "also")
        return data


@admin.register(GlossaryTerm)
class GlossaryTermAdmin(ContentAdmin):
    form = GlossaryTermAdminForm
    list_display = ("term", "slug", "rules", "section")
    # An editor hunting a word finds it in the definitions too.
    search_fields = (
        "slug",
        "term_en",
        "term_de",
        "also_en",
        "also_de",
        "definition_en",
        "definition_de",
    )
    fieldsets = (
        (None, {"fields": ("slug", ("term_en", "term_de"), ("also_en", "also_de"))}),
        (None, {"fields": (("definition_en", "definition_de"),)}),
        (None, {"fields": (("rules", "section"),)}),
    )

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        if db_field.name == "section":
            # A list of the guide's places by their titles, not an anchor typed from memory
            kwargs["widget"] = forms.Select(
                choices=[
                    ("", _("(none)")),
                    *anchor_choices(),
                    (REFEREE_PAGE, _("The referee page")),
                ]
            )
            kwargs["help_text"] = _(
                "The place in the guide, or the referee page, that explains the term."
            )
        return super().formfield_for_dbfield(db_field, request, **kwargs)

    def get_ordering(self, request):
        # By the term in the admin's language, capitals aside, as the glossary page lists it
        return [Lower(f"term_{get_language()}")]

    def get_readonly_fields(self, request, obj=None):
        # An entry's anchor is its address (/glossary/#slug): the guide and shared links use it.
        return ("slug",) if obj is not None else ()

    def has_delete_permission(self, request, obj=None):
        # The guide links these entries where each term first appears.
        return super().has_delete_permission(request, obj) and (
            obj is None or obj.slug not in GLOSSARY_LINKS
        )
