"""Take a production instance's SQLite database away, corrupt it or lock it, and bring it back;
and keep a steady stream of requests going meanwhile. Used by `bench/run.py --outage` and the
outage tests (tests/perf/test_outages.py).

The server must open a connection per request (`CONN_MAX_AGE=0`) for a vanished file to be
noticed: an open SQLite connection keeps reading the file it opened, whatever its name now.
"""

from __future__ import annotations

import shutil
import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from bench.server import ProductionSite

SUFFIXES = ("", "-wal", "-shm")


class SqliteOutage:
    def __init__(self, database: Path):
        self.database = database

    def _files(self) -> list[Path]:
        return [self.database.with_name(self.database.name + s) for s in SUFFIXES]

    def _move_away(self) -> None:
        with sqlite3.connect(self.database) as db:  # everything into the main file first
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        for path in self._files():
            if path.exists():
                path.rename(path.with_name(path.name + ".away"))

    def away(self) -> None:
        """The file is gone and its path cannot be opened: every new connection fails."""
        self._move_away()
        self.database.mkdir()

    def corrupt(self) -> None:
        """Not a database any more: SQLite's 'file is not a database', not an OperationalError."""
        self._move_away()
        self.database.write_bytes(b"this is not a database " * 200)

    def back(self) -> None:
        if self.database.is_dir():
            shutil.rmtree(self.database)
        else:
            self.database.unlink(missing_ok=True)
        for path in self._files():
            away = path.with_name(path.name + ".away")
            if away.exists():
                away.rename(path)

    @contextmanager
    def write_lock(self):
        """Hold the database's write lock, as a long transaction elsewhere would."""
        db = sqlite3.connect(self.database, isolation_level=None, timeout=1)
        try:
            db.execute("BEGIN IMMEDIATE")
            yield
        finally:
            db.execute("ROLLBACK")
            db.close()


@dataclass
class Hit:
    at: float
    path: str
    status: int


@dataclass
class Traffic:
    """Requests at `rate` per second, round-robin over `paths`, until stopped."""

    site: ProductionSite
    paths: list[str]
    rate: float = 4.0
    headers: dict[str, str] = field(default_factory=lambda: {"Host": "localhost"})
    hits: list[Hit] = field(default_factory=list)

    def __post_init__(self):
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        index = 0
        while not self._stop.is_set():
            path = self.paths[index % len(self.paths)]
            index += 1
            started = time.monotonic()
            try:
                status = self.site.get(path, self.headers, timeout=15).status
            except OSError:
                status = 0
            self.hits.append(Hit(started, path, status))
            self._stop.wait(max(0.0, 1 / self.rate - (time.monotonic() - started)))

    def __enter__(self) -> Traffic:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(timeout=30)

    def between(self, start: float, end: float) -> list[Hit]:
        return [h for h in self.hits if start <= h.at < end]


def seconds_until_all_ok(traffic: Traffic, since: float, limit: float = 60) -> float | None:
    """After `since`, how long until every request from then on answers 200 (one round at least)."""
    deadline = since + limit
    needed = len(traffic.paths)
    while time.monotonic() < deadline:
        hits = [h for h in traffic.hits if h.at >= since]
        for start in range(len(hits)):
            window = hits[start:]
            if len(window) >= needed and all(h.status == 200 for h in window):
                return window[0].at - since
        time.sleep(0.2)
    return None
