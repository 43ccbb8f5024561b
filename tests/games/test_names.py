"""Names are text, not control codes: what a player's name keeps (issue 18, item 5)."""

import re
import unicodedata

import pytest

from games.models import Game
from kutsite.text import clean_name
from scoring.forms import CalculatorForm
from scoring.presenters import Calculation

pytestmark = pytest.mark.django_db


def new_game_data(**overrides):
    data = {
        "player1": "Ana",
        "player2": "Ben",
        "player3": "Cem",
        "player4": "Dila",
        "table": "solo",
    }
    data.update(overrides)
    return data


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("Ana\u202eolleh", "Anaolleh"),  # right-to-left override
        ("\u2066Ben\u2069", "Ben"),  # isolate
        ("\u202aCem\u202c", "Cem"),  # embedding and pop
        ("Di\u200bla", "Dila"),  # zero-width space
        ("Ela\u200d\u2060\ufeff", "Ela"),  # zero-width joiner, word joiner, BOM
        ("Fe\x00li\x07x", "Felix"),  # control characters
        ("Gül\tSen\nay", "Gül Sen ay"),  # tab and line break become spaces
        ("Ju\u0308rgen", "Jürgen"),  # u + combining diaeresis → ü (NFC)
        ("Ana\u00ad", "Ana"),  # soft hyphen
        ("A\u2062na\U000e0020", "Ana"),  # invisible times, tag space (format characters)
        ("\u3164\u115f\u2800\u034f", ""),  # Hangul fillers, blank braille, grapheme joiner
        ("\u0301", ""),  # a mark with nothing to sit on
        ("\u0301\u0308 \u0301", ""),
        ("Zoe\u0301", "Zoé"),
        ("👍🏽", "👍🏽"),  # an emoji and its skin tone stay
        # a joiner or non-joiner between two characters is part of the name's spelling
        ("👩\u200d💻", "👩\u200d💻"),  # an emoji built of two
        ("مهر\u200cنوش", "مهر\u200cنوش"),  # Persian, with its non-joiner
        ("\u200dAna\u200c", "Ana"),  # at either end it joins nothing
        ("A\u200d\u200dna", "Ana"),  # nor beside another joiner
        ("A \u200dna", "A na"),  # nor beside a space
        ("A\ufffd\ufffdna", "Ana"),  # bytes that were no text, decoded
    ],
)
def test_clean_name(typed, kept):
    assert clean_name(typed) == kept
    assert unicodedata.is_normalized("NFC", clean_name(typed))


def test_a_new_game_stores_clean_nfc_names(client):
    response = client.post(
        "/en/games/new/",
        new_game_data(player1="\u202eAna", player2="Be\u200bn", player4="Su\u0308\u0308la"),
    )
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.players == ("Ana", "Ben", "Cem", unicodedata.normalize("NFC", "Sü\u0308la"))


@pytest.mark.parametrize("twin", ["A\u200bna", "A\u200dna", "Ana\u00ad", "Ａｎａ", "ANA"])
def test_invisible_characters_and_full_width_letters_do_not_make_two_names_differ(client, twin):
    response = client.post("/en/games/new/", new_game_data(player2=twin))
    assert response.status_code == 400
    assert 'data-error="player2"' in response.content.decode()
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("/en/games/new/", "Enter a name for this player."),
        ("/de/spiele/neu/", "Gib einen Namen für diesen Spieler ein."),
    ],
)
def test_a_name_of_invisible_characters_only_is_no_name(client, url, message):
    response = client.post(url, new_game_data(player3="\u200b\u202e\u2066\x07\u00ad\u3164\u0301"))
    assert response.status_code == 400
    html = response.content.decode()
    assert 'data-error="player3"' in html
    assert message in html
    assert not Game.objects.exists()


def test_length_counts_characters_not_bytes(client):
    # 30 characters of two bytes each (60 bytes in UTF-8) fit; NFC makes u + ¨ one character.
    umlauts = "ü" * 30
    decomposed = "u\u0308" * 30
    response = client.post("/en/games/new/", new_game_data(player1=umlauts, player2=decomposed))
    assert response.status_code == 400  # the same name twice once normalised
    assert 'data-error="player2"' in response.content.decode()
    assert 'data-error="player1"' not in response.content.decode()
    response = client.post("/en/games/new/", new_game_data(player1=decomposed, player2="ş" * 30))
    assert response.status_code == 302
    assert Game.objects.get().players[:2] == (umlauts, "ş" * 30)


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("/en/games/new/", "A name can have at most 30 characters (it has 31)."),
        ("/de/spiele/neu/", "Ein Name darf höchstens 30 Zeichen haben (dieser hat 31)."),
    ],
)
def test_too_long_a_name_is_a_field_error_in_the_pages_language(client, url, message):
    response = client.post(url, new_game_data(player4="ğ" * 31))
    assert response.status_code == 400
    html = response.content.decode()
    assert 'data-error="player4"' in html
    assert message in html


def test_the_calculator_cleans_names_the_same_way():
    form = CalculatorForm({"name1": "\u202eAna\u200b", "name2": "Ju\u0308rgen"})
    assert Calculation(form).names[:2] == ["Ana", "Jürgen"]
    form.is_valid()
    assert (form.cleaned_data["name1"], form.cleaned_data["name2"]) == ("Ana", "Jürgen")


@pytest.mark.parametrize(
    ("language", "table", "incomplete"),
    [
        (
            "en",
            "Choose “Everyone for themselves” or a team table.",
            "This form is incomplete: reload the sheet and try again.",
        ),
        (
            "de",
            "Wähle „Jeder für sich“ oder einen Team-Tisch.",
            "Dieses Formular ist unvollständig: "
            "Lade das Spielblatt neu und versuch es noch einmal.",
        ),
    ],
)
def test_the_game_forms_say_what_is_wrong_in_the_pages_language(language, table, incomplete):
    """The messages live on the fields: every fault of a new game's table, and of a write
    form's hidden fields (an old page), has one sentence in each language."""
    from django.utils import translation

    from games.forms import NewGameForm, RedealForm

    with translation.override(language):
        for chosen in ("", "chairs"):
            form = NewGameForm({"player1": "A", "player2": "B", "player3": "C", "table": chosen})
            assert form.errors["table"] == [table]
        form = RedealForm({"version": "0", "round": "x", "submission": "not an id"})
        assert form.errors == {name: [incomplete] for name in ("version", "round", "submission")}
        assert RedealForm({"round": "2"}).errors == {"version": [incomplete]}


@pytest.mark.django_db
def test_every_name_input_offers_the_one_limit(client):
    """The calculator's and a new game's name inputs stop typing where the stored name ends."""
    from kutsite.text import NAME_LENGTH

    for page in ("/en/calculator/", "/de/spiele/neu/"):
        html = client.get(page).content.decode()
        limits = re.findall(r'<input[^>]*name="(?:name|player)\d"[^>]*maxlength="(\d+)"', html)
        assert limits == [str(NAME_LENGTH)] * 4, page
