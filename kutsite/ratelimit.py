"""Rate limits on what can be abused: starting game sheets and logging in to the admin.

Counted in Django's `default` cache, one fixed window per client address and purpose
(`cache.add`, then `cache.incr`, atomic in the local-memory, Redis and Memcached backends).
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
from dataclasses import dataclass
from functools import wraps

from django.conf import settings
from django.core.cache import caches

from kutsite.errors import too_many_requests


@dataclass(frozen=True)
class Limit:
    count: int  # requests allowed …
    seconds: int  # … per window of this many seconds


def client_address(request) -> str:
    hops = getattr(settings, "FORWARDED_HOPS", 0)
    if hops > 0:
        forwarded = [
            part.strip()
            for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
            if part.strip()
        ]
        if len(forwarded) >= hops:
            return forwarded[-hops]
    return request.META.get("REMOTE_ADDR", "")


def limit_for(scope: str) -> Limit:
    count, seconds = settings.RATE_LIMITS[scope]
    return Limit(count, seconds)


def over_limit(scope: str, request) -> int | None:
    """Count this request; the seconds until the window ends once the limit is passed."""
    limit = limit_for(scope)
    now = int(time.time())
    window = now // limit.seconds
    client = hashlib.sha256(client_address(request).encode()).hexdigest()[:32]
    key = f"ratelimit:{scope}:{client}:{window}"
    cache = caches["default"]
    cache.add(key, 0, timeout=limit.seconds + 1)
    try:
        count = cache.incr(key)
    except ValueError:  # evicted or expired between add and incr
        cache.set(key, 1, timeout=limit.seconds + 1)
        count = 1
    if count > limit.count:
        return limit.seconds - now % limit.seconds or limit.seconds
    return None


def rate_limited(scope: str, methods: tuple[str, ...] = ("POST",)):
    """Answer 429 (a page in the URL's language) once `scope`'s limit is passed."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.method in methods:
                retry_after = over_limit(scope, request)
                if retry_after is not None:
                    return too_many_requests(request, retry_after)
            return view(request, *args, **kwargs)

        return wrapped

    return decorator
