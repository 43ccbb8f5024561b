"""The referee page and the ruling permalinks, in both languages."""

import re

import pytest
from django.utils import translation

from kutsite import content
from referee.models import Ruling, RulingExample

from .helpers import KEYS, LANGUAGES, PREFIX, find, find_all, ruling_path

pytestmark = pytest.mark.django_db


def get(client, url, status=200):
    response = client.get(url)
    assert response.status_code == status, url
    return response, response.content.decode()


@pytest.mark.parametrize("language", LANGUAGES)
def test_referee_page_has_a_card_per_ruling_in_order(client, language):
    response, html = get(client, PREFIX[language])
    cards = find_all(html, data_ruling=True)
    assert [c["data-ruling"] for c in cards] == list(KEYS)
    assert all(c["id"] == c["data-ruling"] for c in cards)
    assert response.headers["Content-Language"] == language


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_shows_question_answer_both_rules_and_a_share_button(client, language):
    _, html = get(client, PREFIX[language])
    with translation.override(language):
        for ruling in Ruling.objects.all():
            card = html.split(f'id="{ruling.key}"', 1)[1].split("</article>", 1)[0]
            assert ruling.question in card and ruling.short_answer in card
            assert card.index(ruling.short_answer) < card.index(ruling.app_ruling)
            if ruling.sources_silent:
                assert "data-sources-silent" in card
            else:
                assert ruling.table_rule in card
            share = find(card, data_share=True)
            assert share["href"] == ruling_path(language, ruling.key)
            assert share["data-share-title"] == ruling.question
            # the text stands alone: chat apps drop a share's title
            assert share["data-share-text"] == f"{ruling.question} {ruling.short_answer}"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ("Nine questions Küt players", "Here are nine questions", "Ten questions", "ten")),
        ("de", ("Neun Fragen, über die", "Hier stehen neun Fragen", "Zehn Fragen", "zehn")),
    ],
)
def test_the_referee_page_counts_the_rulings_the_content_holds(client, language, words):
    """ "Nine questions" is the content's count, not a word in a template: a ruling an editor
    adds makes it ten, in the description and the page's lead alike."""
    _, html = get(client, PREFIX[language])
    description = find(html, name="description")["content"]
    assert description.startswith(words[0]) and words[1] in html
    Ruling.objects.create(
        key="new-question",
        slug_de="neue-frage",
        order=99,
        question_en="A question?",
        question_de="Eine Frage?",
        short_answer_en="An answer.",
        short_answer_de="Eine Antwort.",
        app_ruling_en="The ruling.",
        app_ruling_de="Die Entscheidung.",
        rules="M2",
        sources_silent=True,
    )
    _, html = get(client, PREFIX[language])
    assert find(html, name="description")["content"].startswith(words[2])
    assert words[3] + (" questions" if language == "en" else " Fragen") in html


def test_english_page_wording(client):
    _, html = get(client, PREFIX["en"])
    assert html.count("<h3>In the KÜT app</h3>") == 9
    assert html.count("<h3>Written table rule</h3>") == 9
    assert html.count("Not covered in the sources.") == 3
    assert "In short" in html
    assert "Okey on Pagat</a> (pagat.com)" in html
    assert "where your table has agreed on a rule of its own" in html  # in every page's footer


def test_german_page_wording(client):
    _, html = get(client, PREFIX["de"])
    assert '<html lang="de">' in html
    assert html.count("<h3>Regel in der KÜT-App</h3>") == 9
    assert html.count("<h3>Schriftliche Tischregel</h3>") == 9
    assert html.count("In den Quellen nicht erwähnt.") == 3
    assert "Kurz gesagt" in html and "Okey in der Fassung von Pagat" in html
    assert "Ist 12-13-1 eine gültige Reihe?" in html
    assert "Valid run" not in html and "Gültige Reihe" in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_in_short_links_to_every_card(client, language):
    _, html = get(client, PREFIX[language])
    summary = html.split('class="in-short', 1)[1].split("</section>", 1)[0]
    assert re.findall(r'href="#([\w-]+)"', summary) == list(KEYS)


def test_the_first_card_draws_12_13_1_valid_and_13_1_2_invalid(client):
    _, html = get(client, PREFIX["en"])
    card = html.split('id="run-12-13-1"', 1)[1].split("</article>", 1)[0]
    figures = find_all(card, data_example=True)
    assert [f["data-example"] for f in figures] == ["valid", "invalid"]
    tiles = [t["data-tile"] for t in find_all(card, data_tile=True)]
    assert tiles == ["r12", "r13", "r1", "r13", "r1", "r2"]


def test_example_verdicts_come_from_the_engine_not_the_content(client):
    example = RulingExample.objects.get(ruling__key="run-12-13-1", order=1)
    example.tiles = "r11 r12 r13 r1 r2"
    example.save()
    _, html = get(client, PREFIX["en"] + "run-12-13-1/")
    first = find_all(html, data_example=True)[0]
    assert first["data-example"] == "invalid"
    assert first["data-example-reason"] == "RUN_WRAPS_PAST_ONE"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", KEYS)
def test_every_ruling_has_its_permalink_page(client, language, key):
    _, html = get(client, ruling_path(language, key))
    with translation.override(language):
        ruling = Ruling.objects.get(key=key)
        assert f'<h1 class="ruling__question" id="{key}-q">{ruling.question}</h1>' in html
        assert ruling.short_answer in html and ruling.app_ruling in html
    card = find(html, data_ruling=key)
    assert card["id"] == key
    # Links to the other eight rulings.
    others = {ruling_path(language, k) for k in KEYS if k != key}
    links = {a["href"] for a in find_all(html, href=True)}
    assert others <= links


