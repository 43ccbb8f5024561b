"""Error pages, limits, headers and logs (issue 18, items 3 and 6–8)."""

import io
import logging
import re
from types import SimpleNamespace

import pytest
from django.core.management import call_command
from django.http import HttpResponse
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from games import services
from games import urls as games_urls
from kutsite import checks
from kutsite.gunicorn_logging import ACCESS_LOG_FORMAT, RedactingLogger
from kutsite.ratelimit import rate_limited
from kutsite.redaction import redact

from . import observatory

pytestmark = pytest.mark.django_db

PLAYERS = {"player1": "Ana", "player2": "Ben", "player3": "Cem", "player4": "Dila"}


def assert_site_page(response, language: str, heading: str) -> str:
    """A page of the site: its template, the language, no inline code, a way back."""
    html = response.content.decode()
    assert f'<html lang="{language}">' in html
    assert heading in html
    assert 'class="site-header"' in html and 'class="site-footer"' in html
    assert f'href="/{language}/"' in html  # back to the home page
    assert "<style" not in html and " style=" not in html
    assert not re.search(r"<script(?![^>]*\bsrc=)", html), "no inline script"
    csp = response["Content-Security-Policy"]
    assert "default-src 'none'" in csp and "unsafe" not in csp
    return html


# --- Error pages ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "heading"), [("en", "Bad request"), ("de", "Fehlerhafte Anfrage")]
)
def test_400_for_a_foreign_host(client, language, heading):
    response = client.get(f"/{language}/", headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert_site_page(response, language, heading)
    assert "evil.example" not in response.content.decode()


@override_settings(ROOT_URLCONF="tests.site.forbidden_urls")
@pytest.mark.parametrize(("language", "heading"), [("en", "Not allowed"), ("de", "Nicht erlaubt")])
def test_plain_403_in_the_site_template(language, heading):
    response = Client(headers={"Accept-Language": language}).get("/forbidden/")
    assert response.status_code == 403
    assert_site_page(response, language, heading)


@pytest.mark.parametrize(
    ("url", "language", "heading"),
    [
        ("/en/no-such-page/", "en", "Page not found"),
        ("/de/gibt-es-nicht/", "de", "Seite nicht gefunden"),
    ],
)
def test_404_in_the_urls_language(client, url, language, heading):
    response = client.get(url)
    assert response.status_code == 404
    assert_site_page(response, language, heading)


@pytest.mark.parametrize("url", ["/en/no-such-page/", "/de/gibt-es-nicht/"])
def test_error_pages_offer_no_twin_in_the_other_language(client, url):
    # The switch on an error page goes to the home page: "this page is also in English" would
    # not be true there. A real page carries the offer's text on its switch.
    html = client.get(url).content.decode()
    assert "data-language-switch" in html and "data-offer" not in html
    assert "data-offer=" in client.get(url[:4]).content.decode()


@pytest.mark.parametrize(
    ("language", "prefix", "word", "heading"),
    [
        ("en", "games", "undo", "Not possible at this address"),
        ("de", "spiele", "rueckgaengig", "An dieser Adresse nicht möglich"),
    ],
)
def test_405_page_keeps_the_allow_header(client, game, language, prefix, word, heading):
    response = client.put(f"/{language}/{prefix}/{game.edit_secret}/{word}/")
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD, POST"
    assert_site_page(response, language, heading)


# Every address that is only read, asked as a browser would ask (the CSRF check on): a PUT,
# POST, PATCH or DELETE is told the method is not allowed, not that a security check failed.
def read_only_addresses(game) -> list[tuple[str, str]]:
    e, v = game.edit_secret, game.view_secret
    return [
        ("/en/", "en"),
        ("/de/anleitung/", "de"),
        ("/en/guide/melds/", "en"),
        ("/de/runden/", "de"),
        ("/en/rounds/7/", "en"),
        ("/de/glossar/", "de"),
        ("/en/referee/", "en"),
        ("/de/schiedsrichter/reihe-12-13-1/", "de"),
        ("/en/referee/run-12-13-1/card.png", "en"),
        ("/de/schiedsrichter/pruefen/?tiles=r12+r13+r1", "de"),
        ("/en/referee/discard/", "en"),
        ("/de/schiedsrichter/steinhalter/", "de"),
        ("/en/calculator/", "en"),
        ("/de/manifest.webmanifest", "de"),
        ("/en/offline/", "en"),
        ("/de/offline/store.json", "de"),
        (f"/en/games/{e}/", "en"),
        (f"/de/spiele/ansehen/{v}/", "de"),
        (f"/en/games/{e}/sheet.csv", "en"),
        ("/de/spiele/", "de"),  # leads on to a new game
        ("/", "en"),
        ("/healthz", "en"),
        ("/robots.txt", "en"),
        ("/favicon.ico", "en"),
        ("/sw.js", "en"),
        ("/sitemap.xml", "en"),
        ("/language/de/", "de"),  # the GET before chose German
    ]


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_a_read_only_address_refuses_other_methods_with_405(game, method):
    browser = Client(enforce_csrf_checks=True)
    headings = {"en": "Not possible at this address", "de": "An dieser Adresse nicht möglich"}
    for url, language in read_only_addresses(game):
        assert browser.get(url).status_code in (200, 301, 302), url
        response = getattr(browser, method)(url)
        assert response.status_code == 405, (method, url, response.status_code)
        assert response["Allow"] == "GET, HEAD", url
        assert_site_page(response, language, headings[language])


def form_addresses(game) -> list[tuple[str, str]]:
    e = game.edit_secret
    return [
        ("/en/games/new/", "en"),
        (f"/de/spiele/{e}/eintragen/", "de"),
        (f"/en/games/{e}/rounds/1/", "en"),
        (f"/de/spiele/{e}/neu-geben/", "de"),
        (f"/en/games/{e}/undo/", "en"),
    ]


def test_a_form_still_wants_its_csrf_token(game):
    browser = Client(enforce_csrf_checks=True)
    for url, _language in form_addresses(game):
        assert browser.post(url, {}).status_code == 403, url


@pytest.mark.parametrize("method", ["put", "patch", "delete"])
def test_a_form_refuses_other_methods_with_405_before_the_csrf_check(game, method):
    """Not "the form has expired" (the CSRF check's 403) for a method no form sends."""
    browser = Client(enforce_csrf_checks=True)
    headings = {"en": "Not possible at this address", "de": "An dieser Adresse nicht möglich"}
    for url, language in form_addresses(game):
        response = getattr(browser, method)(url)
        assert response.status_code == 405, (method, url, response.status_code)
        assert response["Allow"] == "GET, HEAD, POST", url
        assert_site_page(response, language, headings[language])


@pytest.fixture
def game(db):
    return services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)


