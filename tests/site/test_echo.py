"""What a visitor typed comes back in an error only as a short, plain quote: nothing that
steers or hides text (a right-to-left override would turn the site's own sentence around it
backwards), and never the whole of a pasted page (`kutsite.text.shown`)."""

import re

import pytest

from kutsite.text import shown
from tests.referee.helpers import check_url, discard_url, find_all, rack_url
from tests.scoring.helpers import url as calculator_url

pytestmark = pytest.mark.django_db

OVERRIDE = "\u202e"
STEERING = ("\u202e", "\u2066", "\u200f", "\u061c", "\x00", "\x1b", "\x7f")


@pytest.mark.parametrize(
    ("typed", "quoted"),
    [
        ("zz", "zz"),
        (f"{OVERRIDE}round 7", "round 7"),
        ("a\x00b\x1bc\x7fd", "abcd"),
        ("q\u2066\u200f\u061cx", "qx"),
        ("x" * 30, "x" * 23 + "…"),
        ("x" * 24, "x" * 24),
        ("two\nlines", "two lines"),
    ],
)
def test_shown(typed, quoted):
    assert shown(typed) == quoted


def round_errors(html: str) -> str:
    found = find_all(html, data_error="round")
    assert found, "no error for the round"
    return " ".join(element.text for element in found)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(
    "address",
    [
        lambda language, round_: check_url(
            language, tiles="r4 r5 r6", indicator="b8", round=round_
        ),
        lambda language, round_: rack_url(language, rack="r4 r5 r6", indicator="b8", round=round_),
    ],
    ids=["meld check", "rack helper"],
)
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "fragment"])
def test_a_round_that_does_not_exist_is_quoted_short_and_plain(client, language, address, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    # (control characters are dropped before the form reads the round: "\x00\x1b77" is 77)
    for round_ in (f"{OVERRIDE}round 7 is fine", "\x00\x1b77", "9" * 100_000):
        response = client.get(address(language, round_), headers=headers)
        assert response.status_code == 200
        said = round_errors(response.content.decode())
        assert not any(ch in said for ch in STEERING), repr(said)
        assert len(said) < 200, said  # a pasted page is cut short
    said = round_errors(
        client.get(address(language, f"{OVERRIDE}round 7"), headers=headers).content
    )
    assert re.search(r"\bround 7\b", said) and "7 dnuor" not in said


@pytest.mark.parametrize(
    "address",
    [
        check_url(tiles=f"r4 r5 {OVERRIDE}zz", indicator="b8"),
        discard_url(table="r4 r5 r6", tile=f"{OVERRIDE}zz", indicator="b8"),
        calculator_url(
            indicator="r4", state1="finished", state2="melded", rack2=f"k3 {OVERRIDE}zz"
        ),
    ],
    ids=["meld check", "discard check", "calculator"],
)
def test_a_token_that_is_no_tile_is_quoted_plain(client, address):
    html = client.get(address).content.decode()
    assert "“zz” is not a tile" in html
    assert not any(f"{ch}zz”" in html or f"“{ch}" in html for ch in STEERING)


CONTROL = "\x00\x01\x1b\x7f"


@pytest.mark.parametrize(
    ("address", "field"),
    [
        (check_url(tiles=f"r1{CONTROL} r2 r3", indicator="b8"), "tiles"),
        (discard_url(table="r4 r5 r6", tile=f"r7{CONTROL}", indicator="b8"), "tile"),
        (rack_url(rack=f"r4 r5{CONTROL} r6", indicator="b8", round="1"), "rack"),
        (calculator_url(indicator="r4", state1="finished", rack2=f"k3{CONTROL} b11"), "rack2"),
    ],
    ids=["meld check", "discard check", "rack helper", "calculator"],
)
def test_control_characters_typed_into_a_field_do_not_come_back_into_the_page(
    client, address, field
):
    """A NUL or an escape code in a link is dropped before the form reads it: the field shows
    the rest, and a NUL is no error of its own ("Null characters are not allowed")."""
    html = client.get(address).content.decode()
    assert not any(ch in html for ch in CONTROL), repr(address)
    value = re.search(
        rf'name="{field}"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="{field}"', html
    )
    assert value and re.fullmatch(r"[rkby]\d+( [rkby]\d+)*", value.group(1) or value.group(2))
    assert 'data-error="' + field not in html
