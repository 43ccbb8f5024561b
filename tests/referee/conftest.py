import uuid

import pytest
from django.test import override_settings


@pytest.fixture(autouse=True)
def private_caches():
    """Fresh page, card and shared caches for each test: nothing cached leaks between tests
    (an edit made by one test and rolled back must not live on in a cached page)."""
    name = uuid.uuid4().hex
    caches = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"referee-pages-{name}",
        },
        "shared": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"referee-shared-{name}",
            "TIMEOUT": None,
        },
    }
    with override_settings(CACHES=caches):
        yield
