"""How a view says who may keep its answer.

`public_page` is for answers that depend only on the URL, the htmx headers and the content:
the guide, the rounds, the referee, and pure functions of the query string (the checkers, the
calculator, share cards). Browsers, proxies and Django's page cache (`CACHES["pages"]`, keyed
by the content version) may keep them, for as long as `PUBLIC_CACHE_CONTROL` says. A view
that reads a cookie, the session, the user or a game does not qualify: it says `private`.
"""

from django.conf import settings
from django.views.decorators.cache import cache_control

public_page = cache_control(**settings.PUBLIC_CACHE_CONTROL)
