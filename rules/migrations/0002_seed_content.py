"""Seed the default 20 rounds and the glossary, in English and German.

Frozen: the rows are read from `0002_seed_content.json` beside this file, exactly as first
published, and nothing from the app is imported, so later changes to the code cannot change what
this migration wrote. After it, the database is the content's home (edited in the admin); a
change to the shipped content is a new data migration.
"""

import json
from pathlib import Path

from django.db import migrations

DATA = Path(__file__).with_suffix(".json")


def seed(apps, schema_editor):
    data = json.loads(DATA.read_text(encoding="utf-8"))
    Round = apps.get_model("rules", "Round")
    GlossaryTerm = apps.get_model("rules", "GlossaryTerm")
    Round.objects.bulk_create([Round(**row) for row in data["rounds"]])
    GlossaryTerm.objects.bulk_create([GlossaryTerm(**row) for row in data["glossary"]])


def unseed(apps, schema_editor):
    apps.get_model("rules", "Round").objects.all().delete()
    apps.get_model("rules", "GlossaryTerm").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("rules", "0001_initial")]

    operations = [migrations.RunPython(seed, unseed)]
