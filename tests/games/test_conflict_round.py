"""Two phones on "Record round 4" of one sheet: A saves first. B's save is a conflict, and B's
entry stays round 4 — the conflict page says round 4 was recorded meanwhile, shows B's entry as
round 4 beside the sheet, and no single tap on it saves that entry as round 5. B may open it on
round 4's edit page or on the record page of round 5; there the page names the round, and only
its own Save button writes."""

import re

import pytest
from django.test import Client

from games import services
from games.forms import new_submission
from games.models import Game

from .conftest import add_scored, calculator_data
from .forms import entry_form, tap
from .test_recording import CONFLICT_EN, expected_scores, input_attrs, rendered_version, urls

pytestmark = pytest.mark.django_db

RECORDED_EN = (
    "Round 4 was recorded on another phone meanwhile – here is the sheet as it is now. "
    "Nothing of yours was saved, and your entry was not moved to another round: it is below, "
    "still as round 4."
)
RECORDED_DE = (
    "Runde 4 wurde inzwischen auf einem anderen Handy eingetragen – hier ist das Spielblatt, "
    "wie es jetzt ist. Von deiner Eingabe wurde nichts gespeichert, und sie wurde keiner "
    "anderen Runde zugeordnet: Du findest sie unten, weiterhin als Runde 4."
)

# The sheet's stylesheet: linked where the page shows the sheet as it is now.
SHEET_STYLES = 'href="/static/games/games.css"'
PICKER = 'href="/static/css/picker.css"'


def sheet_round(html: str, number: int) -> tuple[int, ...]:
    """Round `number`'s scores as the page shows the sheet has them, by seat."""
    table = re.search(rf'<table [^>]*data-sheet-round="{number}".*?</table>', html, re.S)
    assert table, f"round {number} of the sheet is not shown"
    return tuple(int(score) for score in re.findall(r'data-score="(-?\d+)"', table.group(0)))


def h1(html: str) -> str:
    return " ".join(re.search(r"<h1>(.*?)</h1>", html, re.S).group(1).split())


def message(html: str) -> str:
    found = re.search(r"<div [^>]*data-message[^>]*>(.*?)</div>", html, re.S)
    assert found, "no message"
    return " ".join(found.group(1).split())


def message_role(html: str) -> str:
    """How the message is said: "alert" (something went wrong) or "status" (good news)."""
    return re.search(r'<div [^>]*role="(\w+)"[^>]*data-message', html)[1]


def three_rounds_then_two_phones(language="en"):
    """A sheet at round 4, and phones A and B each on its record page."""
    game = services.create_game(("Ana", "Ben", "Cem", "Dila"), team=False)
    for number in (1, 2, 3):
        add_scored(game, number, (0, 10, 20, 30))
    phone_a, phone_b = Client(), Client()
    url = urls(game, language)["record"]
    page_a = phone_a.get(url).content.decode()
    page_b = phone_b.get(url).content.decode()
    assert rendered_version(page_a) == rendered_version(page_b) == game.version
    return game, phone_a, page_a, phone_b, page_b


def conflict_of_b(language="en"):
    game, phone_a, page_a, phone_b, page_b = three_rounds_then_two_phones(language)
    saved = tap(phone_a, page_a, "save-round", **calculator_data(4, points2=14))
    assert saved.status_code == 302
    lost = tap(phone_b, page_b, "save-round", **calculator_data(4, points2=27))
    assert lost.status_code == 409
    return game, phone_b, lost.content.decode()


def test_the_conflict_says_round_4_was_recorded_and_keeps_the_entry_as_round_4():
    game, _phone, html = conflict_of_b()
    assert message(html) == RECORDED_EN
    assert "data-conflict" in html
    assert h1(html) == "Your entry for round 4"
    assert "Record round 5" not in h1(html)
    # B's entry, still for round 4
    assert input_attrs(html, "points2")["value"] == "27"
    assert input_attrs(html, "round")["value"] == "4"
    assert 'data-round-fixed="4"' in html
    # the sheet as phone A left it: round 4 with A's scores, the whole sheet a link away
    assert sheet_round(html, 4) == expected_scores(calculator_data(4, points2=14))
    assert re.search(rf'<a href="/en/games/{game.edit_secret}/" data-whole-sheet>', html)
    assert SHEET_STYLES in html  # the standing shown here comes with its styles
    # a page for deciding where the entry goes: no tile picker, its styles or its script
    assert PICKER not in html and "picker.js" not in html and "data-tile-picker" not in html
    assert game.entries.filter(round=4).get().scores == expected_scores(calculator_data(4))


