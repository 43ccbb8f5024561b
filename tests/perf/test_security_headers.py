"""The real production response headers, read from gunicorn started with production settings.

`tests/site/test_project.py` checks the headers through the test client; here the site runs as
it runs in production (DEBUG off, whitenoise, hashed static files) and the headers are read off
the wire, over a request a TLS proxy marked as HTTPS — for a fresh render *and* for a page the
cache answers, which skips most of the middleware.
"""

import os
import re
import secrets
import subprocess
import sys

import pytest

from bench.server import ROOT

HTTPS = {"X-Forwarded-Proto": "https"}
PAGES = [
    "/en/",
    "/de/",
    "/en/guide/",
    "/de/anleitung/",
    "/en/rounds/",
    "/de/runden/7/",
    "/en/referee/",
    "/de/schiedsrichter/reihe-12-13-1/",
    "/en/referee/check/?tiles=r12+r13+r1&indicator=b8",
    "/en/calculator/",
]


def assert_secure_headers(headers: dict[str, str], where: str) -> None:
    csp = headers.get("content-security-policy", "")
    assert csp, f"{where}: no CSP"
    assert "unsafe-" not in csp, f"{where}: {csp}"
    assert "nonce-" not in csp, f"{where}: {csp}"
    directives = dict(
        [*part.strip().split(" ", 1), ""][:2] for part in csp.split(";") if part.strip()
    )
    assert directives.get("script-src") == "'self'", csp
    assert directives.get("object-src") == "'none'", csp
    assert "frame-ancestors" in directives or headers.get("x-frame-options") == "DENY", where
    assert directives.get("frame-ancestors") == "'none'", csp
    assert headers.get("x-frame-options") == "DENY", where
    hsts = headers.get("strict-transport-security", "")
    match = re.search(r"max-age=(\d+)", hsts)
    assert match and int(match[1]) >= 31536000, f"{where}: HSTS {hsts!r}"
    assert "includesubdomains" in hsts.lower(), hsts
    assert headers.get("x-content-type-options") == "nosniff", where
    assert headers.get("referrer-policy") in {"same-origin", "no-referrer"}, where
    assert headers.get("cross-origin-opener-policy") == "same-origin", where
    policy = headers.get("permissions-policy", "")
    assert "camera=()" in policy and "geolocation=()" in policy, f"{where}: {policy!r}"


@pytest.mark.parametrize("path", PAGES)
def test_production_headers_on_fresh_and_cached_pages(production_site, path):
    first = production_site.get(path, HTTPS)
    second = production_site.get(path, HTTPS)
    assert first.status == 200, (path, first.status, production_site.log()[-2000:])
    assert second.status == 200
    assert_secure_headers(first.headers, f"{path} (first)")
    assert_secure_headers(second.headers, f"{path} (again)")
    assert first.body == second.body
    assert first.header("server") == "gunicorn"


def test_content_pages_revalidate_in_production(production_site):
    production_site.get("/en/guide/", HTTPS)
    again = production_site.get("/en/guide/", HTTPS)
    assert again.header("etag")
    revalidated = production_site.get(
        "/en/guide/", {**HTTPS, "If-None-Match": again.header("etag")}
    )
    assert revalidated.status == 304
    assert revalidated.body == b""
    assert revalidated.header("strict-transport-security")


def test_static_files_are_hashed_and_served_with_the_same_headers(production_site):
    html = production_site.get("/en/", HTTPS).body.decode()
    stylesheet = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', html)
    assert stylesheet, "production pages link hashed static files (manifest storage)"
    reply = production_site.get(stylesheet[1], {**HTTPS, "Accept-Encoding": "gzip"})
    assert reply.status == 200
    assert "immutable" in reply.header("cache-control")
    assert reply.header("content-encoding") == "gzip"
    assert reply.header("x-content-type-options") == "nosniff"
    assert reply.header("cross-origin-resource-policy") == "same-origin"
    assert reply.header("strict-transport-security")


def test_plain_http_gets_no_hsts_and_debug_is_off(production_site):
    reply = production_site.get("/en/no-such-page/")
    assert reply.status == 404
    assert "strict-transport-security" not in reply.headers
    body = reply.body.decode()
    assert "Traceback" not in body and "URLconf" not in body  # no debug page
    assert "Page not found" in body


def assert_deploy_check_is_clean(env: dict) -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_deploy_check_passes_with_the_servers_settings(production_site):
    env = production_site.env
    env.pop("SECURE_SSL_REDIRECT")  # the benchmark's plain-HTTP switch; production redirects
    assert_deploy_check_is_clean(env)


def test_the_example_environment_passes_the_deploy_check():
    """deploy/env.example, as docs/deploy.md says to fill it in, gives a clean `check --deploy`."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "SECURE_", "DATABASE_", "REDIS_"))
    }
    for line in (ROOT / "deploy" / "env.example").read_text().splitlines():
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            env[key] = value
    env["SECRET_KEY"] = secrets.token_urlsafe(50)
    env.pop("REDIS_URL")  # optional, and not running here
    env.pop("DATABASE_URL")  # SQLite: the check reads no database
    assert_deploy_check_is_clean(env)
