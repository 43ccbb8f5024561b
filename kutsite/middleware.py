from django.conf import settings


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
