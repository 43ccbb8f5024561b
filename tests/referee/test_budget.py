"""Page weight: our own HTML + CSS + JS as production ships them (minified, kutsite/storage.py),
and the first HTML response gzipped (DESIGN.md)."""

import gzip

import pytest

from tests.scoring.helpers import base_round
from tests.scoring.helpers import url as calculator_url
from tests.weight import FIRST_HTML_GZIPPED, OWN_BYTES, own_bytes

from .helpers import PREFIX, check_url, discard_url, ruling_path

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "url",
    [
        PREFIX["en"],
        PREFIX["de"],
        PREFIX["en"] + "run-12-13-1/",
        ruling_path("de", "discard-playable-tile"),
        check_url("de", tiles="b4 b5 b6|r12 r13 r1", indicator="b8", round="4"),
        check_url("en", tiles="r12 x13", indicator="b8"),
        discard_url("de", table="b4 b5 b6|r7 k7 b7", tile="b3", indicator="b8", rack="b3 y7"),
        # the score calculator, empty and with a scored round (issue 13)
        calculator_url("en"),
        calculator_url("de"),
        calculator_url("en", **base_round()),
        calculator_url("de", **base_round()),
    ],
)
def test_pages_stay_within_the_weight_budget(client, url):
    html = client.get(url).content
    assert own_bytes(html) <= OWN_BYTES
    assert len(gzip.compress(html)) <= FIRST_HTML_GZIPPED
