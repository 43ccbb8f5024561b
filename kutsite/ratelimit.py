"""Rate limits on what can be abused: starting game sheets and logging in to the admin.

Counted in Django's `default` cache, one fixed window per client address and purpose
(`cache.add`, then `cache.incr`, atomic in the local-memory, Redis and Memcached backends),
counted before it is checked.
Why not a library: django-ratelimit documents that it needs a cache shared by every process
and server, which this site's `default` cache is not on a laptop, and django-axes brings
models and an authentication backend — both for what are two counters here. With the
local-memory cache each worker process counts on its own, so the real limit is the configured
one times the number of workers; a Redis or Memcached `default` cache makes it exact (the
file-based cache does not increment atomically: a race may let a few extra requests through).

Behind a proxy every request comes from the proxy's address: `FORWARDED_HOPS` (settings)
says how many trusted proxies append to X-Forwarded-For, and the client is the address they
saw.
"""

from __future__ import annotations

import hashlib
import time
from contextlib import suppress
from functools import wraps

from django.conf import settings
from django.core.cache import caches

from kutsite.errors import too_many_requests


def client_address(request) -> str:
    hops = settings.FORWARDED_HOPS
    if hops > 0:
        forwarded = [
            part.strip()
            for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
            if part.strip()
        ]
        if len(forwarded) >= hops:
            return forwarded[-hops]
    return request.META.get("REMOTE_ADDR", "")


def take(scope: str, request) -> tuple[str, int | None]:
    """Count one request of this client towards `scope`'s limit: its counter's key, and None
    while it is within the limit, else the seconds until the window ends. Counted before it is
    checked, with the cache's atomic `incr`, so requests sent at once cannot all slip through."""
    count, seconds = settings.RATE_LIMITS[scope]  # requests allowed per window of seconds
    now = int(time.time())
    client = hashlib.sha256(client_address(request).encode()).hexdigest()[:32]
    key = f"ratelimit:{scope}:{client}:{now // seconds}"
    cache = caches["default"]
    cache.add(key, 0, timeout=seconds + 1)
    try:
        used = cache.incr(key)
    except ValueError:  # evicted or expired between add and incr (or Redis away)
        cache.set(key, used := 1, timeout=seconds + 1)
    if used > count:
        return key, seconds - now % seconds
    return key, None


def give_back(key: str) -> None:
    """Undo `take` for a request that does not count (a successful login)."""
    with suppress(ValueError):  # already gone: nothing to give back
        caches["default"].decr(key)


def rate_limited(scope: str, *, counts=lambda response: True):
    """Answer 429 (a page in the URL's language) once `scope`'s limit is used up. Every POST
    counts, or only those whose response `counts` says so."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.method != "POST":
                return view(request, *args, **kwargs)
            key, retry_after = take(scope, request)
            if retry_after is not None:
                return too_many_requests(request, retry_after)
            response = view(request, *args, **kwargs)
            if not counts(response):
                give_back(key)
            return response

        return wrapped

    return decorator
