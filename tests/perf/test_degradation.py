"""With the database unreachable: cached rules pages still answer, the rest a branded 503, fast.

Two layers:
- end to end: gunicorn with production settings serves and caches the rules pages; then a new
  server process starts on the same host with its database pointed at PostgreSQL on a closed
  loopback port (connection refused). Its own memory is empty, so the pages it still serves
  come from the host-wide last-good copies; everything else is the German or English 503.
- in process: the database refuses connections mid-life (the connect call raises, as psycopg
  does for a refused port); the last cached copy answers, the breaker makes the next attempts
  immediate, and pages that never needed the database don't notice.
"""

import socket
import time
from unittest import mock

import pytest
from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.utils import OperationalError

from bench.server import ProductionSite, closed_port
from kutsite import caching, db_fallback

SPEC_SECONDS = 1.0  # the "within a second"
# Both servers answer as one site: the same host name, whatever loopback port each got.
SITE = {"Host": "localhost"}
# Rules pages built from database rows, read once before the outage.
CACHED = ["/de/runden/", "/en/rounds/", "/de/schiedsrichter/", "/en/referee/group-size/"]
NEVER_VISITED = ["/de/runden/7/", "/en/rounds/11/", "/de/schiedsrichter/take-the-okey/"]


def assert_branded_503(reply_status, headers, body: str, language: str):
    assert reply_status == 503
    assert headers.get("retry-after", headers.get("Retry-After"))
    assert f'<html lang="{language}">' in body
    assert 'data-unavailable="database"' in body
    assert "Traceback" not in body and "OperationalError" not in body
    expected = "Küt macht gerade eine kurze Pause" if language == "de" else "short break"
    assert expected in body


@pytest.fixture(scope="module")
def outage(production_site):
    """A second server on the same host whose database is a closed port."""
    for path in CACHED:
        assert production_site.get(path, SITE).status == 200
    database = f"postgres://kut:kut@127.0.0.1:{closed_port()}/kut"
    with ProductionSite(production_site.workdir, workers=1, env={"DATABASE_URL": database}) as b:
        b.start()
        yield b


@pytest.mark.parametrize("path", CACHED)
def test_cached_rules_pages_still_answer(outage, path):
    reply = outage.get(path, SITE)
    assert reply.status == 200, reply.body[:500]
    assert reply.header("x-cache") == "stale"
    assert reply.seconds < SPEC_SECONDS
    assert reply.header("content-security-policy")
    language = "de" if path.startswith("/de/") else "en"
    assert f'<html lang="{language}">' in reply.body.decode()


@pytest.mark.parametrize("path", NEVER_VISITED)
def test_pages_that_need_the_database_answer_a_branded_503_in_the_visitors_language(outage, path):
    started = time.monotonic()
    reply = outage.get(path, SITE)
    elapsed = time.monotonic() - started
    language = "de" if path.startswith("/de/") else "en"
    assert_branded_503(reply.status, reply.headers, reply.body.decode(), language)
    assert reply.header("cache-control") == "no-store"
    assert elapsed < SPEC_SECONDS


def test_htmx_requests_and_posts_get_the_503_too(outage):
    fragment = outage.get("/de/runden/9/", {**SITE, "HX-Request": "true"})
    assert fragment.status == 503
    posted = outage.get(
        "/de/spiele/neu/",
        {**SITE, "Content-Type": "application/x-www-form-urlencoded"},
        method="POST",
        body=b"player1=A&player2=B&player3=C&player4=D",
    )
    assert posted.status in {403, 503}  # CSRF refuses first without a token; never a 500


def test_no_page_type_gives_a_500_or_hangs_during_the_outage(outage):
    paths = [
        "/",
        "/en/",
        "/de/anleitung/",
        "/de/",
        "/en/glossary/",
        "/en/referee/check/?tiles=r1+r2+r3&indicator=b8",
        "/en/referee/discard/?table=b4+b5+b6&tile=b7&indicator=r3",
        "/de/rechner/?indicator=b8&round=1&state1=finished",
        "/en/referee/run-12-13-1/card.png",
        "/en/games/view/" + "x" * 32 + "/",
        "/sitemap.xml",
        "/robots.txt",
    ]
    for path in paths:
        reply = outage.get(path, SITE)
        assert reply.status < 500 or reply.status == 503, (path, reply.status)
        assert b"Traceback" not in reply.body, path
        assert reply.seconds < SPEC_SECONDS, (path, reply.seconds)
    assert "Traceback" not in outage.log()