# --- Rate limits ----------------------------------------------------------------------------


@pytest.mark.usefixtures("steady_clock")
@override_settings(RATE_LIMITS={"new-game": (2, 3600), "admin-login": (3, 900)})
@pytest.mark.parametrize(
    ("url", "language", "heading", "wait"),
    [
        ("/en/games/new/", "en", "Too many tries", "Please try again in"),
        ("/de/spiele/neu/", "de", "Zu viele Versuche", "Bitte versuch es in"),
    ],
)
def test_starting_games_is_limited_with_a_429_in_the_pages_language(
    client, url, language, heading, wait
):
    for _ in range(3):  # a form sent back for a mistake starts no sheet and is not counted
        assert client.post(url, {**PLAYERS, "player1": "", "table": "solo"}).status_code == 400
    for _ in range(2):
        assert client.post(url, {**PLAYERS, "table": "solo"}).status_code == 302
    refused = client.post(url, {**PLAYERS, "table": "solo"})
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert wait in assert_site_page(refused, language, heading)
    assert client.get(url).status_code == 200  # reading the form is not limited
    # Another address has its own count.
    other = Client(REMOTE_ADDR="192.0.2.7")
    assert other.post(url, {**PLAYERS, "table": "solo"}).status_code == 302


@pytest.mark.usefixtures("steady_clock")
@override_settings(RATE_LIMITS={"new-game": (2, 3600), "admin-login": (3, 900)})
def test_requests_sent_at_once_cannot_all_slip_through_the_limit(rf):
    """Five requests from one address overlap: each is counted before its view runs, so the
    ones beyond the limit are refused even while the first ones are still being answered."""
    answers = []

    @rate_limited("new-game")
    def view(request):
        if request.path == "/first/":  # four more arrive while the first is being answered
            answers.extend(view(rf.post("/others/")).status_code for _ in range(4))
        return HttpResponse("started")

    answers.append(view(rf.post("/first/")).status_code)
    assert answers == [200, 429, 429, 429, 200]  # the first and the next: the limit of two


@pytest.mark.usefixtures("steady_clock")
@override_settings(RATE_LIMITS={"new-game": (2, 3600), "admin-login": (3, 900)})
def test_admin_login_attempts_are_limited(client):
    for _ in range(3):
        assert client.post("/admin/login/", {"username": "x", "password": "y"}).status_code == 200
    refused = client.post("/admin/login/", {"username": "x", "password": "y"})
    assert refused.status_code == 429
    assert "Too many tries" in refused.content.decode()


