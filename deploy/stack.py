"""The site as several machines would run it, on one machine's loopback ports.

    python -m deploy.stack start   # PostgreSQL, Redis, two gunicorn app servers, nginx
    python -m deploy.check         # proves what docs/deploy.md promises, one line per check
    python -m deploy.stack restart # a rolling restart of the app servers, as for a new version
    python -m deploy.stack stop    # stops everything `start` started, deletes its folder

Everything comes from Debian's packages (postgresql, redis-server, nginx) and the project's own
files in deploy/: nginx/kut.conf, gunicorn.conf.py, redis.conf. The app servers run with the
production settings (DJANGO_ENV=production), plain HTTP on loopback (SECURE_SSL_REDIRECT=0).
What `start` started is written to .stack/state.json, so `check` and `stop` find it.
"""

from __future__ import annotations

import argparse
import json
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

from deploy.postgres import HOST, Postgres, PostgresMissing, free_port

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
STATE = ROOT / ".stack" / "state.json"
APPS = ("a", "b")
PACKAGES = {"nginx": "nginx", "redis-server": "redis-server"}


# --- small helpers ------------------------------------------------------------------------------


def say(text: str) -> None:
    print(text, flush=True)


def load_state() -> dict:
    if not STATE.exists():
        sys.exit("No stack is running (make stack starts one).")
    return json.loads(STATE.read_text())


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def read_pid(path: Path) -> int | None:
    try:
        return int(path.read_text().strip())
    except (OSError, ValueError):
        return None


def stop_pid(path: Path, sig: int = signal.SIGTERM, wait: float = 20) -> None:
    pid = read_pid(path)
    if pid is None or not pid_alive(pid):
        return
    os.kill(pid, sig)
    deadline = time.monotonic() + wait
    while pid_alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    if pid_alive(pid):
        os.kill(pid, signal.SIGKILL)


