"""The whole-page cache: hits, keys (language, HX-Request, host), edits, refusals, 304, gzip."""

import gzip
import subprocess
import sys

import pytest
from django.apps import apps
from django.conf import settings
from django.http import HttpResponse, StreamingHttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import translation

from bench.server import ROOT, production_env
from kutsite import caching

pytestmark = pytest.mark.usefixtures("isolated_cache")


def cache_state(response) -> str | None:
    return response.headers.get("X-Cache")


def test_a_content_page_is_rendered_once_then_served_from_the_cache(client):
    first = client.get("/en/")
    second = client.get("/en/")
    assert cache_state(first) == "miss"
    assert cache_state(second) == "hit"
    assert second.content == first.content
    assert second["Content-Type"] == first["Content-Type"]
    assert second["Content-Length"] == str(len(second.content))
    assert second["Content-Security-Policy"] == first["Content-Security-Policy"]
    assert "HX-Request" in second["Vary"]


def test_each_language_has_its_own_copy(client):
    english = client.get("/en/")
    german = client.get("/de/")
    assert cache_state(german) == "miss"
    assert '<html lang="de">' in german.content.decode()
    assert cache_state(client.get("/de/")) == "hit"
    assert cache_state(client.get("/en/")) == "hit"
    assert client.get("/en/").content == english.content
    assert client.get("/de/")["Content-Language"] == "de"


def test_page_fragment_and_history_restore_have_their_own_copies(client):
    page = client.get("/en/")
    fragment = client.get("/en/", headers={"HX-Request": "true"})
    assert cache_state(fragment) == "miss"  # another key, whatever the view answers
    restore = client.get(
        "/en/", headers={"HX-Request": "true", "HX-History-Restore-Request": "true"}
    )
    assert cache_state(restore) == "hit"  # a history restore is a whole page
    assert restore.content == page.content
    assert cache_state(client.get("/en/", headers={"HX-Request": "true"})) == "hit"


def test_the_host_is_part_of_the_key(client):
    here = client.get("/en/")
    there = Client(SERVER_NAME="localhost").get("/en/")
    assert cache_state(there) == "miss"
    assert "http://localhost/en/" in there.content.decode()
    assert "http://testserver/en/" in here.content.decode()


def test_the_query_string_is_part_of_the_key(client):
    client.get("/en/")
    assert cache_state(client.get("/en/?utm=x")) == "miss"
    assert cache_state(client.get("/en/?utm=x")) == "hit"


def test_conditional_get_answers_304_without_a_body(client):
    etag = client.get("/en/")["ETag"]
    assert etag.startswith('"') and etag.endswith('"')
    revalidated = client.get("/en/", headers={"If-None-Match": etag})
    assert revalidated.status_code == 304
    assert revalidated.content == b""
    assert revalidated["ETag"] == etag
    changed = client.get("/en/", headers={"If-None-Match": '"something-else"'})
    assert changed.status_code == 200


