"""Project-wide guarantees: migrations, deploy checks, security headers, i18n routing."""

import io
import os
import re
import secrets
import subprocess
import sys
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.management import call_command
from django.test import override_settings
from django.urls import set_script_prefix

ROOT = Path(__file__).resolve().parents[2]

PAGES = [
    ("/en/", "/de/"),
    ("/en/guide/", "/de/anleitung/"),
    ("/en/rounds/", "/de/runden/"),
    ("/en/referee/", "/de/schiedsrichter/"),
    ("/en/calculator/", "/de/rechner/"),
]


def production_env(**extra):
    env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    env.update(
        DJANGO_ENV="production",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="kut.example",
        DJANGO_SETTINGS_MODULE="kutsite.settings",
        **extra,
    )
    return env


@pytest.mark.django_db
def test_no_missing_migrations():
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


def test_deploy_check_is_clean_in_production():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=production_env(),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_secret_key():
    env = production_env()
    del env["SECRET_KEY"]
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_production_settings_turn_debug_off_even_if_asked():
    code = "from django.conf import settings; print(settings.DEBUG, settings.SECURE_HSTS_SECONDS)"
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); " + code],
        cwd=ROOT,
        env=production_env(DEBUG="1"),
        capture_output=True,
        text=True,
    )
    assert result.stdout.split() == ["False", "31536000"], result.stderr


@pytest.mark.django_db
@pytest.mark.parametrize("path", [p for pair in PAGES for p in pair])
def test_security_headers(client, path):
    response = client.get(path)
    assert response.status_code == 200
    csp = response.headers["Content-Security-Policy"]
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp and "nonce" not in csp
    assert "script-src 'self'" in csp
    assert "frame-ancestors 'none'" in csp
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["Cross-Origin-Opener-Policy"] == "same-origin"
    # off: what the site never uses; web-share and clipboard-write keep their default, 'self'
    policy = response.headers["Permissions-Policy"]
    assert "camera=()" in policy and "geolocation=()" in policy
    assert "web-share" not in policy and "clipboard-write" not in policy


@pytest.mark.django_db
@override_settings(SECURE_HSTS_SECONDS=31536000, SECURE_HSTS_INCLUDE_SUBDOMAINS=True)
def test_hsts_on_https(client):
    response = client.get("/en/", secure=True)
    assert response.headers["Strict-Transport-Security"].startswith("max-age=31536000")


@pytest.mark.django_db
@pytest.mark.parametrize("path", [p for pair in PAGES for p in pair])
def test_pages_have_no_inline_script_or_style(client, path):
    html = client.get(path).content.decode()
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in tag or 'type="application/ld+json"' in tag, tag
    assert "<style" not in html
    assert not re.search(r"\sstyle=", html)
    assert not re.search(r"\son[a-z]+=", html), "inline event handler"
    # No resource from another site (links to the sources, such as Pagat, are not resources).
    body = html.split("<body", 1)[1]
    assert "//cdn" not in html and not re.search(r"""\ssrc=["']?(https?:)?//""", body)


@pytest.mark.parametrize(
    ("headers", "cookie", "expected"),
    [
        ({"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9,en;q=0.5"}, None, "/de/"),
        ({"HTTP_ACCEPT_LANGUAGE": "en-US,en;q=0.9"}, None, "/en/"),
        ({"HTTP_ACCEPT_LANGUAGE": "fr-FR"}, None, "/en/"),
        ({}, None, "/en/"),
        ({"HTTP_ACCEPT_LANGUAGE": "de"}, "en", "/en/"),
        ({"HTTP_ACCEPT_LANGUAGE": "en"}, "de", "/de/"),
        ({"HTTP_ACCEPT_LANGUAGE": "en"}, "xx", "/en/"),
        ({"HTTP_ACCEPT_LANGUAGE": "de"}, "xx", "/de/"),  # a cookie of no site language
        ({"HTTP_ACCEPT_LANGUAGE": "fr;q=0.9,de-AT;q=0.8"}, None, "/de/"),
    ],
)
def test_root_redirects_by_cookie_then_accept_language(client, headers, cookie, expected):
    if cookie:
        client.cookies["django_language"] = cookie
    response = client.get("/", **headers)
    assert response.status_code == 302
    assert response["Location"] == expected
    vary = {v.strip().lower() for v in response["Vary"].split(",")}
    assert {"cookie", "accept-language"} <= vary


