"""The site's own words: the glossary's tile and team table no longer follow the written
sources' sentences.

Frozen like 0004: the texts are read from `0008_own_words.json` beside this file (each field with
its text before and after) and nothing from the app is imported. A field an editor has already
changed is left alone, in both directions.
"""

import json
from pathlib import Path

from django.db import migrations

DATA = Path(__file__).with_suffix(".json")


def _apply(apps, old: str, new: str) -> None:
    glossary = json.loads(DATA.read_text(encoding="utf-8"))["glossary"]
    for term in apps.get_model("rules", "GlossaryTerm").objects.filter(slug__in=glossary):
        texts = {f: t for f, t in glossary[term.slug].items() if getattr(term, f) == t[old]}
        for name, text in texts.items():
            setattr(term, name, text[new])
        if texts:
            term.save(update_fields=list(texts))


def forward(apps, schema_editor):
    _apply(apps, "before", "after")


def backward(apps, schema_editor):
    _apply(apps, "after", "before")


class Migration(migrations.Migration):
    dependencies = [("rules", "0007_kut_app")]

    operations = [migrations.RunPython(forward, backward)]
