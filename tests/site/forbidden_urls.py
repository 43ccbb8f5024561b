"""The site's URLs plus one view that refuses: to see the plain 403 page."""

from django.core.exceptions import PermissionDenied
from django.urls import path

from kutsite.urls import handler400, handler403, handler404, urlpatterns  # noqa: F401


def forbidden(request):
    raise PermissionDenied


urlpatterns = [*urlpatterns, path("forbidden/", forbidden)]