@pytest.mark.usefixtures("steady_clock")
@override_settings(RATE_LIMITS={"new-game": (2, 3600), "admin-login": (3, 900)})
def test_logging_in_does_not_count_towards_the_login_limit(client, django_user_model):
    """Editors behind one office address each log in: only failed attempts are counted."""
    django_user_model.objects.create_superuser("editor", password="a long passphrase")
    for _ in range(5):
        editor = Client()
        answer = editor.post(
            "/admin/login/", {"username": "editor", "password": "a long passphrase"}
        )
        assert answer.status_code == 302
    for _ in range(3):
        assert client.post("/admin/login/", {"username": "x", "password": "y"}).status_code == 200
    assert client.post("/admin/login/", {"username": "x", "password": "y"}).status_code == 429
    # Once the failures are used up, the right password waits for the window too.
    late = Client().post("/admin/login/", {"username": "editor", "password": "a long passphrase"})
    assert late.status_code == 429


@pytest.mark.usefixtures("steady_clock")
@override_settings(RATE_LIMITS={"new-game": (1, 3600), "admin-login": (3, 900)}, FORWARDED_HOPS=1)
def test_behind_a_proxy_the_forwarded_address_counts():
    proxy = {"REMOTE_ADDR": "10.0.0.1"}
    first = Client(**proxy, headers={"X-Forwarded-For": "198.51.100.1"})
    second = Client(**proxy, headers={"X-Forwarded-For": "spoofed, 198.51.100.2"})
    assert first.post("/en/games/new/", {**PLAYERS, "table": "solo"}).status_code == 302
    assert second.post("/en/games/new/", {**PLAYERS, "table": "solo"}).status_code == 302
    assert first.post("/en/games/new/", {**PLAYERS, "table": "solo"}).status_code == 429


# --- Start-up warnings ----------------------------------------------------------------------


def test_no_django_env_is_a_visible_warning(monkeypatch, caplog):
    monkeypatch.delenv("DJANGO_ENV", raising=False)
    (warning,) = checks.check_environment()
    assert warning.id == "kutsite.W001" and "DEVELOPMENT configuration" in warning.msg
    with caplog.at_level(logging.WARNING, logger="kutsite"):
        checks.warn_on_start()
    assert "DEVELOPMENT configuration" in caplog.text
    monkeypatch.setenv("DJANGO_ENV", "development")
    assert checks.check_environment() == []


def test_manage_py_check_shows_the_warning(monkeypatch, capsys):
    monkeypatch.delenv("DJANGO_ENV", raising=False)
    call_command("check")
    assert "kutsite.W001" in capsys.readouterr().err


# --- Secrets stay out of the logs -----------------------------------------------------------


@pytest.fixture
def console_log():
    handler = next(h for h in logging.getLogger().handlers if h.name == "console")
    stream = io.StringIO()
    previous = handler.setStream(stream)
    yield stream
    handler.setStream(previous)


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_address_that_holds_a_secret_is_redacted_in_either_language(language):
    """The redaction names the games' path words; every address built from games/urls.py in
    each language, as a translation of its words may change them, loses its secret."""
    secret = "A" * 32
    names = [p.name for p in games_urls.urlpatterns if "secret" in str(p.pattern)]
    assert len(names) >= 8, names
    with translation.override(language):
        for name in names:
            number = {"number": 7} if name == "edit_round" else {}
            address = reverse(f"games:{name}", kwargs={"secret": secret, **number})
            assert secret not in redact(address), address


def test_not_found_under_a_secret_is_logged_without_it(client, game, console_log):
    response = client.get(f"/en/games/{game.edit_secret}/rounds/7/")
    assert response.status_code == 404
    client.get(f"/de/spiele/ansehen/{game.view_secret}/nix/")
    log = console_log.getvalue()
    assert "Not Found: /en/games/[secret]/rounds/7/" in log
    assert "/de/spiele/ansehen/[secret]/nix/" in log
    assert game.edit_secret not in log and game.view_secret not in log


def test_csrf_failure_is_logged_without_the_secret(game, console_log):
    phone = Client(enforce_csrf_checks=True)
    response = phone.post(f"/de/spiele/{game.edit_secret}/rueckgaengig/", {"version": 1})
    assert response.status_code == 403
    log = console_log.getvalue()
    assert "Forbidden (CSRF" in log and "/de/spiele/[secret]/rueckgaengig/" in log
    assert game.edit_secret not in log