@pytest.mark.parametrize("key", KEYS)
def test_ruling_pages_show_every_example_with_the_engines_reason(client, key):
    _, html = get(client, f"{PREFIX['en']}{key}/")
    figures = find_all(html, data_example=True)
    assert len(figures) == RulingExample.objects.filter(ruling__key=key).count()
    assert all(f["data-example-reason"] and f["data-example-rule"] for f in figures)


def test_ruling_examples_follow_the_rules_digest(client):
    verdicts = {}
    for key in ("run-12-13-1", "group-size", "discard-okey", "take-the-okey"):
        _, html = get(client, f"{PREFIX['en']}{key}/")
        verdicts[key] = [
            (f["data-example"], f["data-example-reason"]) for f in find_all(html, data_example=True)
        ]
    assert verdicts["run-12-13-1"][:2] == [
        ("valid", "VALID_RUN"),
        ("invalid", "RUN_WRAPS_PAST_ONE"),
    ]
    assert verdicts["group-size"][:2] == [("valid", "VALID_GROUP"), ("invalid", "GROUP_TOO_LONG")]
    assert verdicts["discard-okey"] == [
        ("invalid", "OKEY_DISCARD"),
        ("valid", "FINISHED_WITH_OKEY"),
    ]
    assert verdicts["take-the-okey"][0] == ("valid", "CAN_SWAP_OKEY")


@pytest.mark.parametrize(("language", "locale"), [("en", "en_GB"), ("de", "de_DE")])
def test_ruling_page_is_ready_to_share(client, language, locale):
    _, html = get(client, ruling_path(language, "take-the-okey"))
    meta = {
        m.get("property") or m.get("name"): m.get("content") for m in find_all(html, content=True)
    }
    with translation.override(language):
        ruling = Ruling.objects.get(key="take-the-okey")
        assert meta["og:title"] == ruling.question
        assert meta["og:description"] == ruling.short_answer
    assert meta["og:locale"] == locale
    assert meta["og:type"] == "article"
    assert meta["twitter:card"] == "summary_large_image"
    image = meta["og:image"]
    assert image.startswith(f"http://testserver{ruling_path(language, 'take-the-okey')}card.png?v=")
    assert meta["twitter:image"] == image
    assert (meta["og:image:width"], meta["og:image:height"]) == ("1200", "630")


def test_language_switch_keeps_the_ruling(client):
    _, html = get(client, f"{PREFIX['en']}group-size/")
    alternates = {a["hreflang"]: a["href"] for a in find_all(html, rel="alternate")}
    assert alternates["de"] == "http://testserver/de/schiedsrichter/kuet-gruppe-groesse/"
    switch = find(html, data_language_switch="de")["href"]
    response = client.get(switch)
    assert response.status_code == 302
    assert response.headers["Location"] == "/de/schiedsrichter/kuet-gruppe-groesse/"


def test_unknown_ruling_is_a_404_in_the_pages_language(client):
    response = client.get(f"{PREFIX['de']}no-such-ruling/")
    assert response.status_code == 404
    assert '<html lang="de">' in response.content.decode()


@pytest.mark.parametrize(
    "url", [PREFIX["en"], ruling_path("de", "run-12-13-1"), PREFIX["en"] + "pile-runs-out/"]
)
def test_content_pages_stay_within_the_query_budget(client, django_assert_max_num_queries, url):
    with django_assert_max_num_queries(3):
        get(client, url)


def test_ruling_pages_make_the_same_number_of_queries(client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for key in ("run-12-13-1", "pile-runs-out", "discard-playable-tile"):
        content.reset()  # nothing kept: each page reads the content for real
        with CaptureQueriesContext(connection) as queries:
            get(client, f"{PREFIX['en']}{key}/")
        counts.append(len(queries))
    assert len(set(counts)) == 1 and counts[0] <= 3, counts
    # Kept in memory until the content changes: the next ruling needs no query at all.
    with CaptureQueriesContext(connection) as queries:
        get(client, f"{PREFIX['en']}group-size/")
    assert len(queries) == 0


def test_sitemap_lists_rulings_and_checkers_in_both_languages(client):
    response = client.get("/sitemap.xml")
    xml = response.content.decode()
    for key in KEYS:
        assert f"/en/referee/{key}/</loc>" in xml
        assert ruling_path("de", key) in xml
    for path in (
        "/en/referee/check/",
        "/de/schiedsrichter/pruefen/",
        "/en/referee/discard/",
        "/de/schiedsrichter/abwurf/",
        "/en/referee/</loc>",
    ):
        assert path in xml


BUY_SITUATIONS = {
    "en": [
        "Player 1 discards, player 2 passes, player 3 wants it.",
        "Player 1 discards, player 2 passes, players 3 and 4 want it.",
        "Player 1 discards, players 2 and 3 want it.",
    ],
    "de": [
        "Spieler 1 wirft einen Stein ab, Spieler 2 lässt ihn liegen, Spieler 3 will ihn.",
        "Spieler 1 wirft einen Stein ab, Spieler 2 lässt ihn liegen, die Spieler 3 und 4 wollen"
        " ihn.",
        "Spieler 1 wirft einen Stein ab, die Spieler 2 und 3 wollen ihn.",
    ],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bought_discard_says_that_the_next_player_passed(client, language):
    """The next player has first claim (B1): an example where player 3 buys says that player 2
    passed, and one where player 2 wants the tile says no one passed."""
    _, html = get(client, ruling_path(language, "buy-discard"))
    text = re.sub(r"\s+", " ", html)
    for said in BUY_SITUATIONS[language]:
        assert said in text, said
    assert text.count(BUY_SITUATIONS[language][0]) == 1
    # the featured example on the referee page says it too
    _, index = get(client, PREFIX[language])
    assert BUY_SITUATIONS[language][0] in re.sub(r"\s+", " ", index)
