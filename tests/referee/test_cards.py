"""Share cards: 1200×630 PNGs in the page's language, cached by content, served with ETag."""

import io
from html import unescape

import pytest
from django.core.cache import caches
from PIL import Image, ImageChops

from kutsite import cards
from kutsite.cards import BOLD, REGULAR, CardExample, CardSpec, CardTile, render_card
from referee.models import Ruling

from .helpers import CHECK, DISCARD, KEYS, LANGUAGES, PREFIX, RACK, ruling_path

pytestmark = pytest.mark.django_db


def card(client, language="en", key="run-12-13-1", **headers):
    return client.get(f"{ruling_path(language, key)}card.png", headers=headers)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", KEYS)
def test_every_ruling_has_a_card_in_both_languages(client, language, key):
    response = card(client, language, key)
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(response.content))
    assert image.format == "PNG" and image.size == (1200, 630)


def test_english_and_german_cards_differ(client):
    english, german = card(client, "en").content, card(client, "de").content
    assert english != german
    assert card(client, "en")["ETag"] != card(client, "de")["ETag"]


def test_card_headers_and_conditional_get(client):
    first = card(client)
    etag = first["ETag"]
    assert etag.startswith('"') and etag.endswith('"')
    assert first["Cache-Control"].startswith("public, max-age=3600")
    # as a page's: a proxy keeps it ten minutes and may serve it stale (docs/performance.md)
    for part in ("s-maxage=600", "stale-while-revalidate=60", "stale-if-error=86400"):
        assert part in first["Cache-Control"]
    again = card(client, If_None_Match=etag)
    assert again.status_code == 304 and not again.content
    assert again["ETag"] == etag
    other = card(client, If_None_Match='"something-else"')
    assert other.status_code == 200 and other.content == first.content


def test_the_versioned_url_from_the_page_is_immutable(client):
    html = client.get(f"{PREFIX['en']}run-12-13-1/").content.decode()
    url = html.split('property="og:image" content="', 1)[1].split('"', 1)[0]
    response = client.get(url.removeprefix("http://testserver"))
    assert response.status_code == 200
    assert "immutable" in response["Cache-Control"]
    assert f"s-maxage={60 * 60 * 24 * 365}" in response["Cache-Control"]
    assert "immutable" not in card(client)["Cache-Control"]


def test_a_card_is_drawn_once_then_served_from_the_cache(client, monkeypatch):
    drawn = []
    real = cards.render_card
    monkeypatch.setattr(cards, "render_card", lambda spec: drawn.append(spec) or real(spec))
    first, second = card(client).content, card(client).content
    assert first == second and len(drawn) == 1


def test_an_edit_in_the_admin_redraws_the_card(client):
    before, german = card(client), card(client, "de")["ETag"]
    ruling = Ruling.objects.get(key="run-12-13-1")
    ruling.short_answer_en = "Yes. 13-1-2 is not a run."
    ruling.save()
    after = card(client)
    assert after["ETag"] != before["ETag"]
    assert after.content != before.content
    assert card(client, If_None_Match=before["ETag"]).status_code == 200
    # The German card did not change with the English text.
    assert card(client, "de")["ETag"] == german


def test_unknown_ruling_has_no_card(client):
    assert card(client, key="nothing-here").status_code == 404


def draw(font, text):
    image = Image.new("L", (80, 80), 0)
    cards.ImageDraw.Draw(image).text((10, 10), text, font=font, fill=255)
    return image


def test_the_shipped_font_has_umlauts_and_turkish_letters():
    assert REGULAR.exists() and BOLD.exists()
    assert (REGULAR.parent / "LICENSE-DejaVu.txt").exists()
    for path in (REGULAR, BOLD):
        font = cards.ImageFont.truetype(str(path), 48)
        missing = draw(font, "\U000f0000")  # a private-use code point: the "no glyph" box
        for letter in "üöäÜÖÄßşğıİŞĞçÇ★✓✗→":
            glyph = draw(font, letter)
            assert glyph.getbbox() is not None, letter
            assert ImageChops.difference(glyph, missing).getbbox() is not None, letter


def test_card_text_draws_umlauts_and_turkish_letters():
    def spec(question):
        return CardSpec(language="de", brand="Küt", question=question, answer="")

    plain = Image.open(io.BytesIO(render_card(spec("Küt"))))
    turkish = Image.open(io.BytesIO(render_card(spec("Küt ış İğ"))))
    assert ImageChops.difference(plain.convert("RGB"), turkish.convert("RGB")).getbbox()


