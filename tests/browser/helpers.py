"""Small helpers shared by the browser tests."""

from urllib.parse import urlsplit

from playwright.sync_api import expect

#: Browser locales for the site's languages; a full locale ("de-AT") is passed on as it is.
LOCALES = {"en": "en-GB", "de": "de-DE"}


def path_of(url: str) -> str:
    """A URL without scheme and host: path, query and fragment, as the site links them."""
    parts = urlsplit(url)
    return (
        parts.path
        + (f"?{parts.query}" if parts.query else "")
        + (f"#{parts.fragment}" if parts.fragment else "")
    )


def tap(page, token: str) -> None:
    """Tap a tile in the page's tile picker."""
    page.locator(f'[data-tile-picker] [data-picker-token="{token}"]').click()


def is_poll(response) -> bool:
    """Whether a response answers htmx (a sheet's poll), not a page load."""
    return bool(response.request.headers.get("hx-request"))


def open_page(page, address: str) -> None:
    """Open a page and wait until it has loaded everything it asks for."""
    page.goto(address)
    page.wait_for_load_state("networkidle")


def shown_dark(page) -> None:
    """The page is on screen, with its heading, in the dark colours a dark-mode phone asks
    for: an axe check of a light or broken page would pass as a dark one."""
    expect(page.locator("h1")).to_be_visible()
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(20, 21, 19)", background  # --bg in site.css's dark scheme