@pytest.mark.django_db
@pytest.mark.parametrize(("english", "german"), PAGES)
def test_language_switch_lands_on_the_twin_and_keeps_the_query(client, english, german):
    response = client.get(f"/language/de/?next={english}%3Fa%3D1%26b%3Dx")
    assert response.status_code == 302
    assert response["Location"] == f"{german}?a=1&b=x"
    assert response.cookies["django_language"].value == "de"
    back = client.get(f"/language/en/?next={german}")
    assert back["Location"] == english


@pytest.mark.parametrize(
    "evil", ["https://evil.example/", "//evil.example/", "javascript:alert(1)"]
)
def test_language_switch_never_leaves_the_site(client, evil):
    response = client.get("/language/de/", {"next": evil})
    assert response["Location"] == "/de/"


@override_settings(
    LANGUAGE_COOKIE_PATH="/de/",
    LANGUAGE_COOKIE_DOMAIN="example.org",
    LANGUAGE_COOKIE_HTTPONLY=True,
    LANGUAGE_COOKIE_SECURE=True,
)
def test_language_switch_sets_the_cookie_as_every_language_cookie_setting_says(client):
    cookie = client.get("/language/de/?next=/en/").cookies["django_language"]
    assert (cookie["path"], cookie["domain"]) == ("/de/", "example.org")
    assert cookie["httponly"] and cookie["secure"] and cookie["samesite"] == "Lax"


def test_language_switch_with_unknown_language_falls_back(client):
    response = client.get("/language/fr/?next=/en/")
    assert response["Location"] == "/en/"


def test_language_switch_reads_the_code_in_any_case(client):
    response = client.get("/language/DE/?next=/en/guide/")
    assert response["Location"] == "/de/anleitung/"
    assert response.cookies["django_language"].value == "de"


@pytest.mark.django_db
@pytest.mark.parametrize(("english", "german"), PAGES)
def test_pages_link_their_twins(client, english, german):
    html = client.get(german).content.decode()
    assert f'<link rel="canonical" href="http://testserver{german}">' in html
    assert f'<link rel="alternate" hreflang="en" href="http://testserver{english}">' in html
    assert f'<link rel="alternate" hreflang="de" href="http://testserver{german}">' in html
    assert f'<link rel="alternate" hreflang="x-default" href="http://testserver{english}">' in html
    assert f'href="/language/en/?next={german}"' in html