def test_long_questions_are_wrapped_and_cut_not_overflowing():
    question = "Eine sehr lange Frage, die nie endet " * 10
    example = CardExample(melds=((CardTile("r", "7", "R"),) * 14,), verdict="Gültig")
    image = Image.open(io.BytesIO(render_card(CardSpec("de", "Küt", question, "Ja.", (example,)))))
    assert image.size == (1200, 630)


@pytest.mark.parametrize("word", ["Steinhalterabwurfstrafenberechnungsregel" * 3, "x" * 200])
def test_a_word_wider_than_the_card_is_broken_not_run_off_the_edge(word):
    face = cards.font(True, 40)
    lines = cards.wrap(f"Was gilt bei {word}?", face, 600)
    assert all(face.getlength(line) <= 600 for line in lines), lines
    assert "".join(lines).replace(" ", "") == f"Wasgiltbei{word}?"


def test_cards_are_cached_under_their_content_digest():
    spec = CardSpec(language="en", brand="Küt", question="Q?", answer="A.")
    cards.card_png(spec)
    assert caches["default"].get(cards.CACHE_PREFIX + spec.digest) is not None
    changed = CardSpec(language="de", brand="Küt", question="Q?", answer="A.")
    assert changed.digest != spec.digest


@pytest.mark.parametrize(
    ("language", "key", "played", "situation"),
    [
        # a discarded tile lies beside the table's meld: captioned, not an arrow into it
        ("en", "discard-playable-tile", "Discarded", ""),
        ("de", "discard-okey", "Abgeworfen", ""),
        # a bought tile needs the turn order it was bought in (B1)
        ("en", "buy-discard", "Discarded", "Player 1 discards, player 2 passes"),
        ("de", "buy-discard", "Abgeworfen", "Spieler 1 wirft einen Stein ab, Spieler 2 lässt"),
        # the Okey is put in after melding: the arrow, and when
        ("de", "take-the-okey", "", "Du hast in einem früheren Zug ausgelegt."),
    ],
)
def test_a_cards_example_says_what_the_tile_was_and_when(language, key, played, situation):
    from django.utils import translation

    from referee.views import _rulings

    with translation.override(language):
        (view,) = [r for r in _rulings() if r.ruling.key == key]
        example = view.card_spec().examples[0]
    assert example.played == played
    assert example.situation.startswith(situation)


def test_a_caption_changes_the_drawing():
    tile, meld = CardTile("b", "3", "B"), ((CardTile("b", "4", "B"),) * 3,)

    def drawn(**caption):
        example = CardExample(melds=meld, tile=tile, verdict="2", ok=False, **caption)
        return Image.open(io.BytesIO(render_card(CardSpec("en", "Küt", "Q?", "A.", (example,)))))

    arrow, discarded = drawn(), drawn(played="Discarded")
    situated = drawn(played="Discarded", situation="Player 1 discards.")
    assert ImageChops.difference(arrow.convert("RGB"), discarded.convert("RGB")).getbbox()
    assert ImageChops.difference(discarded.convert("RGB"), situated.convert("RGB")).getbbox()


@pytest.mark.parametrize("width", [420, 500, 600, 700])
def test_a_cut_text_ends_after_a_whole_word(width):
    """A question or answer too long for its lines ends with … after a whole word, never in
    the middle of one ("…vom Tisch nehmen, wen…")."""
    text = "Darf man den Okey vom Tisch nehmen, wenn die Küt-Gruppe nur drei Steine hat? " * 3
    face, lines = cards.fit(text, True, (48, 42), width, 2)
    assert len(lines) == 2 and lines[-1].endswith("…"), lines
    assert all(face.getlength(line) <= width for line in lines), lines
    shown = [word.rstrip(",?") for word in " ".join(lines)[:-1].split()]
    assert shown == [word.rstrip(",?") for word in text.split()[: len(shown)]], lines


def _inked_columns(image, top, bottom, left):
    """Whether anything but the background is drawn in rows top–bottom right of `left`."""
    box = image.convert("RGB").crop((left, top, cards.WIDTH, bottom))
    background = Image.new("RGB", box.size, cards.BACKGROUND)
    return ImageChops.difference(box, background).getbbox() is not None


