"""A first reading by a newcomer: the glossary's "finished with Okey" says that every other
player's score is doubled ("every penalty" read as penalty tiles).

Frozen like 0012: the changes are read from `0014_first_reading.json` beside this file (each
field with its text before and after) and nothing from the app is imported. A field an editor
has already changed is left alone, in both directions.
"""
import json
from pathlib import Path

from django.db import migrations

DATA = Path(__file__).with_suffix(".json")


def _apply(apps, old: str, new: str) -> None:
    data = json.loads(DATA.read_text(encoding="utf-8"))
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
            columns = list(changed)
            for name in changed:
                setattr(row, name, fields[name][new])
                if name.endswith("_en"):  # the untranslated column mirrors the default language
                    setattr(row, name[:-3], fields[name][new])
                    columns.append(name[:-3])
            if columns:
                row.save(update_fields=columns)


def forward(apps, schema_editor):
    _apply(apps, "before", "after")


def backward(apps, schema_editor):
    _apply(apps, "after", "before")


class Migration(migrations.Migration):
    dependencies = [("rules", "0013_german_review")]

    operations = [migrations.RunPython(forward, backward)]
