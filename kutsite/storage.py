"""Static files as production ships them: minified, then hashed and compressed by whitenoise.

The sources stay commented and readable; `collectstatic` writes our own CSS and JavaScript
without comments and indentation, and the scripts with short local names, before whitenoise
hashes and gzips them. That is a quarter of the bytes a phone fetches on its first visit (the
page budget, docs/interface.md, counts them uncompressed; tests/weight.py weighs them as
shipped). Files from installed packages are copied as they come: htmx and the admin's scripts
are minified by their authors.
"""

from pathlib import Path

import minify
import rcssmin
from django.conf import settings
from whitenoise.storage import CompressedManifestStaticFilesStorage


def _jsmin(text: str) -> str:
    # Local names shortened, globals (`window.kutGames`, a worker's top level) kept: about a
    # fifth fewer bytes than taking out comments and spaces alone. An invalid script raises.
    return minify.string("application/javascript", text)


MINIFIERS = {".css": rcssmin.cssmin, ".js": _jsmin}


def minified(name: str, text: str) -> str:
    """`text` as shipped under `name`: minified if it is our own CSS or JavaScript."""
    minifier = MINIFIERS.get(Path(name).suffix)
    return minifier(text) if minifier else text


def ours(source: str) -> bool:
    """Whether the static file at path `source` is the project's own, not an installed package's."""
    path = Path(source).resolve()
    return path.is_relative_to(settings.BASE_DIR) and "site-packages" not in path.parts


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def post_process(self, paths, dry_run=False, **options):
        if not dry_run:
            paths = dict(paths)
            for name, (storage, source) in paths.items():
                if Path(name).suffix in MINIFIERS and ours(storage.path(source)):
                    copy = Path(self.path(name))
                    copy.write_text(minified(name, copy.read_text(encoding="utf-8")), "utf-8")
                    # Hash and compress the minified copy, not the source.
                    paths[name] = (self, name)
        yield from super().post_process(paths, dry_run=dry_run, **options)
