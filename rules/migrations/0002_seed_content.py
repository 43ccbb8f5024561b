"""Seed the default 20 rounds (the engine's DEFAULT_ROUNDS, ROUNDS.md) and the glossary."""

from django.db import migrations


def seed(apps, schema_editor):
    from rules.seed import seed_glossary, seed_rounds

    seed_rounds(apps.get_model("rules", "Round"))
    seed_glossary(apps.get_model("rules", "GlossaryTerm"))


def unseed(apps, schema_editor):
    apps.get_model("rules", "Round").objects.all().delete()
    apps.get_model("rules", "GlossaryTerm").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("rules", "0001_initial")]

    operations = [migrations.RunPython(seed, unseed)]