def test_a_long_verdict_above_the_tiles_stays_on_the_card():
    example = CardExample(
        melds=((CardTile("r", "7", "R"),) * 3,),
        verdict="Ungültig: eine Gruppe braucht drei oder vier verschiedene Farben derselben Zahl",
    )
    image = Image.open(io.BytesIO(render_card(CardSpec("de", "Küt", "F?", "A.", (example,)))))
    assert not _inked_columns(image, 400, 460, cards.WIDTH - cards.MARGIN + 4)


def test_a_card_without_examples_sets_its_words_in_the_middle():
    """No tiles to show: the question and answer stand in the middle of the space below the
    brand, not in its top half with the rest empty."""
    spec = CardSpec("en", "Küt", "What if the draw pile runs out?", "It is dealt again.")
    image = Image.open(io.BytesIO(render_card(spec))).convert("RGB")
    body = image.crop((cards.MARGIN, 100, cards.WIDTH, cards.HEIGHT))
    ink = ImageChops.difference(body, Image.new("RGB", body.size, cards.BACKGROUND)).getbbox()
    above, below = ink[1], body.size[1] - ink[3]
    assert abs(above - below) < 80, (above, below)


# --- A checker answer's card -------------------------------------------------------------------

# In the forms' order: the permalink and the card name the parameters so (`link_query`).
MELD_QUERY = "indicator=b8&tiles=r12+r13+ok&round=3"
DISCARD_QUERY = "indicator=r3&table=b4+b5+b6%7Cr7+k7+b7&tile=b7"
RACK_QUERY = "indicator=r3&round=2&rack=k1+k2+k3+k4+b5+y5+r5+k9+k11+y12+b1+r7+r8+y2"
CHECKERS = {
    "meld": (CHECK, MELD_QUERY),
    "discard": (DISCARD, DISCARD_QUERY),
    "rack": (RACK, RACK_QUERY),
}


def card_url(client, checker, language, query=None, headers=None):
    """The card a checker's page names in its og:image, or None."""
    path, default = CHECKERS[checker]
    html = client.get(f"{path[language]}?{query or default}", headers=headers).content.decode()
    if 'property="og:image"' not in html:
        return None
    url = html.split('property="og:image" content="', 1)[1].split('"', 1)[0]
    return unescape(url).removeprefix("http://testserver")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("checker", CHECKERS)
def test_a_checkers_page_names_the_card_of_its_own_answer(client, checker, language):
    path, query = CHECKERS[checker]
    url = card_url(client, checker, language)
    assert url == f"{path[language]}card.png?{query}"
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert Image.open(io.BytesIO(response.content)).size == (1200, 630)
    assert response["Cache-Control"].startswith("public, max-age=60")
    again = client.get(url, headers={"If-None-Match": response["ETag"]})
    assert again.status_code == 304


@pytest.mark.parametrize(
    ("checker", "other"),
    [
        ("meld", "tiles=k5+b5+y5&indicator=b8&round=3"),
        ("discard", "table=b4+b5+b6&tile=b7&indicator=r3"),
        ("rack", RACK_QUERY.replace("round=2", "round=1")),
    ],
)
def test_checker_cards_differ_by_language_and_answer(client, checker, other):
    english = client.get(card_url(client, checker, "en"))
    german = client.get(card_url(client, checker, "de"))
    third = client.get(card_url(client, checker, "en", other))
    assert len({english["ETag"], german["ETag"], third["ETag"]}) == 3


@pytest.mark.parametrize(
    ("checker", "query"),
    [
        ("meld", "tiles="),  # the empty form: nothing to judge
        ("meld", "tiles=r12+r13+ok"),  # no indicator: an error, no verdict
        ("meld", "tiles=zz&indicator=b8"),
        ("discard", "table=b4+b5+b6&indicator=r3"),  # no tile
        ("discard", "table=b4+b5+b6&tile=b7&indicator=r3&rack=b7+b7+b7"),  # a third b7
        ("rack", "round=2&rack=k1+k2+k3"),  # no indicator
        ("rack", "indicator=r3&round=21&rack=k1+k2+k3"),  # no such round
        ("rack", "indicator=r3&round=2&rack=k1+k1+k1"),  # a third k1
    ],
)
def test_a_checker_without_a_verdict_has_no_card(client, checker, query):
    path, _ = CHECKERS[checker]
    assert card_url(client, checker, "en", query) is None
    assert client.get(f"{path['en']}card.png?{query}").status_code == 404


