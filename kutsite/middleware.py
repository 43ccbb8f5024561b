import sys

from django.conf import settings
from django.core.exceptions import BadRequest
from django.core.handlers.exception import response_for_exception
from django.core.signals import got_request_exception
from django.http import Http404, HttpResponseBadRequest, UnreadablePostError
from django.http.multipartparser import MultiPartParserError

from kutsite import caching, db_fallback


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


UNREADABLE_BODY = (MultiPartParserError, UnreadablePostError, BadRequest)


def bad_body_response():
    return HttpResponseBadRequest(
        "Bad request: the request body could not be read.", content_type="text/plain"
    )


class PageCacheMiddleware:
    """Serve content pages from the cache; turn an unreachable database into a clean answer.

    Sits right after WhiteNoise: a cached page skips sessions, locale, CSRF, auth and URL
    resolving, but still gets SecurityMiddleware's headers (HSTS on HTTPS, nosniff, …). The
    CSP, Permissions-Policy and X-Frame-Options headers were stored with the page.
    See `kutsite.caching` for what is stored and `kutsite.db_fallback` for the outage path.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        got_request_exception.connect(self._note_exception, dispatch_uid="kut-db-exception")

    def __call__(self, request):
        key = caching.page_key(request)
        stored = None
        if key is not None and not caching.in_transaction():
            entry = caching.fetch(key)
            if entry is not None:
                return caching.respond(request, entry, "hit")
            stored = caching.fetch_revalidation(key)
        else:
            key = None
        client_validator = request.META.get("HTTP_IF_NONE_MATCH")
        if stored is not None:
            # Ask the view whether our copy is current, as a caching proxy would.
            request.META["HTTP_IF_NONE_MATCH"] = stored.etag
        response = self._respond(request)
        if stored is not None:
            if client_validator is None:
                del request.META["HTTP_IF_NONE_MATCH"]
            else:
                request.META["HTTP_IF_NONE_MATCH"] = client_validator
            if response.status_code == 304:
                if response.get("ETag") == stored.etag:
                    return caching.respond(request, stored, "revalidated")
                if client_validator is None:  # a 304 the visitor never asked for: start over
                    caching.drop_revalidation(key)
                    response = self._respond(request)
        if response.status_code == 500 and getattr(request, "_kut_db_error", False):
            # A database error outside the view (a middleware), already turned into a 500.
            response = self._outage(request)
        elif response.status_code == 500 and getattr(request, "_kut_bad_body", False):
            # An unreadable body that broke an error handler (Django parses the POST for the
            # CSRF check of its 404 view): the request's fault, so a 400, not a 500.
            response = bad_body_response()
        elif key is not None and caching.cacheable(request, response, key):
            entry = caching.make_entry(response)
            caching.store(key, entry)
            return caching.respond(request, entry, "miss")
        elif key is not None and caching.revalidatable(request, response, key):
            entry = caching.make_entry(response)
            caching.store_revalidation(key, entry)
            return caching.respond(request, entry, "stored")
        return response

    def _respond(self, request):
        with db_fallback.fail_fast():
            try:
                return self.get_response(request)
            except UNREADABLE_BODY:
                # Django's error views read the POST for their CSRF check: a body Django cannot
                # decode (a form in Latin-1, a multipart without boundary) makes them fail in
                # turn, and the exception would reach the server as a bare 500.
                return bad_body_response()

    def process_exception(self, request, exception):
        if db_fallback.is_out_of_range(exception):
            # A number in the URL too big for the database: no such page, not a crash.
            return response_for_exception(request, Http404(str(exception)))
        if not db_fallback.is_database_error(exception):
            return None
        db_fallback.trip(exception)
        return self._outage(request)

    def _outage(self, request):
        key = caching.page_key(request)
        entry = caching.fetch_last_good(key) if key is not None else None
        if entry is not None:
            return caching.respond(request, entry, "stale")
        return db_fallback.unavailable_response(request)

    @staticmethod
    def _note_exception(sender, request=None, **kwargs):
        exc = sys.exc_info()[1]
        if request is None:
            return
        if db_fallback.is_database_error(exc):
            request._kut_db_error = True
            db_fallback.trip(exc)
        elif isinstance(exc, UNREADABLE_BODY):
            request._kut_bad_body = True
