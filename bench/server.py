"""Run the site as production runs it, on a free loopback port: for the benchmark and tests.

    with ProductionSite() as site:          # temp dir: SQLite database, STATIC_ROOT
        site.prepare()                      # migrate (seeds the content) + collectstatic
        site.start()                        # gunicorn, DEBUG off, whitenoise, hashed static
        site.get("/en/")                    # -> Reply(status, headers, body)

Everything lives in one temporary directory that is removed on exit. Only 127.0.0.1 is used.
"""

from __future__ import annotations

import http.client
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"


@dataclass
class Reply:
    status: int
    headers: dict[str, str]  # lower-case names
    body: bytes
    seconds: float

    def header(self, name: str) -> str | None:
        return self.headers.get(name.lower())


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def closed_port() -> int:
    """A loopback port nobody listens on (connection refused at once)."""
    return free_port()


def production_env(workdir: Path, **extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL", "STATIC_ROOT"}
    }
    env.update(
        DJANGO_ENV="production",
        DJANGO_SETTINGS_MODULE="kutsite.settings",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS=f"{HOST},localhost",
        # Plain HTTP on loopback; HTTPS is what X-Forwarded-Proto says (as behind a proxy).
        SECURE_SSL_REDIRECT="0",
        DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite3'}",
        STATIC_ROOT=str(workdir / "static"),
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


class ProductionSite:
    def __init__(
        self,
        workdir: Path | None = None,
        *,
        workers: int = 2,
        threads: int = 1,
        env: dict[str, str] | None = None,
        keep: bool = False,
    ):
        self._own_dir = workdir is None
        self.workdir = Path(workdir or tempfile.mkdtemp(prefix="kut-prod-"))
        self.workers = workers
        self.threads = threads
        self.extra_env = dict(env or {})
        self.keep = keep
        self.process: subprocess.Popen | None = None
        self.port: int | None = None
        self.log_path = self.workdir / "gunicorn.log"
        self.secret_key = secrets.token_urlsafe(50)

    # --- set-up ---------------------------------------------------------------------------

    @property
    def env(self) -> dict[str, str]:
        return production_env(self.workdir, **{"SECRET_KEY": self.secret_key, **self.extra_env})

    def manage(self, *args: str, env: dict[str, str] | None = None) -> str:
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env or self.env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        if result.returncode != 0:
            raise RuntimeError(
                f"manage.py {' '.join(args)} failed:\n{result.stdout}{result.stderr}"
            )
        return result.stdout

    def prepare(self) -> None:
        """Database with the seeded content, hashed static files (messages: `make setup`)."""
        self.manage("migrate", "--noinput", "--verbosity=0")
        self.manage("collectstatic", "--noinput", "--verbosity=0")

    def python(self, code: str) -> str:
        """Run Python with the production settings (e.g. to create a game via the ORM)."""
        return self.manage("shell", "-c", code)

    # --- the server -----------------------------------------------------------------------

    def start(self, timeout: float = 30) -> None:
        for _attempt in range(5):
            self.port = free_port()
            log = open(self.log_path, "ab")  # noqa: SIM115 - closed with the process
            # The deployed settings (deploy/gunicorn.conf.py: preload, timeouts, redacting
            # logger), with this server's own address, workers and logs on the command line.
            command = [
                sys.executable,
                "-m",
                "gunicorn",
                "--config",
                str(ROOT / "deploy" / "gunicorn.conf.py"),
                "--bind",
                f"{HOST}:{self.port}",
                "--workers",
                str(self.workers),
                "--threads",
                str(self.threads),
                "--worker-class",
                "gthread" if self.threads > 1 else "sync",
                "--log-level",
                "warning",
                "--error-logfile",
                "-",
                "--graceful-timeout",
                "5",
            ]
            self.process = subprocess.Popen(
                command,
                cwd=ROOT,
                env={**self.env, "GUNICORN_ACCESS_LOG": ""},
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
            log.close()
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    break  # could not bind (port taken meanwhile): try another port
                try:
                    if self.get("/robots.txt", timeout=2).status == 200:
                        return
                except OSError:
                    pass
                time.sleep(0.1)
            self.stop()
        raise RuntimeError(f"gunicorn did not start; log:\n{self.log()}")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=5)
        self.process = None

    def worker_pids(self) -> set[int]:
        """The gunicorn workers' process ids (Linux: the master's children in /proc)."""
        assert self.process is not None
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return {int(pid) for pid in children.read_text().split()}

    def replace_workers(self, timeout: float = 30) -> set[int]:
        """Stop every worker (each finishes its request) and wait until gunicorn has started
        as many new ones; returns their ids."""
        old = self.worker_pids()
        for pid in old:
            os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            new = self.worker_pids() - old
            if len(new) == self.workers:
                return new
            time.sleep(0.05)
        raise RuntimeError(f"gunicorn did not replace its workers; log:\n{self.log()}")

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def get(
        self,
        path: str,
        headers: dict[str, str] | None = None,
        *,
        method: str = "GET",
        body: bytes | None = None,
        timeout: float = 10,
    ) -> Reply:
        connection = http.client.HTTPConnection(HOST, self.port, timeout=timeout)
        started = time.monotonic()
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            data = response.read()
            return Reply(
                response.status,
                {k.lower(): v for k, v in response.getheaders()},
                data,
                time.monotonic() - started,
            )
        finally:
            connection.close()

    # --- context manager ------------------------------------------------------------------

    def __enter__(self) -> ProductionSite:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
        if self._own_dir and not self.keep:
            shutil.rmtree(self.workdir, ignore_errors=True)
