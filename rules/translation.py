"""Translated content fields (django-modeltranslation): `*_en` and `*_de` columns.

Fallback is off (settings), so an empty German field would show as empty: the admin requires
the titles, terms and definitions in both languages, its form refuses notes in one language
only, and tests fail on any missing German text.
"""

from modeltranslation.translator import TranslationOptions, register

from rules.models import GlossaryTerm, Round


@register(Round)
class RoundTranslationOptions(TranslationOptions):
    fields = ("title", "notes")
    required_languages = {"en": ("title",), "de": ("title",)}


@register(GlossaryTerm)
class GlossaryTermTranslationOptions(TranslationOptions):
    fields = ("term", "also", "definition")
    required_languages = {"en": ("term", "definition"), "de": ("term", "definition")}