def test_gunicorn_access_log_without_secrets(game):
    from gunicorn.config import Config

    logger = RedactingLogger(Config())
    path = f"/en/games/{game.edit_secret}/record/"
    environ = {
        "REQUEST_METHOD": "POST",
        "RAW_URI": path + "?x=1",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "PATH_INFO": path,
        "QUERY_STRING": "x=1",
        "HTTP_REFERER": f"https://kut.example{path}",
        "REMOTE_ADDR": "192.0.2.1",
    }
    resp = SimpleNamespace(status="302 Found", sent=0, headers=[])
    request_time = SimpleNamespace(seconds=0, microseconds=1000)
    atoms = logger.atoms(resp, SimpleNamespace(headers=[]), environ, request_time)
    line = ACCESS_LOG_FORMAT % atoms
    assert '"POST /en/games/[secret]/record/" 302' in line
    assert all(game.edit_secret not in str(value) for value in atoms.values())


def secret_pages(game):
    e, v = game.edit_secret, game.view_secret
    return [
        f"/en/games/{e}/",
        f"/de/spiele/{e}/",
        f"/en/games/view/{v}/",
        f"/de/spiele/ansehen/{v}/",
        f"/en/games/{e}/record/",
        f"/de/spiele/{e}/eintragen/",
        f"/en/games/{e}/sheet.csv",
        f"/en/games/view/{v}/sheet.csv",
        f"/en/games/{e}/rounds/3/",  # 404 under a secret
        f"/en/games/{e}/undo/",  # a redirect to the sheet, under a secret
    ]


def test_every_page_with_a_secret_keeps_it_from_other_sites(client, game):
    for url in secret_pages(game):
        response = client.get(url)
        assert response["Referrer-Policy"] in {"no-referrer", "same-origin"}, url
    posted = client.post(f"/en/games/{game.edit_secret}/undo/", {"version": "x"})
    assert posted.status_code == 400
    assert posted["Referrer-Policy"] in {"no-referrer", "same-origin"}


# --- Headers: the Observatory's scale -------------------------------------------------------

PRODUCTION_HEADERS = {
    "SECURE_HSTS_SECONDS": 31536000,
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
    "SECURE_HSTS_PRELOAD": True,
    "CSRF_COOKIE_SECURE": True,
    "SESSION_COOKIE_SECURE": True,
    "LANGUAGE_COOKIE_SECURE": True,
}
PAGE_TYPES = {
    "home": ("/en/", 200),
    "guide": ("/de/anleitung/", 200),
    "round": ("/en/rounds/7/", 200),
    "glossary": ("/de/glossar/", 200),
    "referee": ("/en/referee/", 200),
    "ruling": ("/de/schiedsrichter/reihe-12-13-1/", 200),
    "meld check": ("/en/referee/check/?tiles=r12+r13+r1&indicator=b8", 200),
    "calculator": ("/en/calculator/", 200),
    "new game": ("/de/spiele/neu/", 200),
    "game sheet": ("/en/games/{edit}/", 200),
    "read-only sheet": ("/de/spiele/ansehen/{view}/", 200),
    "record a round": ("/en/games/{edit}/record/", 200),
    "404": ("/en/nothing-here/", 404),
    "405": ("/en/games/{edit}/undo/", 405, "put"),
}
# 100, +10 CSP with default-src 'none', +5 Referrer-Policy, +5 frame-ancestors; +5 more where
# a page sets a cookie (the CSRF cookie: Secure, SameSite=Lax).
EXPECTED = {"no cookie": 120, "cookie": 125}


@override_settings(**PRODUCTION_HEADERS)
@pytest.mark.parametrize("page", PAGE_TYPES)
def test_observatory_score_of_every_page_type(game, page):
    url, status, *method = PAGE_TYPES[page]
    url = url.format(edit=game.edit_secret, view=game.view_secret)
    response = getattr(Client(), method[0] if method else "get")(url, secure=True)
    assert response.status_code == status, url
    html = response.content.decode()
    total, results = observatory.score(response, html)
    by_test = {r.test: r.result for r in results}
    headers = response.headers
    assert by_test["content-security-policy"] == "csp-implemented-with-no-unsafe-default-src-none"
    assert by_test["x-frame-options"] == "x-frame-options-implemented-via-csp"
    assert headers["X-Frame-Options"] == "DENY"
    assert by_test["referrer-policy"] == "referrer-policy-private"
    assert by_test["strict-transport-security"] == "hsts-implemented-max-age-at-least-six-months"
    assert "preload" in headers["Strict-Transport-Security"]
    assert by_test["x-content-type-options"] == "x-content-type-options-nosniff"
    assert by_test["cross-origin-resource-policy"] == "corp-implemented-with-same-origin"
    assert by_test["cross-origin-resource-sharing"] == (
        "cross-origin-resource-sharing-not-implemented"
    )
    assert by_test["subresource-integrity"] in {
        "sri-not-implemented-but-all-scripts-loaded-from-secure-origin",
        "sri-not-implemented-but-no-scripts-loaded",
    }
    assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
    assert by_test["cookies"] in {
        "cookies-not-found",
        "cookies-secure-with-httponly-sessions-and-samesite",
    }
    expected = EXPECTED["cookie" if response.cookies else "no cookie"]
    assert total == expected, results


