"""When the database fails — away, stalled, corrupt, any error class — the rules keep answering,
pages that need the database answer the branded 503 in the page's language, and everything
recovers as soon as the database is back, under continuous traffic.

Two layers:
- in process: the database fails for the test's connection (`connection.execute_wrapper`, the
  public hook for that), in every way a driver can report it;
- end to end: gunicorn with production settings, its SQLite file taken away, corrupted or
  locked by another process while requests keep coming (bench/outage.py).
"""

import re
import time

import pytest
from django.db import DatabaseError, InterfaceError, OperationalError, connection
from django.test import Client

from bench.outage import SqliteOutage, Traffic, seconds_until_all_ok
from bench.server import ProductionSite
from games import services
from kutsite import content
from rules.models import Round

CONTENT = [
    "/en/",
    "/de/anleitung/",
    "/en/rounds/",
    "/de/runden/7/",
    "/en/glossary/",
    "/de/schiedsrichter/",
    "/en/referee/run-12-13-1/",
    "/de/schiedsrichter/okey-nehmen/",
]
ANSWERS = [
    "/en/referee/check/?tiles=r12+r13+r1&indicator=b8&round=3",
    "/de/schiedsrichter/abwurf/?table=b4+b5+b6&tile=b7&indicator=r3",
    "/en/calculator/?indicator=b8&round=3&state1=finished&state2=melded&points2=12",
]


def assert_branded_503(status: int, headers, body: str, language: str):
    headers = {k.lower(): v for k, v in headers.items()}
    assert status == 503
    assert int(headers["retry-after"]) > 0
    assert f'<html lang="{language}">' in body
    assert 'data-unavailable="database"' in body
    assert "Traceback" not in body
    assert ("kurze Pause" if language == "de" else "short break") in body
    assert "no-store" in headers["cache-control"]


def failing(error):
    def wrapper(execute, sql, params, many, context):
        raise error

    return wrapper


# --- in process -------------------------------------------------------------------------------


@pytest.fixture
def visitor(db):
    client = Client(raise_request_exception=False)
    for path in CONTENT + ANSWERS:  # the content is read once, as a server does at start
        assert client.get(path).status_code == 200, path
    return client


ERRORS = [
    OperationalError("connection refused"),
    InterfaceError("connection already closed"),
    DatabaseError("file is not a database"),
    OperationalError("canceling statement due to statement timeout"),
]


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: str(e))
def test_while_the_database_fails_the_rules_answer_and_game_sheets_say_why(visitor, error):
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    with connection.execute_wrapper(failing(error)):
        for path in CONTENT + ANSWERS:
            response = visitor.get(path)
            assert response.status_code == 200, (path, response.status_code)
        for path, language in [
            (f"/de/spiele/ansehen/{game.view_secret}/", "de"),
            (f"/en/games/{game.edit_secret}/", "en"),
        ]:
            response = visitor.get(path)
            assert_branded_503(
                response.status_code, response.headers, response.content.decode(), language
            )
            fragment = visitor.get(path, headers={"HX-Request": "true"})
            assert fragment.status_code == 503
    # Back: the very next request is served, no pause, no breaker to wait out.
    assert visitor.get(f"/en/games/{game.edit_secret}/").status_code == 200


def test_content_edited_while_others_were_kept_shows_when_the_database_returns(visitor):
    with connection.execute_wrapper(failing(OperationalError("gone"))):
        assert visitor.get("/en/rounds/").status_code == 200
    second = Round.objects.get(number=2)
    second.title_en = "The second round, edited after the outage"
    second.save()  # a new content version
    assert second.title_en in visitor.get("/en/rounds/").content.decode()


# --- end to end -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def site():
    """Production settings; a connection per request, so a vanished file is noticed."""
    env = {"CONN_MAX_AGE": "0", "DB_TIMEOUT": "2", "CONTENT_VERSION_POLL": "1"}
    with ProductionSite(workers=2, env=env) as site:
        site.prepare()
        secrets_ = (
            site.python(
                "from games import services\n"
                "g = services.create_game(['Ana', 'Ben', 'Cem', 'Dila'], team=False)\n"
                "print('secrets:', g.view_secret, g.edit_secret)"
            )
            .split("secrets:")[1]
            .split()
        )
        site.start()
        site.view_path = f"/de/spiele/ansehen/{secrets_[0]}/"
        site.edit_path = f"/en/games/{secrets_[1]}/"
        site.outage = SqliteOutage(site.workdir / "db.sqlite3")
        yield site


