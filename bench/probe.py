"""In-process facts for the benchmark, under the same production settings as the server.

Run by `bench/run.py` with the server's environment (same database): creates the game sheet
that the benchmark reads, resolves every page's URL by its URL name (so translated path words
and new URL shapes need no edit here), counts database queries per page on a cold cache (a
real render) and on a warm one, and checks that the cached template loader is on. Then it
measures what each row costs in this process, in CPU and in function calls
(`cpu_per_request`). Prints JSON.
"""

from __future__ import annotations

import io
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kutsite.settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.core.cache import caches  # noqa: E402
from django.core.handlers.wsgi import WSGIHandler  # noqa: E402
from django.db import connection  # noqa: E402
from django.template import engines  # noqa: E402
from django.templatetags.static import static  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import NoReverseMatch, reverse  # noqa: E402
from django.utils import translation  # noqa: E402

from bench.run import BROWSER_HEADERS, FLOOR, UNIQUE  # noqa: E402
from kutsite import content  # noqa: E402

RULING = "run-12-13-1"

# (page type, candidate URL names, args, query string). The first name that resolves is used.
PAGES = [
    ("home", ["home"], [], ""),
    ("guide", ["rules:guide"], [], ""),
    ("a guide step", ["rules:step"], ["melds"], ""),
    ("rounds list", ["rules:rounds"], [], ""),
    ("a round", ["rules:round"], [7], ""),
    ("referee", ["referee:index"], [], ""),
    ("a ruling", ["referee:ruling"], [RULING], ""),
    ("meld check", ["referee:check"], [], "?tiles=r12+r13+r1&indicator=b8&round=3"),
    (
        "discard check",
        ["referee:discard"],
        [],
        "?table=b4+b5+b6%7Cr7+k7+b7&tile=b7&indicator=r3&rack=b7+r2+k9&pile=20",
    ),
    (
        "rack helper",
        ["referee:rack"],
        [],
        "?indicator=b8&round=3&rack=r5+r6+r7+k7+b7+y7+k9+k10+k11+b2+y12+y13+ok+r1",
    ),
    (
        "calculator result",
        ["scoring:calculator"],
        [],
        "?indicator=b8&round=3&name1=Ada&state1=finished&name2=Bo&state2=melded&rack2=r5+r6"
        "&name3=Cem&state3=not-melded&rack3=k13+ok+y2&name4=Dana&state4=melded&points4=12",
    ),
    ("share card", ["referee:card", "referee:share_card", "referee:ruling_card"], [RULING], ""),
    ("game sheet", ["games:view"], ["<game>"], ""),
    ("game sheet (edit)", ["games:sheet"], ["<game>"], ""),
    # No page: the health check passes the whole middleware stack and renders nothing, so its
    # row is the least a request through Django costs beside the static file.
    (FLOOR, ["health"], [], ""),
]


def make_game() -> dict[str, str]:
    """A game sheet with a few rounds recorded, through the games app's own services."""
    try:
        from games import services
    except ImportError:
        return {}
    try:
        game = services.create_game(["Ada", "Bo", "Cem", "Dana"], team=False)
    except Exception as exc:  # the games app is not ready (no migration yet)
        print(f"no game sheet: {exc!r}", file=sys.stderr)
        return {}
    scores = [(0, 35, 60, 12), (-40, 22, 70, 15), (18, 0, 44, 31), (9, 27, 0, 50)]
    for number, row in enumerate(scores, start=1):
        try:
            game.refresh_from_db()
            services.record_round(
                game, game.version, round_number=number, scores=row, query="", exhausted=False
            )
        except Exception:  # an API that changed: the sheet with fewer rounds still benchmarks
            break
    game.refresh_from_db()
    return {"games:view": game.view_secret, "games:sheet": game.edit_secret}


def resolve(names, args, query, secrets_, language):
    with translation.override(language):
        for name in names:
            real_args = [secrets_.get(name, "") if a == "<game>" else a for a in args]
            if "" in real_args:
                continue
            try:
                return name, reverse(name, args=real_args) + query
            except NoReverseMatch:
                continue
    return None, None


def count_queries(client: Client, url: str) -> tuple[int, int, int]:
    content.reset()  # nothing kept: the first request reads the content and renders
    caches["pages"].clear()
    with CaptureQueriesContext(connection) as cold:
        status = client.get(url).status_code
    with CaptureQueriesContext(connection) as warm:
        client.get(url)
    return status, len(cold), len(warm)


