import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kutsite.settings")

application = get_wsgi_application()

from kutsite.checks import warn_on_start  # noqa: E402 (after Django is set up)

warn_on_start()
