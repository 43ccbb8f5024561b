"""Dependencies that can be seen: every import of the project's own code is at the top of its
module, and the apps depend on each other in one direction only.

    rules.engine  ←  rules (with kutsite.tiles)  ←  referee, scoring  ←  games  ←  kutsite.urls

An import hidden in a function would keep a cycle working by accident; here a cycle fails at
import time, where it is found.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OWN = ("kutsite", "rules", "referee", "scoring", "games")
# What each app must never import (directly, at any level of a module).
FORBIDDEN = {
    "rules": {"referee", "scoring", "games"},
    "referee": {"scoring", "games"},
    "scoring": {"referee", "games"},
}


def modules():
    for package in OWN:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def imports(path: Path):
    """(module, inside a function?) for every import of the project's own code in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nested = {
        id(node)
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(function)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        for name in names:
            if name.split(".")[0] in OWN:
                yield name, id(node) in nested


def test_the_modules_are_found():
    found = {p.relative_to(ROOT).as_posix() for p in modules()}
    assert {"rules/guide.py", "scoring/forms.py", "games/presenters.py"} <= found


@pytest.mark.parametrize("path", list(modules()), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_own_code_is_imported_at_the_top(path):
    hidden = [name for name, in_function in imports(path) if in_function]
    if path.name == "apps.py":
        hidden = [n for n in hidden if n != "kutsite"]  # AppConfig.ready() connects signals
    assert hidden == [], f"{path.relative_to(ROOT)} imports inside a function: {hidden}"


@pytest.mark.parametrize("app", sorted(FORBIDDEN))
def test_apps_depend_in_one_direction(app):
    for path in (ROOT / app).rglob("*.py"):
        if "migrations" in path.parts:
            continue
        for name, _ in imports(path):
            assert name.split(".")[0] not in FORBIDDEN[app], f"{path.relative_to(ROOT)}: {name}"


def test_the_checks_see_a_hidden_import(tmp_path):
    module = tmp_path / "example.py"
    module.write_text("def f():\n    from scoring.forms import calculator_url\n")
    assert list(imports(module)) == [("scoring.forms", True)]
