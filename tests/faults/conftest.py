"""Fault tests: a durable PostgreSQL (fsync=on, synchronous_commit=on), a Redis of their own (they
stop and flush it), real worker processes."""
from __future__ import annotations

import shutil
from typing import Iterator

import pytest

from infra import localservices
from services.config import Settings
from services.bootstrap import Runtime, build


@pytest.fixture
def own_redis(tmp_path) -> Iterator[localservices.LocalRedis]:
    if not shutil.which("redis-server"):
        pytest.fail("the fault tests stop and restart Redis: install redis-server")
    redis = localservices.start_redis(root=tmp_path / "redis")
    yield redis
    redis.stop()


@pytest.fixture
def server(durable_pg_url, own_redis, tmp_path) -> Iterator[Runtime]:
    """The API side of server mode: Games with the Celery nudge, on the durable database."""
    rt = build(Settings(data=tmp_path / "api", database_url=durable_pg_url, redis_url=own_redis.url, sandbox=True))
    yield rt
    rt.stop()
