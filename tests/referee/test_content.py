"""The nine rulings are content: seeded, complete in both languages, read by the engine."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from referee.coverage import ruling_for
from referee.examples import build
from referee.models import Ruling, RulingExample
from rules.engine.verdicts import REASONS

from ..docs import RULES, rule_ids, table
from .helpers import KEYS

pytestmark = pytest.mark.django_db

TRANSLATED = ("question", "short_answer", "app_ruling")


def test_nine_rulings_in_the_rules_digests_order():
    assert list(Ruling.objects.values_list("key", flat=True)) == list(KEYS)


def test_the_rulings_follow_the_digests_nine_questions():
    # docs/rules.md, "The nine disputed questions": each row's rule IDs are the ruling's, and
    # "not covered" in the table-rule column is exactly a ruling where the sources are silent.
    rows = table(RULES, "#")
    rulings = list(Ruling.objects.order_by("order"))
    assert [int(number) for number, *_ in rows] == list(range(1, len(rulings) + 1))
    for (_number, *cells), ruling in zip(rows, rulings, strict=True):
        cited = set(re.findall(r"\b[TDMCPBXES][1-9]\b", " ".join(cells)))
        assert cited and cited <= set(ruling.rule_ids), (ruling.key, cited)
        assert (cells[-1] == "not covered") == ruling.sources_silent, ruling.key


def test_every_rule_a_ruling_cites_is_in_the_digest():
    known = set(rule_ids())
    for ruling in Ruling.objects.all():
        assert set(ruling.rule_ids) <= known, ruling.key


@pytest.mark.parametrize("field", TRANSLATED)
def test_every_ruling_is_written_in_both_languages(field):
    for ruling in Ruling.objects.all():
        english, german = getattr(ruling, f"{field}_en"), getattr(ruling, f"{field}_de")
        assert english and english.strip(), (ruling.key, field)
        assert german and german.strip(), (ruling.key, field, "German missing")
        if field != "short_answer":
            assert english != german, (ruling.key, field)


def test_table_rule_is_given_exactly_where_the_sources_speak():
    for ruling in Ruling.objects.all():
        for code in ("en", "de"):
            text = (getattr(ruling, f"table_rule_{code}") or "").strip()
            assert bool(text) != ruling.sources_silent, (ruling.key, code)
    # The rules digest marks questions 4, 5 and 9 as not covered by the sources.
    silent = set(Ruling.objects.filter(sources_silent=True).values_list("key", flat=True))
    assert silent == {"add-before-melding", "discard-playable-tile", "pile-runs-out"}


def test_each_ruling_rests_on_rules_that_lead_back_to_it():
    for ruling in Ruling.objects.all():
        assert ruling.rule_ids, ruling.key
        # Links follow the reason (issue 16): a rule leads back directly, or through one of
        # the reason codes the engine gives under it (M2 → RUN_WRAPS_PAST_ONE → run-12-13-1).
        codes = [code for code, info in REASONS.items() if info.rule in ruling.rule_ids]
        found = {ruling_for(rule=rule) for rule in ruling.rule_ids}
        found |= {ruling_for(code) for code in codes}
        assert ruling.key in found, ruling.key


def test_every_example_passes_the_admins_checks_and_the_engine_reads_it():
    examples = list(RulingExample.objects.all())
    assert len(examples) >= 8
    for example in examples:
        example.full_clean()
        with translation.override("de"):
            view = build(example)
        assert view.label and view.sentences and view.rule


def test_every_ruling_but_the_exhausted_pile_has_an_example_on_the_list_page():
    for ruling in Ruling.objects.prefetch_related("examples"):
        featured = [e for e in ruling.examples.all() if e.featured]
        assert bool(featured) == (ruling.key != "pile-runs-out"), ruling.key


def test_a_silent_ruling_cannot_carry_a_table_rule():
    ruling = Ruling.objects.get(key="pile-runs-out")
    ruling.table_rule_de = "Irgendwas"
    with pytest.raises(ValidationError) as caught:
        ruling.full_clean()
    assert "table_rule_de" in caught.value.message_dict


def test_a_ruling_that_is_not_silent_needs_the_table_rule_in_both_languages():
    ruling = Ruling.objects.get(key="run-12-13-1")
    ruling.table_rule_de = ""
    with pytest.raises(ValidationError) as caught:
        ruling.full_clean()
    assert "table_rule_de" in caught.value.message_dict


def test_rule_ids_must_look_like_rule_ids():
    ruling = Ruling.objects.get(key="run-12-13-1")
    ruling.rules = "M2 twelve"
    with pytest.raises(ValidationError) as caught:
        ruling.full_clean()
    assert "rules" in caught.value.message_dict


BUY = {"kind": "buy", "tiles": "", "tile": "r8", "discarder": 1, "wanting": "3"}


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"tiles": "r12 x13 r1"}, "tiles", "“x13” is not a tile"),
        ({"indicator": "fj"}, "indicator", "never a false joker"),
        ({"kind": "discard", "tiles": "b4 b5|r7 k7 b7", "tile": "b3"}, "tiles", "not valid"),
        ({"kind": "discard", "tiles": "b4 b5 b6", "tile": "b3", "rack": "y7"}, "rack", "blue 3"),
        ({"kind": "add", "tiles": "r5 r6 r7", "tile": ""}, "tile", "Enter the tile, e.g. r7."),
        ({"kind": "buy", "tiles": "r5 r6 r7", "tile": "r8"}, "tiles", "does not use this field"),
        ({"kind": "meld", "tiles": "r5 r6 r7", "final": True}, "final", "does not use this field"),
        # a buy's caption names the seats: "players  want it" and "players 3 and 3" were saved
        ({**BUY, "wanting": ""}, "wanting", "Give the seats that want the tile"),
        ({**BUY, "wanting": "3, 3"}, "wanting", "Give each seat once."),
        ({**BUY, "discarder": None}, "discarder", "Give the seat of the player who discards."),
    ],
)
def test_the_admin_refuses_an_example_the_engine_cannot_read(changes, field, words):
    """… or whose caption would not read (a buy without its seats)."""
    example = RulingExample.objects.filter(ruling__key="run-12-13-1").first()
    for name, value in changes.items():
        setattr(example, name, value)
    with translation.override("en"), pytest.raises(ValidationError) as caught:
        example.full_clean()
    assert field in caught.value.message_dict
    assert words in " ".join(caught.value.message_dict[field])


def test_the_choice_on_the_okeys_tile_is_as_narrow_as_x2():
    """X2's choice covers only a tile that could do nothing but take the Okey's place: the page
    says so, and an example shows that tile costing a penalty where it can also be added."""
    ruling = Ruling.objects.get(key="discard-playable-tile")
    assert "is not a playable tile" not in ruling.app_ruling_en
    assert "ist kein anlegbarer Stein" not in ruling.app_ruling_de
    assert "fourth colour" in ruling.app_ruling_en and "vierte Farbe" in ruling.app_ruling_de
    verdicts = {e.tiles: build(e) for e in ruling.examples.filter(tile__in=["b4", "y7"])}
    assert verdicts["b3 ok b5"].ok  # the Okey's tile, and nothing else: no penalty
    assert not verdicts["r7 k7 ok"].ok  # also the group's missing colour: a penalty
    assert verdicts["r7 k7 ok"].reason == "PLAYABLE_DISCARD"


def test_adding_is_allowed_only_from_the_turn_after_melding():  # P3, P4
    ruling = Ruling.objects.get(key="add-before-melding")
    assert "next turn" in ruling.app_ruling_en
    assert "nächsten Zug" in ruling.app_ruling_de


def test_the_okey_discard_names_the_penalty_exceptions():  # X3, X5
    ruling = Ruling.objects.get(key="discard-okey")
    assert "every tile on your rack" in ruling.app_ruling_en
    assert "fewer than two tiles" in ruling.app_ruling_en
    assert "jeder Stein auf deinem Steinhalter" in ruling.app_ruling_de
    assert "weniger als zwei Steine" in ruling.app_ruling_de


def test_swapping_in_the_okeys_tile_is_einsetzen_not_anlegen():
    """German: anlegen is adding a tile (P4–P6); putting in the tile an Okey stands for is
    einsetzen, which is not playing a tile that carries the X2 penalty."""
    ruling = Ruling.objects.get(key="take-the-okey")
    assert "einsetzt" in ruling.table_rule_de and "anlegt" not in ruling.table_rule_de
