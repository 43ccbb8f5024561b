from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import override_settings

from kutsite.storage import MINIFIERS, minified, ours
from referee.models import Ruling
from rules.models import GlossaryTerm, Round
from tests.browser.helpers import LOCALES

WCAG_22_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]}}


@pytest.fixture(scope="session")
def shipped_static(tmp_path_factory) -> Path:
    """Our CSS and JavaScript as production ships them (kutsite/storage.py): minified, the
    scripts with short local names. The live server serves the sources through the static
    finders; these copies are what Chromium should run."""
    root = tmp_path_factory.mktemp("shipped")
    for finder in finders.get_finders():
        for name, storage in finder.list([]):
            if Path(name).suffix in MINIFIERS and ours(storage.path(name)):
                shipped = root / name
                shipped.parent.mkdir(parents=True, exist_ok=True)
                with storage.open(name) as source:
                    text = minified(name, source.read().decode("utf-8"))
                shipped.write_text(text, encoding="utf-8")
    return root


@pytest.fixture(autouse=True)
def _ship_static(shipped_static):
    """Every browser test gets the shipped copies: their folder is the first the finders search
    (the service worker, served from the root, is minified by its view)."""
    with override_settings(STATICFILES_DIRS=[shipped_static, *settings.STATICFILES_DIRS]):
        yield


@pytest.fixture
def content(transactional_db):
    """live_server's database is flushed between tests; `_seeded_content_again` (tests/conftest.py)
    brings back what the data migrations seeded."""
    assert Ruling.objects.count() == 9 and Round.objects.count() == 20
    assert GlossaryTerm.objects.exists()


@pytest.fixture(scope="session")
def axe():
    return Axe()


@pytest.fixture
def assert_accessible(axe):
    """Run axe on the page as it is now; fail with axe's report on any WCAG 2.2 AA violation."""

    def check(page):
        results = axe.run(page, options=WCAG_22_AA)
        assert results.violations_count == 0, results.generate_report()

    return check


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "en-GB"}


@pytest.fixture
def phone_screen():
    """The screen `phone` opens pages on: the narrowest phone the site is built for. A test
    module that needs another one overrides this fixture."""
    return {"width": 360, "height": 640}


@pytest.fixture
def phone(browser, phone_screen):
    """`phone("de", **options)`: a page in its own Chromium context (its own cookies and
    storage) whose browser prefers that language, on `phone_screen`; closed after the test.
    `page.context` is the context, e.g. to take the network away."""
    contexts = []

    def open_phone(language, **options):
        locale = LOCALES.get(language, language)
        context = browser.new_context(locale=locale, viewport=phone_screen, **options)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()
