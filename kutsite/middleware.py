from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.middleware import cache
from django.utils import translation

from kutsite.htmx import wants_fragment


def head_without_body(get_response):
    """A HEAD answer leaves without its body, with the headers a GET would have.

    Django draws the body and leaves it to the server to drop; gunicorn does, and logs a
    warning for each one (a monitor's HEAD every minute is a line every minute). Outermost, so
    the page cache has stored the whole answer and `Content-Length` counts it."""

    def middleware(request):
        response = get_response(request)
        if request.method == "HEAD" and not response.streaming and response.content:
            response.headers.setdefault("Content-Length", str(len(response.content)))
            response.content = b""
        return response

    return middleware


class PermissionsPolicyMiddleware:
    """Sends Permissions-Policy and Cross-Origin-Resource-Policy, which Django's
    SecurityMiddleware does not set."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        response.headers.setdefault(
            "Cross-Origin-Resource-Policy", settings.CROSS_ORIGIN_RESOURCE_POLICY
        )
        return response


class FetchFromCacheMiddleware(cache.FetchFromCacheMiddleware):
    """Django's page cache, asked before `LocaleMiddleware`, and not asked for an htmx fragment.

    The key holds the page's language (`request.LANGUAGE_CODE`, which `LocaleMiddleware` sets
    further in and the stored copy's key was made with): it is read from the request here as
    `LocaleMiddleware` reads it (the URL's prefix, else the cookie or Accept-Language), so a
    hit skips the locale and the security-header middleware, whose headers it already carries.

    A fragment answers one visitor's live input and is never kept (kutsite/htmx.py), so looking
    it up could only miss; skipped, the request is also not offered to `UpdateCacheMiddleware`.
    A history restore wants the whole page and is asked as usual. A request for a host the
    site does not serve is not looked up either: it goes on, to be refused with the site's 400
    page and every security header."""

    def process_request(self, request):
        if wants_fragment(request):
            return None
        request.LANGUAGE_CODE = translation.get_language_from_request(request, check_path=True)
        try:
            return super().process_request(request)
        except DisallowedHost:
            return None
