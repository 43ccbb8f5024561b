"""A double submit is not a conflict (issue 18, item 4), and an expired CSRF cookie does not
lose a round entry (item 3): the 403 keeps what was typed and sends it again."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

from games import services
from games.models import Entry, Game

from .conftest import add_scored, calculator_data
from .test_race import race

pytestmark = pytest.mark.django_db

TWICE = {
    "en": "This was sent more than once and saved once.",
    "de": "Das wurde mehrmals gesendet und nur",
}


def says_done(location: str, what: str) -> bool:
    """The redirect after a write: `?done=<what>-v<the sheet's version after it>` (an undone
    round's input may follow it: `&entry=…`)."""
    game = Game.objects.get()
    return parse_qs(urlsplit(location).query)["done"] == [f"{what}-v{game.version}"]


def submission_of(html: str) -> str:
    ids = set(re.findall(r'name="submission" value="([^"]+)"', html))
    assert len(ids) == 1, ids
    return ids.pop()


def record_form(client, game, language="en"):
    word = "eintragen" if language == "de" else "record"
    prefix = "spiele" if language == "de" else "games"
    url = f"/{language}/{prefix}/{game.edit_secret}/{word}/"
    html = client.get(url).content.decode()
    data = {
        **calculator_data(1),
        "version": game.version,
        "submission": submission_of(html),
        "action": "save",
    }
    return url, data


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_same_round_sent_twice_is_saved_once_and_says_so(client, game, language):
    url, data = record_form(client, game, language)
    first = client.post(url, data)
    second = client.post(url, data)
    assert first.status_code == 302 and second.status_code == 302
    assert says_done(first["Location"], "recorded-scored-1")
    assert says_done(second["Location"], "recorded-scored-1-again")
    assert Entry.objects.filter(game=game).count() == 1
    game.refresh_from_db()
    assert game.version == 2  # one write, one version step
    page = client.get(second["Location"]).content.decode()
    assert TWICE[language] in page
    assert "data-conflict" not in page


def test_without_a_form_id_a_stale_version_is_still_a_conflict(client, game):
    url, data = record_form(client, game)
    del data["submission"]
    assert client.post(url, data).status_code == 302
    assert client.post(url, data).status_code == 409
    assert Entry.objects.filter(game=game).count() == 1


def test_a_different_form_on_a_stale_version_is_a_conflict(client, game):
    url, data = record_form(client, game)
    _url, other = record_form(client, game)
    assert data["submission"] != other["submission"]  # every rendered form has its own id
    assert client.post(url, data).status_code == 302
    response = client.post(url, other)
    assert response.status_code == 409
    assert "data-conflict" in response.content.decode()
    assert Entry.objects.filter(game=game).count() == 1


INCOMPLETE = {
    "en": "This form is incomplete: reload the sheet and try again.",
    "de": "Dieses Formular ist unvollständig",
}


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(
    "sent",
    [
        {"submission": "<script>"},
        {"submission": "x" * 65},
        {"submission": "a\x00"},
        {"submission": "ü!€ " + "A" * 16},
        {"version": "\x001"},
        {"version": "-3"},
        {"version": ""},
    ],
    ids=[
        "markup",
        "too long",
        "nul",
        "text around an id",
        "nul version",
        "negative version",
        "no version",
    ],
)
def test_a_malformed_hidden_field_is_refused_with_one_message(client, game, language, sent):
    """The visitor cannot see or change a hidden field: whatever is wrong with one, the page
    says the form is incomplete, in the page's language, and nothing is written."""
    url, data = record_form(client, game, language)
    response = client.post(url, {**data, **sent})
    assert response.status_code == 400
    html = response.content.decode()
    assert INCOMPLETE[language] in html
    assert "Ensure this value" not in html and "Null characters" not in html
    assert "Bitte sicherstellen" not in html and "Nullzeichen" not in html
    assert not Entry.objects.filter(game=game).exists()


def test_undo_sent_twice_takes_back_one_entry(client, game):
    add_scored(game, 1, (0, 70, 500, 50))
    add_scored(game, 2, (0, 70, 500, 50))
    html = client.get(f"/en/games/{game.edit_secret}/").content.decode()
    token = re.search(r'action="[^"]*/undo/".*?name="submission" value="([^"]+)"', html, re.S)[1]
    data = {"version": game.version, "submission": token}
    first = client.post(f"/en/games/{game.edit_secret}/undo/", data)
    second = client.post(f"/en/games/{game.edit_secret}/undo/", data)
    assert says_done(first["Location"], "undone-scored-2")
    assert says_done(second["Location"], "undone-scored-2-again")
    assert list(Entry.objects.filter(game=game).values_list("round", flat=True)) == [1]


def test_redeal_sent_twice_is_one_redeal(client, game):
    html = client.get(f"/de/spiele/{game.edit_secret}/").content.decode()
    redeal = r'action="[^"]*/neu-geben/".*?name="submission" value="([^"]+)"'
    token = re.search(redeal, html, re.S)[1]
    data = {"version": game.version, "round": 1, "submission": token}
    for _ in range(2):
        response = client.post(f"/de/spiele/{game.edit_secret}/neu-geben/", data)
        assert response.status_code == 302
    assert Entry.objects.filter(game=game, kind="redeal").count() == 1


def test_another_write_sent_with_the_same_id_is_a_conflict_not_a_repeat(client, game):
    """A sheet's forms share their page's id, and two tabs revalidating one sheet (304) share
    its page. Tab 1 deals round 2 again; tab 2, still on the old sheet, taps Undo: that is not
    "sent twice" (nothing to say about a redeal it never asked for), it is a conflict, and
    nothing is undone."""
    add_scored(game, 1, (0, 70, 500, 50))
    sheet = f"/en/games/{game.edit_secret}/"
    tab1 = client.get(sheet)
    tab2 = client.get(sheet, headers={"If-None-Match": tab1["ETag"]})
    assert tab2.status_code == 304  # tab 2 keeps tab 1's page, id and all
    html = tab1.content.decode()
    ids = set(re.findall(r'name="submission" value="([^"]+)"', html))
    assert len(ids) == 1
    token = ids.pop()
    redealt = client.post(
        f"{sheet}redeal/", {"version": game.version, "round": 2, "submission": token}
    )
    assert says_done(redealt["Location"], "redeal-redeal-2")
    response = client.post(f"{sheet}undo/", {"version": game.version, "submission": token})
    assert response.status_code == 409
    page = response.content.decode()
    assert "This sheet changed meanwhile" in page and TWICE["en"] not in page
    assert [(e.round, e.kind) for e in Entry.objects.filter(game=game).order_by("seq")] == [
        (1, "scored"),
        (2, "redeal"),
    ]


def scores_of(game, round_number):
    entry = Entry.objects.get(game=game, round=round_number, kind="scored")
    return (entry.score1, entry.score2, entry.score3, entry.score4)


def test_back_changed_and_sent_again_is_not_a_repeat_but_a_conflict(client, game):
    """Back brings a sent form back with its id: changed and sent again, it is a new write
    on an old version (409, the entry kept, nothing saved), never "saved once" with the
    change thrown away. The same goes for a correction."""
    url, data = record_form(client, game)
    assert client.post(url, data).status_code == 302
    saved = scores_of(game, 1)
    changed = client.post(url, {**data, "points2": "30"})
    assert changed.status_code == 409
    page = changed.content.decode()
    assert "Round 1 is already on the sheet" in page and TWICE["en"] not in page
    assert "another phone" not in page  # it was this one
    assert 'name="points2" value="30"' in page  # the entry stays to be sent again
    assert scores_of(game, 1) == saved

    game.refresh_from_db()
    edit = f"/en/games/{game.edit_secret}/rounds/1/"
    fields = {
        **calculator_data(1, points2=20),
        "version": game.version,
        "submission": submission_of(client.get(edit).content.decode()),
        "action": "save",
    }
    assert says_done(client.post(edit, fields)["Location"], "edited-scored-1")
    corrected = scores_of(game, 1)
    assert corrected != saved
    again = client.post(edit, {**fields, "points2": "40"})
    assert again.status_code == 409 and TWICE["en"] not in again.content.decode()
    assert scores_of(game, 1) == corrected
    repeat = client.post(edit, fields)  # the same correction again is still a repeat
    assert says_done(repeat["Location"], "edited-scored-1-again")


def test_a_round_taken_back_and_sent_again_is_not_said_to_be_on_the_sheet(client, game):
    url, data = record_form(client, game)
    assert client.post(url, data).status_code == 302
    game.refresh_from_db()
    sheet = f"/en/games/{game.edit_secret}/"
    undo = client.post(f"{sheet}undo/", {"version": game.version, "submission": "u" * 32})
    assert undo.status_code == 302
    response = client.post(url, data)  # the first form once more, id and all
    assert response.status_code == 409
    assert TWICE["en"] not in response.content.decode()
    assert not Entry.objects.filter(game=game).exists()


@pytest.mark.django_db(transaction=True)
def test_two_copies_racing_are_saved_once():
    """Both copies pass the "seen before?" check; one wins the version, the other then finds
    the winner's id and answers "already saved" instead of a conflict."""
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    data = {**calculator_data(1), "version": 1, "submission": "a" * 22, "action": "save"}
    url = f"/en/games/{game.edit_secret}/record/"
    results = race(*(lambda: Client().post(url, data) for _ in range(2)))
    assert sorted(r.status_code for r in results) == [302, 302]
    assert sorted(r["Location"].rsplit("=", 1)[1] for r in results) == [
        "recorded-scored-1-again-v2",
        "recorded-scored-1-v2",
    ]
    assert Entry.objects.filter(game=game).count() == 1
    assert Game.objects.get(pk=game.pk).version == 2


# --- CSRF failure: keep the entry, offer to send it again -------------------------------------


def hidden_fields(html: str) -> dict[str, str]:
    form = re.search(r"<form[^>]*data-resend.*?</form>", html, re.S)
    assert form, "a form to send the entry again"
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form[0]))


