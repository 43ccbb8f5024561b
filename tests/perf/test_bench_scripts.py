"""The benchmark measures what browsers ask: its new-query requests carry a browser's headers."""

import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

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
