"""Static files as production ships them: minified, then hashed and compressed by whitenoise.

The sources stay commented and readable; `collectstatic` writes our own CSS and JavaScript
without comments and indentation before whitenoise hashes and gzips them. That is a quarter of
the bytes a phone fetches on its first visit (the page budget, docs/interface.md, counts them
uncompressed; tests/referee/test_budget.py weighs them as shipped). Files from installed
packages are copied as they come: htmx and the admin's scripts are minified by their authors.
"""

from pathlib import Path

import rcssmin
import rjsmin
from django.conf import settings
from whitenoise.storage import CompressedManifestStaticFilesStorage

MINIFIERS = {".css": rcssmin.cssmin, ".js": rjsmin.jsmin}


def minified(name: str, text: str) -> str:
    """`text` as shipped under `name`: minified if it is our own CSS or JavaScript."""
    minify = MINIFIERS.get(Path(name).suffix)
    return minify(text) if minify else text


def _ours(source: str) -> bool:
    path = Path(source).resolve()
    return path.is_relative_to(settings.BASE_DIR) and "site-packages" not in path.parts


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def post_process(self, paths, dry_run=False, **options):
        if not dry_run:
            paths = dict(paths)
            for name, (storage, source) in paths.items():
                if Path(name).suffix in MINIFIERS and _ours(storage.path(source)):
                    copy = Path(self.path(name))
                    copy.write_text(minified(name, copy.read_text(encoding="utf-8")), "utf-8")
                    # Hash and compress the minified copy, not the source.
                    paths[name] = (self, name)
        yield from super().post_process(paths, dry_run=dry_run, **options)
