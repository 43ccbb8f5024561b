"""T1–T5 and D1: tiles, the indicator, the Okey, the deal."""

from collections import Counter

import pytest

from rules.engine import (
    FACES,
    FALSE_JOKER,
    OKEY,
    OTHER_TILES,
    PILE_AFTER_DEAL,
    PLAYERS,
    STARTING_TILES,
    Colour,
    InputError,
    ReasonCode,
    classify_meld,
    excess_copies,
    face_of,
    full_set,
    is_okey,
    multiplier,
    okey_of,
    tile,
    tile_points,
)
from rules.engine.tiles import Tile, TileKind

from .helpers import B8, I, T, t


def test_T1_the_set_has_106_tiles_two_of_each_and_two_false_jokers():
    tiles = full_set()
    assert len(tiles) == 106
    counts = Counter(tiles)
    assert counts[FALSE_JOKER] == 2
    assert all(counts[f] == 2 for f in FACES)
    assert len(FACES) == 52 == 4 * 13
    assert {f.colour for f in FACES} == set(Colour)
    assert {f.number for f in FACES} == set(range(1, 14))


@pytest.mark.parametrize(
    ("tiles", "indicator", "excess"),
    [
        ("r7 r7", None, None),
        ("r7 r7 r7", None, ("r7", 3, False, False)),
        ("fj fj fj", None, ("fj", 3, False, False)),
        # the indicator is one physical copy: two typed b8 are one too many, and the count is
        # what was typed (T1, T2)
        ("b8 b8", "b8", ("b8", 2, True, False)),
        ("b8", "b8", None),
        ("ok ok", "b8", None),
        ("ok b9", "b8", None),
        # `ok` and b9 are the same tile kind: the Okey, of which there are two (T3)
        ("ok ok b9", "b8", ("b9", 3, False, True)),
        (
            "r5 r5 r5 r5 y9 y9",
            None,
            ("r5", 4, False, False),
        ),  # the full count, not where it passed 2
    ],
)
def test_T1_no_more_copies_than_the_set_holds(tiles, indicator, excess):
    found = excess_copies(T(tiles), I(indicator) if indicator else None)
    assert found == (None if excess is None else (t(excess[0]), *excess[1:]))
    if found is not None and found.okey:
        assert found.facts()["okey"] is True


@pytest.mark.parametrize(
    ("indicator", "okey"),
    [("b8", "b9"), ("r13", "r1"), ("k1", "k2"), ("y12", "y13"), ("y13", "y1")],
)
def test_T2_the_okey_is_one_up_in_the_indicators_colour(indicator, okey):
    assert okey_of(I(indicator)) == t(okey)


def test_T2_the_okey_is_not_one_down_or_another_colour():
    assert okey_of(I("b8")) not in (t("b7"), t("r9"), t("b8"))


@pytest.mark.parametrize(
    ("tile_", "indicator", "expected"),
    [
        ("b9", "b8", True),
        ("ok", "b8", True),
        ("ok", "r3", True),
        ("b8", "b8", False),
        ("r9", "b8", False),
        ("fj", "b8", False),
        ("r1", "r13", True),
    ],
)
def test_T3_the_two_tiles_with_the_okeys_face_are_the_okeys(tile_, indicator, expected):
    assert is_okey(t(tile_), I(indicator)) is expected


def test_T3_an_okey_typed_as_its_face_or_as_ok_is_the_same_wild_tile():
    as_face = classify_meld(T("b4 b9 b6"), B8)
    as_ok = classify_meld(T("b4 ok b6"), B8)
    assert as_face.ok and as_ok.ok
    assert as_face.okey_stands_for == as_ok.okey_stands_for == ((t("b5"),),)


