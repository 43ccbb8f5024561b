"""The admin: both languages side by side, and an edit that breaks a rule is refused."""

import re
from string import ascii_lowercase

import pytest

from rules.guide import anchors
from rules.models import REFEREE_PAGE, GlossaryTerm, Round

pytestmark = pytest.mark.django_db


def form_data(r: Round, **changes):
    data = {
        "title_en": r.title_en,
        "title_de": r.title_de,
        "is_final": "on" if r.is_final else "",
        "groups": r.groups,
        "group_size": r.group_size,
        "runs": r.runs,
        "run_size": r.run_size,
        "pairs": r.pairs,
        "example": r.example,
        "indicator": r.indicator,
        "notes_en": r.notes_en,
        "notes_de": r.notes_de,
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v != ""}


def change_url(r: Round) -> str:
    return f"/admin/rules/round/{r.pk}/change/"


def test_round_form_shows_both_languages_side_by_side(admin_client):
    r = Round.objects.get(number=12)
    html = admin_client.get(change_url(r)).content.decode()
    assert 'name="title_en"' in html and 'name="title_de"' in html
    # Django draws the fields of one fieldset line in one row: English beside German.
    for name in ("title", "notes"):
        assert f'form-multiline field-{name}_en field-{name}_de"' in html, name


def test_rounds_cannot_be_added_or_deleted(admin_client):
    assert admin_client.get("/admin/rules/round/add/").status_code == 403
    r = Round.objects.get(number=1)
    assert admin_client.get(f"/admin/rules/round/{r.pk}/delete/").status_code == 403


def test_a_valid_edit_is_saved(admin_client):
    r = Round.objects.get(number=12)
    data = form_data(r, title_en="Five in a row", example="b6 b7 ok b9 b10")
    response = admin_client.post(change_url(r), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    r.refresh_from_db()
    assert r.title_en == "Five in a row" and r.example == "b6 b7 ok b9 b10"


@pytest.mark.parametrize(
    ("number", "changes", "field", "words"),
    [
        (12, {"run_size": 4}, "example", "does not meet its own contract"),
        (19, {"groups": 4}, None, "at most 12"),
        (12, {"is_final": "on", "runs": 0}, "is_final", "Only the last round"),
        (20, {"is_final": "", "pairs": 2}, "is_final", "must be the all-at-once round"),
        (3, {"example": "r7 k7 x7|k11 b11 y11"}, "example", "“x7” is not a tile"),
        (  # C4, D1: the last round has no contract; its example is a whole rack
            20,
            {"example": "r1 r2 r3"},
            "example",
            "not a whole rack going down at once. The checker says: Nobody melds before the last "
            "round ends, so every rack holds at least 14 tiles then; you entered 3.",
        ),
        (3, {"indicator": "fj"}, "indicator", "never a false joker"),
        (3, {"indicator": "zz"}, "indicator", "“zz” is not a tile"),
        (3, {"group_size": 5}, "group_size", "3 or 4 tiles"),
        (3, {"groups": 0}, "is_final", "at least one meld"),
        # numbers typed beside the all-at-once tick would be kept and never used
        (20, {"groups": 1}, "is_final", "set its Küt groups, runs and pairs to 0"),
        (20, {"pairs": 2}, "is_final", "set its Küt groups, runs and pairs to 0"),
        # the last round unticked, with no contract: it is the last, so not "all but the last"
        (20, {"is_final": ""}, "is_final", "must be the all-at-once round"),
        (3, {"notes_de": ""}, "notes_de", "German text"),
        (3, {"title_de": ""}, "title_de", "required"),
    ],
)
def test_an_edit_that_breaks_a_rule_is_refused(admin_client, number, changes, field, words):
    r = Round.objects.get(number=number)
    before = (r.groups, r.run_size, r.is_final, r.example, r.indicator, r.notes_de)
    response = admin_client.post(change_url(r), form_data(r, **changes))
    assert response.status_code == 200
    form = response.context["adminform"].form
    errors = form.errors.get(field or "__all__", [])
    assert any(words in e for e in errors), form.errors
    r.refresh_from_db()
    assert (r.groups, r.run_size, r.is_final, r.example, r.indicator, r.notes_de) == before


def test_errors_are_in_german_for_a_german_editor(admin_client):
    r = Round.objects.get(number=12)
    response = admin_client.post(change_url(r), form_data(r, run_size=4), HTTP_ACCEPT_LANGUAGE="de")
    errors = " ".join(response.context["adminform"].form.errors["example"])
    assert "Das Beispiel von Runde 12 erfüllt seinen eigenen Kontrakt nicht" in errors
    assert "Die Prüfung ergibt:" in errors  # the checker's verdict, quoted as such


def test_glossary_admin_requires_both_languages(admin_client):
    t = GlossaryTerm.objects.get(slug="okey")
    data = {
        "slug": t.slug,
        "term_en": t.term_en,
        "term_de": t.term_de,
        "also_en": "the joker",
        "definition_en": t.definition_en,
        "definition_de": t.definition_de,
        "rules": t.rules,
        "section": t.section,
    }
    response = admin_client.post(f"/admin/rules/glossaryterm/{t.pk}/change/", data)
    assert response.status_code == 200
    assert "also_de" in response.context["adminform"].form.errors


def glossary_data(t: GlossaryTerm, **changes):
    data = {
        "slug": t.slug,
        "term_en": t.term_en,
        "term_de": t.term_de,
        "also_en": t.also_en,
        "also_de": t.also_de,
        "definition_en": t.definition_en,
        "definition_de": t.definition_de,
        "rules": t.rules,
        "section": t.section,
    }
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"rules": "T3 Z9"}, "rules", "No rule has the ID Z9"),
        ({"rules": "M2 S99 hello"}, "rules", "No rule has the ID S99, hello"),
        ({"section": "nowhere"}, "section", "The guide has no section “nowhere”"),
    ],
)
def test_glossary_rules_and_section_must_exist(admin_client, changes, field, words):
    """A badge or a guide link to something that does not exist is refused on save."""
    t = GlossaryTerm.objects.get(slug="okey")
    before = (t.rules, t.section)
    response = admin_client.post(
        f"/admin/rules/glossaryterm/{t.pk}/change/", glossary_data(t, **changes)
    )
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert any(words in e for e in errors.get(field, [])), errors
    t.refresh_from_db()
    assert (t.rules, t.section) == before


