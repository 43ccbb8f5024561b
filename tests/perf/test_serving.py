"""The serving path: Django's page cache keyed by the content version, HTTP caching headers for
browsers and proxies, and content kept in memory per version (kutsite/content.py)."""

import gzip
import random
import re
import tempfile
import threading
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import caches
from django.core.cache.utils import make_template_fragment_key
from django.db import connection, transaction
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from games import services
from games.forms import SUBMISSION_PATTERN
from games.models import Game
from kutsite import content
from kutsite.models import ContentVersion
from referee.models import Ruling
from rules.models import GlossaryTerm, Round

pytestmark = pytest.mark.django_db

PUBLIC = [
    "/en/",
    "/de/anleitung/",
    "/en/rounds/",
    "/de/runden/7/",
    "/en/glossary/",
    "/de/schiedsrichter/",
    "/en/referee/run-12-13-1/",
    "/en/referee/check/?tiles=r12+r13+r1&indicator=b8",
    "/de/schiedsrichter/abwurf/?table=b4+b5+b6&tile=b7&indicator=r3",
    "/en/calculator/?indicator=b8&round=3&state1=finished&state2=melded&points2=12",
]


def rendered(response) -> bool:
    """Whether the view rendered a template for this response (a cache hit renders none)."""
    return bool(response.templates)


def directives(response) -> dict[str, str]:
    parts = [p.strip() for p in response["Cache-Control"].split(",")]
    return dict([*p.split("=", 1), ""][:2] for p in parts)


@pytest.mark.parametrize("path", PUBLIC)
def test_a_public_page_renders_once_then_comes_from_the_page_cache(client, path):
    first = client.get(path)
    second = client.get(path)
    assert first.status_code == second.status_code == 200
    assert rendered(first) and not rendered(second)
    assert first.content == second.content


@pytest.mark.parametrize("path", PUBLIC)
def test_public_pages_tell_browsers_and_proxies_how_long_and_how_stale(client, path):
    cc = directives(client.get(path))
    assert "public" in cc
    assert int(cc["max-age"]) > 0 and int(cc["s-maxage"]) >= int(cc["max-age"])
    assert int(cc["stale-while-revalidate"]) > 0 and int(cc["stale-if-error"]) > 0
    assert "private" not in cc and "no-store" not in cc


