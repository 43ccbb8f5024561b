"""Redis as the shared `default` cache (REDIS_URL): exact rate limits across processes, and a
site that keeps answering when Redis stops (kutsite/cache_backends.py)."""

import os
import shutil
import subprocess
import tempfile
import time

import pytest
import redis
from django.conf import settings
from django.core.cache import caches
from django.test import Client, override_settings

from bench.server import HOST, closed_port, free_port

PLAYERS = {"player1": "Ana", "player2": "Ben", "player3": "Cem", "player4": "Dila"}
REDIS = shutil.which("redis-server")


def redis_caches(url: str) -> dict:
    return {
        **settings.CACHES,
        "default": {
            "BACKEND": "kutsite.cache_backends.DegradingRedisCache",
            "LOCATION": url,
            "KEY_PREFIX": f"kut-test-{os.getpid()}",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        },
    }


@pytest.fixture
def redis_server():
    """A throw-away redis-server on a loopback port, no disk; stopped at the end."""
    if REDIS is None:
        message = "redis-server is not installed (apt-get install redis-server)."
        if os.environ.get("CI"):
            pytest.fail(message + " CI must run the Redis tests.")
        pytest.skip(message)
    port = free_port()
    workdir = tempfile.mkdtemp(prefix="kut-redis-")
    process = subprocess.Popen(
        [REDIS, "--port", str(port), "--bind", HOST, "--save", "", "--appendonly", "no"],
        cwd=workdir,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        url = f"redis://{HOST}:{port}/0"
        client = redis.Redis.from_url(url)
        for _ in range(100):
            try:
                client.ping()
                break
            except redis.exceptions.ConnectionError:
                time.sleep(0.05)
        yield process, url
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=10)
        shutil.rmtree(workdir, ignore_errors=True)


@pytest.mark.usefixtures("steady_clock")
@pytest.mark.django_db
def test_rate_limits_count_in_redis_and_the_site_goes_on_when_it_stops(redis_server):
    process, url = redis_server
    with override_settings(
        CACHES=redis_caches(url), RATE_LIMITS={"new-game": (2, 3600), "admin-login": (3, 900)}
    ):
        # Two clients stand for two app servers: the count is shared through Redis.
        first, second = Client(), Client()
        assert first.post("/en/games/new/", {**PLAYERS, "table": "solo"}).status_code == 302
        assert second.post("/en/games/new/", {**PLAYERS, "table": "solo"}).status_code == 302
        assert first.post("/en/games/new/", {**PLAYERS, "table": "solo"}).status_code == 429
        assert caches["default"].get("absent", "kept") == "kept"

        process.terminate()
        process.wait(timeout=10)

        # Redis gone: the limit is not counted (degraded), and nothing is a 500.
        again = Client()
        for _ in range(3):
            assert again.post("/en/games/new/", {**PLAYERS, "table": "solo"}).status_code == 302
        card = again.get("/en/referee/run-12-13-1/card.png")
        assert card.status_code == 200
        assert card["Content-Type"] == "image/png"


@pytest.mark.django_db
def test_a_redis_nobody_listens_on_is_an_empty_cache_not_an_error():
    with override_settings(CACHES=redis_caches(f"redis://{HOST}:{closed_port()}/0")):
        cache = caches["default"]
        cache.set("key", "value")
        assert cache.get("key", "missing") == "missing"
        assert cache.add("key", 1) is False
        assert cache.get_many(["key"]) == {}
        with pytest.raises(ValueError):
            cache.incr("key")
        response = Client().post("/en/games/new/", {**PLAYERS, "table": "solo"})
        assert response.status_code == 302


@pytest.mark.django_db
def test_every_call_to_a_redis_nobody_listens_on_answers_as_an_empty_cache(caplog):
    """Each method that talks to Redis, and those Django builds on them, as an empty cache that
    keeps nothing would answer; each failure is logged."""
    with override_settings(CACHES=redis_caches(f"redis://{HOST}:{closed_port()}/0")):
        cache = caches["default"]
        answers = {
            "add": cache.add("key", 1),
            "get": cache.get("key"),
            "get with a default": cache.get("key", "missing"),
            "set": cache.set("key", 1),
            "touch": cache.touch("key"),
            "delete": cache.delete("key"),
            "get_many": cache.get_many(["key", "other"]),
            "has_key": cache.has_key("key"),
            "in": "key" in cache,
            "set_many": cache.set_many({"a": 1, "b": 2}),
            "delete_many": cache.delete_many(["a", "b"]),
            "clear": cache.clear(),
            "get_or_set": cache.get_or_set("key", "drawn"),
        }
        for counter in (cache.incr, cache.decr):
            with pytest.raises(ValueError):
                counter("key")
    assert answers == {
        "add": False,
        "get": None,
        "get with a default": "missing",
        "set": None,
        "touch": False,
        "delete": False,
        "get_many": {},
        "has_key": False,
        "in": False,
        "set_many": ["a", "b"],
        "delete_many": None,
        "clear": False,
        "get_or_set": "drawn",
    }
    warned = {r.getMessage().partition(")")[0] for r in caplog.records if r.name == "kutsite.cache"}
    talks = ("add", "get", "set", "touch", "delete", "get_many", "has_key", "incr", "set_many")
    assert warned == {f"Redis did not answer ({name}" for name in (*talks, "delete_many", "clear")}
