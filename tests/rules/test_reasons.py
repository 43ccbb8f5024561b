"""`rules.reasons`, the one place a reason code becomes a sentence: every code the engine
defines has one in English and German, filled with the verdict's facts."""

import re

import pytest
from django.utils import translation

import rules.engine as engine
from rules import reasons
from rules.engine.melds import classify_meld
from rules.engine.notation import parse_indicator, parse_tiles
from rules.engine.tiles import Colour, tile
from rules.engine.verdicts import REASONS, NotationError, ReasonCode
from rules.reasons import SENTENCES, error_message, sentence
from rules.wording import contract_text

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
INDICATOR = parse_indicator("b8")
SAME_IN_BOTH = {ReasonCode.OKEY_25: "3 Okeys × 25 = 40"}


def sample_facts(code):
    """A value for every fact the engine documents for this code."""
    values = {
        "token": "x14",
        "letter": "x",
        "number": 7,
        "meld": 1,
        "count": 3,
        "limit": 2,
        "tile": tile("r", 7),
        "index": 1,
        "colour": Colour.BLUE,
        "size": 4,
        "low": 12,
        "high": 14,
        "expected": 3,
        "found": 2,
        "minimum": 3,
        "maximum": 4,
        "first": tile("r", 7),
        "second": tile("k", 7),
        "face": tile("b", 9),
        "verdict": classify_meld(parse_tiles("r7 r7 b7"), INDICATOR),
        "missing": (tile("y", 3),),
        "extra": (),
        "field": "groups",
        "round": 3,
        "tiles": 13,
        "at": "high",
        "stands_for": (tile("k", 4),),
        "offence": ReasonCode.PLAYABLE_DISCARD,
        "pile": 1,
        "seat": 3,
        "seats": (2, 4),
        "others": (4,),
        "penalty_tiles": 1,
        "points": 40,
        "factor": 5,
        "partner": 3,
        "value": "won",
        "each": 25,
        "least": 2,
    }
    if code is ReasonCode.FACE_VALUES:
        values["tiles"] = (tile("k", 3), tile("b", 11))
    return {name: values.get(name, 1) for name in REASONS[code].facts}


def test_every_engine_reason_code_has_a_sentence():
    missing = [code for code in ReasonCode if code not in SENTENCES]
    assert not missing, f"no sentence for {missing}"
    assert set(SENTENCES) <= set(ReasonCode)


class Recorder(dict):
    """Records every placeholder a message asks for."""

    def __init__(self, *args):
        super().__init__(*args)
        self.used = set(self)

    def __missing__(self, key):
        self.used.add(key)
        return 1


@pytest.mark.parametrize("code", list(ReasonCode), ids=str)
def test_sentences_only_use_facts_the_engine_gives(code):
    message = SENTENCES[code]
    for language in ("en", "de"):
        with translation.override(language):
            if isinstance(message, tuple):
                recorder = Recorder({message[1]: 2})
                message[0] % recorder
            else:
                recorder = Recorder()
                str(message) % recorder
        allowed = set(REASONS[code].facts) | {"token"}
        assert recorder.used <= allowed, (code, language, recorder.used - allowed)


@pytest.mark.parametrize("code", list(ReasonCode), ids=str)
def test_every_sentence_renders_in_both_languages(code):
    facts = sample_facts(code)
    with translation.override("en"):
        english = sentence(code, facts)
    with translation.override("de"):
        german = sentence(code, facts)
    for text in (english, german):
        assert text and text != str(code)
        assert "%(" not in text and "None" not in text
    if code in SAME_IN_BOTH:  # "Okey" is German too: only a check of the German text itself
        assert german == SAME_IN_BOTH[code]
    else:
        assert english != german, f"{code} is not translated"


def test_facts_are_put_into_words_in_the_pages_language():
    verdict = classify_meld(parse_tiles("r13 r1 r2"), INDICATOR)
    with translation.override("en"):
        assert "red 2" in reasons.describe(verdict)
        assert "position 3" in reasons.describe(verdict)
    with translation.override("de"):
        assert "rote 2" in reasons.describe(verdict)
        assert "3. Stein" in reasons.describe(verdict)


def test_a_run_ending_on_the_one_after_thirteen_says_so():
    verdict = classify_meld(parse_tiles("y11 y12 y13 y1"), INDICATOR)
    with translation.override("en"):
        assert reasons.describe(verdict) == "A run of four in yellow, from 11 to 1."
    with translation.override("de"):
        assert reasons.describe(verdict) == "Eine Reihe aus vier Steinen in Gelb, von 11 bis 1."


