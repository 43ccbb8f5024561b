import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kutsite.settings")

application = get_wsgi_application()

from django.db import connections  # noqa: E402 (after Django is set up)

from kutsite.checks import warn_on_start  # noqa: E402
from kutsite.content import warm  # noqa: E402

warn_on_start()
# Read the content before the first visitor: a worker that the database leaves before its first
# request can still serve the guide, the rounds and the rulings. gunicorn does this once, in
# the master (deploy/gunicorn.conf.py, preload_app), so no connection may outlive it: a
# connection shared by forked workers would mix their queries.
warm()
connections.close_all()
