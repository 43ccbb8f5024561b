from django.contrib import admin
from modeltranslation.admin import TranslationAdmin

from referee.models import Ruling, RulingExample


class RulingExampleInline(admin.StackedInline):
    model = RulingExample
    extra = 0
    fields = (
        ("order", "kind"),
        ("indicator", "tiles", "tile"),
        "stage",
        ("rack", "pile", "final"),
        ("discarder", "wanting"),
    )


@admin.register(Ruling)
class RulingAdmin(TranslationAdmin):
    list_display = ("order", "key", "question", "rules", "sources_silent")
    list_display_links = ("key", "question")
    list_editable = ("order",)
    search_fields = ("key", "question_en", "question_de")
    fieldsets = (
        (None, {"fields": ("key", "slug_de", "order", "rules")}),
        (None, {"fields": ("question", "short_answer", "app_ruling")}),
        (None, {"fields": ("sources_silent", "table_rule")}),
    )
    inlines = [RulingExampleInline]