def test_M2_a_run_of_all_fourteen_goes_round_to_1_again():
    tiles = parse_tiles("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 r1")
    verdict = classify_meld(tiles, INDICATOR)
    with translation.override("en"):
        assert reasons.describe(verdict) == "A run of all 14 in red: from 1 up to 13, then 1."
    with translation.override("de"):
        assert reasons.describe(verdict) == (
            "Eine Reihe aus allen 14 Steinen in Rot: von 1 bis 13 und dann wieder 1."
        )


def test_sizes_of_valid_melds_read_as_words_other_numbers_as_digits():
    with translation.override("en"):
        assert sentence(ReasonCode.VALID_GROUP, {"number": 7, "size": 3}) == (
            "A Küt group: the 7 in three colours."
        )
        assert sentence(ReasonCode.GROUP_SIZE_OUT_OF_RANGE, {"size": 5}).endswith("not 5.")
    with translation.override("de"):
        text = sentence(ReasonCode.GROUP_REPEATED_COLOUR, {"colour": Colour.RED, "index": 0})
        assert text.startswith("Die Farbe Rot kommt doppelt vor (1. Stein, ")


def test_a_pair_of_two_okeys_has_its_own_sentence():
    verdict = classify_meld(parse_tiles("ok ok"), INDICATOR)
    assert verdict.ok and verdict.facts.get("tile") is None
    with translation.override("en"):
        assert reasons.describe(verdict).startswith("A pair of two Okeys")
        assert sentence(ReasonCode.VALID_PAIR, {"tile": tile("y", 9)}) == "A pair: yellow 9 twice."


def test_plural_sentences_follow_the_count():
    with translation.override("en"):
        assert sentence(ReasonCode.FINAL_TILE_NOT_LAST, {"count": 1}).endswith("holds 1 tile.")
        assert sentence(ReasonCode.FINAL_TILE_NOT_LAST, {"count": 2}).endswith("holds 2 tiles.")
        one_okey = {"count": 1, "each": 25, "points": 25}
        assert sentence(ReasonCode.OKEY_25, one_okey) == "1 Okey × 25 = 25"
    with translation.override("de"):
        # German says one as a word: "nur noch ein Stein", "nur noch 2 Steine"
        assert "liegt nur noch ein Stein:" in sentence(ReasonCode.PILE_TOO_SMALL, {"pile": 1})
        assert "liegen nur noch 2 Steine:" in sentence(ReasonCode.PILE_TOO_SMALL, {"pile": 2})


def test_a_tile_is_named_by_its_place_as_german_counts_it():
    """German counts the place: "Der 3. Stein (rote 7)", not "Stein 3" (as "(2. Stein, …)")."""
    facts = {"index": 2, "tile": tile("r", 7), "colour": Colour.BLUE}  # counted from 0
    with translation.override("de"):
        said = sentence(ReasonCode.RUN_MIXED_COLOURS, facts)
    assert said.startswith("Der 3. Stein (rote 7) hat nicht die Farbe Blau"), said


def test_scores_and_racks_read_as_the_pages_numbers():
    facts = {"tiles": (tile("k", 3), tile("b", 11)), "points": 1400}
    with translation.override("en"):
        assert sentence(ReasonCode.FACE_VALUES, facts) == "Tiles by their numbers: 3 + 11 = 1,400"
        one = sentence(ReasonCode.FACE_VALUES, {"tiles": (tile("k", 3),), "points": 3})
        assert one == "Tiles by their numbers: 3"
    with translation.override("de"):
        assert sentence(ReasonCode.FACE_VALUES, facts).endswith("3 + 11 = 1.400")
        multiplied = {"factor": 5, "colour": Colour.RED, "points": 195}
        assert sentence(ReasonCode.MULTIPLIER, multiplied) == "× 5, weil der Okey rot ist: 195"
        assert sentence(ReasonCode.VALID_RUN, {"colour": Colour.RED, "size": 3}).startswith(
            "Eine Reihe aus drei Steinen in Rot"
        )


def test_seats_read_as_players_unless_a_name_stands_in_their_place():
    with translation.override("en"):
        by_seat = sentence(ReasonCode.MORE_THAN_ONE_FINISHER, {"seats": (1, 3)})
        by_name = sentence(ReasonCode.MORE_THAN_ONE_FINISHER, {"seats": ("Ana", "Cem")})
        partner = sentence(ReasonCode.TEAM_PARTNER_ZERO, {"partner": 1, "points": 0})
    assert by_seat == "Only one player can end the round, but player 1 and player 3 are marked."
    assert by_name == "Only one player can end the round, but Ana and Cem are marked."
    assert partner == "Partner of player 1, who ended the round: 0"
    with translation.override("de"):
        assert "Spieler 1 und Spieler 3" in sentence(
            ReasonCode.MORE_THAN_ONE_FINISHER, {"seats": (1, 3)}
        )


