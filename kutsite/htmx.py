"""One URL, two answers: the whole page, or just the fragment htmx asked for."""

from django.shortcuts import render
from django.utils.cache import patch_vary_headers


def wants_fragment(request) -> bool:
    """An htmx swap gets the fragment; a history restore needs the whole page."""
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.history_restore_request


def render_page(request, template: str, fragment: str, context: dict, status: int = 200):
    """Render `template`, or only its `{% partialdef fragment %}` for an htmx request.

    Varies on both headers `wants_fragment` reads, so no cache hands a fragment to a full-page
    visit or to a history restore.
    """
    name = f"{template}#{fragment}" if wants_fragment(request) else template
    response = render(request, name, context, status=status)
    patch_vary_headers(response, ("HX-Request", "HX-History-Restore-Request"))
    return response
