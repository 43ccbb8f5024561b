"""System checks of the site's own configuration."""

from __future__ import annotations

import logging
import os

from django.core import checks

DEVELOPMENT_WARNING = (
    "DJANGO_ENV is not set: this is the DEVELOPMENT configuration (no HTTPS redirect, no HSTS, "
    "no secure cookies, a development SECRET_KEY unless one is set). On a server set "
    "DJANGO_ENV=production; set DJANGO_ENV=development to silence this warning."
)


def development_by_default() -> bool:
    return "DJANGO_ENV" not in os.environ


@checks.register(checks.Tags.security)
def check_environment(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    """runserver, migrate and check say so when nobody chose the configuration."""
    if development_by_default():
        return [checks.Warning(DEVELOPMENT_WARNING, id="kutsite.W001")]
    return []


def warn_on_start() -> None:
    """gunicorn runs no system checks: the WSGI module logs the same warning."""
    if development_by_default():
        logging.getLogger("kutsite").warning(DEVELOPMENT_WARNING)
