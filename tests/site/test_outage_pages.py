"""`manage.py outage_pages`: the site's own 503, written for nginx to serve when every app
server is down (deploy/nginx/kut.conf, docs/deploy.md)."""

import io
import re

from django.core.management import call_command


def test_one_page_per_language_in_that_language(tmp_path):
    call_command("outage_pages", str(tmp_path), stdout=io.StringIO())
    english = (tmp_path / "503.en.html").read_text(encoding="utf-8")
    german = (tmp_path / "503.de.html").read_text(encoding="utf-8")
    assert re.search(r'<html[^>]* lang="en"', english)
    assert re.search(r'<html[^>]* lang="de"', german)
    assert "Küt is taking a short break" in english
    assert "Küt macht gerade eine kurze Pause" in german
    for page in (english, german):
        assert 'data-unavailable="database"' in page
        assert "<script>" not in page  # the site's CSP, which nginx sends too, allows no inline
        assert 'href="/static/css/site.' in page  # served by nginx while the apps are down
