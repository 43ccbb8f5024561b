"""Translated ruling texts (django-modeltranslation): `*_en` and `*_de` columns.

Fallback is off (settings), so the admin requires the question, the short answer and the KÜT
ruling in both languages; the table rule is checked in `Ruling.clean` (empty exactly when the
sources are silent), and a test fails on any missing German text.
"""

from modeltranslation.translator import TranslationOptions, register

from referee.models import Ruling

REQUIRED = ("question", "short_answer", "app_ruling")


@register(Ruling)
class RulingTranslationOptions(TranslationOptions):
    fields = ("question", "short_answer", "app_ruling", "table_rule")
    required_languages = {"en": REQUIRED, "de": REQUIRED}
