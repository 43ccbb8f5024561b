"""Seed the nine rulings and their examples, in English and German.

Frozen: the rows are read from `0002_seed_rulings.json` beside this file, exactly as first
published, and nothing from the app is imported, so later changes to the code cannot change what
this migration wrote. After it, the database is the content's home (edited in the admin); a
change to the shipped content is a new data migration. Examples hold only the situation: the
engine gives their verdicts on every page view.
"""

import json
from pathlib import Path

from django.db import migrations

DATA = Path(__file__).with_suffix(".json")


def seed(apps, schema_editor):
    Ruling = apps.get_model("referee", "Ruling")
    RulingExample = apps.get_model("referee", "RulingExample")
    for row in json.loads(DATA.read_text(encoding="utf-8")):
        examples = row.pop("examples")
        ruling = Ruling.objects.create(**row)
        RulingExample.objects.bulk_create(
            [RulingExample(ruling=ruling, **example) for example in examples]
        )


def unseed(apps, schema_editor):
    keys = [row["key"] for row in json.loads(DATA.read_text(encoding="utf-8"))]
    apps.get_model("referee", "Ruling").objects.filter(key__in=keys).delete()


class Migration(migrations.Migration):
    dependencies = [("referee", "0001_initial")]

    operations = [migrations.RunPython(seed, unseed)]
