"""Rulings' permalinks in the page's language: /en/referee/discard-okey/ and
/de/schiedsrichter/okey-abwerfen/ are the same ruling, whose stable key stays `discard-okey`.

`RulingSlug` is the path converter of the ruling URLs: it reads a slug of either language as
the ruling's key (so the view can send the other language's slug on with a 301) and writes a
key as the slug of the active language — so `reverse("referee:ruling", args=[key])`,
`translate_url` (hreflang, the language switcher) and the sitemap all give each language its
own slug. Slugs come from the rulings kept in memory (`Ruling.objects.cached()`).
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
        for ruling in Ruling.objects.cached():  # kept, so an outage never needs the database
            key, slug = ruling.key, ruling.slug_de
            keys[key] = key
            if slug:
                keys.setdefault(slug, key)
                german[key] = slug
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
        # Links are made from keys, and the English slug is the key: only German reads the
        # content (so an English page that links rulings reads no database).
        if get_language() != "de":
            return value
        return slug_for(key_for(value) or value, "de")
