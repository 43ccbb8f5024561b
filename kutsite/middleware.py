from django.conf import settings
from django.middleware import cache

from kutsite.htmx import wants_fragment


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
    """Django's page cache, not asked for an htmx fragment. A fragment answers one visitor's
    live input and is never kept (kutsite/htmx.py), so looking it up could only miss; skipped,
    the request is also not offered to `UpdateCacheMiddleware`. A history restore wants the
    whole page and is asked as usual."""

    def process_request(self, request):
        if wants_fragment(request):
            return None
        return super().process_request(request)