def test_a_glossary_anchor_stays_and_the_entries_the_guide_links_are_kept(admin_client):
    """The guide links /glossary/#okey: an editor cannot rename that anchor nor delete the
    entry (alone or from the list). An entry an editor added may go again."""
    t = GlossaryTerm.objects.get(slug="okey")
    change = f"/admin/rules/glossaryterm/{t.pk}/change/"
    assert 'name="slug"' not in admin_client.get(change).content.decode()
    response = admin_client.post(change, glossary_data(t, slug="okey-new", also_de="der Joker"))
    assert response.status_code == 302
    t.refresh_from_db()
    assert (t.slug, t.also_de) == ("okey", "der Joker")
    assert admin_client.get(f"/admin/rules/glossaryterm/{t.pk}/delete/").status_code == 403
    answer = admin_client.post(
        "/admin/rules/glossaryterm/",
        {"action": "delete_selected", "_selected_action": [t.pk], "post": "yes"},
    )
    assert answer.status_code == 403
    assert GlossaryTerm.objects.filter(slug="okey").exists()

    added = GlossaryTerm.objects.create(
        slug="tile-bag",
        term_en="tile bag",
        term_de="Steinbeutel",
        definition_en="Where the tiles are kept.",
        definition_de="Darin liegen die Steine.",
    )
    delete = f"/admin/rules/glossaryterm/{added.pk}/delete/"
    assert admin_client.post(delete, {"post": "yes"}).status_code == 302
    assert not GlossaryTerm.objects.filter(slug="tile-bag").exists()


