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

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger("kutsite.cache")

UNAVAILABLE = (RedisConnectionError, RedisTimeoutError)


def _warn(operation: str, error: Exception) -> None:
    logger.warning("Redis did not answer (%s), going on without the cache: %s", operation, error)


class DegradingRedisCache(RedisCache):
    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().add(key, value, timeout, version)
        except UNAVAILABLE as error:
            _warn("add", error)
            return False

    def get(self, key, default=None, version=None):
        try:
            return super().get(key, default, version)
        except UNAVAILABLE as error:
            _warn("get", error)
            return default

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            super().set(key, value, timeout, version)
        except UNAVAILABLE as error:
            _warn("set", error)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().touch(key, timeout, version)
        except UNAVAILABLE as error:
            _warn("touch", error)
            return False

    def delete(self, key, version=None):
        try:
            return super().delete(key, version)
        except UNAVAILABLE as error:
            _warn("delete", error)
            return False

    def get_many(self, keys, version=None):
        try:
            return super().get_many(keys, version)
        except UNAVAILABLE as error:
            _warn("get_many", error)
            return {}

    def has_key(self, key, version=None):
        try:
            return super().has_key(key, version)
        except UNAVAILABLE as error:
            _warn("has_key", error)
            return False

    def incr(self, key, delta=1, version=None):
        try:
            return super().incr(key, delta, version)
        except UNAVAILABLE as error:
            _warn("incr", error)
            raise ValueError(f"Key '{key}' not found: the cache is unavailable.") from error

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().set_many(data, timeout, version)
        except UNAVAILABLE as error:
            _warn("set_many", error)
            return list(data)

    def delete_many(self, keys, version=None):
        try:
            super().delete_many(keys, version)
        except UNAVAILABLE as error:
            _warn("delete_many", error)

    def clear(self):
        try:
            return super().clear()
        except UNAVAILABLE as error:
            _warn("clear", error)
            return False