def test_each_language_and_representation_has_its_own_copy(client):
    url = "/en/referee/check/?tiles=r12+r13+r1&indicator=b8"
    page = client.get(url)
    fragment = client.get(url, headers={"HX-Request": "true"})
    restore = client.get(url, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    german = client.get("/de/schiedsrichter/pruefen/?tiles=r12+r13+r1&indicator=b8")
    assert b"<html" in page.content and b"<html" not in fragment.content
    assert b"<html" in restore.content  # a history restore needs the whole page
    assert {"HX-Request", "HX-History-Restore-Request"} <= {
        v.strip() for v in page["Vary"].split(",")
    }
    assert german["Content-Language"] == "de" and page["Content-Language"] == "en"
    # Asked again, the whole page comes from its copy; the live fragment is rendered again.
    again = client.get(url)
    assert again.content == page.content and not rendered(again)
    fragment_again = client.get(url, headers={"HX-Request": "true"})
    assert fragment_again.content == fragment.content and rendered(fragment_again)


def test_a_kept_page_is_found_by_its_own_language_whatever_the_process_spoke_last(client):
    # A hit is answered before LocaleMiddleware: the key's language must come from the request,
    # not from the language the process last switched to.
    pages = {"en": "/en/rounds/", "de": "/de/runden/"}
    kept = {language: client.get(path).content for language, path in pages.items()}
    try:
        for language, path in pages.items():
            translation.activate("de" if language == "en" else "en")
            again = client.get(path)
            assert not rendered(again), path
            assert again.content == kept[language]
            assert again["Content-Language"] == language
    finally:
        translation.deactivate()


@pytest.mark.parametrize(
    ("view", "query", "english", "german"),
    [
        (
            "referee:check",
            "tiles=r1+r2&indicator=b8&round={}",
            "Meld checker",
            "Kombination prüfen",
        ),
        (
            "referee:discard",
            "table=b4+b5+b6&tile=b7&indicator=r{}",
            "Discard checker",
            "Abwurf prüfen",
        ),
        (
            "referee:rack",
            "rack=r1+r2&indicator=b8&round={}",
            "What can I lay down?",
            "Was kann ich auslegen?",
        ),
        ("scoring:calculator", "indicator=r{}&round=1", "Score calculator", "Punkterechner"),
    ],
)
def test_the_parts_of_a_page_kept_per_language_are_that_languages_own(
    client, view, query, english, german
):
    """A checker's or the calculator's heading, form tag and buttons are kept once per language
    (`{% cache %}`), while each new answer is drawn around them: in whichever order the
    languages ask, each gets its own words and its own addresses."""
    for n, language in enumerate(["en", "de", "en", "de"], 2):
        with translation.override(language):
            url = reverse(view)
        html = client.get(f"{url}?{query.format(n)}").content.decode()
        assert f"<h1>{english if language == 'en' else german}</h1>" in html, (language, n)
        assert f'action="{url}#' in html and f'data-hx-get="{url}"' in html, (language, n)


def test_the_calculators_kept_notation_help_is_each_languages_own(client):
    """The tile notation's help, kept once per language, in whichever order they ask."""
    words = {"en": "Okeys and false jokers 25 each", "de": "Okeys und falsche Joker je 25"}
    for n, language in enumerate(["en", "de", "en", "de"], 2):
        with translation.override(language):
            url = reverse("scoring:calculator")
        html = client.get(f"{url}?indicator=r{n}&round=1").content.decode()
        assert words[language] in html and words[{"en": "de", "de": "en"}[language]] not in html


def test_the_calculators_kept_tick_boxes_follow_each_answer(client):
    """The tick boxes are kept per language and per state: each answer below turns one box
    on or off and leaves the others as they were."""
    url = reverse("scoring:calculator")
    flags = ("team", "okey_finish", "exhausted")
    for query in ["team=1&okey_finish=1", "okey_finish=1", "", "exhausted=1", "team=1&exhausted=1"]:
        html = client.get(f"{url}?indicator=r4&round=2&{query}").content.decode()
        boxes = dict(re.findall(r'<input type="checkbox" id="id_(\w+)"([^>]*)>', html))
        assert sorted(boxes) == sorted(flags)
        on = {name for name, attributes in boxes.items() if " checked" in attributes}
        assert on == {name for name in flags if f"{name}=1" in query}, query


def test_a_foreign_host_is_refused_with_every_header_and_nothing_is_kept(client):
    path = PUBLIC[0]
    client.get(path)  # kept
    refused = client.get(path, headers={"Host": "evil.example"})
    assert refused.status_code == 400
    assert refused.has_header("Content-Security-Policy") and refused["X-Frame-Options"] == "DENY"
    assert "private" in refused["Cache-Control"]
    assert not rendered(client.get(path))  # the kept page is still there, untouched


@pytest.mark.parametrize("path", [p for p in PUBLIC if "?" in p])
def test_a_live_fragment_is_private_and_never_fills_the_page_cache(client, path):
    live = {"HX-Request": "true"}
    fragment = client.get(path, headers=live)
    assert fragment.status_code == 200 and b"<html" not in fragment.content
    cc = directives(fragment)
    assert "private" in cc and "public" not in cc and "s-maxage" not in cc
    assert "no-store" in cc and not fragment.has_header("ETag")
    assert "HX-Request" in fragment["Vary"]
    assert rendered(client.get(path, headers=live))  # not kept: rendered every time
    client.get(path)
    assert not rendered(client.get(path))  # the whole page at the same address is kept


def test_a_live_fragment_does_not_look_itself_up_in_the_page_cache(client, monkeypatch):
    path = PUBLIC[-1]
    asked = []
    store = caches["pages"]
    monkeypatch.setattr(store, "get", lambda *args, **kwargs: asked.append(args))
    client.get(path, headers={"HX-Request": "true"})
    assert asked == []
    client.get(path, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    client.get(path)
    assert len(asked) == 2  # a history restore and a whole page are looked up as usual


def test_a_phone_that_has_the_page_gets_a_304(client):
    first = client.get("/en/guide/")
    again = client.get("/en/guide/", headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304 and again.content == b""


def test_the_share_card_varies_on_something_real(client):
    card = client.get("/en/referee/run-12-13-1/card.png", headers={"Accept-Encoding": "gzip"})
    assert card.status_code == 200
    vary = [v.strip() for v in card.get("Vary", "Accept-Encoding").split(",")]
    assert all(vary), card.get("Vary")


@pytest.mark.parametrize("mode", ["sheet", "view"])
def test_game_sheets_are_private_and_a_write_shows_at_once(client, mode):
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    secret = game.edit_secret if mode == "sheet" else game.view_secret
    path = f"/en/games/{secret}/" if mode == "sheet" else f"/en/games/view/{secret}/"
    first, second = client.get(path), client.get(path)
    assert first.status_code == second.status_code == 200
    cc = directives(first)
    assert "private" in cc and "no-cache" in cc and "public" not in cc
    # Both are kept per game version, under their secret URLs.
    assert rendered(first) and not rendered(second)
    services.record_round(
        game, game.version, round_number=1, scores=(0, 35, 60, 12), query="", exhausted=False
    )
    third = client.get(path)
    assert rendered(third)
    assert 'data-score="35"' in third.content.decode()
    assert 'data-score="35"' not in first.content.decode()


# What each answer of an edit sheet draws anew: the forms' CSRF token and submission id.
_FRESH_VALUES = re.compile(rb'(name="(?:csrfmiddlewaretoken|submission)" value=")[^"]*"')


def same_but_fresh_values(one: bytes, other: bytes) -> bool:
    return _FRESH_VALUES.sub(rb"\1", one) == _FRESH_VALUES.sub(rb"\1", other)


def _redeal_form(html: str) -> dict[str, str]:
    form = re.search(r'<form method="post" action="[^"]*/redeal/">.*?</form>', html, re.S)
    assert form, "the sheet's redeal form"
    return dict(re.findall(r'<input type="hidden"\s+name="([^"]+)" value="([^"]*)"', form[0]))


def test_a_kept_edit_sheet_gives_every_answer_its_own_token_and_submission_id():
    """The edit sheet is drawn once per version; each answer fills in a fresh CSRF token and
    submission id, so two phones on one sheet never share an id and each phone's form writes."""
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    path = f"/en/games/{game.edit_secret}/"
    phones = [Client(enforce_csrf_checks=True) for _ in range(2)]
    answers = [phone.get(path) for phone in phones]
    assert [rendered(a) for a in answers] == [True, False]
    forms = [_redeal_form(a.content.decode()) for a in answers]
    tokens = [f["csrfmiddlewaretoken"] for f in forms]
    ids = [f["submission"] for f in forms]
    assert len(set(tokens)) == 2 and len(set(ids)) == 2 and all(tokens) and all(ids)
    assert all(re.fullmatch(SUBMISSION_PATTERN, i) for i in ids)
    assert all(b"-slot-" not in a.content and "Cookie" in a["Vary"] for a in answers)
    assert all(settings.CSRF_COOKIE_NAME in a.cookies for a in answers)  # a token, as before
    written = phones[1].post(f"{path}redeal/", forms[1])
    assert written.status_code == 302 and "done=redeal" in written["Location"]
    assert Game.objects.get(pk=game.pk).version == game.version + 1


def test_the_read_only_sheet_is_kept_compressed_and_plain_for_who_asks(client):
    """The kept sheet is gzipped once, not per visit; a client without gzip gets its own copy."""
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    path = f"/en/games/view/{game.view_secret}/"
    zipped = [client.get(path, headers={"Accept-Encoding": "gzip"}) for _ in range(2)]
    plain = [client.get(path) for _ in range(2)]
    assert [rendered(r) for r in zipped + plain] == [True, False, True, False]
    assert all(r["Content-Encoding"] == "gzip" for r in zipped)
    assert not any(r.has_header("Content-Encoding") for r in plain)
    assert gzip.decompress(zipped[1].content) == plain[1].content
    assert "Accept-Encoding" in zipped[1]["Vary"] and "HX-Request" in zipped[1]["Vary"]
    fragment = client.get(path, headers={"HX-Request": "true"})
    assert rendered(fragment) and b"<html" not in fragment.content


@pytest.mark.parametrize("mode", ["sheet", "view"])
def test_a_sheet_keeps_its_page_and_its_fragment_side_by_side(client, mode):
    """A phone that polls (the fragment) and one that opens the sheet (the page) do not push
    each other's copy out; each language has its own."""
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    secret = game.edit_secret if mode == "sheet" else game.view_secret
    paths = []
    for language in ("en", "de"):
        with translation.override(language):
            paths.append(reverse(f"games:{mode}", args=[secret]))
    live = {"HX-Request": "true"}
    asks = [(path, headers) for path in paths for headers in ({}, live)]
    first = [client.get(path, headers=headers) for path, headers in asks]
    again = [client.get(path, headers=headers) for path, headers in asks]
    assert [r.status_code for r in first + again] == [200] * 8
    assert [rendered(r) for r in first] == [True] * 4
    assert [rendered(r) for r in again] == [False] * 4
    assert [b"<html" in r.content for r in again] == [True, False, True, False]
    assert again[0]["Content-Language"] == "en" and again[2]["Content-Language"] == "de"


@pytest.mark.parametrize("mode", ["sheet", "view"])
def test_a_kept_sheet_asks_the_database_for_its_version_alone(
    client, django_assert_num_queries, django_assert_max_num_queries, mode
):
    """A visit to a kept sheet, and a poll that ends in 304, read one column of one row; with
    nothing kept, the first query loads the whole game, so a real render stays at three: the
    game, its entries and the rounds. The first sheet a process draws after a content edit
    also asks for the content version (four); see docs/performance.md."""
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    path = (
        f"/en/games/{game.edit_secret}/"
        if mode == "sheet"
        else f"/en/games/view/{game.view_secret}/"
    )
    content.reset()
    with django_assert_max_num_queries(3) as drawn:
        first = client.get(path)
    assert drawn.captured_queries[0]["sql"].startswith("SELECT * FROM")
    with django_assert_num_queries(1) as kept:
        again = client.get(path)
    with django_assert_num_queries(1) as polled:
        unchanged = client.get(path, headers={"If-None-Match": first["ETag"]})
    assert rendered(first) and not rendered(again)
    assert same_but_fresh_values(again.content, first.content)
    assert unchanged.status_code == 304
    for queries in (kept, polled):
        assert queries.captured_queries[0]["sql"].startswith("SELECT version FROM")


def test_an_edit_reaches_every_page_and_both_game_sheets_at_once(client):
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    pages = {
        "rounds": "/de/runden/",
        "round": "/de/runden/4/",
        "check": "/de/schiedsrichter/pruefen/?tiles=r1+r2+r3&indicator=b8&round=4",
        "sheet": f"/de/spiele/{game.edit_secret}/",
        "view": f"/de/spiele/ansehen/{game.view_secret}/",
    }
    before = {name: client.get(path) for name, path in pages.items()}
    assert all(r.status_code == 200 for r in before.values()), {
        n: r.status_code for n, r in before.items()
    }
    round_4 = Round.objects.get(number=4)
    round_4.title_de = "Vierte Runde, frisch bearbeitet"
    round_4.notes_de = "Ein frischer Hinweis."
    round_4.runs, round_4.run_size, round_4.groups = 1, 5, 0
    round_4.example = "k3 k4 k5 k6 k7"
    round_4.save()
    after = {
        name: client.get(path, headers={"If-None-Match": before[name].get("ETag", "")})
        for name, path in pages.items()
    }
    for name, response in after.items():
        assert response.status_code == 200, name  # no stale 304, no stale copy
        assert response.content != before[name].content, name
    assert "Vierte Runde, frisch bearbeitet" in after["round"].content.decode()


@pytest.mark.parametrize("write", ["update", "bulk_update", "bulk_create"])
def test_a_bulk_write_sends_no_signal_and_still_reaches_the_pages(client, write):
    path = "/en/glossary/" if write == "bulk_create" else "/en/referee/run-12-13-1/"
    before = client.get(path)
    text = "Written in bulk, without a signal."
    if write == "update":
        Ruling.objects.filter(key="run-12-13-1").update(short_answer_en=text)
    elif write == "bulk_update":
        ruling = Ruling.objects.get(key="run-12-13-1")
        ruling.short_answer_en = text
        Ruling.objects.bulk_update([ruling], ["short_answer_en"])
    else:
        GlossaryTerm.objects.bulk_create(
            [GlossaryTerm(slug="bulk", term="Bulk", definition=text, definition_en=text)]
        )
    after = client.get(path, headers={"If-None-Match": before.get("ETag", "")})
    assert after.status_code == 200
    assert text in after.content.decode()


@pytest.mark.django_db(transaction=True)
@override_settings(CONTENT_VERSION_POLL=3600)
def test_a_page_drawn_while_an_edit_commits_is_not_kept_as_the_new_version():
    """Another thread of this process, asking while an admin edit is saved but not committed,
    reads the old rows: it must keep them under the old version, not the edit's, or this
    process would serve them until the next edit."""
    path = "/en/rounds/4/"
    assert "Fourth round, just edited" not in Client().get(path).content.decode()
    seen = []

    def visitor():
        seen.append(Client().get(path).content.decode())
        connection.close()

    with transaction.atomic():
        round_4 = Round.objects.get(number=4)
        round_4.title_en = "Fourth round, just edited"
        round_4.save()
        thread = threading.Thread(target=visitor)
        thread.start()
        thread.join()
        assert "Fourth round, just edited" not in seen[0]  # not committed: the old rows
        assert "Fourth round, just edited" in Client().get(path).content.decode()  # the editor's
    assert "Fourth round, just edited" in Client().get(path).content.decode()
    assert content.version() == ContentVersion.objects.get().token


@pytest.mark.django_db(transaction=True)
def test_an_edit_rolled_back_leaves_the_version_as_it_was():
    before, stored = content.version(), ContentVersion.objects.get().token
    with pytest.raises(RuntimeError), transaction.atomic():
        Round.objects.filter(number=4).update(title_en="Never saved")
        assert content.version() != before  # the editing thread sees its edit
        raise RuntimeError("the admin's save fails")
    assert (content.version(), ContentVersion.objects.get().token) == (before, stored)
    assert "Never saved" not in Client().get("/en/rounds/4/").content.decode()


def test_an_edit_in_another_process_shows_within_the_poll(client):
    client.get("/en/referee/run-12-13-1/")
    # Another process saves: its rows and a new token, nothing this process hears of (the base
    # manager is Django's plain one: its bulk update leaves the version alone).
    Ruling._base_manager.filter(key="run-12-13-1").update(
        short_answer_en="An answer from elsewhere."
    )
    ContentVersion.objects.update(token="from-another-process")
    assert (
        "An answer from elsewhere." not in client.get("/en/referee/run-12-13-1/").content.decode()
    )
    with override_settings(CONTENT_VERSION_POLL=0):
        fresh = client.get("/en/referee/run-12-13-1/").content.decode()
    assert "An answer from elsewhere." in fresh


def test_content_is_read_once_per_version(client):
    client.get("/en/rounds/")
    with CaptureQueriesContext(connection) as queries:
        client.get("/de/runden/")  # another language: the rows are kept, only words differ
        client.get("/en/referee/check/?tiles=r1+r2+r3&indicator=b8&round=5")
        client.get("/en/rounds/9/")
    # The rulings and their examples (two queries), for the links from the checker's verdicts.
    assert len(queries) == 2, [q["sql"] for q in queries]


def _random_tile(rng: random.Random) -> str:
    return rng.choice("rkby") + str(rng.randint(1, 13))


@override_settings(
    CACHES={
        **settings.CACHES,
        "pages": {**settings.CACHES["pages"], "OPTIONS": {"MAX_ENTRIES": 60}},
    }
)
def test_a_flood_of_unique_queries_stays_bounded_and_content_survives(client):
    rng = random.Random(11)
    client.get("/en/rounds/")  # content read and kept
    kept_names = set(content._State.memo)
    urls = [
        f"/en/referee/check/?tiles={_random_tile(rng)}+{_random_tile(rng)}&indicator=b8&n={i}"
        for i in range(400)
    ]
    for url in urls:
        assert client.get(url).status_code == 200
    # At most the cache's bound is still kept: everything else renders again.
    hits = sum(not rendered(client.get(url)) for url in reversed(urls))
    assert 0 < hits <= 60
    # The kept content did not grow with the flood, and the content pages need no database.
    assert set(content._State.memo) - kept_names <= {
        "referee.rulings",
        "referee.questions:en",
        "referee.round-choices:en",
    }

    def database_down(*args, **kwargs):
        raise connection.OperationalError("the database went away")

    with connection.execute_wrapper(database_down):
        assert client.get("/en/rounds/").status_code == 200
        assert client.get("/en/rounds/3/").status_code == 200


@override_settings(
    CACHES={
        **settings.CACHES,
        "template_fragments": {
            **settings.CACHES["template_fragments"],
            "OPTIONS": {"MAX_ENTRIES": 30},
        },
    }
)
@pytest.mark.parametrize(
    ("view", "query"),
    [
        ("referee:check", "tiles=r1+r2+r3&indicator=b8&round={}"),
        ("referee:rack", "rack=r1+r2+r3&indicator=b8&round={}"),
    ],
)
def test_typed_rounds_that_are_no_round_add_nothing_to_the_fragment_cache(client, view, query):
    """A checker's round list is kept once per round chosen (the field component keeps a
    select per choice); a typed value that is no round is drawn with its error, never kept."""
    fragments = caches["template_fragments"]
    kept = make_template_fragment_key("chosen-field", ["en", view, "round", "5"])
    url = reverse(view)
    client.get(f"{url}?{query.format(5)}")
    assert fragments.has_key(kept)
    for i in range(200):
        page = client.get(f"{url}?{query.format(f'x{i}')}")
        assert f"There is no round x{i}" in page.content.decode()
    # Each junk value was drawn afresh, not kept: the valid round's select is still there.
    assert fragments.has_key(kept)


def test_the_health_check_answers_without_the_database_and_is_never_kept(
    client, django_assert_num_queries
):
    def database_down(*args, **kwargs):
        raise connection.OperationalError("the database went away")

    with django_assert_num_queries(0), connection.execute_wrapper(database_down):
        answers = [client.get("/healthz"), client.head("/healthz")]
    assert [r.status_code for r in answers] == [200, 200]
    assert answers[0].content == b"ok"
    assert "no-store" in answers[0]["Cache-Control"]
    assert client.post("/healthz").status_code == 405


def test_nothing_is_kept_in_a_world_writable_place():
    temp = Path(tempfile.gettempdir()).resolve()
    for alias, config in settings.CACHES.items():
        assert "FileBasedCache" not in config["BACKEND"] or not Path(
            config["LOCATION"]
        ).resolve().is_relative_to(temp), alias
    assert "shared" not in settings.CACHES
