"""One URL, two answers: the whole page, or just the fragment htmx asked for."""

from django.shortcuts import render
from django.utils.cache import patch_cache_control, patch_vary_headers


def wants_fragment(request) -> bool:
    """An htmx swap gets the fragment; a history restore needs the whole page.

    Read from `META`, where the headers arrive: `request.headers`, which django-htmx's
    `request.htmx` reads, copies every header first (about 80 function calls, on a live
    answer that costs some 3,000 in all). The page cache's middleware asks this too.
    """
    meta = request.META
    return (
        meta.get("HTTP_HX_REQUEST") == "true"
        and meta.get("HTTP_HX_HISTORY_RESTORE_REQUEST") != "true"
    )


def render_page(request, template: str, fragment: str, context: dict, status: int = 200):
    """Render `template`, or only its `{% partialdef fragment %}` for an htmx request.

    Varies on both headers `wants_fragment` reads, so no cache hands a fragment to a full-page
    visit or to a history restore. A fragment answers one visitor's live input: it is private,
    so no shared cache spends time and room on it (kutsite/http.py says why), and `no-store`:
    nobody asks the same keystroke twice, so neither the browser's cache keeps it nor
    `ConditionalGetMiddleware` draws an ETag for it.
    """
    partial = wants_fragment(request)
    response = render(
        request, f"{template}#{fragment}" if partial else template, context, status=status
    )
    patch_vary_headers(response, ("HX-Request", "HX-History-Restore-Request"))
    if partial:
        patch_cache_control(response, private=True, no_store=True)
    return response