def test_missing_facts_never_raise():
    for code in ReasonCode:
        assert isinstance(sentence(code, {}), str)
    assert sentence("NOT_A_CODE") == "NOT_A_CODE"


def test_input_errors_name_the_token():
    with pytest.raises(NotationError) as caught:
        parse_tiles("r12 x14")
    with translation.override("en"):
        assert error_message(caught.value).startswith("“x14” is not a tile")
    with translation.override("de"):
        assert error_message(caught.value).startswith("„x14“ ist kein Stein")


def test_an_empty_meld_is_counted_from_one():
    with pytest.raises(NotationError) as caught:
        engine.parse_melds("r1 r2 r3 || k4 k5 k6")
    with translation.override("en"):
        assert error_message(caught.value) == "Meld 2 is empty: remove the extra “|”."


def test_round_list_problems_name_their_round():
    rounds = list(engine.DEFAULT_ROUNDS)
    rounds[3], rounds[4] = rounds[4], rounds[3]
    problems = engine.validate_round_list(rounds)
    with translation.override("en"):
        texts = [reasons.problem_sentence(p) for p in problems]
    assert "Rounds are numbered 1, 2, 3 … in order: round 4 was expected, not round 5." in texts


def test_okey_roles_say_what_each_okey_stands_for():
    verdict = classify_meld(parse_tiles("k3 ok k5"), INDICATOR)
    with translation.override("en"):
        assert reasons.okey_roles(verdict) == ["The Okey in position 2 stands for black 4."]
    with translation.override("de"):
        assert reasons.okey_roles(verdict) == ["Der Okey an Stelle 2 steht für die schwarze 4."]


def test_labels():
    with translation.override("en"):
        assert reasons.verdict_label(classify_meld(parse_tiles("r7 k7 b7"), INDICATOR)) == (
            "Valid Küt group"
        )
        assert reasons.verdict_label(classify_meld(parse_tiles("r7 k8"), INDICATOR)) == "Invalid"
        assert reasons.rule_label("M2") == "Rule M2" and reasons.rule_label(None) == ""
        assert reasons.penalty_label(2) == "2 penalty tiles"
        assert reasons.penalty_label(0) == "No penalty"
    with translation.override("de"):
        assert reasons.rule_label("M2") == "Regel M2"
        assert reasons.penalty_label(1) == "1 Strafstein"
        assert reasons.kind_name("group") == "Küt-Gruppe"


def test_contract_wording_in_both_languages():
    c = engine.Contract(groups=1, group_size=4, runs=1, run_size=5, pairs=1)
    with translation.override("en"):
        assert contract_text(c) == "one Küt group of four, one run of five and one pair"
        assert contract_text(engine.Contract(pairs=3)) == "three pairs"
    with translation.override("de"):
        assert contract_text(c) == (
            "eine Küt-Gruppe aus vier Steinen, eine Reihe aus fünf Steinen und ein Paar"
        )
        assert contract_text(engine.Contract(runs=2, run_size=5)) == (
            "zwei Reihen aus je fünf Steinen"
        )
        assert contract_text(engine.FINAL).startswith("alles auf einmal")


def test_after_melding_you_may_also_play_on_the_table_in_german():  # P4
    """Before melding you play too (draw and discard): melding adds playing on the table."""
    with translation.override("de"):
        said = sentence(ReasonCode.MAY_PLAY)
    said_as = "Ab dem Zug nach deinem Auslegen darfst du auch anlegen, neue Kombinationen auslegen"
    assert said.startswith(said_as)
    assert "weiterspielen" not in said


@pytest.mark.parametrize(
    ("value", "english", "german"),
    [
        (0, "0", "0"),
        (999, "999", "999"),
        (-999, "-999", "-999"),
        (1000, "1,000", "1.000"),
        (-1000, "-1,000", "-1.000"),
        (123456, "123,456", "123.456"),
        ("1010", "1,010", "1.010"),  # a number given as text is read as one
        ("–", "–", "–"),  # anything else stays as it is
        (None, "None", "None"),
    ],
)
def test_points_are_grouped_as_the_page_language_groups_them(value, english, german):
    with translation.override("en"):
        assert reasons.format_points(value) == english
    with translation.override("de"):
        assert reasons.format_points(value) == german
