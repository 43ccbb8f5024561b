"""Caching of content pages (guide, rounds, rulings): see docs/performance.md.

`content_page` is the one decorator content views use, so the caching strategy can change
here without touching the views.
"""

from functools import wraps

from django.utils.cache import patch_vary_headers


def content_page(view):
    """Mark a view whose page changes only when the content in the database changes."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        patch_vary_headers(response, ("HX-Request",))
        return response

    return wrapped
