"""Write the branded 503 page, once per language, as static files for the reverse proxy.

When every app server is down, nobody is left to render the site's own 503: nginx answers with
these files instead (deploy/nginx/kut.conf). Run after `collectstatic`, so that the pages link
the hashed stylesheet nginx serves; they need no database.
"""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from django.test import RequestFactory
from django.urls import reverse
from django.utils import translation

from kutsite.errors import unavailable


class Command(BaseCommand):
    help = "Write 503.<language>.html for each language into a folder, for nginx."

    def add_arguments(self, parser):
        parser.add_argument("folder", type=Path)

    def handle(self, *args, folder: Path, **options):
        folder.mkdir(parents=True, exist_ok=True)
        for code, _name in settings.LANGUAGES:
            with translation.override(code):
                path = reverse("home")
            # A request only for its URL: the page takes its language from the path, and its
            # links stay relative (the factory's host is not an allowed one).
            response = unavailable(RequestFactory().get(path))
            target = folder / f"503.{code}.html"
            target.write_bytes(response.content)
            self.stdout.write(f"{target} ({len(response.content)} bytes)")
