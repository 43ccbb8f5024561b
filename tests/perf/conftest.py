import pytest

from bench.server import ProductionSite


@pytest.fixture(scope="session")
def production_site():
    """The site as production runs it: gunicorn, DEBUG off, whitenoise, migrated SQLite."""
    with ProductionSite(workers=1) as site:
        site.prepare()
        site.start()
        yield site
