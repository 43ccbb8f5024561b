from django.db import migrations

from referee.content import seed, unseed


def forwards(apps, schema_editor):
    seed(apps)


def backwards(apps, schema_editor):
    unseed(apps)


class Migration(migrations.Migration):
    dependencies = [("referee", "0001_initial")]

    operations = [migrations.RunPython(forwards, backwards)]