def test_no_single_tap_on_the_conflict_page_saves_the_entry_to_another_round():
    game, phone_b, html = conflict_of_b()
    form = entry_form(html)
    assert form.form["method"] == "get"  # it writes nothing
    assert "save-round" not in form.buttons and "version" not in dict(form.fields)
    assert {b["text"] for b in form.buttons.values()} == {
        "Correct round 4 with my entry",
        "Record my entry as round 5",
    }
    for button in form.buttons:
        response = tap(phone_b, html, button)
        assert response.status_code == 200
        assert game.entries.count() == 4
        assert not game.entries.filter(round=5).exists()
    game.refresh_from_db()
    assert game.version == 5  # three rounds and phone A's


def test_recording_it_as_round_5_takes_a_page_that_says_round_5():
    game, phone_b, html = conflict_of_b()
    page = tap(phone_b, html, "record-kept").content.decode()
    assert h1(page) == "Record round 5"
    assert input_attrs(page, "round")["value"] == "5"
    assert input_attrs(page, "points2")["value"] == "27"
    assert not game.entries.filter(round=5).exists()
    assert tap(phone_b, page, "save-round").status_code == 302  # saved by a second, named tap
    assert game.entries.get(round=5).scores == expected_scores(calculator_data(5, points2=27))
    assert game.entries.get(round=4).scores == expected_scores(calculator_data(4, points2=14))


def test_correcting_round_4_with_it_takes_round_4s_edit_page():
    game, phone_b, html = conflict_of_b()
    page = tap(phone_b, html, "correct-kept").content.decode()
    assert h1(page) == "Edit round 4"
    assert input_attrs(page, "points2")["value"] == "27"
    assert game.entries.get(round=4).scores == expected_scores(calculator_data(4, points2=14))
    assert tap(phone_b, page, "save-round").status_code == 302
    assert game.entries.get(round=4).scores == expected_scores(calculator_data(4, points2=27))
    assert game.entries.count() == 4


def test_the_conflict_in_german():
    _game, _phone, html = conflict_of_b("de")
    assert message(html) == RECORDED_DE
    assert h1(html) == "Deine Eingabe für Runde 4"
    form = entry_form(html)
    assert {b["text"] for b in form.buttons.values()} == {
        "Runde 4 mit meiner Eingabe korrigieren",
        "Meine Eingabe als Runde 5 eintragen",
    }


def test_the_last_round_recorded_meanwhile_keeps_the_entry_on_a_finished_sheet(game):
    for number in range(1, 20):
        add_scored(game, number, (0, 10, 20, 30))
    a, b = Client(), Client()
    page_a = a.get(urls(game)["record"]).content.decode()
    page_b = b.get(urls(game)["record"]).content.decode()
    assert tap(a, page_a, "save-round", **calculator_data(20)).status_code == 302
    lost = tap(b, page_b, "save-round", **calculator_data(20, points2=27))
    assert lost.status_code == 409
    html = lost.content.decode()
    assert "Round 20 was recorded on another phone meanwhile" in message(html)
    assert "data-game-over" not in html  # the entry is not hidden behind "the game is over"
    assert input_attrs(html, "points2")["value"] == "27"
    assert [b["text"] for b in entry_form(html).buttons.values()] == [
        "Correct round 20 with my entry"
    ]


def test_a_conflict_keeps_the_entry_for_its_round_whatever_changed_meanwhile():
    """Phone A corrects round 1 while B enters round 4: round 4 is still next, so B's entry
    may be sent again as round 4. Then A takes back round 3: B's round 4 is not silently
    round 3."""
    game, phone_a, _page_a, phone_b, page_b = three_rounds_then_two_phones()
    edit = phone_a.get(urls(game)["edit"].format(1)).content.decode()
    assert tap(phone_a, edit, "save-round", **calculator_data(1)).status_code == 302
    lost = tap(phone_b, page_b, "save-round", **calculator_data(4, points2=27))
    assert lost.status_code == 409
    html = lost.content.decode()
    assert CONFLICT_EN in message(html)
    assert h1(html) == "Record round 4"
    assert rendered_version(html) == Game.objects.get(pk=game.pk).version

    sheet = phone_a.get(urls(game)["sheet"]).content.decode()
    assert phone_a.post(urls(game)["undo"], {"version": rendered_version(sheet)}).status_code == 302
    lost = tap(phone_b, html, "save-round")
    assert lost.status_code == 409
    html = lost.content.decode()
    assert message(html) == (
        "This sheet changed meanwhile – here is the latest. Nothing of yours was saved: round 4 "
        "is no longer the next round to record, round 3 is. Your entry is below, still as "
        "round 4."
    )
    assert h1(html) == "Your entry for round 4"
    assert input_attrs(html, "points2")["value"] == "27"
    form = entry_form(html)
    assert form.form["method"] == "get"
    assert [b["text"] for b in form.buttons.values()] == ["Record my entry as round 3"]
    assert tap(phone_b, html, "record-kept").status_code == 200
    assert list(game.entries.values_list("round", flat=True)) == [1, 2]


