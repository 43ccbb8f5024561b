import uuid

import pytest
from django.test import override_settings

from bench.server import ProductionSite


@pytest.fixture
def isolated_cache():
    """Fresh, private page and shared caches for one test (nothing leaks in or out)."""
    name = uuid.uuid4().hex
    caches = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"pages-{name}",
        },
        "shared": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"shared-{name}",
            "TIMEOUT": None,
        },
    }
    with override_settings(CACHES=caches):
        yield


@pytest.fixture(scope="session")
def production_site():
    """The site as production runs it: gunicorn, DEBUG off, whitenoise, migrated SQLite."""
    with ProductionSite(workers=1) as site:
        site.prepare()
        site.start()
        yield site