@pytest.mark.parametrize(
    ("language", "heading", "button"),
    [
        ("en", "The form has expired", "Send it again"),
        ("de", "Das Formular ist abgelaufen", "Noch einmal senden"),
    ],
)
def test_an_expired_csrf_cookie_keeps_the_round_and_sends_it_again(game, language, heading, button):
    phone = Client(enforce_csrf_checks=True)
    url, data = record_form(phone, game, language)
    data["csrfmiddlewaretoken"] = "x" * 64
    phone.cookies.clear()  # the cookie expired while the phone lay on the table
    refused = phone.post(url, data)
    assert refused.status_code == 403
    html = refused.content.decode()
    assert f'<html lang="{language}">' in html
    assert heading in html and button in html
    assert "<style" not in html and " style=" not in html  # nothing the CSP would block
    assert "noindex" in refused["X-Robots-Tag"]
    assert "no-store" in refused["Cache-Control"]
    kept = hidden_fields(html)
    assert kept["csrfmiddlewaretoken"] != data["csrfmiddlewaretoken"]  # a fresh token
    for name in ("indicator", "round", "state1", "points2", "points4", "version", "submission"):
        assert kept[name] == str(data[name])
    assert re.search(rf'<form[^>]*action="{re.escape(url)}"', html)
    assert f'href="/{language}/' in html  # a way back
    assert not Entry.objects.filter(game=game).exists()
    resent = phone.post(url, kept)
    assert resent.status_code == 302
    assert says_done(resent["Location"], "recorded-scored-1")
    assert Entry.objects.filter(game=game).count() == 1


def test_csrf_failure_outside_the_games_keeps_nothing_but_offers_the_form():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/admin/login/", {"username": "a", "password": "b"})
    assert response.status_code == 403
    html = response.content.decode()
    assert "The form has expired" in html
    assert "data-resend" not in html and 'value="b"' not in html
    assert 'href="/admin/login/"' in html
