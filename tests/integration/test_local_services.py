"""The Redis the tests get: empty at the start of each test, and (when started here) restartable,
which flushes it, as the fault tests need."""
from __future__ import annotations

import pytest
import redis


def test_each_test_gets_an_empty_redis(redis_url):
    client = redis.Redis.from_url(redis_url)
    assert client.dbsize() == 0
    client.set("nudge", "g1")
    assert client.get("nudge") == b"g1"
    client.close()


def test_a_local_redis_restart_empties_it_and_keeps_its_url(redis_service, redis_url):
    if redis_service.local is None:
        pytest.skip("Redis was given by URL, not started here: we cannot restart it")
    client = redis.Redis.from_url(redis_url)
    client.set("nudge", "g1")
    assert client.config_get("maxmemory-policy") == {"maxmemory-policy": "noeviction"}
    redis_service.local.stop()
    assert not redis_service.local.ping()
    redis_service.local.start()
    assert client.get("nudge") is None
    client.close()
