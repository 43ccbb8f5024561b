"""Page weight: our own HTML + CSS + JS as production ships them (minified, kutsite/storage.py),
and the first HTML response gzipped (docs/interface.md, "Budgets")."""

import gzip

import pytest

from tests.scoring.helpers import base_round
from tests.scoring.helpers import url as calculator_url
from tests.weight import FIRST_HTML_GZIPPED, HASHED_NAME, OWN_BYTES, own_bytes

from .helpers import PREFIX, check_url, discard_url, rack_url, ruling_path

pytestmark = pytest.mark.django_db

FULLER_ROUND = {
    "indicator": "r1",
    "round": "12",
    "state1": "finished",
    **{f"state{seat}": "melded" for seat in (2, 3, 4)},
    "rack2": "r3 r4 k11 k12 y1 b7 b8 b9",
    "rack3": "ok y4 y6 b13 k2 k2 r10 r11 r12 y9 y10",
    "rack4": "r7",
}
# A round at its fullest: three players melded and still hold 11 tiles each, in the colours
# with the longest German names.
FULLEST_ROUND = {
    "indicator": "r1",
    "round": "12",
    "state1": "finished",
    **{f"state{seat}": "melded" for seat in (2, 3, 4)},
    **{
        f"rack{seat}": " ".join(f"{c}{n}" for n in range(1, 12))
        for seat, c in zip((2, 3, 4), "kyb", strict=True)
    },
}

LONG_OPENING = " ".join(f"{c}{n}" for c in "kb" for n in range(1, 14))
MOST_OUTS = (
    "b1 y11 k1 y1 r13 y8 r13 b10 r9 k13 r11 k6 y5 b6 b13 y11 ok y8 ok b10 k10 r3 y5 k10 r3 y1"
)


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
        # a round as a table meets it: three racks still full after melding (20 tiles)
        calculator_url("de", **FULLER_ROUND),
        calculator_url("de", **FULLEST_ROUND),
        # the rack helper, empty and with its longest answers found: 26 tiles in two colours
        # (a long opening), and the most tiles still wanted (41, each drawn with its count)
        rack_url("en"),
        rack_url("de"),
        rack_url("de", indicator="k13", round="2", rack=LONG_OPENING),
        rack_url("de", indicator="k7", round="9", rack=MOST_OUTS),
    ],
)
def test_pages_stay_within_the_weight_budget(client, url):
    html = client.get(url).content
    assert own_bytes(html) <= OWN_BYTES
    assert len(gzip.compress(html)) <= FIRST_HTML_GZIPPED


def test_the_budget_weighs_static_addresses_as_production_names_them(tmp_path):
    """Tests serve `site.css` by that name; production serves `site.860a84559c55.css`, one
    hashed name per static address on the page, each weighed too."""
    from django.contrib.staticfiles.storage import ManifestStaticFilesStorage
    from django.core.files.base import ContentFile

    storage = ManifestStaticFilesStorage(location=tmp_path)
    hashed = storage.hashed_name("css/site.css", ContentFile(b"body{}"))
    assert len(hashed) - len("css/site.css") == HASHED_NAME
    html = b'<img src="/static/icons/favicon.svg"><img src="/static/icons/favicon.png">'
    assert own_bytes(html) == len(html) + 2 * HASHED_NAME