def test_T4_a_false_joker_is_the_okeys_face_and_nothing_else():
    assert face_of(FALSE_JOKER, B8) == t("b9")
    assert face_of(OKEY, B8) is None
    assert face_of(t("b9"), B8) is None
    assert face_of(t("r9"), B8) == t("r9")
    assert classify_meld(T("b8 fj b10"), B8).ok
    bad = classify_meld(T("b8 fj b11"), B8)
    assert not bad.ok and bad.rule == "M2"


@pytest.mark.parametrize(
    ("bad", "code"), [(FALSE_JOKER, "FALSE_JOKER_INDICATOR"), (OKEY, "OKEY_INDICATOR")]
)
def test_T5_only_a_numbered_tile_can_be_the_indicator(bad, code):
    with pytest.raises(InputError) as caught:
        okey_of(bad)
    assert caught.value.code == code
    assert caught.value.rule == ("T5" if code == "FALSE_JOKER_INDICATOR" else "T2")


def test_S3_tile_points_and_multiplier():
    assert tile_points(t("k3"), I("r5")) == 3
    assert tile_points(t("r6"), I("r5")) == 25  # the Okey
    assert tile_points(OKEY, I("r5")) == 25
    assert tile_points(FALSE_JOKER, I("r5")) == 25
    assert [multiplier(I(x)) for x in ("r5", "k5", "b5", "y5", "k13")] == [5, 5, 2, 2, 5]


def test_D1_the_deal_leaves_48_tiles_in_the_pile():
    assert PLAYERS == 4
    assert (STARTING_TILES, OTHER_TILES) == (15, 14)
    assert PILE_AFTER_DEAL == 48
    assert len(full_set()) == 1 + STARTING_TILES + 3 * OTHER_TILES + PILE_AFTER_DEAL


def test_tile_constructor_rejects_impossible_tiles():
    with pytest.raises(InputError) as caught:
        tile("r", 14)
    assert caught.value.code is ReasonCode.NUMBER_OUT_OF_RANGE
    assert tile("k", 7) == t("k7") and tile(Colour.BLACK, 7).colour is Colour.BLACK


# Found unpinned by a mutation run of tiles.py: each fails on one changed line.


@pytest.mark.parametrize("face", ["r1", "r2"])
def test_T1_two_of_a_tile_without_an_indicator_are_allowed(face):
    """Red 1 is code 0: no exception to "two of each" when no indicator lies face up."""
    assert excess_copies(T(f"{face} {face}")) is None
    assert excess_copies(T(f"{face} {face} {face}")) == (t(face), 3, False, False)


def test_T1_numbers_run_from_1_to_13_so_a_0_is_no_tile():
    with pytest.raises(InputError) as caught:
        tile("r", 0)
    assert caught.value.code is ReasonCode.NUMBER_OUT_OF_RANGE
    assert tile("r", 1).number == 1 and tile("y", 13).number == 13


def test_T1_a_numbered_tile_needs_a_colour():
    with pytest.raises(InputError) as caught:
        Tile(None, 5)
    assert caught.value.code is ReasonCode.MISSING_COLOUR


@pytest.mark.parametrize(
    ("colour", "number", "kind"),
    [
        (Colour.RED, 0, TileKind.FALSE_JOKER),
        (None, 5, TileKind.OKEY),
        (Colour.RED, 5, TileKind.OKEY),
    ],
)
def test_T3_T4_a_false_joker_or_okey_has_no_colour_or_number(colour, number, kind):
    with pytest.raises(ValueError):
        Tile(colour, number, kind)
    assert Tile(None, 0, TileKind.FALSE_JOKER) == FALSE_JOKER


def test_T3_T4_each_kind_of_tile_prints_as_its_notation_and_says_what_it_is():
    assert (str(FALSE_JOKER), str(OKEY), str(t("b9"))) == ("fj", "ok", "b9")
    assert FALSE_JOKER.is_false_joker and not t("b9").is_false_joker and not OKEY.is_false_joker
    assert OKEY.is_okey_token and not t("b9").is_okey_token and not FALSE_JOKER.is_okey_token
    assert t("b9").is_number and not OKEY.is_number
