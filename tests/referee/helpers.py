"""Shared helpers for the referee tests: URLs and a small reader for the page's markers."""

import re
from html.parser import HTMLParser
from urllib.parse import urlencode

PREFIX = {"en": "/en/referee/", "de": "/de/schiedsrichter/"}
CHECK = {"en": "/en/referee/check/", "de": "/de/schiedsrichter/pruefen/"}
DISCARD = {"en": "/en/referee/discard/", "de": "/de/schiedsrichter/abwurf/"}
RACK = {"en": "/en/referee/rack/", "de": "/de/schiedsrichter/steinhalter/"}
LANGUAGES = ("en", "de")
KEYS = (
    "run-12-13-1",
    "take-the-okey",
    "add-on-melding-turn",
    "add-before-melding",
    "discard-playable-tile",
    "discard-okey",
    "buy-discard",
    "group-size",
    "pile-runs-out",
)

# The German permalinks (item 13 of issue 16): the key stays the English slug and the anchor.
SLUG_DE = {
    "run-12-13-1": "reihe-12-13-1",
    "take-the-okey": "okey-nehmen",
    "add-on-melding-turn": "anlegen-im-auslegezug",
    "add-before-melding": "anlegen-vor-dem-auslegen",
    "discard-playable-tile": "anlegbaren-stein-abwerfen",
    "discard-okey": "okey-abwerfen",
    "buy-discard": "stein-kaufen",
    "group-size": "kuet-gruppe-groesse",
    "pile-runs-out": "nachziehstapel-leer",
}


def ruling_path(language: str, key: str) -> str:
    """A ruling's permalink: /en/referee/<key>/, /de/schiedsrichter/<German slug>/."""
    slug = SLUG_DE[key] if language == "de" else key
    return f"{PREFIX[language]}{slug}/"


def check_url(language="en", **params):
    return CHECK[language] + (f"?{urlencode(params)}" if params else "")


def discard_url(language="en", **params):
    return DISCARD[language] + (f"?{urlencode(params)}" if params else "")


def rack_url(language="en", **params):
    return RACK[language] + (f"?{urlencode(params)}" if params else "")


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = []  # (tag, attrs, text parts)
        self._open = []

    def handle_starttag(self, tag, attrs):
        element = (tag, dict(attrs), [])
        self.elements.append(element)
        if tag not in ("input", "meta", "link", "br", "img", "hr"):
            self._open.append(element)

    def handle_endtag(self, tag):
        for index in range(len(self._open) - 1, -1, -1):
            if self._open[index][0] == tag:
                del self._open[index:]
                break

    def handle_data(self, data):
        for element in self._open:
            element[2].append(data)


class Element:
    def __init__(self, tag, attrs, parts):
        self.tag, self.attrs = tag, attrs
        self.text = " ".join("".join(parts).split())

    def __getitem__(self, name):
        return self.attrs[name]

    def get(self, name, default=None):
        return self.attrs.get(name, default)

    def __repr__(self):
        return f"<{self.tag} {self.attrs}>"


def find_all(html, **attrs):
    """Elements whose attributes match: `find_all(html, data_verdict="valid")`; a value of
    True only asks that the attribute is there."""
    reader = _Reader()
    reader.feed(html if isinstance(html, str) else html.decode())
    wanted = {name.replace("_", "-"): value for name, value in attrs.items()}
    found = []
    for tag, element_attrs, parts in reader.elements:
        if all(
            name in element_attrs and (value is True or element_attrs[name] == value)
            for name, value in wanted.items()
        ):
            found.append(Element(tag, element_attrs, parts))
    return found


def find(html, **attrs):
    found = find_all(html, **attrs)
    assert len(found) == 1, f"expected one element with {attrs}, found {len(found)}"
    return found[0]


_SELECTED = re.compile(r'<option(?:\s+value="(\d*)")? selected>(\d*)')


def selected_rounds(html: str) -> list[str]:
    """The selected options of a page's round choices: by value, or by text where the option
    has none (the calculator's, to keep its page light)."""
    return [value or text for value, text in _SELECTED.findall(html)]