def wait_for_port(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            sock.settimeout(0.5)
            if sock.connect_ex((HOST, port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on {HOST}:{port} after {timeout} s")


def require_programs() -> None:
    missing = [package for program, package in PACKAGES.items() if not shutil.which(program)]
    if missing:
        sys.exit(
            f"The stack needs Debian's {' '.join(missing)}: apt-get install {' '.join(missing)}"
        )


def production_env(state: dict) -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    return {
        **keep,
        "DJANGO_ENV": "production",
        "DJANGO_SETTINGS_MODULE": "kutsite.settings",
        "SECRET_KEY": state["secret_key"],
        "ALLOWED_HOSTS": f"{HOST},localhost",
        "DATABASE_URL": state["database_url"],
        "REDIS_URL": f"redis://{HOST}:{state['ports']['redis']}/0",
        "STATIC_ROOT": str(Path(state["folder"]) / "static"),
        "SECURE_SSL_REDIRECT": "0",
        "FORWARDED_HOPS": "1",
        "CONTENT_VERSION_POLL": "0.5",
        "BUILD_ID": state["build"],
        "GUNICORN_WORKERS": "2",
        "PYTHONUNBUFFERED": "1",
    }


def manage(state: dict, *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=production_env(state),
        capture_output=True,
        text=True,
        timeout=300,
    )
    if result.returncode != 0:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{result.stdout}{result.stderr}")
    return result.stdout


# --- the pieces ---------------------------------------------------------------------------------


def start_redis(state: dict) -> None:
    folder = Path(state["folder"]) / "redis"
    folder.mkdir(exist_ok=True)
    subprocess.run(
        [
            "redis-server",
            str(DEPLOY / "redis.conf"),
            "--port",
            str(state["ports"]["redis"]),
            "--dir",
            str(folder),
            "--daemonize",
            "yes",
            "--pidfile",
            str(folder / "redis.pid"),
            "--logfile",
            str(folder / "redis.log"),
        ],
        check=True,
    )
    wait_for_port(state["ports"]["redis"])


def stop_redis(state: dict) -> None:
    stop_pid(Path(state["folder"]) / "redis" / "redis.pid")


def start_app(state: dict, name: str) -> None:
    folder = Path(state["folder"])
    port = state["ports"][f"app_{name}"]
    env = {
        **production_env(state),
        "GUNICORN_BIND": f"{HOST}:{port}",
        "GUNICORN_ACCESS_LOG": str(folder / f"app-{name}.access.log"),
        "GUNICORN_ERROR_LOG": str(folder / f"app-{name}.log"),
    }
    subprocess.run(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "--config",
            str(DEPLOY / "gunicorn.conf.py"),
            "--daemon",
            "--pid",
            str(folder / f"app-{name}.pid"),
        ],
        cwd=ROOT,
        env=env,
        check=True,
    )
    wait_for_port(port)


def stop_app(state: dict, name: str) -> None:
    stop_pid(Path(state["folder"]) / f"app-{name}.pid")


def nginx_user() -> str | None:
    """As root, nginx's workers drop to www-data (Debian's nginx user)."""
    if os.geteuid() != 0:
        return None
    try:
        pwd.getpwnam("www-data")
    except KeyError:
        return None
    return "www-data"


def write_nginx_config(state: dict, down: tuple[str, ...] = ()) -> Path:
    folder = Path(state["folder"]) / "nginx"
    for sub in ("cache", "temp"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    user = nginx_user()
    if user:
        entry = pwd.getpwnam(user)
        for sub in ("cache", "temp"):
            os.chown(folder / sub, entry.pw_uid, entry.pw_gid)
    servers = "\n".join(
        f"    server {HOST}:{state['ports'][f'app_{name}']} max_fails=3 fail_timeout=2s"
        + (" down;" if name in down else ";")
        for name in APPS
    )
    site = (DEPLOY / "nginx" / "kut.conf").read_text()
    for field, value in {
        "CACHE_DIR": str(folder / "cache"),
        "ACCESS_LOG": str(folder / "access.log"),
        "APP_SERVERS": servers,
        "LISTEN": f"{HOST}:{state['ports']['nginx']}",
        "SERVER_NAME": f"{HOST} localhost",
        "STATIC_ROOT": str(Path(state["folder"]) / "static"),
        "OUTAGE_ROOT": str(Path(state["folder"]) / "outage"),
    }.items():
        site = site.replace("{{" + field + "}}", value)
    (folder / "kut.conf").write_text(site)
    temp = folder / "temp"
    main = f"""# Written by deploy/stack.py: a private nginx for the stack, the site in kut.conf.
{f"user {user};" if user else ""}
worker_processes 1;
pid {folder / "nginx.pid"};
error_log {folder / "error.log"} warn;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 30;
    access_log off;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    include {folder / "kut.conf"};
}}
"""
    (folder / "nginx.conf").write_text(main)
    return folder / "nginx.conf"


def start_nginx(state: dict) -> None:
    config = write_nginx_config(state)
    prefix = str(config.parent)
    test = subprocess.run(
        ["nginx", "-t", "-q", "-p", prefix, "-c", str(config)], capture_output=True, text=True
    )
    if test.returncode != 0:
        raise RuntimeError(f"nginx rejects the configuration:\n{test.stderr}")
    subprocess.run(["nginx", "-p", prefix, "-c", str(config)], check=True)
    wait_for_port(state["ports"]["nginx"])


def nginx_workers(state: dict) -> set[int]:
    """The nginx master's worker processes (not its cache manager and loader)."""
    master = read_pid(Path(state["folder"]) / "nginx" / "nginx.pid")
    children = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if master is not None and int(fields[1]) == master:
            try:
                name = (stat.parent / "cmdline").read_bytes()
            except OSError:
                continue
            if b"worker process" in name:
                children.add(int(stat.parent.name))
    return children


def reload_nginx(state: dict, down: tuple[str, ...] = ()) -> None:
    """New configuration, no request dropped: once the old workers have finished their
    requests and exited, only the new configuration is in use."""
    old = nginx_workers(state)
    config = write_nginx_config(state, down)
    command = ["nginx", "-p", str(config.parent), "-c", str(config), "-s", "reload"]
    subprocess.run(command, check=True, capture_output=True)
    deadline = time.monotonic() + 60
    while any(pid_alive(pid) for pid in old) and time.monotonic() < deadline:
        time.sleep(0.05)


def rolling_restart(state: dict) -> None:
    """A new version, one app server at a time (docs/deploy.md, "Rolling out"): nginx stops
    sending it requests, it finishes the ones it has and restarts, then takes requests again."""
    for name in APPS:
        reload_nginx(state, down=(name,))
        stop_app(state, name)
        start_app(state, name)
        reload_nginx(state)


def stop_nginx(state: dict) -> None:
    stop_pid(Path(state["folder"]) / "nginx" / "nginx.pid", signal.SIGQUIT)


# --- commands -----------------------------------------------------------------------------------


def start() -> None:
    if STATE.exists():
        sys.exit(f"A stack is already running ({STATE}); make stack-stop first.")
    require_programs()
    began = time.monotonic()
    folder = Path(tempfile.mkdtemp(prefix="kut-stack-"))
    folder.chmod(0o755)  # nginx's workers read the static files and outage pages
    build = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    state = {
        "folder": str(folder),
        "secret_key": secrets.token_urlsafe(50),
        "build": build or secrets.token_hex(4),
        "ports": {name: free_port() for name in ("nginx", "redis", "app_a", "app_b")},
    }
    STATE.parent.mkdir(exist_ok=True)
    postgres = Postgres(folder / "postgres")
    state["postgres_folder"] = str(postgres.folder)
    STATE.write_text(json.dumps(state, indent=2))
    try:
        state["database_url"] = postgres.start()
        state["ports"]["postgres"] = postgres.port
        state["postgres_password"] = postgres.password
        STATE.write_text(json.dumps(state, indent=2))
        say(f"PostgreSQL {postgres.version()} on {HOST}:{postgres.port}")
        start_redis(state)
        say(f"Redis on {HOST}:{state['ports']['redis']} (deploy/redis.conf)")
        manage(state, "migrate", "--noinput", "--verbosity=0")
        manage(state, "collectstatic", "--noinput", "--verbosity=0")
        manage(state, "outage_pages", str(folder / "outage"))
        for name in APPS:
            start_app(state, name)
            say(f"app server {name.upper()}: gunicorn on {HOST}:{state['ports'][f'app_{name}']}")
        start_nginx(state)
    except BaseException:
        stop()
        raise
    say(f"nginx on http://{HOST}:{state['ports']['nginx']}/ (deploy/nginx/kut.conf)")
    say(
        f"Stack up in {time.monotonic() - began:.1f} s; files in {folder}. make stack-stop ends it."
    )


def stop() -> None:
    if not STATE.exists():
        say("No stack is running.")
        return
    state = json.loads(STATE.read_text())
    stop_nginx(state)
    for name in APPS:
        stop_app(state, name)
    stop_redis(state)
    if state.get("postgres_folder"):
        postgres = Postgres(Path(state["postgres_folder"]))
        postgres.stop()
    shutil.rmtree(state["folder"], ignore_errors=True)
    STATE.unlink()
    say("Stack stopped: nginx, both app servers, Redis and PostgreSQL; its folder is gone.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["start", "stop", "restart"])
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    try:
        if args.command == "start":
            start()
        elif args.command == "restart":
            rolling_restart(load_state())
            say("Both app servers restarted, one after the other.")
        else:
            stop()
    except PostgresMissing as error:
        sys.exit(str(error))


if __name__ == "__main__":
    main()
