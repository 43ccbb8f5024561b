"""The seeded content: the 20 rounds are the default list of docs/rules.md and keep its rules,
and the glossary covers docs/terms.md, all of it in both languages."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from rules.completeness import missing_translations
from rules.engine import DEFAULT_ROUNDS, check_opening
from rules.engine.contracts import MAX_CONTRACT_TILES, validate_round_list
from rules.models import GlossaryTerm, Round
from rules.reasons import problem_sentence
from rules.wording import contract_text, tile_count_text

from ..docs import RULES, TERMS, rule_ids, table

pytestmark = pytest.mark.django_db


def engine_rounds():
    return [r.to_engine() for r in Round.objects.order_by("number")]


def test_twenty_rounds_are_seeded_in_order():
    assert list(Round.objects.values_list("number", flat=True)) == list(range(1, 21))


def test_contract_wording_is_generated_from_the_data_and_matches_the_rules_digest():
    # docs/rules.md, "The default 20 rounds" (C3): the contract in both languages, the tile count
    listed = {int(number): rest for number, *rest in table(RULES, "round")}
    assert sorted(listed) == list(range(1, 21))
    for r in Round.objects.all():
        english, german, tiles = listed[r.number]
        with translation.override("en"):
            assert contract_text(r.contract) == english, r.number
            if tiles != "—":
                assert r.contract.tile_count == int(tiles), r.number
                assert tile_count_text(r.contract) == f"{tiles} tiles"
        with translation.override("de"):
            assert contract_text(r.contract) == german, r.number
        assert (tiles == "—") == r.is_final, r.number


def test_the_seeded_rounds_are_the_engines_default_list():
    # The data migration seeds frozen rows, not DEFAULT_ROUNDS itself; the two must agree until
    # an editor changes the database (the calculator still counts rounds from the engine's list).
    assert engine_rounds() == list(DEFAULT_ROUNDS)


def test_every_example_meets_its_own_contract():
    for r in engine_rounds():
        verdict = check_opening(r.example, r.contract, r.indicator)
        assert verdict.ok, (r.number, verdict.reason, verdict.facts)


def test_no_contract_asks_for_more_than_twelve_tiles():
    assert MAX_CONTRACT_TILES == 12
    for r in Round.objects.all():
        assert r.contract.tile_count <= 12, r.number


def test_exactly_the_last_round_has_no_contract():
    finals = list(Round.objects.filter(is_final=True).values_list("number", flat=True))
    assert finals == [Round.objects.order_by("-number").first().number]


def test_the_engine_finds_no_problem_with_the_list():
    assert validate_round_list(engine_rounds()) == ()


def test_the_list_check_catches_an_edit_that_breaks_a_rule():
    # What the admin form and the tests above guard against, shown to fail for real.
    Round.objects.filter(number=12).update(run_size=4)  # example has five tiles
    Round.objects.filter(number=19).update(groups=4)  # 16 tiles
    Round.objects.filter(number=20).update(is_final=False, pairs=7)
    problems = validate_round_list(engine_rounds())
    codes = {(p.round, str(p.reason)) for p in problems}
    assert all(problem_sentence(p) for p in problems)
    assert (12, "EXAMPLE_REJECTED") in codes
    assert (19, "CONTRACT_TOO_MANY_TILES") in codes
    assert (20, "NO_FINAL_ROUND") in codes


def test_round_content_is_complete_in_both_languages():
    assert missing_translations() == []
    for r in Round.objects.all():
        assert r.title_en and r.title_de and r.title_en != r.title_de, r.number
        assert r.notes_en and r.notes_de and r.notes_en != r.notes_de, r.number


def test_a_missing_german_text_is_reported():
    Round.objects.filter(number=5).update(notes_de="")
    GlossaryTerm.objects.filter(slug="okey").update(definition_de="  ")
    problems = missing_translations()
    assert len(problems) == 2
    assert any("notes (de)" in p for p in problems)
    assert any("definition (de)" in p for p in problems)


# docs/terms.md row (English cell) → glossary slug
TERM_SLUGS = {
    "Küt (American Okey, Amerikano)": "kut",
    "tile": "tile",
    "tile rack": "tile-rack",
    "draw pile": "draw-pile",
    "discard (verb / noun)": "discard",
    "penalty tile": "penalty-tile",
    "indicator tile": "indicator",
    "Okey": "okey",
    "false joker": "false-joker",
    "run": "run",
    "Küt group": "kut-group",
    "pair": "pair",
    "group (any meld on the table)": "meld",
    "contract": "contract",
    "round": "round",
    "to meld (lay down the contract)": "to-meld",
    "to add tiles to the table": "to-add",
    "to buy a discard out of turn": "buying",
    "to end the round / go out": "going-out",
    "finished with Okey": "okey-finish",
    "the KÜT app's ruling": "kut-app-ruling",
    "written table rule": "written-table-rule",
    "not covered in the sources": "not-covered",
    "red, black, blue, yellow": "colours",
    "team table (TEAM)": "team-table",
    "score calculator": "score-calculator",
    "referee": "referee",
}


def test_glossary_defines_every_term_of_terms_md_with_its_german_name():
    rows = table(TERMS, "English")
    assert {english for english, *_ in rows} == set(TERM_SLUGS)
    terms = {t.slug: t for t in GlossaryTerm.objects.all()}
    for english, german, _note in rows:
        entry = terms[TERM_SLUGS[english]]
        names_de = f"{entry.term_de} {entry.also_de}".casefold()
        first_german = re.split(r" / ", german)[0].casefold()
        assert first_german in names_de, (english, german, entry.term_de)
        assert entry.definition_en and entry.definition_de


def test_every_rule_a_glossary_entry_cites_is_in_the_digest():
    known = set(rule_ids())
    cited = {t.slug: set(t.rules.split()) for t in GlossaryTerm.objects.all()}
    assert any(cited.values())
    for slug, rules in cited.items():
        assert rules <= known, slug


def test_glossary_entries_point_at_real_guide_sections(client):
    terms = GlossaryTerm.objects.exclude(section="").exclude(section="referee")
    assert terms.count() > 5
    for t in terms:
        page, _, anchor = t.guide_url.partition("#")
        response = client.get(page)
        assert response.status_code == 200, (t.slug, t.guide_url)
        # a step's page is the section; the guide's first page holds the rest by anchor
        assert f'id="{anchor or t.section}"' in response.content.decode(), t.slug


def test_the_glossary_gives_the_last_round_no_contract():  # C1, C4
    entry = GlossaryTerm.objects.get(slug="round")
    assert "each with its own contract" not in entry.definition_en
    assert "which has none" in entry.definition_en
    assert "ohne Kontrakt" in entry.definition_de


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_round_note_calls_a_contracts_group_a_kut_group(language):
    """The glossary makes a bare "group" any meld, so a note about a contract's groups says
    Küt group (M1): "no group has a fifth tile" would be false of runs."""
    bare = {"en": r"(?<!Küt )\bgroups?\b", "de": r"(?<!Küt-)\bGruppen?\b|Vierergruppe|Fünferreihe"}
    for round_ in Round.objects.all():
        notes = getattr(round_, f"notes_{language}")
        assert not re.search(bare[language], notes), (round_.number, notes)


@pytest.mark.parametrize("slug", ["okey", "false-joker"])
def test_25_points_for_a_joker_left_over_only_after_melding(slug):  # S2, S3
    entry = GlossaryTerm.objects.get(slug=slug)
    assert "after you have melded" in entry.definition_en
    assert "nachdem du ausgelegt hast" in entry.definition_de


REFEREE_TERMS = {"referee", "kut-app-ruling", "written-table-rule", "not-covered"}


@pytest.mark.parametrize(
    ("language", "referee", "words"),
    [
        ("en", "/en/referee/", "On the referee page"),
        ("de", "/de/schiedsrichter/", "Auf der Schiedsrichter-Seite"),
    ],
)
def test_the_words_of_the_referee_link_to_the_referee_page(client, language, referee, words):
    """The referee page explains its own columns; the guide's FAQ does not."""
    assert set(GlossaryTerm.objects.filter(section="referee").values_list("slug", flat=True)) == (
        REFEREE_TERMS
    )
    assert client.get(referee).status_code == 200
    with translation.override(language):
        page = client.get(reverse("rules:glossary")).content.decode()
    for slug in REFEREE_TERMS:
        entry = page.split(f'<dt id="{slug}">')[1].split("</dd>")[0]
        assert f'<a href="{referee}">{words}</a>' in entry, slug
    assert page.count(f">{words}</a>") == len(REFEREE_TERMS)
