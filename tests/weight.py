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
_STATIC_URL = re.compile(rb'"/static/[^"]+"')
#: What production adds to each static file's address in the HTML: collectstatic's
#: `ManifestStaticFilesStorage` names `site.css` `site.860a84559c55.css` (a dot and 12 hex
#: digits). Tests serve the sources under their plain names, so the page is weighed as shipped.
HASHED_NAME = len(".860a84559c55")


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
    """The page as production sends it: its HTML with hashed static addresses, and our own
    stylesheets and scripts, minified."""
    hashed = HASHED_NAME * len(_STATIC_URL.findall(html))
    return len(html) + hashed + sum(own_assets(html).values())
