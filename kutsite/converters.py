"""Path converters more than one app's addresses use, registered once on import."""

from django.urls import register_converter


class RoundNumber:
    """A round's number as the site writes it: no sign, no leading zero, at most two digits.
    `<int:…>` also took `01` and `004`, the same round at a second address (a page of its own
    for a cache, a duplicate for a search engine); the views still say which rounds exist."""

    regex = "[1-9][0-9]?"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(RoundNumber, "round")