def test_gzip_goes_only_to_clients_that_take_it(client):
    plain = client.get("/en/")
    zipped = client.get("/en/", headers={"Accept-Encoding": "gzip, br"})
    refused = client.get("/en/", headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert zipped["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.content) == plain.content
    assert int(zipped["Content-Length"]) < int(plain["Content-Length"])
    assert zipped["ETag"] != plain["ETag"]  # two representations, two validators
    assert "Accept-Encoding" in zipped["Vary"]
    assert "Content-Encoding" not in plain and "Content-Encoding" not in refused


def test_head_is_answered_from_the_cache(client):
    client.get("/en/")
    head = client.head("/en/")
    assert head.status_code == 200
    assert cache_state(head) == "hit"


def test_an_edit_in_another_process_shows_within_the_poll(client, settings):
    settings.CONTENT_VERSION_POLL = 0  # read the shared version on every request
    client.get("/en/")
    assert cache_state(client.get("/en/")) == "hit"
    caching.shared_cache().set(caching.VERSION_KEY, "written-by-another-process", None)
    assert cache_state(client.get("/en/")) == "miss"
    assert cache_state(client.get("/en/")) == "hit"


def test_a_lost_version_token_only_ever_invalidates(client, settings):
    settings.CONTENT_VERSION_POLL = 0
    client.get("/en/")
    caching.shared_cache().delete(caching.VERSION_KEY)  # evicted, restarted cache…
    assert cache_state(client.get("/en/")) == "miss"


def test_only_cacheable_views_are_stored(client):
    # The language switch sets a cookie and is not a content page.
    response = client.get("/language/de/?next=/en/")
    assert response.status_code == 302
    assert cache_state(response) is None
    assert cache_state(client.get("/robots.txt")) is None  # no language prefix


# --- refusals (unit level) ---------------------------------------------------------------------


def marked_response(**headers) -> HttpResponse:
    response = HttpResponse("<!doctype html><p>x</p>", content_type="text/html; charset=utf-8")
    response.headers["Content-Language"] = "en"
    response.headers["Vary"] = "HX-Request"
    for name, value in headers.items():
        response.headers[name.replace("_", "-")] = value
    setattr(response, caching.CACHE_ATTRIBUTE, True)
    return response


def check(request, response) -> bool:
    key = caching.page_key(request)
    return key is not None and caching.cacheable(request, response, key)


def test_a_plain_content_response_is_cacheable():
    assert check(RequestFactory().get("/en/guide/"), marked_response())


@pytest.mark.parametrize(
    "spoil",
    [
        pytest.param(lambda r: r.set_cookie("csrftoken", "x"), id="sets a cookie"),
        pytest.param(lambda r: r.headers.__setitem__("Vary", "HX-Request, Cookie"), id="vary"),
        pytest.param(lambda r: r.headers.__setitem__("Cache-Control", "private"), id="private"),
        pytest.param(lambda r: r.headers.__setitem__("Cache-Control", "no-store"), id="no-store"),
        pytest.param(
            lambda r: r.headers.__setitem__("Content-Security-Policy", "script-src 'nonce-abc'"),
            id="nonce",
        ),
        pytest.param(lambda r: r.headers.__setitem__("Content-Language", "de"), id="language"),
        pytest.param(lambda r: setattr(r, "status_code", 404), id="404"),
        pytest.param(lambda r: delattr(r, caching.CACHE_ATTRIBUTE), id="not a content page"),
    ],
)
def test_unsafe_responses_are_never_stored(spoil):
    response = marked_response()
    spoil(response)
    assert not check(RequestFactory().get("/en/guide/"), response)


def test_only_gets_under_a_language_prefix_are_keyed():
    factory = RequestFactory()
    assert caching.page_key(factory.post("/en/guide/")) is None
    assert caching.page_key(factory.get("/robots.txt")) is None
    assert caching.page_key(factory.get("/en/guide/", headers={"Host": "evil.example"})) is None
    streaming = StreamingHttpResponse(iter([b"x"]))
    setattr(streaming, caching.CACHE_ATTRIBUTE, True)
    assert not check(factory.get("/en/guide/"), streaming)


def test_keys_differ_by_everything_the_page_depends_on():
    factory = RequestFactory()
    keys = {
        caching.page_key(request).identity
        for request in [
            factory.get("/en/guide/"),
            factory.get("/de/anleitung/"),
            factory.get("/en/guide/", headers={"HX-Request": "true"}),
            factory.get("/en/guide/", secure=True),
            factory.get("/en/guide/", SERVER_NAME="localhost"),
            factory.get("/en/guide/?a=1"),
        ]
    }
    assert len(keys) == 6


# --- with the database ------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_cache_stays_out_of_the_way_inside_a_transaction(client, django_assert_num_queries):
    """Pages rendered from uncommitted rows are never stored (and other tests count queries)."""
    first = client.get("/en/rounds/")
    assert cache_state(first) is None
    with django_assert_num_queries(1):
        again = client.get("/en/rounds/")
    assert cache_state(again) is None


def content_models():
    found = []
    for label in settings.CONTENT_APPS:
        found += list(apps.get_app_config(label).get_models())
    return found


@pytest.mark.django_db
def test_saving_or_deleting_any_content_model_changes_the_version():
    models = content_models()
    assert len(models) >= 2, models
    covered = 0
    for model in models:
        instance = model._default_manager.first()
        if instance is None:
            continue
        before = caching.content_version()
        instance.save()
        after_save = caching.content_version()
        assert after_save != before, model
        instance.delete()
        assert caching.content_version() != after_save, model
        covered += 1
    assert covered >= 2


@pytest.mark.django_db
def test_saving_something_else_leaves_the_version_alone(django_user_model):
    before = caching.content_version()
    django_user_model.objects.create(username="someone")
    assert caching.content_version() == before


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_an_edit_shows_at_once_in_both_languages(client):
    from rules.models import Round

    english = client.get("/en/rounds/")
    german = client.get("/de/runden/")
    assert cache_state(client.get("/en/rounds/")) == "hit"
    assert cache_state(client.get("/de/runden/")) == "hit"

    first = Round.objects.get(number=1)
    first.title_en = "A brand-new English title"
    first.title_de = "Ein ganz neuer deutscher Titel"
    first.save()

    edited_en = client.get("/en/rounds/")
    edited_de = client.get("/de/runden/")
    assert cache_state(edited_en) == "miss" and cache_state(edited_de) == "miss"
    assert "A brand-new English title" in edited_en.content.decode()
    assert "Ein ganz neuer deutscher Titel" in edited_de.content.decode()
    assert edited_en.content != english.content and edited_de.content != german.content


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_cached_page_needs_no_query(client, django_assert_num_queries):
    client.get("/en/rounds/7/")
    with django_assert_num_queries(0):
        assert cache_state(client.get("/en/rounds/7/")) == "hit"


# --- production settings ----------------------------------------------------------------------


def test_production_uses_the_cached_template_loader(tmp_path):
    code = (
        "import django; django.setup(); from django.template import engines; "
        "print([type(x).__module__ for x in engines['django'].engine.template_loaders])"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=production_env(tmp_path),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['django.template.loaders.cached']"


# --- game sheets: kept, and revalidated with the view on every request -------------------------


@pytest.fixture
def game_sheet(transactional_db):
    services = pytest.importorskip("games.services")
    game = services.create_game(["Ada", "Bo", "Cem", "Dana"], team=False)
    with translation.override("en"):
        url = reverse("games:view", args=[game.view_secret])
    return services, game, url


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_game_sheet_is_rendered_once_per_version_and_asked_about_every_time(
    client, game_sheet, django_assert_max_num_queries
):
    services, game, url = game_sheet
    first = client.get(url)
    assert first.status_code == 200 and cache_state(first) == "stored"
    assert "private" in first["Cache-Control"]  # still private for browsers and proxies
    with django_assert_max_num_queries(1):  # the view's own version check, no rendering
        again = client.get(url)
    assert cache_state(again) == "revalidated"
    assert again.content == first.content
    assert again["ETag"] == first["ETag"]

    game.refresh_from_db()
    services.record_round(game, game.version, round_number=1, scores=(0, 35, 60, 12), query="")
    changed = client.get(url)
    assert cache_state(changed) == "stored"  # the view said "changed": a fresh render
    assert changed.content != first.content
    assert "60" in changed.content.decode()
    assert cache_state(client.get(url)) == "revalidated"


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_visitors_own_validator_still_gets_a_304(client, game_sheet):
    _services, _game, url = game_sheet
    etag = client.get(url)["ETag"]
    mine = client.get(url, headers={"If-None-Match": etag})
    assert mine.status_code == 304
    stale = client.get(url, headers={"If-None-Match": '"g0-view-en-p"'})
    assert stale.status_code == 200 and stale.content


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_wrong_secret_is_never_answered_from_a_kept_copy(client, game_sheet):
    _services, game, url = game_sheet
    client.get(url)
    wrong = url.replace(game.view_secret, "Z" * len(game.view_secret))
    assert client.get(wrong).status_code == 404
    assert client.get(wrong).status_code == 404