@pytest.mark.parametrize("checker", CHECKERS)
def test_a_live_answer_names_no_card(client, checker):
    assert card_url(client, checker, "en", headers={"HX-Request": "true"}) is None


def _spec(check, card_spec, query):
    from django.test import RequestFactory
    from django.utils import translation

    with translation.override("en"):
        _form, result = check(RequestFactory().get(f"/?{query}"))
        return card_spec(result)


@pytest.mark.parametrize(
    ("query", "question", "answer", "verdicts"),
    [
        # with a round: the opening verdict (C2) heads the card
        (MELD_QUERY, "Not an opening meld for round 3", "Küt groups", [("Valid run", True)]),
        # one meld: its own verdict and reason (M1)
        ("tiles=r12+r13+ok&indicator=b8", "Valid run", "from 12 to 1", [("Valid run", True)]),
        ("tiles=r5+k5&indicator=b8&round=1", "Not an opening meld for round 1", "red 5", None),
        # several melds: each verdict; the card draws two, the answer names all three
        (
            "tiles=r12+r13+ok|k5+b5+y5|r1+r2+b3&indicator=b8",
            "Meld checker",
            "r1 r2 b3 – ",
            [("Valid run", True), ("Valid Küt group", True)],
        ),
    ],
)
def test_a_meld_check_card_says_the_answer_the_table_asked_for(query, question, answer, verdicts):
    from referee.views import _meld_check, meld_card_spec

    spec = _spec(_meld_check, meld_card_spec, query)
    assert spec.question == question and answer in spec.answer
    if verdicts is not None:
        assert [(e.verdict, e.ok) for e in spec.examples] == verdicts
    assert all(e.tile is None and e.melds and not e.played for e in spec.examples)


@pytest.mark.parametrize(
    ("query", "question", "ok"),
    [
        # b7 completes the group on the table (X2): a penalty
        (DISCARD_QUERY, "2 penalty tiles", False),
        ("table=b4+b5+b6&tile=k9&indicator=r3", "No penalty", True),
    ],
)
def test_a_discard_check_card_shows_the_table_and_the_tile_thrown_away(query, question, ok):
    from referee.views import _discard_check, discard_card_spec

    spec = _spec(_discard_check, discard_card_spec, query)
    assert spec.question == question and spec.answer
    (example,) = spec.examples
    assert example.ok is ok and example.verdict == question
    assert example.tile is not None and example.played == "Discarded"
    assert [len(meld) for meld in example.melds] == [3] * len(example.melds)


@pytest.mark.parametrize(
    ("query", "question", "answer", "drawn"),
    [
        # an opening found (C1, C2): the round's contract above its melds
        (RACK_QUERY, "You can meld in round 2", "You can meld now", ("Round 2: ", True, [3])),
        # no opening, a Küt group already held: the contract above what the rack holds
        (
            "indicator=r3&round=5&rack=k5+b5+y5+k9+b11+y1+r9+b13+r11",
            "You cannot meld in round 5 yet",
            "you still need",
            ("Round 5: ", False, [3]),
        ),
        # nothing towards the contract: the words alone
        ("indicator=r3&round=5&rack=k1+b3+y6+r9+k11+b13", "You cannot meld in round 5", "", None),
        # the final round: the best arrangement, short of all at once (P8)
        (
            "indicator=r3&round=20&rack=k1+k2+k3+b5+y5+r5+k9+k10+k11+y12+y12+y13+r7+r8",
            "Not all at once yet",
            "3 tiles are left over",
            ("Round 20: ", False, [3, 3, 3, 2]),
        ),
        # already melded (P4): what goes down from the next turn, not the contract
        (
            "indicator=r3&round=5&opened=1&rack=k1+k2+k3+b5+y5+r5",
            "Melds you can lay down",
            "from your next turn",
            ("From your next turn", True, [3]),
        ),
    ],
)
def test_a_rack_helper_card_shows_the_answer_and_the_melds_it_found(query, question, answer, drawn):
    from referee.views import _rack_answer, rack_card_spec

    spec = _spec(_rack_answer, rack_card_spec, query)
    assert spec.question.startswith(question) and answer in spec.answer
    if drawn is None:
        assert spec.examples == ()
        return
    (example,) = spec.examples
    verdict, ok, sizes = drawn
    assert example.verdict.startswith(verdict) and example.ok is ok
    assert [len(meld) for meld in example.melds] == sizes and example.tile is None
