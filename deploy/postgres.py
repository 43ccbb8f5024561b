"""A throw-away PostgreSQL cluster from Debian's packages, on a free loopback port.

    .venv/bin/python -m deploy.postgres -- .venv/bin/pytest --database-tests
        # starts a cluster in a temporary folder, runs the command with DATABASE_URL pointing
        # at it, then stops the server and deletes the folder (also on Ctrl-C or SIGTERM)

`initdb` refuses to run as root, so as root the server runs as the `postgres` user that
Debian's package creates. The superuser reaches it only through a socket in the cluster's own
folder; the site connects over TCP as `kut` (password, CREATEDB for the test database).
"""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HOST = "127.0.0.1"


class PostgresMissing(RuntimeError):
    pass


def bin_dir() -> Path:
    """The newest installed server's programs (Debian keeps them off PATH)."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    if found:
        return Path(found[-1]).parent
    pg_ctl = shutil.which("pg_ctl")
    if pg_ctl:
        return Path(pg_ctl).resolve().parent
    raise PostgresMissing("PostgreSQL is not installed (apt-get install postgresql).")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


class Postgres:
    def __init__(self, folder: Path | None = None, *, fast: bool = False):
        """`fast`: no fsync (tests: a crash loses a throw-away database, nothing else)."""
        self.bin = bin_dir()
        self.folder = Path(folder or tempfile.mkdtemp(prefix="kut-pg-"))
        self.data = self.folder / "data"
        self.log = self.folder / "server.log"
        self.fast = fast
        self.port = 0
        self.password = secrets.token_urlsafe(18)
        self.as_root = os.geteuid() == 0

    # --- running as the server's own user -----------------------------------------------------

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        command = [str(a) for a in args]
        if self.as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run(
            command, check=check, capture_output=True, text=True, cwd=self.folder, timeout=120
        )

    def _own_folder(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        if self.as_root:
            try:
                user = pwd.getpwnam("postgres")
            except KeyError as error:
                raise PostgresMissing("No `postgres` user: install Debian's postgresql.") from error
            os.chown(self.folder, user.pw_uid, user.pw_gid)
        self.folder.chmod(0o700)

    # --- life cycle ----------------------------------------------------------------------------

    def start(self) -> str:
        self._own_folder()
        self._run(
            self.bin / "initdb",
            "--pgdata",
            self.data,
            "--username=postgres",
            "--auth-local=trust",
            "--auth-host=scram-sha-256",
            "--encoding=UTF8",
            "--locale=C.UTF-8",
            "--no-sync",
            "--no-instructions",
        )
        settings = [
            f"-c listen_addresses={HOST}",
            f"-c unix_socket_directories={self.folder}",
            "-c max_connections=200",
        ]
        if self.fast:
            settings += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        for _attempt in range(5):
            self.port = free_port()
            started = self._run(
                self.bin / "pg_ctl",
                "start",
                "--pgdata",
                self.data,
                "--log",
                self.log,
                "--wait",
                "--timeout=60",
                "-o",
                " ".join([f"-p {self.port}", *settings]),
                check=False,
            )
            if started.returncode == 0:
                break
        else:
            raise RuntimeError(f"PostgreSQL did not start:\n{self.log.read_text()}")
        self.sql(
            f"CREATE ROLE kut LOGIN CREATEDB PASSWORD '{self.password}'",
            "CREATE DATABASE kut OWNER kut",
        )
        return self.url

    def sql(self, *statements: str) -> str:
        out = []
        for statement in statements:
            result = self._run(
                self.bin / "psql",
                "--no-psqlrc",
                "--quiet",
                "--tuples-only",
                "--host",
                self.folder,
                "--port",
                str(self.port),
                "--username=postgres",
                "--dbname=postgres",
                "--set=ON_ERROR_STOP=1",
                "--command",
                statement,
            )
            out.append(result.stdout.strip())
        return "\n".join(out)

    @property
    def url(self) -> str:
        return f"postgres://kut:{self.password}@{HOST}:{self.port}/kut"

    def version(self) -> str:
        return self.sql("SHOW server_version")

    def stop(self) -> None:
        if self.data.exists():
            self._run(
                self.bin / "pg_ctl", "stop", "--pgdata", self.data, "--mode=fast", check=False
            )
        shutil.rmtree(self.folder, ignore_errors=True)


def _stop_on_signal(signum, frame):
    raise SystemExit(128 + signum)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--"]:
        argv = argv[1:]
    if not argv:
        print("usage: python -m deploy.postgres -- COMMAND …", file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, _stop_on_signal)
    began = time.monotonic()
    server = Postgres(fast=True)
    try:
        url = server.start()
        print(
            f"PostgreSQL {server.version()} on {HOST}:{server.port} "
            f"(throw-away, started in {time.monotonic() - began:.1f} s)",
            flush=True,
        )
        env = {**os.environ, "DATABASE_URL": url, "KUT_EXPECT_DATABASE": "postgresql"}
        return subprocess.run(argv, env=env, check=False).returncode
    finally:
        server.stop()
        print(f"PostgreSQL stopped; {time.monotonic() - began:.0f} s in all", flush=True)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except PostgresMissing as error:
        print(error, file=sys.stderr)
        sys.exit(3)
