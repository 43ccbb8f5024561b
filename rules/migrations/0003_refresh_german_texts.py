"""Bring already-seeded German texts up to the current wording in `rules.seed`.

0002 imports `rules.seed`, so a fresh database gets the new German directly. A database seeded
before the German review still holds the old texts: this replaces a German field only while
it still holds exactly the text 0002 seeded then (below), so edits made in the admin stay.
"""

from django.db import migrations

# The German texts as first seeded, for the entries whose wording changed.
ROUNDS = {
    5: {"title_de": "Von jedem eins"},
    10: {
        "notes_de": "Ein Paar sind zwei gleiche Steine: gleiche Zahl, gleiche Farbe. An ein "
        "Paar kann nie etwas angelegt werden."
    },
    16: {"notes_de": "Acht Steine in vier Paaren. Ein Okey darf der Partner in einem Paar sein."},
    20: {
        "notes_de": "Kein Kontrakt und kein Auslegen vorher: Wer als Erstes den ganzen "
        "Steinhalter auf einmal als gültige Kombinationen auslegt, beendet die "
        "Runde, ohne abzuwerfen. Paare zählen, ein Okey-Ende zählt nicht."
    },
}

GLOSSARY = {
    "buying": {
        "definition_de": "Einen abgeworfenen Stein nehmen, obwohl du nicht dran bist, "
        "nachdem die nächste Person ihn nicht wollte. Dazu ziehst du "
        "einen Strafstein, und die Reihenfolge bleibt, wie sie war. In "
        "KÜT darf jede Person bis zu fünfmal pro Runde kaufen."
    },
    "contract": {
        "definition_de": "Die Eröffnungsaufgabe einer Runde: genau welche Kombinationen "
        "in welcher Länge du auslegen musst, bevor du an den Tisch "
        "spielen darfst, zum Beispiel „zwei Reihen aus je drei "
        "Steinen“. Die letzte Runde hat keinen."
    },
    "discard": {
        "definition_de": "Du beendest deinen Zug, indem du einen Stein offen vor die "
        "Person rechts von dir legst – den abgeworfenen Stein. Diese "
        "Person darf ihn nehmen, statt vom Stapel zu ziehen."
    },
    "false-joker": {
        "definition_de": "Einer der beiden Sondersteine im Satz. Er ist nicht wild, "
        "sondern zählt nur als Farbe und Zahl des Okey. Bleibt er "
        "auf deinem Steinhalter, zählt er 25 Punkte."
    },
    "indicator": {
        "definition_de": "Der Stein, der nach dem Austeilen offen hingelegt wird. Das "
        "Okey der Runde hat dieselbe Farbe und die nächsthöhere Zahl; "
        "nach der 13 kommt die 1."
    },
    "kut": {
        "also_de": "Amerikanisches Okey, Amerikano",
        "definition_de": "Ein Spiel für vier Personen mit den 106 Steinen des Okey, gespielt "
        "über 20 Runden. Jede Runde außer der letzten hat einen Kontrakt, "
        "den du auslegen musst, bevor du an den Tisch spielen darfst. Nach "
        "der letzten Runde gewinnt die niedrigste Summe.",
    },
    "meld": {
        "definition_de": "Jede gültige Steinfolge auf dem Tisch: eine Küt-Gruppe, eine "
        "Reihe oder ein Paar. Viele sagen zu allen dreien einfach "
        "„Gruppe“."
    },
    "okey": {
        "definition_de": "Der wilde Stein der Runde: die beiden Steine mit der Farbe und "
        "Zahl, auf die der Anzeigestein zeigt. Ein Okey kann in einer "
        "Kombination jeden Stein ersetzen. Bleibt es auf deinem "
        "Steinhalter, zählt es 25 Punkte."
    },
    "penalty-tile": {
        "definition_de": "Ein Stein, den du zur Strafe vom Nachziehstapel ziehen "
        "musst: zwei, wenn du ein Okey oder einen anlegbaren Stein "
        "abwirfst, einen, wenn du einen abgeworfenen Stein außer "
        "der Reihe kaufst."
    },
    "team-table": {
        "definition_de": "Ein Tisch, an dem die beiden Personen, die sich "
        "gegenübersitzen, ein Team bilden. Beendet eine von ihnen "
        "die Runde, bekommt auch ihr Gegenüber 0 Punkte, selbst ohne "
        "ausgelegt zu haben."
    },
    "to-add": {
        "definition_de": "Steine von deinem Steinhalter an eine Kombination auf dem Tisch "
        "legen, an deine oder an die einer anderen Person: eine Reihe an "
        "einem Ende verlängern oder einer Dreiergruppe die vierte Farbe "
        "geben. Erlaubt ab dem Zug nach deinem Auslegen."
    },
    "to-meld": {
        "definition_de": "Deinen Kontrakt offen auf den Tisch legen. Du legst genau den "
        "Kontrakt aus, nicht mehr, und spielst in diesem Zug nichts "
        "weiter an den Tisch."
    },
}


def refresh(apps, schema_editor):
    from rules.seed import GLOSSARY as NEW_GLOSSARY
    from rules.seed import ROUND_TEXT

    Round = apps.get_model("rules", "Round")
    GlossaryTerm = apps.get_model("rules", "GlossaryTerm")
    round_index = {"title_de": 1, "notes_de": 3}
    for row in Round.objects.filter(number__in=ROUNDS):
        changed = []
        for field, old in ROUNDS[row.number].items():
            if getattr(row, field) == old:
                setattr(row, field, ROUND_TEXT[row.number][round_index[field]])
                changed.append(field)
        if changed:
            row.save(update_fields=changed)
    term_index = {"term_de": 1, "also_de": 3, "definition_de": 5}
    for row in GlossaryTerm.objects.filter(slug__in=GLOSSARY):
        changed = []
        for field, old in GLOSSARY[row.slug].items():
            if getattr(row, field) == old:
                setattr(row, field, NEW_GLOSSARY[row.slug][term_index[field]])
                changed.append(field)
        if changed:
            row.save(update_fields=changed)


class Migration(migrations.Migration):
    dependencies = [("rules", "0002_seed_content")]

    operations = [migrations.RunPython(refresh, migrations.RunPython.noop)]
