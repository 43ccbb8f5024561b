"""German review: two written table rules said "diese Seite" where every other German text of
the site says "diese Website".

Frozen like 0004: the texts are read from `0007_german_review.json` beside this file (each
field with its text before and after) and nothing from the app is imported. A field an editor
has already changed is left alone, in both directions.
"""

import json
from pathlib import Path

from django.db import migrations

DATA = Path(__file__).with_suffix(".json")


def _apply(apps, old: str, new: str) -> None:
    rulings = json.loads(DATA.read_text(encoding="utf-8"))["rulings"]
    for ruling in apps.get_model("referee", "Ruling").objects.filter(key__in=rulings):
        # Only German fields change: the untranslated column mirrors English.
        texts = {f: t for f, t in rulings[ruling.key].items() if getattr(ruling, f) == t[old]}
        for name, text in texts.items():
            setattr(ruling, name, text[new])
        if texts:
            ruling.save(update_fields=list(texts))


def forward(apps, schema_editor):
    _apply(apps, "before", "after")


def backward(apps, schema_editor):
    _apply(apps, "after", "before")


class Migration(migrations.Migration):
    dependencies = [("referee", "0006_content_review")]

    operations = [migrations.RunPython(forward, backward)]