HOST = {"Host": "localhost"}


def test_the_database_goes_away_under_traffic_and_everything_recovers(site):
    paths = [*CONTENT, *ANSWERS, site.view_path, site.edit_path]
    with Traffic(site, paths, rate=12) as traffic:
        time.sleep(2)
        site.outage.away()
        down = time.monotonic()
        time.sleep(6)
        view = site.get(site.view_path, HOST)
        assert_branded_503(view.status, view.headers, view.body.decode(), "de")
        site.outage.back()
        up = time.monotonic()
        recovered = seconds_until_all_ok(traffic, up, limit=60)
    during = traffic.between(down + 1, up)
    assert during, "no traffic during the outage"
    for hit in during:
        if hit.path in (site.view_path, site.edit_path):
            assert hit.status == 503, hit
        else:
            assert hit.status == 200, hit
    assert recovered is not None, "still failing a minute after the database came back"
    assert "Internal Server Error" not in site.log()


def test_a_corrupt_database_file_gets_the_503_and_recovers(site):
    site.outage.corrupt()
    try:
        view = site.get(site.view_path, HOST)
        rules = site.get("/en/rounds/4/", HOST)
    finally:
        site.outage.back()
    assert_branded_503(view.status, view.headers, view.body.decode(), "de")
    assert rules.status == 200
    assert site.get(site.view_path, HOST).status == 200


def test_a_held_write_lock_blocks_no_reader_and_a_writer_gets_the_503(site):
    new_game = "/en/games/new/"
    form = site.get(new_game, HOST)
    cookie = form.headers["set-cookie"].split(";")[0]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.body.decode())[1]
    body = "&".join(
        [
            f"csrfmiddlewaretoken={token}",
            "player1=A",
            "player2=B",
            "player3=C",
            "player4=D",
            "table=solo",
        ]
    ).encode()
    with site.outage.write_lock():
        # Readers are never blocked (write-ahead log): 200 at once, not the 503 after the wait.
        assert site.get("/en/guide/", HOST).status == 200
        assert site.get(site.view_path, HOST).status == 200
        written = site.get(
            new_game,
            {
                **HOST,
                "Cookie": cookie,
                "Content-Type": "application/x-www-form-urlencoded",
                "Origin": "http://localhost",
            },
            method="POST",
            body=body,
        )
    assert_branded_503(written.status, written.headers, written.body.decode(), "en")


def test_workers_started_while_the_database_is_away_still_serve_the_rules(site):
    """gunicorn starts a worker whenever one dies; a worker started during an outage cannot
    read the content, so it serves what the master read when it started (preload_app)."""
    site.outage.away()
    try:
        site.replace_workers()
        answers = {path: site.get(path, HOST).status for path in [*CONTENT, *ANSWERS]}
        view = site.get(site.view_path, HOST)
    finally:
        site.outage.back()
    assert answers == dict.fromkeys(answers, 200)
    assert_branded_503(view.status, view.headers, view.body.decode(), "de")
    assert site.get(site.view_path, HOST).status == 200


def test_the_master_hands_its_workers_no_database_connection(site):
    """What the master opened to read the content must not be shared by its forked workers."""
    opened = site.python(
        "import kutsite.wsgi\n"
        "from django.db import connections\n"
        "print('open:', [c.alias for c in connections.all() if c.connection is not None])"
    )
    assert "open: []" in opened


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "language"), [("/de/spiele/neu/", "de"), ("/en/games/new/", "en")]
)
def test_a_body_django_cannot_read_is_the_visitors_400_not_our_500(path, language):
    client = Client(raise_request_exception=False)
    response = client.generic(
        "POST",
        path,
        b"--x\r\nbroken",
        content_type="multipart/form-data",  # no boundary
    )
    assert response.status_code == 400
    body = response.content.decode()
    assert f'<html lang="{language}">' in body and "Traceback" not in body


@pytest.mark.django_db
def test_a_worker_that_had_no_visitor_yet_serves_the_rules_from_what_it_read_at_start():
    content.reset()
    content.warm()  # what kutsite/wsgi.py does when a worker starts
    client = Client(raise_request_exception=False)
    with connection.execute_wrapper(failing(OperationalError("gone before the first visitor"))):
        for path in CONTENT:  # German pages link rulings by their German slugs, too
            assert client.get(path).status_code == 200, path