def cpu_per_request(rows: dict[str, tuple[str, str, bool]], batches=5, size=200) -> dict:
    """What each row costs in this process, through the whole WSGI stack (whitenoise and every
    middleware) but without a server, a network or wrk competing for the CPUs. `rows`: name →
    (path, query template, htmx). A template's `{t}` (a random tile) and `{n}` (a round) are
    drawn anew for every request, as wrk's Lua draws them, so a unique row never meets its own
    page in the page cache. Per row, after a warm-up:

    - `us`: CPU µs per request, the median over `batches` of `size` requests;
    - `calls`: Python and C function calls per request over one more batch of `size` (a
      profile hook counts them, so that batch is not timed). The queries come from a seeded
      random generator, so the same code gives the same count on any machine, however busy:
      the measure to compare two versions of the code by, where the times move by ±20 %.
    """
    app = WSGIHandler()
    rng = random.Random(11)

    def tile() -> str:
        return "ok" if rng.randrange(20) == 0 else f"{rng.choice('rkby')}{rng.randint(1, 13)}"

    def ask(path: str, query: str, fragment: bool) -> None:
        environ = {
            "REQUEST_METHOD": "GET",
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "80",
            "HTTP_HOST": "127.0.0.1",
            "wsgi.input": io.BytesIO(),
            "wsgi.url_scheme": "http",
            "wsgi.errors": sys.stderr,
        }
        for header, value in BROWSER_HEADERS.items():  # as wrk sends them
            environ[f"HTTP_{header.upper().replace('-', '_')}"] = value
        if fragment:
            environ["HTTP_HX_REQUEST"] = "true"
        statuses = []
        body = app(environ, lambda status, headers, exc_info=None: statuses.append(status))
        for _chunk in body:  # a file response is read, as a server would send it
            pass
        getattr(body, "close", lambda: None)()
        if not statuses[0].startswith("200"):
            raise RuntimeError(f"{path}?{query}: {statuses[0]}")

    def draw(template: str) -> str:
        query = template
        while "{t}" in query:
            query = query.replace("{t}", tile(), 1)
        return query.replace("{n}", str(rng.randint(1, 20)))

    calls = 0

    def count(_frame, event: str, _arg) -> None:
        nonlocal calls
        if event == "call" or event == "c_call":
            calls += 1

    costs = {}
    for name, (path, template, fragment) in rows.items():
        for _ in range(50):
            ask(path, draw(template), fragment)
        samples = []
        for _ in range(batches):
            queries = [draw(template) for _ in range(size)]
            started = time.process_time()
            for query in queries:
                ask(path, query, fragment)
            samples.append((time.process_time() - started) / size * 1e6)
        queries = [draw(template) for _ in range(size)]
        calls = 0
        sys.setprofile(count)
        try:
            for query in queries:
                ask(path, query, fragment)
        finally:
            sys.setprofile(None)
        costs[name] = {"us": round(statistics.median(samples), 1), "calls": round(calls / size)}
    return costs


def in_process_rows(pages: list[dict], language: str) -> dict[str, tuple[str, str, bool]]:
    """The static file, every page at its URL, and the unique-query rows of `bench/run.py`."""
    rows = {"static file": (static("css/site.css"), "", False)}
    by_page = {}
    for entry in pages:
        url = entry.get(f"url_{language}")
        if url:
            path, _, query = url.partition("?")
            rows[entry["page"]] = (path, query, False)
            by_page[entry["page"]] = path
    for name, page, query, fragment in UNIQUE:
        if page in by_page:
            rows[name] = (by_page[page], query, fragment)
    return rows


def main() -> None:
    measured = sys.argv[sys.argv.index("--language") + 1] if "--language" in sys.argv else "en"
    secrets_ = make_game()
    client = Client(SERVER_NAME="127.0.0.1", raise_request_exception=False)
    pages = []
    for label, names, args, query in PAGES:
        entry = {"page": label}
        for language in ("en", "de"):
            name, url = resolve(names, args, query, secrets_, language)
            entry[f"url_{language}"] = url
            entry["name"] = name
            if url:
                status, cold, warm = count_queries(client, url)
                entry[f"status_{language}"] = status
                entry[f"queries_cold_{language}"] = cold
                entry[f"queries_warm_{language}"] = warm
        pages.append(entry)
    loaders = engines["django"].engine.template_loaders
    facts = {
        "debug": settings.DEBUG,
        "template_loaders": [f"{type(x).__module__}.{type(x).__name__}" for x in loaders],
        "cached_loader": any(
            type(x).__name__ == "Loader" and "cached" in type(x).__module__ for x in loaders
        ),
        "static_storage": settings.STORAGES["staticfiles"]["BACKEND"],
        "pages": pages,
    }
    if "--no-cpu" not in sys.argv:
        with translation.override(measured):
            facts["in_process"] = cpu_per_request(in_process_rows(pages, measured))
    json.dump(facts, sys.stdout)


if __name__ == "__main__":
    main()
