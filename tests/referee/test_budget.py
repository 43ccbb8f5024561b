"""Page weight: our own HTML + CSS + JS as production ships them (minified, kutsite/storage.py),
and the first HTML response gzipped (DESIGN.md)."""

import gzip

import pytest
from django.contrib.staticfiles import finders

from kutsite.storage import minified
from tests.scoring.helpers import base_round
from tests.scoring.helpers import url as calculator_url

from .helpers import PREFIX, check_url, discard_url, find_all, ruling_path

pytestmark = pytest.mark.django_db

OWN_BYTES = 40_000
FIRST_HTML_GZIPPED = 14_000


def own_assets(html):
    """Our stylesheets and scripts (htmx, the one library, is not ours)."""
    urls = [e["href"] for e in find_all(html, rel="stylesheet")]
    urls += [e["src"] for e in find_all(html, src=True) if e.tag == "script"]
    sizes = {}
    for url in urls:
        if "htmx" in url:
            continue
        name = url.removeprefix("/static/")
        path = finders.find(name)
        assert path, url
        with open(path, encoding="utf-8") as handle:
            sizes[url] = len(minified(name, handle.read()).encode())  # as collectstatic ships it
    return sizes


def weigh(client, url):
    html = client.get(url).content
    return len(html), len(gzip.compress(html)), sum(own_assets(html.decode()).values())


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
    html, gzipped, assets = weigh(client, url)
    assert html + assets <= OWN_BYTES, (html, assets)
    assert gzipped <= FIRST_HTML_GZIPPED
