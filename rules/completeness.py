"""Is every piece of content there in both languages? Fallback is off, so a missing German
text would show as a blank on a German page: tests (and anyone curious) call this instead."""

from __future__ import annotations

from modeltranslation.translator import translator

from rules.models import GlossaryTerm, Round

LANGUAGES = ("en", "de")


def _required(model) -> set[str]:
    """The fields that must be filled in every language (rules/translation.py); the others may
    be empty, but only in both."""
    required = translator.get_options_for_model(model).required_languages
    return {name for names in required.values() for name in names}


def missing_translations() -> list[str]:
    """One line per missing text, e.g. "Round 5: notes (de)"; empty when all is there."""
    problems = []
    for model in (Round, GlossaryTerm):
        fields = translator.get_options_for_model(model).fields
        required = _required(model)
        for obj in model.objects.all():
            for name in fields:
                values = {
                    code: (getattr(obj, f"{name}_{code}") or "").strip() for code in LANGUAGES
                }
                needed = name in required or any(values.values())
                for code, value in values.items():
                    if needed and not value:
                        problems.append(f"{model.__name__} {obj}: {name} ({code})")
    return problems
