"""Migrations are history: frozen, and able to go back and forth.

A data migration that imported the app's code would write whatever that code says today, not
what it wrote when it first ran. Ours read only their own frozen data beside them.
"""

import ast
import json
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from referee.models import Ruling, RulingExample
from rules.models import GlossaryTerm, Round

ROOT = Path(__file__).resolve().parents[2]
APPS = ("kutsite", "rules", "referee", "scoring", "games")
# Data migrations: the ones that run code. Schema migrations may name a model's callables
# (`games.models.new_secret` as a default) — Django writes those references itself.
DATA_MIGRATIONS = sorted(
    p for p in ROOT.glob("*/migrations/0*.py") if "RunPython" in p.read_text(encoding="utf-8")
)
RULES_SEED = ROOT / "rules/migrations/0002_seed_content.json"
REFEREE_SEED = ROOT / "referee/migrations/0002_seed_rulings.json"
# Later shipped content: frozen changes on top of the seed, in the order they run (issue 16)
RULES_CHANGES = [
    ROOT / "rules/migrations/0003_german_wording.json",
    ROOT / "rules/migrations/0004_content_review.json",
    ROOT / "rules/migrations/0005_typography.json",
    ROOT / "rules/migrations/0006_german_review.json",
    ROOT / "rules/migrations/0007_kut_app.json",
    ROOT / "rules/migrations/0008_own_words.json",
    ROOT / "rules/migrations/0009_german_wording.json",
    ROOT / "rules/migrations/0010_glossary_referee_links.json",
    ROOT / "rules/migrations/0011_german_wording.json",
    ROOT / "rules/migrations/0012_own_words.json",
    ROOT / "rules/migrations/0013_german_review.json",
    ROOT / "rules/migrations/0014_first_reading.json",
]
REFEREE_CHANGES = [
    ROOT / "referee/migrations/0004_german_slugs_and_content.json",
    ROOT / "referee/migrations/0006_content_review.json",
    ROOT / "referee/migrations/0007_german_review.json",
    ROOT / "referee/migrations/0009_own_words.json",
    ROOT / "referee/migrations/0010_german_wording.json",
    ROOT / "referee/migrations/0011_german_wording.json",
    ROOT / "referee/migrations/0012_own_words.json",
    ROOT / "referee/migrations/0013_german_review.json",
    ROOT / "referee/migrations/0014_first_reading.json",
]


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, at the top or inside a function."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
    return names


def test_the_data_migrations_are_found():
    names = {f"{p.parent.parent.name}/{p.name}" for p in DATA_MIGRATIONS}
    assert {"rules/0002_seed_content.py", "referee/0002_seed_rulings.py"} <= names


@pytest.mark.parametrize("path", DATA_MIGRATIONS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_a_data_migration_imports_only_django_and_the_standard_library(path):
    for name in imported_modules(path):
        top = name.split(".")[0]
        assert top == "django" or top in sys.stdlib_module_names, (path.name, name)
        assert top not in APPS and not name.startswith("."), (path.name, name)


def test_the_check_catches_an_import_of_app_code(tmp_path):
    migration = tmp_path / "0003_example.py"
    migration.write_text("def seed(apps, schema_editor):\n    from rules.seed import rows\n")
    assert "rules.seed" in imported_modules(migration)


def _rows(model, *fields):
    return sorted(model.objects.values_list(*fields))


def _changed(rows, changes, key):
    """The seed rows with the later frozen changes applied (each field's text "after")."""
    for row in rows:
        for name, texts in changes.get(str(row[key]), {}).items():
            assert row[name] == texts["before"], (row[key], name)
            row[name] = texts["after"]
    return rows


# Transactional: a live-server test that ran before may have emptied the tables, and
# `_seeded_content_again` (tests/conftest.py) gives back what the migrations wrote, which is what
# the test reads.
@pytest.mark.django_db(transaction=True)
def test_the_database_holds_exactly_the_frozen_seed():
    rules = json.loads(RULES_SEED.read_text(encoding="utf-8"))
    rulings = json.loads(REFEREE_SEED.read_text(encoding="utf-8"))
    for path in RULES_CHANGES:
        wording = json.loads(path.read_text(encoding="utf-8"))
        _changed(rules["rounds"], wording.get("rounds", {}), "number")
        _changed(rules["glossary"], wording.get("glossary", {}), "slug")
    for path in REFEREE_CHANGES:
        changes = json.loads(path.read_text(encoding="utf-8"))
        _changed(rulings, changes["rulings"], "key")
        for row in changes.get("examples", []):
            next(r for r in rulings if r["key"] == row["ruling"])["examples"].append(row)
    slugs = json.loads(REFEREE_CHANGES[0].read_text(encoding="utf-8"))["slugs"]
    assert _rows(Ruling, "key", "slug_de") == sorted(slugs.items())
    round_fields = (
        "number",
        "title_en",
        "title_de",
        "notes_en",
        "notes_de",
        "example",
        "indicator",
    )
    assert _rows(Round, *round_fields) == sorted(
        tuple(r[f] for f in round_fields) for r in rules["rounds"]
    )
    term_fields = ("slug", "term_en", "term_de", "definition_en", "definition_de", "section")
    assert _rows(GlossaryTerm, *term_fields) == sorted(
        tuple(g[f] for f in term_fields) for g in rules["glossary"]
    )
    ruling_fields = ("key", "order", "question_en", "question_de", "rules", "app_ruling_en")
    ruling_fields += ("app_ruling_de", "table_rule_en", "table_rule_de")
    assert _rows(Ruling, *ruling_fields) == sorted(
        tuple(r[f] for f in ruling_fields) for r in rulings
    )
    assert _rows(RulingExample, "ruling__key", "order", "kind", "tiles") == sorted(
        (r["key"], e["order"], e["kind"], e.get("tiles", ""))
        for r in rulings
        for e in r["examples"]
    )


@pytest.mark.django_db(transaction=True)
def test_the_seed_migrations_go_back_and_forth():
    counts = (Round.objects.count(), GlossaryTerm.objects.count(), Ruling.objects.count())
    call_command("migrate", "referee", "0001", verbosity=0)
    call_command("migrate", "rules", "0001", verbosity=0)
    assert (Round.objects.count(), GlossaryTerm.objects.count(), Ruling.objects.count()) == (
        0,
        0,
        0,
    )
    call_command("migrate", verbosity=0)
    assert (Round.objects.count(), GlossaryTerm.objects.count(), Ruling.objects.count()) == counts
    assert counts == (20, len(json.loads(RULES_SEED.read_text())["glossary"]), 9)
    # the languages reach their own columns through the historical models, too
    ruling = Ruling.objects.get(key="run-12-13-1")
    assert ruling.question_en == "Is 12-13-1 a valid run?"
    assert ruling.question_de == "Ist 12-13-1 eine gültige Reihe?"
    assert ruling.examples.count() == 3
