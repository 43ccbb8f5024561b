"""Shared helpers for the calculator tests: build queries, read the page's markers."""

import re
from urllib.parse import urlencode

from django.urls import reverse
from django.utils import translation

SCORE = re.compile(r'data-player="(\d)" data-score="(-?\d+)"')
ERROR = re.compile(r'<li data-error="([\w]+)"><a href="#[\w]+">(.*?)</a></li>', re.S)


def url(language="en", **params):
    with translation.override(language):
        base = reverse("scoring:calculator")
    return f"{base}?{urlencode(params)}" if params else base


def scores(html):
    return {int(p): int(s) for p, s in SCORE.findall(html)}


def errors(html):
    return ERROR.findall(html)


def base_round(**overrides):
    """A valid round: red Okey (indicator r4), player 1 ended it."""
    params = {
        "indicator": "r4",
        "round": "3",
        "state1": "finished",
        "state2": "melded",
        "rack2": "k3 b11 ok",
        "state3": "not-melded",
        "state4": "melded",
        "points4": "40",
    }
    params.update(overrides)
    return {k: v for k, v in params.items() if v is not None}
