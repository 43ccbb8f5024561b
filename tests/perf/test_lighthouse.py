"""Lighthouse keeps best-practices, SEO and accessibility at 100 (issue 14) on every kind of page,
in both languages, served as production serves them (gunicorn, DEBUG off, whitenoise).

Lighthouse comes from npm (bench/npm/package-lock.json, installed there by `make test`);
Chromium from Debian. Private pages (game sheets, the offline page) are noindex on purpose, so
their SEO is not scored. The full set, with the offline store's size: bench/lighthouse.py.
"""

import os
import shutil

import pytest

from bench import lighthouse


@pytest.fixture(scope="module")
def scores(production_site):
    missing = [tool for tool in ("node", "npm") if not shutil.which(tool)]
    if not os.path.exists(lighthouse.CHROMIUM):
        missing.append("chromium")
    if missing:
        message = f"Lighthouse needs {', '.join(missing)}."
        if os.environ.get("CI"):
            pytest.fail(message + " CI must run it.")
        pytest.skip(message)
    return lighthouse.lighthouse(production_site, lighthouse.QUICK)


def test_every_page_type_scores_100_in_both_languages(scores):
    assert [(s.page, s.language) for s in scores] == lighthouse.QUICK
    assert {s.language for s in scores} == {"en", "de"}
    below = {s.path: {"scores": s.scores, "not passed": s.failed} for s in scores if not s.perfect}
    assert below == {}


def test_public_pages_are_scored_for_seo_and_private_ones_are_not(scores):
    for score in scores:
        public = lighthouse.PAGES[score.page][2]
        expected = {"best-practices", "accessibility"} | ({"seo"} if public else set())
        assert set(score.scores) == expected, score.path
