"""The benchmark measures what browsers ask: its new-query requests carry a browser's headers,
and the in-process probe asks each row anew and only counts answers that succeeded."""

import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.core.cache import caches
from django.core.signals import request_finished, request_started
from django.db import close_old_connections

from bench.probe import cpu_per_request
from bench.run import BROWSER_HEADERS, UNIQUE, ensure_wrk, unique_script
from bench.server import HOST


class Recorder(BaseHTTPRequestHandler):
    seen: list[tuple[str, dict[str, str]]] = []

    def do_GET(self):
        Recorder.seen.append((self.path, dict(self.headers)))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.mark.parametrize("fragment", [False, True])
def test_new_query_requests_send_a_browsers_headers(fragment):
    Recorder.seen = []
    server = ThreadingHTTPServer((HOST, 0), Recorder)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        name, _page, query, _fragment = next(u for u in UNIQUE if u[3] == fragment)
        command = [
            ensure_wrk(),
            "-t1",
            "-c1",
            "-d1s",
            "-s",
            str(unique_script("/x/", query, fragment)),
        ]
        for header, value in BROWSER_HEADERS.items():
            command += ["-H", f"{header}: {value}"]
        subprocess.run([*command, f"http://{HOST}:{server.server_port}/x/"], check=True, timeout=30)
    finally:
        server.shutdown()
    assert len(Recorder.seen) > 10, name
    paths = {path for path, _headers in Recorder.seen}
    assert len(paths) > len(Recorder.seen) // 2  # a new query (nearly) every time
    for _path, headers in Recorder.seen:
        assert headers.get("Accept-Encoding") == BROWSER_HEADERS["Accept-Encoding"]
        assert headers.get("Accept-Language") == BROWSER_HEADERS["Accept-Language"]
        assert (headers.get("HX-Request") == "true") == fragment


@pytest.fixture
def connections_kept_open():
    """The probe calls the WSGI handler as a server would, which closes the database connection
    after each request; the test database must stay open (Django's test client does the same)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.mark.django_db
def test_the_in_process_probe_asks_each_row_with_new_queries_and_refuses_a_failing_row(
    connections_kept_open, monkeypatch
):
    store = caches["pages"]
    store.clear()
    kept = []
    keep = store.set
    monkeypatch.setattr(
        store, "set", lambda key, *args, **kw: kept.append(key) or keep(key, *args, **kw)
    )
    path = "/en/referee/check/"
    costs = cpu_per_request(
        {
            "floor": ("/healthz", "", False),
            "page": (path, "tiles={t}+{t}+{t}&indicator={t}", False),
        },
        batches=2,
        size=5,
    )
    assert costs["page"]["us"] > 0
    # every call through Django is counted: a checker page makes several times the floor's
    assert costs["floor"]["calls"] > 200
    assert costs["page"]["calls"] > 3 * costs["floor"]["calls"]
    # 50 warm-up requests, 10 timed and 5 counted, nearly all a new page that the cache keeps
    pages = [key for key in kept if "cache_page" in key]
    assert len(set(pages)) >= 60
    with pytest.raises(RuntimeError, match="404"):
        cpu_per_request({"gone": ("/en/no-such-page/", "", False)}, batches=1, size=1)
