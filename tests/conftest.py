import os
import shutil

import pytest

# pytest-django's live_server runs beside Playwright's sync API, which holds an event loop.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's Chromium: Playwright cannot download its own browser on these machines."""
    if not os.path.exists(CHROMIUM):
        message = "Chromium is not installed (apt-get install chromium)."
        if os.environ.get("CI"):
            pytest.fail(message + " CI must run the browser tests.")
        pytest.skip(message)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}