@override_settings(SECURE_SSL_REDIRECT=True)
def test_plain_http_is_redirected_to_https_on_the_same_host(client):
    response = client.get("/en/guide/", headers={"Host": "localhost"})
    assert response.status_code == 301
    assert response["Location"] == "https://localhost/en/guide/"


@override_settings(SECURE_SSL_REDIRECT=True)
def test_the_health_check_answers_plain_http(client):
    """A load balancer asks /healthz on the host's own port, without TLS: no redirect."""
    response = client.get("/healthz", headers={"Host": "localhost"})
    assert response.status_code == 200 and response.content == b"ok"
    assert client.get("/en/", headers={"Host": "localhost"}).status_code == 301


def test_scoring_rules_can_fail():
    """The scorer tells a weak response from a strong one."""
    weak = SimpleNamespace(
        headers={"Content-Security-Policy": "default-src 'self'; script-src 'unsafe-inline'"},
        cookies={},
    )
    total, results = observatory.score(weak, '<script src="https://cdn.example/x.js"></script>')
    by_test = {r.test: r.modifier for r in results}
    assert by_test["content-security-policy"] == -20
    assert by_test["strict-transport-security"] == -20
    assert by_test["x-frame-options"] == -20
    assert total == 100 - 20 - 20 - 5 - 5 - 20


# --- HEAD -----------------------------------------------------------------------------------


def _wsgi(method: str, path: str) -> tuple[str, dict[str, str], bytes]:
    """A request through the WSGI application as a server sends it: the test client drops a
    HEAD answer's body itself, so it cannot show what the app sends."""
    from django.core.handlers.wsgi import WSGIHandler
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "HTTP_HOST": "testserver",
        "wsgi.input": io.BytesIO(),
        "wsgi.url_scheme": "http",
        "wsgi.errors": io.StringIO(),
    }
    started = {}

    def start_response(status, headers, exc_info=None):
        started.update(status=status, headers=dict(headers))

    # As the test client does: the request must not close the test's database connection.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        answer = WSGIHandler()(environ, start_response)
        try:
            body = b"".join(answer)
        finally:
            answer.close()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
    return started["status"], started["headers"], body


@pytest.mark.parametrize("path", ["/en/", "/de/rechner/", "/healthz", "/en/nowhere/"])
def test_a_head_answer_has_the_headers_of_a_get_and_no_body(path):
    """The app drops a HEAD answer's body (gunicorn logs a warning for each body it has to
    drop), and says how long the GET's is. The page cache keeps the whole answer: a GET
    after a HEAD, and after a HEAD that found the GET's copy, has its body."""
    status, headers, body = _wsgi("GET", path)
    assert body
    for _ in range(2):
        head_status, head_headers, head_body = _wsgi("HEAD", path)
        assert (head_status, head_body) == (status, b"")
        assert int(head_headers["Content-Length"]) == len(body)
        assert head_headers["Content-Type"] == headers["Content-Type"]
        assert _wsgi("GET", path)[2] == body


def test_a_foreign_host_is_logged_in_one_line(client, console_log):
    """The refusal names the host; Django's traceback under it would be the same twenty lines
    for every scanner that tries one."""
    assert client.get("/en/", headers={"Host": "evil.example"}).status_code == 400
    log = console_log.getvalue()
    assert "Invalid HTTP_HOST header: 'evil.example'" in log
    assert "Traceback" not in log and len(log.strip().splitlines()) == 1


def test_a_head_for_a_kept_sheet_leaves_the_kept_copy_whole(game):
    """The sheets keep a copy of their own (games/views/kept.py): a HEAD answered from it must
    not empty what the next GET gets."""
    path = f"/en/games/view/{game.view_secret}/"
    status, _, body = _wsgi("GET", path)
    assert status.startswith("200") and b"Ana" in body
    for _ in range(2):
        head_status, headers, head_body = _wsgi("HEAD", path)
        assert head_status.startswith("200") and head_body == b""
        assert int(headers["Content-Length"]) == len(body)
    assert _wsgi("GET", path)[2] == body
