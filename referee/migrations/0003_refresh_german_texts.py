"""Bring already-seeded German rulings up to the current wording in `referee.content`.

0002 imports `referee.content`, so a fresh database gets the new German directly. A database
seeded before the German review still holds the old texts: this replaces a German field only
while it still holds exactly the text 0002 seeded then (below), so edits made in the admin stay.
"""

from django.db import migrations

# The German texts as first seeded, for the rulings whose wording changed.
RULINGS = {
    "buy-discard": {
        "app_ruling_de": "Zuerst darf der Spieler zugreifen, der als Nächster dran "
        "ist. Lässt er den Stein liegen, darf ein anderer ihn außer "
        "der Reihe kaufen und zieht dazu einen Strafstein vom "
        "Nachziehstapel; danach geht es in der gewohnten "
        "Reihenfolge weiter. Jeder darf pro Runde bis zu 5-mal "
        "kaufen, vor oder nach dem Auslegen.",
        "table_rule_de": "Nimmt der Spieler am Zug den Stein nicht, dürfen ihn die "
        "anderen gegen einen Strafstein nehmen. Wollen ihn zwei, "
        "bekommt ihn, wer früher an der Reihe ist.",
    },
    "pile-runs-out": {"question_de": "Was passiert, wenn der Nachziehstapel aufgebraucht ist?"},
}


def refresh(apps, schema_editor):
    from referee.content import RULINGS as NEW_RULINGS

    new = {r["key"]: r for r in NEW_RULINGS}
    Ruling = apps.get_model("referee", "Ruling")
    for row in Ruling.objects.filter(key__in=RULINGS):
        changed = []
        for field, old in RULINGS[row.key].items():
            if getattr(row, field) == old:
                setattr(row, field, new[row.key][field.removesuffix("_de")][1])
                changed.append(field)
        if changed:
            row.save(update_fields=changed)


class Migration(migrations.Migration):
    dependencies = [("referee", "0002_seed_rulings")]

    operations = [migrations.RunPython(refresh, migrations.RunPython.noop)]
