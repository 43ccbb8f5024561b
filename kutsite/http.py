"""How a view says who may keep its answer.

`public_page` is for answers that depend only on the URL, the htmx headers and the content:
the guide, the rounds, the referee, and pure functions of the query string (the checkers, the
calculator, share cards). Browsers, proxies and Django's page cache (`CACHES["pages"]`, keyed
by the content version) may keep them, for as long as `PUBLIC_CACHE_CONTROL` says. A view
that reads a cookie, the session, the user or a game does not qualify: it says `private`.

A public page is only ever read: `public_page` lets it answer GET and HEAD and nothing else
(`read_only`).

One exception inside a public view: an htmx fragment that answers live input (`render_page`)
is marked private by the view, and `public_page` leaves it so. Each keystroke at a table asks
something new; storing every such answer in the shared page cache cost more than rendering it
and pushed out the pages that are asked again.
"""

from functools import wraps

from django.conf import settings
from django.utils.cache import patch_cache_control
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods, require_safe


def read_only(view):
    """GET and HEAD only; any other method gets the 405 page with `Allow: GET, HEAD`.

    Such a view writes nothing, so Django's CSRF check has nothing to guard there. Left on, it
    answered a PUT or a POST with the 403 of a failed security check, before the view could
    say that the method is not allowed at all.
    """
    return csrf_exempt(require_safe(view))


def form_page(view):
    """GET, HEAD and POST, with Django's CSRF check on the POST; any other method gets the 405
    page with `Allow: GET, HEAD, POST`.

    Left to the middleware, the CSRF check comes before the view and told a PUT or a DELETE
    that the form had expired (403). Here the method is checked first, and `csrf_protect`
    runs the same check as the middleware for what remains.
    """
    return csrf_exempt(require_http_methods(["GET", "HEAD", "POST"])(csrf_protect(view)))


def public_page(view):
    @read_only
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        if "private" not in response.get("Cache-Control", ""):
            patch_cache_control(response, **settings.PUBLIC_CACHE_CONTROL)
        return response

    return wrapper
