"""docs/interface.md, "Tile notation": parse and format, errors that name the bad token."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import (
    FALSE_JOKER,
    OKEY,
    TILES,
    Colour,
    NotationError,
    ReasonCode,
    format_melds,
    format_tile,
    format_tiles,
    parse_indicator,
    parse_melds,
    parse_tile,
    parse_tiles,
    still_typing,
    tile,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "r12 k7 b9 y1 fj ok",
            [tile("r", 12), tile("k", 7), tile("b", 9), tile("y", 1), FALSE_JOKER, OKEY],
        ),
        ("R12+K7,B9-Y1", [tile("r", 12), tile("k", 7), tile("b", 9), tile("y", 1)]),
        ("s3 g13", [tile("k", 3), tile("y", 13)]),  # German aliases: schwarz, gelb
        ("  FJ ,, Ok  ", [FALSE_JOKER, OKEY]),
        ("r07", [tile("r", 7)]),
        # invisible characters from a pasted text separate tiles, never hide inside one
        ("r1\u200b r2\ufeff\u200dr3", [tile("r", 1), tile("r", 2), tile("r", 3)]),
        ("\u202er12\u202c\u00adk7\u2066b9\u2069", [tile("r", 12), tile("k", 7), tile("b", 9)]),
    ],
)
def test_parse(text, expected):
    assert list(parse_tiles(text)) == expected


def test_format_is_canonical_english():
    assert format_tiles(parse_tiles("S3+G13-fj,OK")) == "k3 y13 fj ok"
    assert format_tile(tile(Colour.RED, 12)) == "r12" == str(tile("r", 12))
    assert format_melds(parse_melds("b4 b5 b6 | r7 k7 b7")) == "b4 b5 b6|r7 k7 b7"


@pytest.mark.parametrize(
    ("text", "token", "code", "rule"),
    [
        ("r7 x14", "x14", ReasonCode.UNKNOWN_COLOUR, "T1"),
        ("r14", "r14", ReasonCode.NUMBER_OUT_OF_RANGE, "T1"),
        ("k0", "k0", ReasonCode.NUMBER_OUT_OF_RANGE, "T1"),
        ("r", "r", ReasonCode.MISSING_NUMBER, "T1"),
        ("12", "12", ReasonCode.MISSING_COLOUR, "T1"),
        ("7r", "7r", ReasonCode.NUMBER_BEFORE_COLOUR, "T1"),
        ("joker", "joker", ReasonCode.JOKER_WORD, "T3"),
        ("r1 Okey", "Okey", ReasonCode.JOKER_WORD, "T3"),
        ("b11ok", "b11ok", ReasonCode.TILES_TOGETHER, None),
        ("black 3", "black", ReasonCode.COLOUR_WORD, "T1"),
        ("rot3", "rot3", ReasonCode.COLOUR_WORD, "T1"),
        ("r1 r2 r1x", "r1x", ReasonCode.NOT_A_TILE, None),
    ],
)
def test_errors_name_the_bad_token_and_why(text, token, code, rule):
    with pytest.raises(NotationError) as caught:
        parse_tiles(text)
    assert (caught.value.token, caught.value.code, caught.value.rule) == (token, code, rule)
    assert caught.value.position == text.split().index(token)


NUMBER_FIRST, WORD = ReasonCode.NUMBER_BEFORE_COLOUR, ReasonCode.COLOUR_WORD
TOGETHER, JOKER = ReasonCode.TILES_TOGETHER, ReasonCode.JOKER_WORD


@pytest.mark.parametrize(
    ("text", "code", "position", "facts"),
    [
        ("3k", NUMBER_FIRST, 0, {"written": "k3"}),
        ("r1 13Y", NUMBER_FIRST, 1, {"written": "y13"}),  # as typed, any case
        ("7s", NUMBER_FIRST, 0, {"written": "s7"}),  # a German letter stays German
        ("14k", ReasonCode.NUMBER_OUT_OF_RANGE, 0, {"number": 14}),  # no k14 to suggest
        ("black 3", WORD, 0, {"written": "k3"}),  # the colour in words, the number after it
        ("r1 Schwarz 12", WORD, 1, {"written": "s12"}),
        ("gelb", WORD, 0, {"written": "g7"}),  # no number to take: an example
        ("red 14", WORD, 0, {"written": "r7"}),  # nor one that a tile can have
        ("red14", WORD, 0, {"written": "r7"}),
        ("rot3", WORD, 0, {"written": "r3"}),
        ("b11ok", TOGETHER, 0, {"written": "b11 ok"}),  # tiles with no space between
        ("r10r11 r12", TOGETHER, 0, {"written": "r10 r11"}),
        ("r1 okb11", TOGETHER, 1, {"written": "ok b11"}),
        ("okfj", TOGETHER, 0, {"written": "ok fj"}),
        ("joker", JOKER, 0, {}),
        ("r1 r2 Okey", JOKER, 2, {}),
    ],
)
def test_T1_a_misspelt_tile_says_what_to_write(text, code, position, facts):
    """The usual slips at a table get an error that says what to write instead."""
    with pytest.raises(NotationError) as caught:
        parse_tiles(text)
    assert (caught.value.code, caught.value.position) == (code, position)
    assert dict(caught.value.facts) == facts


@pytest.mark.parametrize("text", ["r1x", "x", "rk", "r1r", "k3k", "okay", "b 1 1"])
def test_other_tokens_are_simply_not_tiles(text):
    with pytest.raises(NotationError) as caught:
        parse_tiles(text)
    assert caught.value.code in (
        ReasonCode.NOT_A_TILE,
        ReasonCode.MISSING_NUMBER,
        ReasonCode.MISSING_COLOUR,
    )


@pytest.mark.parametrize(
    ("parse", "text", "typing"),
    [
        (parse_tiles, "r12 r13 r", True),  # a colour letter waits for its number (T1)
        (parse_tiles, "r12 S", True),  # German letters too, any case
        (parse_tiles, "b5 o", True),  # the start of `ok`
        (parse_tiles, "f", True),  # the start of `fj`
        (parse_indicator, "b", True),
        (parse_melds, "b4 b5 b6 | r7 k", True),
        (parse_tiles, "r12 r ", False),  # a separator after it: the token is finished
        (parse_tiles, "r r12", False),  # not the last token
        (parse_tiles, "x5 r", False),  # an earlier token is wrong
        (parse_tiles, "r12 x", False),  # no tile starts with x
        (parse_tiles, "r12 rk", False),
        (parse_tiles, "r14", False),  # a number past 13 is wrong, not unfinished
        (parse_melds, "b4 b | r7 k7 b7", False),  # an earlier meld
        (parse_melds, "b4 b5 b6 || r", False),  # an empty meld before it
    ],
)
def test_a_last_token_still_being_typed_is_told_apart_from_a_wrong_one(parse, text, typing):
    with pytest.raises(NotationError) as caught:
        parse(text)
    assert still_typing(text, caught.value) is typing


def test_empty_input():
    with pytest.raises(NotationError) as caught:
        parse_tiles(" , ")
    assert caught.value.code is ReasonCode.EMPTY
    assert parse_tiles("", allow_empty=True) == ()


@pytest.mark.parametrize(
    ("text", "code", "rule"),
    [
        ("fj", ReasonCode.FALSE_JOKER_INDICATOR, "T5"),
        ("ok", ReasonCode.OKEY_INDICATOR, "T2"),
        ("b8 b9", ReasonCode.NOT_ONE_TILE, "T2"),
        ("", ReasonCode.EMPTY, None),
        ("q8", ReasonCode.UNKNOWN_COLOUR, "T1"),
    ],
)
def test_T5_indicator_errors(text, code, rule):
    with pytest.raises(NotationError) as caught:
        parse_indicator(text)
    assert (caught.value.code, caught.value.rule) == (code, rule)


def test_indicator():
    assert parse_indicator(" B8 ") == tile("b", 8)


@pytest.mark.parametrize(("token", "code"), [("", ReasonCode.EMPTY), ("  ", ReasonCode.EMPTY)])
def test_no_tile_at_all_is_empty_not_a_bad_token(token, code):
    """A single-tile input left blank asks for the tile rather than calling “” no tile."""
    with pytest.raises(NotationError) as caught:
        parse_tile(token)
    assert caught.value.code == code


def test_melds_and_their_errors():
    assert parse_melds("b4 b5 b6|r7 k7 b7") == (
        (tile("b", 4), tile("b", 5), tile("b", 6)),
        (tile("r", 7), tile("k", 7), tile("b", 7)),
    )
    with pytest.raises(NotationError) as caught:
        parse_melds("b4 b5 b6||r7")
    assert (caught.value.code, caught.value.position) == (ReasonCode.EMPTY_MELD, 1)
    with pytest.raises(NotationError) as caught:
        parse_melds("b4 b5 b6|r7 z7")
    assert caught.value.token == "z7"
    assert caught.value.facts["meld"] == 1 and caught.value.position == 1
    assert parse_melds(" ", allow_empty=True) == ()
    # Separators alone, but no "|": nothing entered, not an empty meld between two "|".
    for text in (",,,", "---", "+ +"):
        with pytest.raises(NotationError) as caught:
            parse_melds(text)
        assert caught.value.code is ReasonCode.EMPTY, text
        assert parse_melds(text, allow_empty=True) == ()


tiles_lists = st.lists(st.sampled_from(TILES), max_size=20).map(tuple)


@settings(deadline=None)  # a shared, noisy machine: no time limits
@given(tiles_lists)
def test_parse_of_format_is_the_identity(tiles):
    assert parse_tiles(format_tiles(tiles), allow_empty=True) == tiles
    for x in tiles:
        assert parse_tile(format_tile(x)) == x


@settings(deadline=None)  # a shared, noisy machine: no time limits
@given(tiles_lists, st.data())
def test_any_separators_and_case_parse_the_same(tiles, data):
    tokens = [format_tile(x) for x in tiles]
    tokens = [data.draw(st.sampled_from([s, s.upper()])) for s in tokens]
    separators = [data.draw(st.sampled_from([" ", "+", ",", "-", " , ", "  "])) for _ in tokens]
    text = "".join(tok + sep for tok, sep in zip(tokens, separators, strict=True))
    assert parse_tiles(text, allow_empty=True) == tiles
    assert format_tiles(parse_tiles(text, allow_empty=True)) == format_tiles(tiles)


@settings(deadline=None)  # a shared, noisy machine: no time limits
@given(st.lists(tiles_lists.filter(bool), min_size=1, max_size=5))
def test_parse_of_format_is_the_identity_for_melds(melds):
    assert parse_melds(format_melds(melds)) == tuple(melds)
