"""Small helpers shared by the browser tests."""

from urllib.parse import urlsplit

#: Browser locales for the site's languages; a full locale ("de-AT") is passed on as it is.
LOCALES = {"en": "en-GB", "de": "de-DE"}


def path_of(url: str) -> str:
    """A URL without scheme and host: path, query and fragment, as the site links them."""
    parts = urlsplit(url)
    return (
        parts.path
        + (f"?{parts.query}" if parts.query else "")
        + (f"#{parts.fragment}" if parts.fragment else "")
    )
