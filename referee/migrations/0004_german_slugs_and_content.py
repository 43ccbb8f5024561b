"""German permalinks for the nine rulings, and content changes to the shipped rulings.

Frozen like 0002: everything is read from `0004_german_slugs_and_content.json` beside this file
and nothing from the app is imported. Each text change holds the text before and after; a field
an editor has already changed is left alone, in both directions. The changes: the site's choice
on discarding the real tile an Okey stands for (with an example), B3 marked as a written table
rule the site adopts, and German wording ("abgeworfen" for discards).
"""

import json
from pathlib import Path

from django.db import migrations

DATA = Path(__file__).with_suffix(".json")


def _texts(apps, old: str, new: str) -> None:
    Ruling = apps.get_model("referee", "Ruling")
    for key, fields in json.loads(DATA.read_text(encoding="utf-8"))["rulings"].items():
        ruling = Ruling.objects.filter(key=key).first()
        if ruling is None:
            continue
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
    data = json.loads(DATA.read_text(encoding="utf-8"))
    Ruling = apps.get_model("referee", "Ruling")
    RulingExample = apps.get_model("referee", "RulingExample")
    for key, slug in data["slugs"].items():
        Ruling.objects.filter(key=key, slug_de__isnull=True).update(slug_de=slug)
    for ruling in Ruling.objects.filter(slug_de__isnull=True):
        ruling.slug_de = ruling.key  # a ruling added in the admin keeps its key in German too
        ruling.save(update_fields=["slug_de"])
    _texts(apps, "before", "after")
    for row in data["examples"]:
        row = dict(row)
        ruling = Ruling.objects.filter(key=row.pop("ruling")).first()
        if ruling is not None:
            RulingExample.objects.get_or_create(ruling=ruling, **row)


def backward(apps, schema_editor):
    data = json.loads(DATA.read_text(encoding="utf-8"))
    RulingExample = apps.get_model("referee", "RulingExample")
    for row in data["examples"]:
        row = dict(row)
        RulingExample.objects.filter(ruling__key=row.pop("ruling"), **row).delete()
    _texts(apps, "after", "before")
    apps.get_model("referee", "Ruling").objects.update(slug_de=None)


class Migration(migrations.Migration):
    dependencies = [("referee", "0003_ruling_slug_de")]

    operations = [migrations.RunPython(forward, backward)]
