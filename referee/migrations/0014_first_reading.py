"""A first reading by a newcomer: the ruling on an empty draw pile says how the fourth time is
scored, when nobody ended the round ("scored as usual" left that open).

Frozen like 0012: the texts are read from `0014_first_reading.json` beside this file (each field
with its text before and after) and nothing from the app is imported. A field an editor has
already changed is left alone, in both directions.
"""
import json
from pathlib import Path

from django.db import migrations

DATA = Path(__file__).with_suffix(".json")


def _apply(apps, old: str, new: str) -> None:
    rulings = json.loads(DATA.read_text(encoding="utf-8"))["rulings"]
    for ruling in apps.get_model("referee", "Ruling").objects.filter(key__in=rulings):
        fields = rulings[ruling.key]
        changed = [name for name, texts in fields.items() if getattr(ruling, name) == texts[old]]
        columns = list(changed)
        for name in changed:
            setattr(ruling, name, fields[name][new])
            if name.endswith("_en"):  # the untranslated column mirrors the default language
                setattr(ruling, name[:-3], fields[name][new])
                columns.append(name[:-3])
        if columns:
            ruling.save(update_fields=columns)


def forward(apps, schema_editor):
    _apply(apps, "before", "after")


def backward(apps, schema_editor):
    _apply(apps, "after", "before")


class Migration(migrations.Migration):
    dependencies = [("referee", "0013_german_review")]

    operations = [migrations.RunPython(forward, backward)]
