"""German wording of the shipped rounds and glossary: one word for one thing, natural German.

Frozen like 0002: the changes are read from `0003_german_wording.json` beside this file (each
field with its text before and after) and nothing from the app is imported. A row an editor
has already changed is left alone, in both directions.
"""

import json
from pathlib import Path

from django.db import migrations

DATA = Path(__file__).with_suffix(".json")


def _apply(apps, direction: str) -> None:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    old, new = ("before", "after") if direction == "forward" else ("after", "before")
    models = {
        "rounds": (apps.get_model("rules", "Round"), "number"),
        "glossary": (apps.get_model("rules", "GlossaryTerm"), "slug"),
    }
    for part, (model, key) in models.items():
        for value, fields in data[part].items():
            row = model.objects.filter(**{key: value}).first()
            if row is None:
                continue
            changed = [f for f, texts in fields.items() if getattr(row, f) == texts[old]]
            for name in changed:
                setattr(row, name, fields[name][new])
            if changed:
                row.save(update_fields=changed)


def forward(apps, schema_editor):
    _apply(apps, "forward")


def backward(apps, schema_editor):
    _apply(apps, "backward")


class Migration(migrations.Migration):
    dependencies = [("rules", "0002_seed_content")]

    operations = [migrations.RunPython(forward, backward)]