def test_a_database_that_never_answers_costs_one_timeout_then_nothing(production_site):
    """A silent database (the port accepts, nobody answers): the worst case for a hang.

    The first visitor waits for the connect timeout (2 s, libpq's floor) and gets the 503; the
    circuit breaker then answers the next visitors at once instead of waiting again.
    """
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(64)  # the kernel completes the handshake; nobody ever reads or answers
        database = f"postgres://kut:kut@127.0.0.1:{silent.getsockname()[1]}/kut"
        env = {"DATABASE_URL": database, "DB_RETRY_AFTER": "30"}
        with ProductionSite(production_site.workdir, workers=1, env=env) as site:
            site.start()
            first = site.get("/de/runden/12/", SITE, timeout=30)
            assert first.status == 503
            assert first.seconds < 10  # bounded by the connect timeout: never a hang
            for path in ["/de/runden/13/", "/en/rounds/14/", "/de/schiedsrichter/discard-okey/"]:
                reply = site.get(path, SITE)
                language = "de" if path.startswith("/de/") else "en"
                assert_branded_503(reply.status, reply.headers, reply.body.decode(), language)
                assert reply.seconds < SPEC_SECONDS, (path, reply.seconds)


# --- in process -------------------------------------------------------------------------------


@pytest.fixture
def database_down():
    """Call it to make every query fail at once, as a refused connection does.

    (The failure is injected where Django opens or reuses a connection, `ensure_connection`,
    so it holds whether or not the test's connection is already open.)
    """
    patches = []

    def start():
        refused = OperationalError('connection to "127.0.0.1" failed: Connection refused')
        patcher = mock.patch.object(BaseDatabaseWrapper, "ensure_connection", side_effect=refused)
        patches.append(patcher)
        return patcher.start()

    db_fallback.reset()
    yield start
    for patcher in patches:
        patcher.stop()
    db_fallback.reset()


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_last_cached_copy_answers_when_the_database_is_down(
    client, isolated_cache, database_down
):
    first = client.get("/de/runden/")
    assert first.status_code == 200 and first["X-Cache"] == "miss"
    database_down()

    caching.bump_content_version()  # an edit elsewhere: the current copy no longer matches
    stale = client.get("/de/runden/")
    assert stale.status_code == 200
    assert stale["X-Cache"] == "stale"
    assert stale.content == first.content
    assert db_fallback.is_open()

    unavailable = client.get("/de/runden/7/", headers={"HX-Request": "true"})
    assert_branded_503(
        unavailable.status_code, unavailable.headers, unavailable.content.decode(), "de"
    )
    english = client.get("/en/rounds/7/")
    assert_branded_503(english.status_code, english.headers, english.content.decode(), "en")

    home = client.get("/en/")  # needs no database
    assert home.status_code == 200


def test_while_the_breaker_is_open_new_connections_fail_at_once():
    db_fallback.reset()
    fresh = connections.create_connection("default")  # not connected yet
    try:
        db_fallback.trip(OperationalError("timed out"))
        only_fresh = mock.patch.object(type(connections), "all", return_value=[fresh])
        with only_fresh, db_fallback.fail_fast(), pytest.raises(OperationalError, match="circuit"):
            fresh.connect()
        assert "connect" not in vars(fresh)  # restored after the request
        db_fallback.reset()
        with (
            mock.patch.object(type(connections), "all", return_value=[fresh]),
            db_fallback.fail_fast(),
        ):
            assert "connect" not in vars(fresh)  # closed breaker: nothing patched
    finally:
        db_fallback.reset()
        fresh.close()


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_after_the_pause_the_site_tries_the_database_again(client, isolated_cache, settings):
    settings.DB_RETRY_AFTER = 0
    db_fallback.trip(OperationalError("gone"))
    assert client.get("/en/rounds/7/").status_code == 200  # the pause is over: it reconnects


def test_the_503_page_renders_without_a_database(rf):
    request = rf.get("/de/runden/7/")
    with mock.patch.object(BaseDatabaseWrapper, "connect", side_effect=AssertionError("no DB")):
        response = db_fallback.unavailable_response(request)
    body = response.content.decode()
    assert_branded_503(response.status_code, response.headers, body, "de")
    assert response["Content-Language"] == "de"


def test_database_errors_are_recognised_through_their_chain():
    try:
        try:
            raise OperationalError("refused")
        except OperationalError as exc:
            raise RuntimeError("wrapped") from exc
    except RuntimeError as outer:
        assert db_fallback.is_database_error(outer)
    assert not db_fallback.is_database_error(ValueError("x"))
