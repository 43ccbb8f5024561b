"""The glossary's words of the referee (referee, the KÜT app's ruling, written table rule, not
covered in the sources) link to the referee page, which explains them, instead of the guide's
FAQ: a term's section may now name the referee page ("referee").

Frozen like 0007: the sections are read from `0010_glossary_referee_links.json` beside this file
(each with its value before and after) and nothing from the app is imported. A section an editor
has already changed is left alone, in both directions.
"""

import json
from pathlib import Path

from django.db import migrations, models

DATA = Path(__file__).with_suffix(".json")


def _apply(apps, old: str, new: str) -> None:
    glossary = json.loads(DATA.read_text(encoding="utf-8"))["glossary"]
    for term in apps.get_model("rules", "GlossaryTerm").objects.filter(slug__in=glossary):
        texts = {f: t for f, t in glossary[term.slug].items() if getattr(term, f) == t[old]}
        for name, text in texts.items():
            setattr(term, name, text[new])
        if texts:
            term.save(update_fields=list(texts))


def forward(apps, schema_editor):
    _apply(apps, "before", "after")


def backward(apps, schema_editor):
    _apply(apps, "after", "before")


class Migration(migrations.Migration):
    dependencies = [("rules", "0009_german_wording")]

    operations = [
        migrations.AlterField(
            model_name="glossaryterm",
            name="section",
            field=models.CharField(
                blank=True,
                help_text=(
                    "Anchor of the guide section that explains the term, e.g. “okey”; or "
                    "“referee” for the referee page."
                ),
                max_length=40,
                verbose_name="guide section",
            ),
        ),
        migrations.RunPython(forward, backward),
    ]
