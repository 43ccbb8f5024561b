import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kutsite.settings")

application = get_asgi_application()

from kutsite.checks import warn_on_start  # noqa: E402 (after Django is set up)

warn_on_start()
