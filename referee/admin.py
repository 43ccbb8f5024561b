from django.contrib import admin

from kutsite.admin import ContentAdmin
from referee.coverage import RULING_KEYS
from referee.models import Ruling, RulingExample


class RulingExampleInline(admin.StackedInline):
    model = RulingExample
    extra = 1  # an empty one to fill in, for an editor without JavaScript too
    fields = (
        ("order", "kind", "featured"),
        ("indicator", "tiles", "tile"),
        "stage",
        ("rack", "pile", "final"),
        ("discarder", "wanting"),
    )


@admin.register(Ruling)
class RulingAdmin(ContentAdmin):
    list_display = ("order", "key", "question", "rules", "sources_silent")
    list_display_links = ("key", "question")
    list_editable = ("order",)
    # An editor hunting a word (a typo, a rule's name) finds it in any of the texts.
    search_fields = (
        "key",
        "slug_de",
        "rules",
        "question_en",
        "question_de",
        "short_answer_en",
        "short_answer_de",
        "app_ruling_en",
        "app_ruling_de",
        "table_rule_en",
        "table_rule_de",
    )
    fieldsets = (
        (None, {"fields": ("key", "slug_de", "order", "rules")}),
        (None, {"fields": ("question", "short_answer", "app_ruling")}),
        (None, {"fields": ("sources_silent", "table_rule")}),
    )
    inlines = [RulingExampleInline]

    def get_readonly_fields(self, request, obj=None):
        # A ruling's addresses are shared at tables: once saved, they stay what they are.
        return ("key", "slug_de") if obj is not None else ()

    def has_delete_permission(self, request, obj=None):
        # The guide's questions and the checkers' verdicts link these rulings by key.
        return super().has_delete_permission(request, obj) and (
            obj is None or obj.key not in RULING_KEYS
        )