@pytest.mark.django_db
@pytest.mark.parametrize(("english", "german"), PAGES)
def test_a_stray_query_does_not_make_a_page_of_its_own(client, english, german):
    html = client.get(german + "?utm_source=chat&n=7").content.decode()
    assert f'<link rel="canonical" href="http://testserver{german}">' in html
    assert f'<link rel="alternate" hreflang="en" href="http://testserver{english}">' in html
    assert f'<meta property="og:url" content="http://testserver{german}">' in html
    assert "utm_source" not in html.partition("</head>")[0]
    assert 'name="robots"' not in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("answer", "form"),
    [
        ("/de/schiedsrichter/pruefen/?tiles=r1+r2+r3&indicator=b8", "/de/schiedsrichter/pruefen/"),
        ("/en/referee/discard/?table=r1+r2+r3&tile=r4&indicator=b8", "/en/referee/discard/"),
        ("/en/referee/rack/?rack=r1+r2+r3&indicator=b8&round=2", "/en/referee/rack/"),
        ("/de/rechner/?indicator=r5&state1=finished", "/de/rechner/"),
    ],
)
def test_an_answer_is_not_for_search_engines_but_its_link_keeps_the_query(client, answer, form):
    """A checker's or the calculator's answer is one table's: `noindex`, and no canonical or
    hreflang links (the empty form has them). A chat's preview links to the answer itself."""
    head = client.get(answer).content.decode().partition("</head>")[0]
    assert '<meta name="robots" content="noindex">' in head
    assert 'rel="canonical"' not in head and "hreflang" not in head
    og_url = unescape(head.partition('property="og:url" content="')[2].partition('"')[0])
    link, _, query = og_url.partition("?")
    assert link == f"http://testserver{form}"
    assert parse_qs(query) == parse_qs(answer.partition("?")[2])
    # No snippet for search results it is kept out of; the preview's words stay.
    assert 'name="description"' not in head and 'property="og:description"' in head
    empty = client.get(form).content.decode().partition("</head>")[0]
    assert f'<link rel="canonical" href="http://testserver{form}">' in empty
    assert 'name="robots"' not in empty and '<meta name="description" content="' in empty


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("visited", "link"),
    [
        (
            "/en/referee/check/?fbclid=x1&tiles=%20r1%20r2%20r3&indicator=b8",
            "/en/referee/check/?indicator=b8&amp;tiles=r1+r2+r3",
        ),
        (
            "/de/schiedsrichter/abwurf/?tile=r4&table=r1%20r2%20r3&indicator=b8&utm_source=chat",
            "/de/schiedsrichter/abwurf/?indicator=b8&amp;table=r1+r2+r3&amp;tile=r4",
        ),
        (
            "/de/rechner/?fbclid=x&round=3&indicator=b8&state1=finished&rack2=r1%20r2&rack3=k5&rack4=y9",
            "/de/rechner/?indicator=b8&amp;round=3&amp;state1=finished&amp;state2=melded&amp;rack2=r1+r2"
            "&amp;state3=melded&amp;rack3=k5&amp;state4=melded&amp;rack4=y9",
        ),
    ],
)
def test_an_answers_preview_links_the_answer_as_its_share_button_does(client, visited, link):
    """A chat's preview of an answer names the link its share button sends and its card has:
    the form's own parameters, spaces as "+", nothing a chat app added."""
    head = client.get(visited).content.decode().partition("</head>")[0]
    assert f'<meta property="og:url" content="http://testserver{link}">' in head
    card = link.replace("/?", "/card.png?")
    assert f'<meta property="og:image" content="http://testserver{card}">' in head


@pytest.mark.django_db
def test_a_page_kept_out_of_search_engines_names_no_canonical_or_twins(client):
    """Errors and game pages say `noindex`: a canonical or hreflang link or a search snippet
    beside it would contradict it (and the German 404 called an English address its twin)."""
    from django.test import RequestFactory

    from games import services
    from kutsite.errors import unavailable

    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    pages = {
        ("404", 404): client.get("/de/keine-solche-seite/"),
        ("405", 405): client.post("/en/rounds/"),
        ("offline", 200): client.get("/en/offline/"),
        ("sheet", 200): client.get(f"/en/games/{game.edit_secret}/"),
        ("view", 200): client.get(f"/de/spiele/ansehen/{game.view_secret}/"),
        ("record", 200): client.get(f"/en/games/{game.edit_secret}/record/"),
        ("missing sheet", 404): client.get("/en/games/" + "x" * 32 + "/"),
        ("503", 503): unavailable(RequestFactory().get("/de/runden/")),
    }
    for (name, status), response in pages.items():
        assert response.status_code == status, name
        head = response.content.decode().partition("</head>")[0]
        assert re.search(r'<meta name="robots" content="noindex[^"]*">', head), name
        assert 'rel="canonical"' not in head and "hreflang" not in head, name
        # nor a search result's snippet; a chat's preview keeps its words
        assert 'name="description"' not in head and 'property="og:description"' in head, name
    rounds = client.get("/en/rounds/").content.decode().partition("</head>")[0]
    assert 'rel="canonical"' in rounds and 'name="robots"' not in rounds


