"""Page weight as the budget counts it (docs/interface.md): the HTML plus our own CSS and JS
as production ships them (minified, kutsite/storage.py). htmx, the one library, is not ours."""

import re
from pathlib import Path

from django.contrib.staticfiles import finders

from kutsite.storage import minified

#: Our own HTML + CSS + JS on any page, before compression (the benchmark's target too).
OWN_BYTES = 40 * 1024
#: The first HTML response, gzipped.
FIRST_HTML_GZIPPED = 14 * 1024

_ASSET = re.compile(rb'(?:href|src)="/static/([^"]+\.(?:css|js))"')


def own_assets(html: bytes) -> dict[str, int]:
    """Our stylesheets and scripts the page links, with their shipped sizes."""
    sizes = {}
    for match in _ASSET.findall(html):
        name = match.decode()
        if name.startswith("django_htmx/"):
            continue
        path = finders.find(name)
        assert path, name
        sizes[name] = len(minified(name, Path(path).read_text(encoding="utf-8")).encode())
    return sizes


def own_bytes(html: bytes) -> int:
    return len(html) + sum(own_assets(html).values())
