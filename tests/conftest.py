import os
import shutil
from types import SimpleNamespace

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


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts in the default language and leaves no other behind: a request to a /de/
    page activates German for the thread, which the next test would otherwise inherit."""
    from django.conf import settings
    from django.utils import translation

    with translation.override(settings.LANGUAGE_CODE):
        yield


# Fixtures through which a test reaches the test database.
DATABASE_FIXTURES = {"db", "transactional_db", "live_server", "django_db_reset_sequences"}


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests",
        action="store_true",
        help="run only the tests that touch the database (`make test-postgres` runs them again "
        "on PostgreSQL)",
    )


def touches_database(item) -> bool:
    fixtures = set(getattr(item, "fixturenames", ()))
    return item.get_closest_marker("django_db") is not None or bool(fixtures & DATABASE_FIXTURES)


@pytest.fixture(scope="session", autouse=True)
def _the_expected_database(request):
    """`make test-postgres` says which database it started; running on another (a settings
    mistake falling back to SQLite) must fail, not pass quietly."""
    expected = os.environ.get("KUT_EXPECT_DATABASE")
    if expected:
        from django.db import connection

        assert connection.vendor == expected, (connection.vendor, expected)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Mark every test on a live server (or with `transactional_db`) as transactional, so that
    the ordering below and `_seeded_content_again` know it empties the tables when it ends."""
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if "live_server" in fixtures or "transactional_db" in fixtures:
            item.add_marker(pytest.mark.django_db(transaction=True), append=False)


def transactional(item) -> bool:
    marker = item.get_closest_marker("django_db")
    return marker is not None and bool(
        marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences")
    )


class DatabaseOrder:
    """Runs after every other reordering (pytest groups the tests of a session-scoped
    parameter such as Playwright's browser together, which pulled live-server tests in front
    of ordinary database tests): a transactional test empties the tables when it ends, so
    every ordinary database test, which relies on the seeded content being there, runs before
    all of them — as Django orders its own tests. With `--database-tests`, only the tests that
    touch the database run."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config, items):
        if config.getoption("--database-tests"):
            config.hook.pytest_deselected(items=[i for i in items if not touches_database(i)])
            items[:] = [item for item in items if touches_database(item)]
        items.sort(key=transactional)  # stable: otherwise the order stays as it was


def pytest_configure(config):
    config.pluginmanager.register(DatabaseOrder(), "kut-database-order")


# What the data migrations seed, in an order that loads (an example after its ruling).
SEEDED_MODELS = (
    "rules.Round",
    "rules.GlossaryTerm",
    "referee.Ruling",
    "referee.RulingExample",
)


@pytest.fixture(scope="session")
def _seeded_content(django_db_setup, django_db_blocker) -> str:
    """The seeded content as the test database holds it after migrating, read once."""
    from django.apps import apps
    from django.core import serializers

    with django_db_blocker.unblock():
        rows = [row for label in SEEDED_MODELS for row in apps.get_model(label).objects.all()]
        return serializers.serialize("json", rows)


@pytest.fixture(autouse=True)
def _seeded_content_again(request):
    """Give every transactional test the seeded content back.

    A transactional test (a live server, `transactional_db`) empties every table when it ends,
    which would take the rounds, rulings and glossary away from every such test after it. Each
    one starts by loading them again, through Django's public serializers (serialized rollback
    keeps its copy on the connection object, and Playwright's sync API gives a later test a
    fresh connection without it).
    """
    if not transactional(request.node):
        return
    from django.core import serializers
    from django.db import transaction

    seeded = request.getfixturevalue("_seeded_content")  # read before any test empties them
    request.getfixturevalue("transactional_db")
    with transaction.atomic():
        for row in serializers.deserialize("json", seeded):
            row.save()


@pytest.fixture(autouse=True)
def _fresh_content_memory():
    """Each test starts with nothing kept from the content: an edit that a test made and that
    was rolled back must not live on in a process's memory or page cache. Within a test the
    version changes only by the edits' signals; tests of the database poll set their own.
    Every cache starts empty too (share cards, rate limits)."""
    from django.core.cache import caches
    from django.test import override_settings

    from kutsite import content

    content.reset()
    for cache in caches.all():
        cache.clear()
    with override_settings(CONTENT_VERSION_POLL=float("inf")):
        yield
    content.reset()


@pytest.fixture
def steady_clock(monkeypatch):
    """Rate limits count in fixed windows of the clock (kutsite/ratelimit.py): a test that
    counts several requests must not see a window end between two of them (a 15-minute window
    ends every quarter hour, and an admin login takes a second on a slow machine). The limiter's
    clock stands at the start of a window of every length the tests use."""
    from kutsite import ratelimit

    start = 1_800_000_000  # a multiple of 900 and of 3,600
    monkeypatch.setattr(ratelimit, "time", SimpleNamespace(time=lambda: start))
    return start


@pytest.fixture
def engine_change(monkeypatch):
    """Change engine rules for one test: `engine_change((target, value), …)`. What the site
    worked out from the rules once per language and process is forgotten before and after, so
    pages draw it anew: the rule numbers, the rule badges (named by their rule: "Fewer than two
    …") and the verdict headlines that hold them, and the kept pages and fragments."""
    from django.core.cache import caches

    from kutsite.templatetags import components
    from rules.reasons import numbers_in

    def forget():
        numbers_in.cache_clear()
        components._rule_badge.cache_clear()
        components._headline.cache_clear()
        caches["pages"].clear()
        caches["template_fragments"].clear()

    def change(*patches):
        for target, value in patches:
            monkeypatch.setattr(target, value)
        forget()

    forget()
    yield change
    forget()