def test_deleting_an_entry_asks_in_german_for_a_german_editor(admin_client):
    """Django 6.1's German catalogue has the question with straight quotes, its template curly
    ones: the project's catalogue asks it (kutsite/admin_words.py)."""
    added = GlossaryTerm.objects.create(**new_entry("tile-bag"))
    html = admin_client.get(
        f"/admin/rules/glossaryterm/{added.pk}/delete/", HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Sind Sie sicher, dass Sie Glossarbegriff „Steinbeutel“ löschen wollen?" in html
    assert "Are you sure" not in html
    listing = admin_client.get("/admin/rules/glossaryterm/", HTTP_ACCEPT_LANGUAGE="de")
    assert "Seitennavigation: Glossarbegriffe</h2>" in listing.content.decode()


def new_entry(slug: str) -> dict:
    return {
        "slug": slug,
        "term_en": "tile bag",
        "term_de": "Steinbeutel",
        "definition_en": "Where the tiles are kept.",
        "definition_de": "Darin liegen die Steine.",
    }


@pytest.mark.parametrize(
    ("language", "slug", "words"),
    [
        ("en", "main", "The glossary page uses this anchor for something else."),
        ("de", "Main", "Die Glossarseite verwendet diesen Anker schon für etwas anderes."),
        ("en", "Okey", "The entry “Okey” already has this anchor (as “okey”)."),
        ("de", "OKEY", "Der Eintrag „Okey“ hat diesen Anker schon (als „okey“)."),
        (
            "en",
            "false-joker",
            "The entry “false joker” already has this anchor (as “false-joker”).",
        ),
        (
            "de",
            "False-Joker",
            "Der Eintrag „falscher Joker“ hat diesen Anker schon (als „false-joker“).",
        ),
    ],
)
def test_a_new_entrys_anchor_is_no_id_the_glossary_page_has(admin_client, language, slug, words):
    """Anchored "main", an entry would take the place the skip link opens; "Okey" beside
    "okey" would be two entries that differ only in capitals."""
    response = admin_client.post(
        "/admin/rules/glossaryterm/add/", new_entry(slug), HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200
    assert response.context["adminform"].form.errors == {"slug": [words]}
    assert not GlossaryTerm.objects.filter(term_en="tile bag").exists()


def test_a_new_entry_with_an_anchor_of_its_own_is_added(admin_client):
    response = admin_client.post("/admin/rules/glossaryterm/add/", new_entry("tile-bag"))
    assert response.status_code == 302
    assert GlossaryTerm.objects.get(slug="tile-bag").term_de == "Steinbeutel"


def test_every_id_of_the_glossary_page_is_refused_as_a_new_entrys_anchor(client):
    """Read from the rendered page in both languages, so that the kept anchors cannot drift
    from what the page carries."""
    import re

    from django.core.exceptions import ValidationError

    from rules.models import GLOSSARY_PAGE_ANCHORS

    slugs = set(GlossaryTerm.objects.values_list("slug", flat=True))
    for page in ("/en/glossary/", "/de/glossar/"):
        ids = set(re.findall(r' id="([^"]+)"', client.get(page).content.decode()))
        assert ids - slugs == GLOSSARY_PAGE_ANCHORS, page
        for anchor in ids:
            with pytest.raises(ValidationError) as refused:
                GlossaryTerm(**new_entry(anchor)).full_clean()
            assert "slug" in refused.value.message_dict, anchor


@pytest.mark.parametrize("section", ["okey", "taking-the-okey", "faq", "referee"])
def test_glossary_accepts_every_place_the_guide_can_link(admin_client, section):
    t = GlossaryTerm.objects.get(slug="okey")
    response = admin_client.post(
        f"/admin/rules/glossaryterm/{t.pk}/change/", glossary_data(t, section=section)
    )
    assert response.status_code == 302, response.context["adminform"].form.errors
    t.refresh_from_db()
    assert t.section == section
    assert admin_client.get(t.guide_url).status_code == 200


@pytest.mark.parametrize(
    ("model", "number_or_slug", "page"),
    [(Round, 7, "/en/rounds/7/"), (GlossaryTerm, "okey", "/en/glossary/")],
)
def test_view_on_site_asks_for_the_page_as_edited(admin_client, model, number_or_slug, page):
    """The editor's browser may keep a public page a minute: "View on site" asks for an
    address with the content version in it, which changes with every save."""
    from kutsite import content

    obj = (
        model.objects.get(number=number_or_slug)
        if model is Round
        else model.objects.get(slug=number_or_slug)
    )
    url = f"/admin/{model._meta.app_label}/{model._meta.model_name}/{obj.pk}/change/"
    html = admin_client.get(url).content.decode()
    link = f"{page}?v={content.version()}"
    assert f'href="{link}' in html
    content.bump()
    assert f'href="{link}' not in admin_client.get(url).content.decode()
    assert admin_client.get(link).status_code == 200


@pytest.mark.parametrize(
    ("model", "lookup", "field", "page"),
    [
        ("referee.Ruling", {"key": "run-12-13-1"}, "app_ruling_en", "/en/referee/run-12-13-1/"),
        ("referee.Ruling", {"key": "run-12-13-1"}, "table_rule_de", "/de/schiedsrichter/"),
        ("rules.Round", {"number": 3}, "notes_en", "/en/rounds/3/"),
        ("rules.GlossaryTerm", {"slug": "okey"}, "definition_de", "/de/glossar/"),
    ],
)
def test_a_line_break_an_editor_types_shows_and_markup_stays_text(
    client, model, lookup, field, page
):
    from django.apps import apps

    obj = apps.get_model(model).objects.get(**lookup)
    setattr(obj, field, "First <b>part</b>.\n\nSecond part.")
    obj.save()
    html = client.get(page).content.decode()
    assert "First &lt;b&gt;part&lt;/b&gt;.<br><br>Second part." in html


@pytest.mark.parametrize(
    ("query", "slugs"), [("Spieler", {"buying", "draw-pile"}), ("partner", {"team-table"})]
)
def test_a_glossary_entry_is_found_by_a_word_of_its_definition(admin_client, query, slugs):
    response = admin_client.get("/admin/rules/glossaryterm/", {"q": query})
    assert {term.slug for term in response.context["cl"].result_list} >= slugs


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "write ä, ö, ü as ae, oe, ue and ß as ss."),
        ("de", "schreibe ä, ö, ü als ae, oe, ue und ß als ss."),
    ],
)
def test_an_anchor_with_an_umlaut_is_refused_with_how_to_write_it(admin_client, language, words):
    """Django's "valid slug" message does not say why "prüfer" is none."""
    data = {**new_entry("prüfer"), "rules": "", "section": ""}
    response = admin_client.post(
        "/admin/rules/glossaryterm/add/", data, HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200
    (error,) = response.context["adminform"].form.errors["slug"]
    assert error.endswith(words)


def test_the_glossary_list_is_in_the_order_of_the_admins_language(admin_client):
    for language, field in (("en", "term_en"), ("de", "term_de")):
        response = admin_client.get("/admin/rules/glossaryterm/", HTTP_ACCEPT_LANGUAGE=language)
        terms = [getattr(term, field) for term in response.context["cl"].result_list]
        # by first letter (a database's collation may place the rest of a word its own way)
        initials = [term[0].lower() for term in terms if term[0].lower() in ascii_lowercase]
        assert initials == sorted(initials) and len(initials) > 10, (language, terms)


@pytest.mark.parametrize(
    ("language", "title", "referee"),
    [
        ("en", "Tiles, indicator and Okey", "The referee page"),
        ("de", "Steine, Anzeigestein und Okey", "Die Schiedsrichter-Seite"),
    ],
)
def test_a_glossary_entrys_guide_place_is_picked_from_the_guides_titles(
    admin_client, language, title, referee
):
    """Every place the guide can link, by its title in the admin's language, and the referee
    page; the entry's own place is the one chosen."""
    t = GlossaryTerm.objects.get(slug="okey")
    response = admin_client.get(
        f"/admin/rules/glossaryterm/{t.pk}/change/", HTTP_ACCEPT_LANGUAGE=language
    )
    select = re.search(r'<select name="section".*?</select>', response.content.decode(), re.S)[0]
    assert f'value="okey" selected>{title}</option>' in select, select
    assert f'value="referee">{referee}</option>' in select, select
    offered = set(re.findall(r'<option value="([^"]*)"', select))
    assert offered == anchors() | {REFEREE_PAGE, ""}


@pytest.mark.parametrize(
    ("language", "item", "why"),
    [
        ("en", "glossary term “Okey”", ", which the site links to and so keeps"),
        (
            "de",
            "Glossarbegriff „Okey“",
            " – die Website verlinkt darauf, deshalb bleibt der Eintrag",
        ),
    ],
)
def test_a_bulk_delete_names_the_entries_the_site_keeps(admin_client, language, item, why):
    kept = GlossaryTerm.objects.get(slug="okey")
    added = GlossaryTerm.objects.create(**new_entry("tile-bag"))
    response = admin_client.post(
        "/admin/rules/glossaryterm/",
        {"action": "delete_selected", "_selected_action": [kept.pk, added.pk]},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    html = response.content.decode()
    assert response.status_code == 200 and item + why in html, html
    assert html.count(why) == 1, html  # the kept entry only, not the one that may go
    assert GlossaryTerm.objects.filter(pk__in=[kept.pk, added.pk]).count() == 2