def _wsgi_get(path: str, script_name: str = "") -> str:
    """A GET through Django's WSGI handler, which (unlike the test client) takes the script
    prefix from SCRIPT_NAME, as gunicorn behind a proxy that mounts the site under a path."""
    environ = {
        "REQUEST_METHOD": "GET",
        "SCRIPT_NAME": script_name,
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(),
    }
    try:
        body = WSGIHandler()(environ, lambda status, headers: None)
        return b"".join(body).decode()
    finally:
        set_script_prefix("/")


@pytest.mark.django_db
def test_the_language_switch_follows_the_script_prefix():
    # The switcher's words and URL are drawn once per language and prefix: a site mounted
    # under /kut links /kut/language/…, and one at the root still links /language/….
    assert 'href="/kut/language/en/?next=/kut/de/runden/"' in _wsgi_get("/de/runden/", "/kut")
    assert 'href="/language/en/?next=/de/runden/"' in _wsgi_get("/de/runden/")


@pytest.mark.django_db
def test_sitemap_lists_every_page_with_its_twin(client):
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    xml = response.content.decode()
    for english, german in PAGES:
        assert f"<loc>http://testserver{english}</loc>" in xml
        assert f"<loc>http://testserver{german}</loc>" in xml
        assert f'hreflang="de" href="http://testserver{german}"' in xml
        # x-default is the English page, as in the page's head: every language has a prefix
        assert f'hreflang="x-default" href="http://testserver{english}"' in xml
    defaults = re.findall(r'hreflang="x-default" href="http://testserver(/[^"]*)"', xml)
    assert defaults and all(d.startswith("/en/") for d in defaults), defaults
    # and each of them is a page in either language, not a 404 for German browsers
    for path in dict.fromkeys(defaults[:5]):
        for language in ("en", "de"):
            assert client.get(path, headers={"Accept-Language": language}).status_code == 200


def test_robots_txt_points_at_the_sitemap(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert "Sitemap: http://testserver/sitemap.xml" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/robots.txt", "/sitemap.xml"])
def test_robots_txt_and_the_sitemap_may_be_kept_as_public_pages_are(client, path):
    """Both depend only on the address and the content: a proxy may keep them as it keeps the
    pages (the sitemap is drawn from every rule, round and ruling), not `max-age=0`."""
    cache_control = client.get(path)["Cache-Control"]
    for directive in ("public", "s-maxage=600", "stale-while-revalidate", "stale-if-error"):
        assert directive in cache_control, cache_control
    assert "max-age=0" not in cache_control


@pytest.mark.django_db
def test_unknown_page_is_a_translated_404(client):
    response = client.get("/de/gibt-es-nicht/")
    assert response.status_code == 404
    assert "Seite nicht gefunden" in response.content.decode()


def test_head_requests_are_answered(client):
    assert client.head("/robots.txt").status_code == 200


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "1 December 2026"), ("de", "1. Dezember 2026")],
)
def test_dates_are_written_as_the_pages_locale_writes_them(language, expected):
    """English pages say en_GB (og:locale): day before month, not Django's "Dec. 1, 2026"."""
    from datetime import date

    from django.utils import translation
    from django.utils.formats import date_format

    with translation.override(language):
        assert date_format(date(2026, 12, 1)) == expected


@pytest.mark.django_db
def test_every_address_in_the_interface_doc_answers(client):
    """docs/interface.md lists the public addresses: each one without a placeholder is a page."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "interface.md").read_text()
    addresses = set(re.findall(r"`(/(?:en|de)/[^`<…]*)`", text))
    assert len(addresses) >= 20, addresses
    for address in sorted(addresses):
        assert client.get(address).status_code == 200, address
