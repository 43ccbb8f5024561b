"""Rulings' permalinks in the page's language: /en/referee/discard-okey/ and
/de/schiedsrichter/okey-abwerfen/ are the same ruling, whose stable key stays `discard-okey`.

`RulingSlug` is the path converter of the ruling URLs: it reads a slug of either language as
the ruling's key (so the view can send the other language's slug on with a 301) and writes a
key as the slug of the active language — so `reverse("referee:ruling", args=[key])`,
`translate_url` (hreflang, the language switcher) and the sitemap all give each language its
own slug. Slugs are read from the content once per content version (`Ruling.objects.cached()`).
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import get_language

from kutsite import content
from referee.models import Ruling


def _slugs() -> tuple[dict[str, str], dict[str, str]]:
    """({any slug: key}, {key: German slug})."""

    def read() -> tuple[dict[str, str], dict[str, str]]:
        keys: dict[str, str] = {}
        german: dict[str, str] = {}
        for ruling in Ruling.objects.cached():
            keys[ruling.key] = ruling.key
            if ruling.slug_de:
                keys.setdefault(ruling.slug_de, ruling.key)
                german[ruling.key] = ruling.slug_de
        return keys, german

    return content.remember("referee.slugs", read)


def key_for(slug: str) -> str | None:
    return _slugs()[0].get(slug)


def slug_for(key: str, language: str | None = None) -> str:
    """The slug of a ruling's permalink in `language` (default: the active one)."""
    if (language or get_language()) == "de":
        return _slugs()[1].get(key, key)
    return key


def ruling_url(key: str) -> str:
    return reverse("referee:ruling", args=[key])


class RulingSlug:
    regex = "[-a-zA-Z0-9_]+"

    def to_python(self, value: str) -> str:
        key = key_for(value)
        if key is None:
            raise ValueError(value)  # no such ruling: the URL does not match (404)
        return key

    def to_url(self, value: str) -> str:
        return slug_for(key_for(value) or value)
