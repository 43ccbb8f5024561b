"""The shipped rulings checked against the rules digest: the site's choice on the tile an Okey
stands for said as narrowly as X2 makes it (with an example where that tile does cost a
penalty), adding allowed only from the turn after melding (P3, P4), the penalty exceptions on
the Okey discard (X3, X5), and the German of two written table rules.

Frozen like 0004: everything is read from `0006_content_review.json` beside this file and
nothing from the app is imported. A field an editor has already changed is left alone, in both
directions.
"""

import json
from pathlib import Path

from django.db import migrations

DATA = Path(__file__).with_suffix(".json")


def _texts(apps, data, old: str, new: str) -> None:
    Ruling = apps.get_model("referee", "Ruling")
    for key, fields in data["rulings"].items():
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
    _texts(apps, data, "before", "after")
    Ruling = apps.get_model("referee", "Ruling")
    RulingExample = apps.get_model("referee", "RulingExample")
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
    _texts(apps, data, "after", "before")


class Migration(migrations.Migration):
    dependencies = [("referee", "0005_ruling_slug_de_required")]

    operations = [migrations.RunPython(forward, backward)]
