import os
import shutil

import pytest

# pytest-django's live_server runs beside Playwright's sync API, which holds an event loop.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's Chromium: Playwright cannot download its own browser on these machines."""
    if not os.path.exists(CHROMIUM):
        message = "Chromium is not installed (apt-get install chromium)."
        if os.environ.get("CI"):
            pytest.fail(message + " CI must run the browser tests.")
        pytest.skip(message)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Give every transactional test the seeded content back.

    Tests on a live server (or with `transactional_db`) empty every table when they end, which
    would take the content that data migrations seed (rounds, rulings, glossary) away from every
    transactional test after them. Serialized rollback restores it at the start of each one.
    """
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if "live_server" in fixtures or "transactional_db" in fixtures:
            item.add_marker(
                pytest.mark.django_db(transaction=True, serialized_rollback=True), append=False
            )


@pytest.fixture(scope="session", autouse=True)
def _serialized_content_on_every_connection(django_db_setup, django_db_blocker):
    """Let serialized rollback find the seeded content from whichever connection it gets.

    Django keeps the serialized content on the connection object that created the test
    database. Playwright's sync API switches the async context, and Django's connections are
    per context, so a test after a browser test gets a fresh connection object without it — and
    Django then silently restores nothing. Keeping it on the class reaches every connection.
    """
    from django.db import connections

    for connection in connections.all():
        contents = connection.__dict__.get("_test_serialized_contents")
        if contents:
            type(connection)._test_serialized_contents = contents


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    """Every test starts with no requests counted against the rate limits (kutsite/ratelimit.py
    counts in the `default` cache, which outlives a test)."""
    from django.core.cache import caches

    caches["default"].clear()