def test_a_taken_round_sent_again_from_an_old_page_stays_that_round(client, game):
    """Not a conflict (the version is the newest), but the same answer: round 1 is on the
    sheet; the entry stays round 1 and is not saved as round 2 by one more tap."""
    add_scored(game, 1, (0, 10, 20, 30))
    data = {**calculator_data(1, points2=27), "version": game.version, "action": "save"}
    response = client.post(urls(game)["record"], data)
    assert response.status_code == 400
    html = response.content.decode()
    assert message(html) == (
        "Round 1 is on the sheet already. To change it, edit round 1; the next round to record "
        "is round 2."
    )
    assert h1(html) == "Your entry for round 1"
    assert entry_form(html).form["method"] == "get"
    for button in entry_form(html).buttons:
        assert tap(client, html, button).status_code == 200
    assert game.entries.count() == 1


ON_SHEET_EN = (
    "Round 4 is already on the sheet – here it is as it is now. This page saved nothing, and "
    "your entry was not moved to another round: it is below, still as round 4."
)
ON_SHEET_DE = (
    "Runde 4 steht schon auf dem Spielblatt – hier ist es, wie es jetzt ist. Diese Seite hat "
    "nichts gespeichert, und deine Eingabe wurde keiner anderen Runde zugeordnet: Du findest "
    "sie unten, weiterhin als Runde 4."
)


@pytest.mark.parametrize(("language", "words"), [("en", ON_SHEET_EN), ("de", ON_SHEET_DE)])
def test_a_reloaded_record_page_keeps_its_entry_for_the_round_it_was_made_for(language, words):
    """A live answer writes the entry into the address (round 4 included). Phone A records
    round 4; phone B reloads its page (or a phone goes Back to it after its own Save): the
    entry stays round 4, beside the sheet, and no single tap saves it as round 5."""
    game, phone_a, page_a, phone_b, _page_b = three_rounds_then_two_phones(language)
    assert tap(phone_a, page_a, "save-round", **calculator_data(4)).status_code == 302
    address = urls(game, language)["record"]
    for phone in (phone_b, phone_a):
        response = phone.get(address, calculator_data(4, points2=27))
        assert response.status_code == 200
        html = response.content.decode()
        assert message(html) == words
        assert 'data-round-fixed="4"' in html and input_attrs(html, "points2")["value"] == "27"
        form = entry_form(html)
        assert form.form["method"] == "get" and "save-round" not in form.buttons
        assert sheet_round(html, 4) == expected_scores(calculator_data(4))  # A's round 4
        assert SHEET_STYLES in html
    # Recording it as round 5 still takes a page that says round 5, and a named tap there.
    page = tap(phone_b, html, "record-kept").content.decode()
    assert input_attrs(page, "round")["value"] == "5" and "data-message" not in page
    assert not game.entries.filter(round=5).exists()


def test_a_reloaded_record_page_for_the_next_round_is_the_usual_page(client, game):
    add_scored(game, 1, (0, 10, 20, 30))
    html = client.get(urls(game)["record"], calculator_data(2, points2=27)).content.decode()
    assert "data-message" not in html and "save-round" in entry_form(html).buttons
    assert SHEET_STYLES not in html  # no sheet shown: the record page's own styles only
    assert PICKER in html and "data-tile-picker" in html
    assert input_attrs(html, "round")["value"] == "2"
    assert input_attrs(html, "points2")["value"] == "27"


TAKEN_BACK_EN = (
    "This sheet changed meanwhile – here is the latest. Nothing of yours was saved: round 2 "
    "was taken back, so there is no round 2 to correct. Your entry is below, still as round 2."
)


def test_a_correction_of_a_round_taken_back_meanwhile_can_be_recorded_instead(game):
    """Phone A corrects round 2 while phone B takes round 2 back: A's Save is not a loop of
    "changed meanwhile" and "round 2 is not on the sheet"; A's entry stays round 2 and one
    named tap opens it as the round to record, where it is saved."""
    add_scored(game, 1, (0, 10, 20, 30))
    add_scored(game, 2, (0, 10, 20, 30))
    phone_a, phone_b = Client(), Client()
    edit = phone_a.get(urls(game)["edit"].format(2)).content.decode()
    sheet = phone_b.get(urls(game)["sheet"]).content.decode()
    assert phone_b.post(urls(game)["undo"], {"version": rendered_version(sheet)}).status_code == 302

    lost = tap(phone_a, edit, "save-round", **calculator_data(2, points2=27))
    assert lost.status_code == 409
    html = lost.content.decode()
    assert message(html) == TAKEN_BACK_EN
    assert input_attrs(html, "points2")["value"] == "27" and 'data-round-fixed="2"' in html
    form = entry_form(html)
    assert form.form["method"] == "get"
    assert [b["text"] for b in form.buttons.values()] == ["Record my entry as round 2"]

    page = tap(phone_a, html, "record-kept").content.decode()
    assert h1(page) == "Record round 2" and "data-message" not in page
    assert input_attrs(page, "points2")["value"] == "27"
    assert tap(phone_a, page, "save-round").status_code == 302
    assert game.entries.get(round=2).scores == expected_scores(calculator_data(2, points2=27))


