"""Django's Redis cache, for a site that must keep answering while Redis is away.

Django's `RedisCache` raises when Redis does not answer, so a stopped Redis would turn every
request that counts a rate limit or looks up a share card into a 500. Nothing the site keeps in
the `default` cache is needed for correctness, so this backend behaves like an empty cache that
keeps nothing while Redis cannot be reached: a read finds nothing, a write is dropped, a counter
is missing (`incr` raises ValueError, as for a key that is not there). Each failure is logged.

What that costs while Redis is away: rate limits count nothing (a request is let through rather
than refused with a 500), and share cards are drawn again for each request.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger("kutsite.cache")

UNAVAILABLE = (RedisConnectionError, RedisTimeoutError)


def _degrading(name: str, fallback: Callable[..., Any]) -> Callable[..., Any]:
    """`RedisCache`'s method `name`; while Redis does not answer, what an empty cache that keeps
    nothing would give (`fallback`, called with the method's arguments), logged."""
    method = getattr(RedisCache, name)

    @wraps(method)
    def degraded(self: RedisCache, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except UNAVAILABLE as error:
            logger.warning("Redis did not answer (%s), going on without the cache: %s", name, error)
            return fallback(*args, **kwargs)

    return degraded


def _nothing(*args: Any, **kwargs: Any) -> None:
    return None


def _false(*args: Any, **kwargs: Any) -> bool:
    return False


def _default(key: str, default: Any = None, version: int | None = None) -> Any:
    return default


def _missing(key: str, *args: Any, **kwargs: Any) -> Any:
    raise ValueError(f"Key '{key}' not found: the cache is unavailable.")


def _none_stored(data: dict, *args: Any, **kwargs: Any) -> list:
    return list(data)  # the keys that could not be stored: all of them


class DegradingRedisCache(RedisCache):
    # Every method that talks to Redis; `decr`, `get_or_set` and `in` go through these.
    add = _degrading("add", _false)
    get = _degrading("get", _default)
    set = _degrading("set", _nothing)
    touch = _degrading("touch", _false)
    delete = _degrading("delete", _false)
    get_many = _degrading("get_many", lambda *args, **kwargs: {})
    has_key = _degrading("has_key", _false)
    incr = _degrading("incr", _missing)
    set_many = _degrading("set_many", _none_stored)
    delete_many = _degrading("delete_many", _nothing)
    clear = _degrading("clear", _false)
