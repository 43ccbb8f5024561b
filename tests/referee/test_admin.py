"""Rulings are edited in the admin, both languages side by side, examples inline."""

import re

import pytest

pytestmark = pytest.mark.django_db


def test_ruling_list_in_the_admin(admin_client):
    response = admin_client.get("/admin/referee/ruling/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "run-12-13-1" in html and "pile-runs-out" in html


@pytest.mark.parametrize(
    ("query", "key"),
    [
        ("okey-abwerfen", "discard-okey"),
        ("X6", "discard-okey"),
        ("wird gestritten", None),
        ("frühestens", "add-on-melding-turn"),  # its German short answer
        ("Pagat", "run-12-13-1"),  # its English table rule
    ],
)
def test_a_ruling_is_found_by_its_german_address_and_its_rule_ids(admin_client, query, key):
    """An editor holding a shared German link, or a rule ID, finds the ruling it is about; one
    hunting a word (a typo) finds it in any of the ruling's texts."""
    response = admin_client.get("/admin/referee/ruling/", {"q": query})
    found = [item.key for item in response.context["cl"].result_list]
    assert found == ([key] if key else []), found


def test_ruling_form_has_both_languages_and_the_examples(admin_client):
    from referee.models import Ruling

    ruling = Ruling.objects.get(key="run-12-13-1")
    response = admin_client.get(f"/admin/referee/ruling/{ruling.pk}/change/")
    assert response.status_code == 200
    html = response.content.decode()
    for field in ("question", "short_answer", "app_ruling", "table_rule"):
        assert f'name="{field}_en"' in html and f'name="{field}_de"' in html
    assert 'name="examples-0-tiles"' in html and "r12 r13 r1" in html


def test_a_rulings_addresses_cannot_be_changed_once_saved(admin_client):
    """Permalinks are shared at tables and linked by the guide: the change form shows the key
    and the German slug, but offers no field for them."""
    from referee.models import Ruling

    ruling = Ruling.objects.get(key="run-12-13-1")
    html = admin_client.get(f"/admin/referee/ruling/{ruling.pk}/change/").content.decode()
    assert 'name="key"' not in html and 'name="slug_de"' not in html
    assert "run-12-13-1" in html and ruling.slug_de in html
    added = admin_client.get("/admin/referee/ruling/add/").content.decode()
    assert 'name="key"' in added and 'name="slug_de"' in added
    # The help says where the key goes, in words a browser shows (no raw <key>).
    assert "/en/referee/key/" in added and "/de/schiedsrichter/slug/" in added


def test_rulings_the_site_links_cannot_be_deleted(admin_client):
    from referee.coverage import RULING_KEYS
    from referee.models import Ruling
    from rules.guide import faq

    assert {q.ruling for q in faq() if q.ruling} <= set(RULING_KEYS)
    for ruling in Ruling.objects.filter(key__in=RULING_KEYS):
        url = f"/admin/referee/ruling/{ruling.pk}/delete/"
        assert admin_client.get(url).status_code == 403, ruling.key
    # Nor through the list's bulk action.
    first = Ruling.objects.get(key="discard-okey")
    answer = admin_client.post(
        "/admin/referee/ruling/",
        {"action": "delete_selected", "_selected_action": [first.pk], "post": "yes"},
    )
    assert answer.status_code == 403
    assert Ruling.objects.filter(key="discard-okey").exists()
    # A ruling an editor added and no page links can go again.
    extra = Ruling.objects.create(
        key="extra", slug_de="extra-de", question="?", short_answer="!", app_ruling="…", rules="M1"
    )
    assert admin_client.get(f"/admin/referee/ruling/{extra.pk}/delete/").status_code == 200
    admin_client.post(f"/admin/referee/ruling/{extra.pk}/delete/", {"post": "yes"})
    assert not Ruling.objects.filter(pk=extra.pk).exists()


def test_an_example_can_be_put_on_the_referee_page(admin_client):
    from referee.models import Ruling

    ruling = Ruling.objects.get(key="run-12-13-1")
    html = admin_client.get(f"/admin/referee/ruling/{ruling.pk}/change/").content.decode()
    assert 'name="examples-0-featured"' in html


def test_view_on_site_asks_for_the_ruling_as_edited(admin_client):
    from kutsite import content
    from referee.models import Ruling

    ruling = Ruling.objects.get(key="discard-okey")
    html = admin_client.get(f"/admin/referee/ruling/{ruling.pk}/change/").content.decode()
    assert f'href="/en/referee/discard-okey/?v={content.version()}"' in html


def new_ruling(**fields):
    from referee.models import Ruling

    values = {
        "key": "new-question",
        "slug_de": "neue-frage",
        "question_en": "A question?",
        "question_de": "Eine Frage?",
        "short_answer_en": "An answer.",
        "short_answer_de": "Eine Antwort.",
        "app_ruling_en": "The ruling.",
        "app_ruling_de": "Die Entscheidung.",
        "rules": "M2",
        "sources_silent": True,
    }
    return Ruling(**{**values, **fields})


def address_errors(**fields) -> dict:
    from django.core.exceptions import ValidationError

    try:
        new_ruling(**fields).full_clean()
    except ValidationError as error:
        return error.message_dict
    return {}


def test_a_new_ruling_with_free_addresses_is_valid():
    assert address_errors() == {}


def test_a_rulings_addresses_are_lowercase():
    """/en/referee/QA-Upper/ opened, /en/referee/qa-upper/ did not: addresses are lowercase."""
    words = "Use lowercase letters only: the address is written that way."
    assert address_errors(key="New-Question")["key"] == [words]
    assert address_errors(slug_de="Neue-Frage")["slug_de"] == [words]


def test_an_example_can_be_added_without_javascript(admin_client):
    """The inline shows one empty example to fill in: "Add another" needs JavaScript."""
    from referee.models import Ruling

    ruling = Ruling.objects.get(key="run-12-13-1")
    count = ruling.examples.count()
    html = admin_client.get(f"/admin/referee/ruling/{ruling.pk}/change/").content.decode()
    assert f'name="examples-TOTAL_FORMS" value="{count + 1}"' in html
    assert f'name="examples-{count}-tiles"' in html


@pytest.mark.parametrize(("language", "words"), [("en", "Küt content"), ("de", "Küt-Inhalte")])
def test_the_admin_is_the_kut_sites_in_both_languages(admin_client, language, words):
    html = admin_client.get("/admin/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    title = html.split("<title>", 1)[1].split("</title>", 1)[0]
    header = html.split("<body", 1)[1].split("</header>", 1)[0]
    assert words in title and words in header
    assert "Django" not in title + header


@pytest.mark.parametrize("name", ["check", "discard", "rack"])
def test_a_ruling_cannot_take_a_checkers_address(name):
    """`/en/referee/check/` is the meld checker: a ruling there could never be opened."""
    from django.urls import reverse
    from django.utils import translation

    assert "This address belongs to another page" in address_errors(key=name)["key"][0]
    with translation.override("de"):
        german = reverse(f"referee:{name}").rstrip("/").rsplit("/", 1)[1]
    assert "This address belongs to another page" in address_errors(slug_de=german)["slug_de"][0]
    # The other language's address of a ruling leads to it too (/de/schiedsrichter/<key>/,
    # /en/referee/<German slug>/): neither may be a checker's in either language.
    assert "This address belongs to another page" in address_errors(key=german)["key"][0]
    assert "This address belongs to another page" in address_errors(slug_de=name)["slug_de"][0]


def test_a_key_that_is_another_rulings_german_slug_is_marked_on_the_key():
    from referee.models import Ruling

    taken = Ruling.objects.get(key="discard-okey").slug_de
    errors = address_errors(key=taken)
    assert errors["key"] == ["Another ruling already uses this as its German slug."]
    assert "slug_de" not in errors
    errors = address_errors(slug_de="discard-okey")
    assert errors["slug_de"] == ["Another ruling already uses this as its English key."]


def test_a_ruling_names_only_rules_of_the_digest():
    errors = address_errors(rules="M2 S99")
    assert errors["rules"] == [
        "No rule has the ID S99. Give IDs of the rules digest, such as “M2 X3”."
    ]


def example_rows(ruling, **changes_of_first) -> dict:
    """The ruling's change form as the admin sends it, its first example changed."""
    data = {"order": ruling.order, "rules": ruling.rules}
    if ruling.sources_silent:
        data["sources_silent"] = "on"
    for name in ("question", "short_answer", "app_ruling", "table_rule"):
        for code in ("en", "de"):
            data[f"{name}_{code}"] = getattr(ruling, f"{name}_{code}") or ""
    examples = list(ruling.examples.all())
    prefix = "examples"
    data.update({f"{prefix}-TOTAL_FORMS": len(examples), f"{prefix}-INITIAL_FORMS": len(examples)})
    for i, example in enumerate(examples):
        row = {
            "id": example.pk,
            "ruling": ruling.pk,
            **{name: getattr(example, name) for name in ("order", "kind", "indicator", "tiles")},
            **{name: getattr(example, name) for name in ("tile", "stage", "rack", "wanting")},
            "pile": example.pile,
            "discarder": example.discarder,
            "featured": "on" if example.featured else None,
            "final": "on" if example.final else None,
        }
        if i == 0:
            row.update(changes_of_first)
        data.update({f"{prefix}-{i}-{k}": v for k, v in row.items() if v not in (None, "")})
    return data


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Give the seats as numbers from 1 to 4, e.g. “3 4”."),
        ("de", "Gib die Plätze als Zahlen von 1 bis 4 an, z.\u00a0B. „3 4“."),
    ],
)
def test_seats_typed_as_words_are_marked_on_their_field(admin_client, language, words):
    """A buy example's "players who want it" written as words: the editor is told so at that
    field, not above the example, where nothing shows which of its fields is meant."""
    from referee.models import Ruling

    ruling = Ruling.objects.get(key="buy-discard")
    assert ruling.examples.first().kind == "buy"
    response = admin_client.post(
        f"/admin/referee/ruling/{ruling.pk}/change/",
        example_rows(ruling, wanting="three four"),
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 200
    (inline,) = response.context["inline_admin_formsets"]
    first = inline.formset.forms[0]
    assert first.errors == {"wanting": [words]}
    assert ruling.examples.first().wanting != "three four"


def test_a_discarders_seat_out_of_range_is_marked_on_that_field_alone(admin_client):
    """Seat 9 for the player who discards: its field says seats go from 1 to 4, and the right
    seats that want the tile are not blamed too."""
    from referee.models import Ruling

    ruling = Ruling.objects.get(key="buy-discard")
    response = admin_client.post(
        f"/admin/referee/ruling/{ruling.pk}/change/",
        example_rows(ruling, discarder=9, wanting="3 4"),
    )
    assert response.status_code == 200
    (inline,) = response.context["inline_admin_formsets"]
    errors = inline.formset.forms[0].errors
    assert list(errors) == ["discarder"] and "4" in errors["discarder"][0]


def test_the_unchanged_ruling_form_saves(admin_client):
    from referee.models import Ruling

    ruling = Ruling.objects.get(key="buy-discard")
    response = admin_client.post(f"/admin/referee/ruling/{ruling.pk}/change/", example_rows(ruling))
    assert response.status_code == 302


@pytest.mark.parametrize("key", ["sources", "in-short", "main", "others", "group-size-q", "new-q"])
def test_a_new_rulings_key_cannot_take_an_anchor_of_the_referee_pages(key):
    """Keyed "sources", a ruling's card would come first on the referee page with that id:
    every ruling page's "Where the rules come from" link would open it."""
    assert address_errors(key=key)["key"] == [
        "The referee page uses this anchor for something else."
    ]


def test_the_anchors_kept_from_keys_are_every_anchor_of_the_referee_pages(client):
    import re

    from referee.models import PAGE_ANCHORS, QUESTION_SUFFIX, Ruling

    keys = {r.key for r in Ruling.objects.all()}
    ids = set()
    for page in ("/en/referee/", "/de/schiedsrichter/", "/en/referee/take-the-okey/"):
        ids |= set(re.findall(r' id="([^"]+)"', client.get(page).content.decode()))
    assert ids - keys - {key + QUESTION_SUFFIX for key in keys} == PAGE_ANCHORS


def seen_on(html: str) -> str:
    return re.search(r'<input type="hidden" name="_seen" value="([0-9a-f]+)">', html)[1]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Someone else saved this item after you opened it"),
        ("de", "Jemand anderes hat diesen Eintrag gespeichert, nachdem du ihn geöffnet hast"),
    ],
)
def test_a_save_over_another_editors_change_is_refused(admin_client, language, words):
    """Two editors open the same ruling; A saves the English short answer, then B saves the
    German ruling. B's save would undo A's change without a word: it is refused, and says so."""
    from referee.models import Ruling

    ruling = Ruling.objects.get(key="discard-okey")
    url = f"/admin/referee/ruling/{ruling.pk}/change/"
    seen_by_b = seen_on(admin_client.get(url).content.decode())
    a = {**example_rows(ruling), "short_answer_en": "Changed by A."}
    a["_seen"] = seen_on(admin_client.get(url).content.decode())
    assert admin_client.post(url, a).status_code == 302

    b = {**example_rows(ruling), "app_ruling_de": "Von B geändert.", "_seen": seen_by_b}
    response = admin_client.post(url, b, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert any(words in error for error in response.context["adminform"].form.non_field_errors())
    ruling.refresh_from_db()
    assert ruling.short_answer_en == "Changed by A." and ruling.app_ruling_de != "Von B geändert."
    # the form drawn again still carries what B opened: a second tap does not overwrite A either
    assert seen_on(response.content.decode()) == seen_by_b
    # opened again, it saves
    b["_seen"] = seen_on(admin_client.get(url).content.decode())
    b["short_answer_en"] = "Changed by A."
    assert admin_client.post(url, b).status_code == 302


def test_a_change_to_the_other_languages_text_counts_as_a_change(admin_client):
    """Two editors with the admin in German open the same ruling; A saves the English short
    answer. B's save would undo it: refused, though nothing German changed."""
    from referee.models import Ruling

    ruling = Ruling.objects.get(key="discard-okey")
    url = f"/admin/referee/ruling/{ruling.pk}/change/"
    german = {"HTTP_ACCEPT_LANGUAGE": "de"}
    seen_by_b = seen_on(admin_client.get(url, **german).content.decode())
    a = {**example_rows(ruling), "short_answer_en": "Changed by A."}
    a["_seen"] = seen_on(admin_client.get(url, **german).content.decode())
    assert admin_client.post(url, a, **german).status_code == 302

    b = {**example_rows(ruling), "app_ruling_de": "Von B geändert.", "_seen": seen_by_b}
    response = admin_client.post(url, b, **german)
    assert response.status_code == 200
    assert response.context["adminform"].form.non_field_errors()
    ruling.refresh_from_db()
    assert ruling.short_answer_en == "Changed by A."


def test_a_form_opened_in_one_language_saves_in_the_other(admin_client):
    """An editor opens a ruling with the admin in German, looks at the English page (the
    language switch makes the admin English too) and saves: nobody else saved, so it saves."""
    from referee.models import Ruling

    ruling = Ruling.objects.get(key="discard-okey")
    url = f"/admin/referee/ruling/{ruling.pk}/change/"
    seen = seen_on(admin_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode())
    data = {**example_rows(ruling), "app_ruling_de": "Von B geändert.", "_seen": seen}
    assert admin_client.post(url, data, HTTP_ACCEPT_LANGUAGE="en").status_code == 302
    ruling.refresh_from_db()
    assert ruling.app_ruling_de == "Von B geändert."


def test_a_change_to_another_editors_examples_counts_as_a_change(admin_client):
    """The examples are part of the ruling's form: one edited meanwhile is a change too."""
    from referee.models import Ruling

    ruling = Ruling.objects.get(key="buy-discard")
    url = f"/admin/referee/ruling/{ruling.pk}/change/"
    seen = seen_on(admin_client.get(url).content.decode())
    example = ruling.examples.first()
    example.wanting = "2 4"
    example.save()
    response = admin_client.post(url, {**example_rows(ruling), "_seen": seen})
    assert response.status_code == 200
    assert response.context["adminform"].form.non_field_errors()
