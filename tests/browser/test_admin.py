"""The editors' admin on a 360 px phone, in English and German: no page of the content is wider
than the screen, and no field runs past the edge of its form row, which cuts it off."""

import pytest

from referee.models import Ruling
from rules.models import GlossaryTerm, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The page's width, and every field that ends past the screen or past its row's edge.
OVERFLOW = """
() => {
  const cut = [];
  for (const field of document.querySelectorAll("input:not([type=hidden]), select, textarea")) {
    const box = field.getBoundingClientRect();
    if (!box.width) continue;
    const row = field.closest(".form-row");
    const edge = Math.min(innerWidth, row ? row.getBoundingClientRect().right : innerWidth);
    if (box.right > edge + 0.5) cut.push(field.name);
  }
  return { width: document.documentElement.scrollWidth, cut };
}
"""

ADDRESS = "https://www.pagat.com/rummy/okey_amerikan.html#melding"


@pytest.fixture
def editor_phone(live_server, admin_user, phone):
    """`editor_phone("de")`: a phone of that language, logged in to the admin."""

    def open_phone(language):
        page = phone(language)
        page.goto(f"{live_server.url}/admin/login/")
        page.locator("#id_username").fill("admin")
        page.locator("#id_password").fill("password")
        page.locator("[type=submit]").click()
        page.wait_for_url(f"{live_server.url}/admin/")
        assert page.locator("html").get_attribute("lang") == language
        return page

    return open_phone


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_content_page_of_the_admin_fits_a_phone(live_server, editor_phone, language):
    """A ruling's examples sit in a box inside the form: Django sized their fields to the
    screen, and the box cut them off on the right. A question that quotes an address, a word
    with no place to break, widened its form, history and deletion pages."""
    ruling = Ruling.objects.get(key="buy-discard")
    quoting = Ruling.objects.create(
        key="pagat",
        slug_de="pagat",
        order=10,
        question_en=f"Does {ADDRESS} say so?",
        question_de=f"Steht das in {ADDRESS}?",
        short_answer_en="Yes.",
        short_answer_de="Ja.",
        app_ruling_en="It does.",
        app_ruling_de="Ja.",
        sources_silent=True,
        rules="X2",
    )
    round_ = Round.objects.get(number=1)
    term = GlossaryTerm.objects.get(slug="okey")
    pages = [
        "/admin/",
        "/admin/referee/ruling/",
        "/admin/referee/ruling/add/",
        f"/admin/referee/ruling/{ruling.pk}/change/",
        f"/admin/referee/ruling/{quoting.pk}/change/",
        f"/admin/referee/ruling/{quoting.pk}/history/",
        f"/admin/referee/ruling/{quoting.pk}/delete/",
        "/admin/rules/round/",
        f"/admin/rules/round/{round_.pk}/change/",
        "/admin/rules/glossaryterm/",
        "/admin/rules/glossaryterm/add/",
        f"/admin/rules/glossaryterm/{term.pk}/change/",
    ]
    page = editor_phone(language)
    too_wide = {}
    for path in pages:
        response = page.goto(live_server.url + path)
        assert response.status == 200, path
        found = page.evaluate(OVERFLOW)
        if found["width"] > 360 or found["cut"]:
            too_wide[path] = found
    assert too_wide == {}
