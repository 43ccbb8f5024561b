"""No signal at the table, in Chromium: after one visit the rules open offline from the service
worker's store, in the visitor's language; pages that need the server show the branded offline
page; an edit made in the admin reaches the phone on its next online visit; the site is
installable (manifest and icons)."""

import pytest
from playwright.sync_api import expect

from games import services
from kutsite import content as content_module
from referee.models import Ruling
from rules.models import Round

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LOCALES = {"en": "en-GB", "de-DE": "de-DE", "de": "de-DE"}
PAGES = {
    "en": {
        "guide": "/en/guide/",
        "round": "/en/rounds/7/",
        "ruling": "/en/referee/run-12-13-1/",
        "glossary": "/en/glossary/",
        "calculator": "/en/calculator/?indicator=r4&round=3&name1=Ana",
        "offline": "You are offline",
    },
    "de": {
        "guide": "/de/anleitung/",
        "round": "/de/runden/7/",
        "ruling": "/de/schiedsrichter/run-12-13-1/",
        "glossary": "/de/glossar/",
        "calculator": "/de/rechner/?indicator=r4&round=3&name1=Ana",
        "offline": "Du bist offline",
    },
}
STORED = """async (language) => {
  const info = await caches.open("kut-info");
  const list = await info.match("/" + language + "/offline/store.json");
  return list ? (await list.json()).version : null;
}"""


@pytest.fixture
def content(transactional_db):
    """Serialized rollback (tests/conftest.py) brings back what the data migrations seeded."""
    assert Ruling.objects.count() == 9 and Round.objects.count() == 20


@pytest.fixture
def phone(browser):
    contexts = []

    def open_phone(language):
        context = browser.new_context(locale=LOCALES[language], viewport=PHONE)
        contexts.append(context)
        return context, context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


def poll(page, script, arg=None, *, until=bool):
    """`script` evaluated in the page again and again until its value passes `until`
    (wait_for_function would take an async function's promise for a truthy answer)."""
    for _ in range(150):
        value = page.evaluate(script, arg)
        if until(value):
            return value
        page.wait_for_timeout(200)
    raise AssertionError(f"never true: {script} -> {value!r}")


def wait_for_store(page, language, version=None):
    """Until the worker has stored every page of `language` (under `version`, if given)."""
    return poll(page, STORED, language, until=lambda found: found and version in (None, found))


def heading(page):
    return page.locator("h1")


@pytest.mark.parametrize("language", ["en", "de"])
def test_after_one_visit_the_rules_open_offline(live_server, content, phone, language):
    context, page = phone(language)
    page.goto(f"{live_server.url}/{language}/")
    wait_for_store(page, language)
    pages = PAGES[language]
    online = {}
    for name in ("guide", "round", "ruling", "glossary"):
        page.goto(live_server.url + pages[name])
        online[name] = heading(page).inner_text()

    context.set_offline(True)
    for name in ("guide", "round", "ruling", "glossary"):
        page.goto(live_server.url + pages[name])
        expect(heading(page)).to_have_text(online[name])
        expect(page.locator("html")).to_have_attribute("lang", language)
    # A page that needs the server: the branded page in the page's language, at the same
    # address, so the entries in the query are still there to try again.
    page.goto(live_server.url + pages["calculator"])
    expect(heading(page)).to_have_text(pages["offline"])
    assert page.url == live_server.url + pages["calculator"]
    expect(page.locator("[data-retry]")).to_have_attribute("href", "")
    expect(page.locator(f'main a[href="{pages["guide"]}"]')).to_be_visible()

    context.set_offline(False)
    page.locator("[data-retry]").click()
    expect(page.locator("h1")).not_to_have_text(pages["offline"])
    assert page.url == live_server.url + pages["calculator"]
    assert page.locator("input[name=name1]").input_value() == "Ana"


def test_switching_language_stores_the_other_language_too(live_server, content, phone):
    context, page = phone("en")
    page.goto(f"{live_server.url}/en/")
    wait_for_store(page, "en")
    page.locator(".lang-switch a").click()
    page.wait_for_url("**/de/")
    wait_for_store(page, "de")
    context.set_offline(True)
    page.goto(live_server.url + PAGES["de"]["round"])
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(heading(page)).to_contain_text("7")
    page.goto(live_server.url + PAGES["en"]["glossary"])
    expect(page.locator("html")).to_have_attribute("lang", "en")


def test_an_edit_reaches_the_phone_on_its_next_online_visit(live_server, content, phone):
    context, page = phone("en")
    page.goto(f"{live_server.url}/en/")
    first = wait_for_store(page, "en")
    ruling = Ruling.objects.get(key="run-12-13-1")
    ruling.question_en = "Is 12-13-1 a run at this table? (edited)"
    ruling.save()

    edited = f"{content_module.BUILD}:{content_module.version()}"
    assert edited != first

    page.reload()
    second = wait_for_store(page, "en", edited)
    # Old stores are deleted: one store per language.
    names = page.evaluate("caches.keys()")
    assert [name for name in names if name.startswith("kut-en-")] == [f"kut-en-{second}"]

    context.set_offline(True)
    page.goto(live_server.url + PAGES["en"]["ruling"])
    expect(heading(page)).to_contain_text("(edited)")


def test_a_read_only_sheet_opened_before_shows_its_last_state_offline(live_server, content, phone):
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    context, page = phone("de")
    page.goto(f"{live_server.url}/de/")
    wait_for_store(page, "de")
    sheet = f"{live_server.url}/de/spiele/ansehen/{game.view_secret}/"
    page.goto(sheet)
    expect(page.locator("[data-offline-sheet]")).to_have_count(0)
    poll(page, "async () => !!(await (await caches.open('kut-sheets')).match(location.href))")

    context.set_offline(True)
    page.goto(sheet)
    expect(page.get_by_text("Dila").first).to_be_visible()
    note = page.locator("[data-offline-sheet]")
    expect(note).to_contain_text("Offline: dieses Spielblatt so, wie es um")
    # The edit sheet was never opened offline: it says so instead of pretending.
    page.goto(f"{live_server.url}/de/spiele/{game.edit_secret}/")
    expect(heading(page)).to_have_text(PAGES["de"]["offline"])


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_site_is_installable_with_its_manifest_and_icons(
    live_server, content, browser_type, browser_type_launch_args, tmp_path, language
):
    # A profile on disk: Chromium never offers to install from a private (incognito) context.
    context = browser_type.launch_persistent_context(
        tmp_path, **browser_type_launch_args, locale=LOCALES[language], viewport=PHONE
    )
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/{language}/")
        href = page.locator('link[rel="manifest"]').get_attribute("href")
        assert href == f"/{language}/manifest.webmanifest"
        manifest = page.request.get(live_server.url + href)
        assert manifest.ok
        data = manifest.json()
        assert data["start_url"] == f"/{language}/"
        for icon in data["icons"]:
            response = page.request.get(live_server.url + icon["src"])
            assert response.ok, icon
            assert response.headers["content-type"] == icon["type"], icon
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        session = context.new_cdp_session(page)
        manifest_info = session.send("Page.getAppManifest")
        assert manifest_info["url"].endswith(href)
        assert not manifest_info["errors"], manifest_info["errors"]
        errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
    finally:
        context.close()