def test_a_correction_sent_on_the_newest_version_of_a_round_not_on_the_sheet(client, game):
    """The same answer when the page's version is the newest (the round was taken back
    before the page was drawn, e.g. a second tap on the conflict page of an old version)."""
    add_scored(game, 1, (0, 10, 20, 30))
    data = {**calculator_data(2, points2=27), "version": game.version, "action": "save"}
    response = client.post(urls(game)["edit"].format(2), data)
    assert response.status_code == 400
    html = response.content.decode()
    assert message(html) == TAKEN_BACK_EN
    assert [b["text"] for b in entry_form(html).buttons.values()] == ["Record my entry as round 2"]
    assert not game.entries.filter(round=2).exists()


SAVED = {
    "en": "Round 4 is on the sheet with exactly this entry: it was saved, and there is nothing "
    "more to do here.",
    "de": "Runde 4 steht genau mit dieser Eingabe auf dem Spielblatt: Sie wurde gespeichert, hier "
    "ist nichts mehr zu tun.",
}


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_save_whose_answer_was_lost_is_said_to_be_saved_when_the_entry_comes_back(language):
    """The save got through but its answer did not (lost signal): the phone opens the record
    page again at the address that holds the entry, or sends a fresh copy of the form. Round 4
    holds exactly this entry, so the page says it was saved — not "saved nothing", which
    would invite recording it again as round 5. A different entry still gets the usual words."""
    game, phone_a, page_a, _phone_b, _page_b = three_rounds_then_two_phones(language)
    assert tap(phone_a, page_a, "save-round", **calculator_data(4)).status_code == 302
    address = urls(game, language)["record"]
    reopened = phone_a.get(address, calculator_data(4))
    assert message(reopened.content.decode()) == SAVED[language]
    # nothing to decide: no button to correct round 4 with the same entry or to record it again
    assert entry_form(reopened.content.decode()).buttons == {}
    # good news: a status, not an alert, which a screen reader would cut in with as an error
    assert message_role(reopened.content.decode()) == "status"
    # a fresh copy of the form from before the save (its own id, the old version)
    fresh = {
        **calculator_data(4),
        "version": game.version,
        "action": "save",
        "submission": new_submission(),
    }
    sent = phone_a.post(address, fresh)
    assert sent.status_code == 409 and message(sent.content.decode()) == SAVED[language]
    assert message_role(sent.content.decode()) == "status"
    assert entry_form(sent.content.decode()).buttons == {}
    other = phone_a.get(address, calculator_data(4, points2=27))
    assert message(other.content.decode()) != SAVED[language]
    assert message_role(other.content.decode()) == "alert"
    assert set(entry_form(other.content.decode()).buttons) == {"correct-kept", "record-kept"}
    assert game.entries.filter(round=4).count() == 1 and not game.entries.filter(round=5).exists()


def test_the_language_switch_on_a_kept_entry_keeps_it_from_the_round_another_phone_recorded():
    """B's entry for round 4 is kept beside the sheet, because A recorded round 4 first. The
    language switch must lead to the same page in German — the entry kept with its round and
    the choice to correct round 4 or record round 5 — not to round 4's edit page, where one tap
    would save B's entry over A's round without a word."""
    game, phone_a, page_a, phone_b, page_b = three_rounds_then_two_phones()
    assert tap(phone_a, page_a, "save-round", **calculator_data(4)).status_code == 302
    lost = tap(phone_b, page_b, "save-round", **calculator_data(4, points2=27))
    assert lost.status_code == 409
    switch = re.search(r'<a [^>]*data-language-switch="de"[^>]*>', lost.content.decode())[0]
    href = re.search(r'href="([^"]+)"', switch)[1].replace("&amp;", "&")
    german = phone_b.get(href, follow=True)
    html = german.content.decode()
    assert german.redirect_chain[-1][0].startswith(urls(game, "de")["record"])
    assert message(html).startswith("Runde 4 steht schon auf dem Spielblatt")
    assert "save-round" not in entry_form(html).buttons
    assert input_attrs(html, "points2")["value"] == "27"
    assert game.entries.get(round=4).score2 != 27
