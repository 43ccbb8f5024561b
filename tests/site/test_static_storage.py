"""collectstatic ships our CSS and JavaScript minified, hashed and gzipped (kutsite/storage.py),
and other packages' files as they come."""

import gzip
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import override_settings


@pytest.fixture(scope="module")
def collected(tmp_path_factory):
    root = tmp_path_factory.mktemp("static")
    storages = {"staticfiles": {"BACKEND": "kutsite.storage.MinifiedStaticFilesStorage"}}
    with override_settings(STATIC_ROOT=root, STORAGES=storages):
        call_command("collectstatic", interactive=False, verbosity=0)
    return root


def hashed(root: Path, name: str) -> Path:
    stem, suffix = name.rsplit(".", 1)
    (found,) = [
        p
        for p in root.glob(f"{stem}.*.{suffix}")
        if re.fullmatch(r"[0-9a-f]{12}", p.name.split(".")[-2])
    ]
    return found


@pytest.mark.parametrize(
    "name", ["js/site.js", "js/picker.js", "css/site.css", "scoring/scoring.css"]
)
def test_our_css_and_javascript_ship_minified(collected, name):
    source = Path(finders.find(name)).read_text(encoding="utf-8")
    shipped = hashed(collected, name)
    text = shipped.read_text(encoding="utf-8")
    assert len(text) < len(source)
    assert "/*" not in text and "\n  " not in text  # no comments, no indentation
    # whitenoise compresses the minified file, not the source
    assert gzip.decompress(Path(f"{shipped}.gz").read_bytes()).decode() == text


def test_scripts_ship_with_short_local_names_and_their_globals_kept(collected):
    picker = hashed(collected, "js/picker.js").read_text(encoding="utf-8")
    assert "pickerTarget" in Path(finders.find("js/picker.js")).read_text(encoding="utf-8")
    assert "pickerTarget" not in picker
    # one script leaves the list of games on `window` for the other to read
    for name in ("games/mine.js", "games/my-games.js"):
        assert "window.kutGames" in hashed(collected, name).read_text(encoding="utf-8")


def test_other_packages_files_ship_as_they_come(collected):
    name = "django_htmx/htmx-2.min.js"
    assert hashed(collected, name).read_bytes() == Path(finders.find(name)).read_bytes()
