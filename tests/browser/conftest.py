import pytest
from axe_playwright_python.sync_playwright import Axe

WCAG_22_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]}}


@pytest.fixture(scope="session")
def axe():
    return Axe()


@pytest.fixture
def assert_accessible(axe):
    """Run axe on the page as it is now; fail with axe's report on any WCAG 2.2 AA violation."""

    def check(page):
        results = axe.run(page, options=WCAG_22_AA)
        assert results.violations_count == 0, results.generate_report()

    return check


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "en-GB"}
