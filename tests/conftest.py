"""Real services for tests: PostgreSQL and Redis, resolved in this order (reference/machine-services.md):

1. a URL from the environment: UMPIRE_TEST_DATABASE_URL (UMPIRE_TEST_DURABLE_DATABASE_URL for the
   durable one), UMPIRE_TEST_REDIS_URL;
2. a throwaway server started from the local binaries (infra/localservices.py);
3. testcontainers, only if `docker info` answers.
With none of them the tests that need the service fail (never skip): CI must not pass without them.

Each test that asks for `pg_url` gets a fresh database cloned from a migrated template. The
database drivers are imported by the fixtures that need them, so a pure-domain test runs without
psycopg or redis installed (tests/unit/test_no_drivers.py).
"""
from __future__ import annotations

import itertools
import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator
from urllib.parse import urlsplit

import pytest

from infra import localservices
from infra.eventstore import open_store

if TYPE_CHECKING:
    import psycopg

PG_ENV = "UMPIRE_TEST_DATABASE_URL"
DURABLE_PG_ENV = "UMPIRE_TEST_DURABLE_DATABASE_URL"
REDIS_ENV = "UMPIRE_TEST_REDIS_URL"


def with_database(url: str, name: str) -> str:
    return urlsplit(url)._replace(path="/" + name).geturl()


def _docker_answers() -> bool:
    if not shutil.which("docker"):
        return False
    try:
        return subprocess.run(["docker", "info"], capture_output=True, timeout=15).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def _is_durable(url: str) -> bool:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        settings = {name: conn.execute(f"SHOW {name}").fetchone()[0] for name in ("fsync", "synchronous_commit")}
    return settings == {"fsync": "on", "synchronous_commit": "on"}


@dataclass
class PgService:
    """A PostgreSQL server for tests. `local` is set when we started it, so tests may crash and restart it."""

    url: str
    durable: bool
    local: localservices.LocalPostgres | None = None
    stop: Callable[[], None] = lambda: None
    _template: str | None = None
    _counter: itertools.count = field(default_factory=itertools.count)

    def _admin(self) -> psycopg.Connection:
        import psycopg

        return psycopg.connect(self.url, autocommit=True)

    def fresh_database(self) -> str:
        """A new database with the current schema (CREATE DATABASE ... TEMPLATE is a file copy)."""
        if self._template is None:
            self._template = f"umpire_tpl_{os.getpid()}"
            with self._admin() as conn:
                conn.execute(f"DROP DATABASE IF EXISTS {self._template}")
                conn.execute(f"CREATE DATABASE {self._template}")
            open_store(with_database(self.url, self._template)).close()  # migrates; no connection stays open
        name = f"umpire_t_{os.getpid()}_{next(self._counter)}"
        with self._admin() as conn:
            conn.execute(f"CREATE DATABASE {name} TEMPLATE {self._template}")
        return with_database(self.url, name)

    def drop_database(self, url: str) -> None:
        name = urlsplit(url).path.lstrip("/")
        with self._admin() as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def close(self) -> None:
        if self._template is not None:
            self.drop_database(with_database(self.url, self._template))
        self.stop()


def _resolve_pg(durable: bool) -> PgService:
    env = os.environ.get(DURABLE_PG_ENV if durable else PG_ENV)
    if durable and not env and (plain := os.environ.get(PG_ENV)) and _is_durable(plain):
        env = plain
    if env:
        if durable and not _is_durable(env):
            pytest.fail(f"{DURABLE_PG_ENV} must point at a server with fsync=on and synchronous_commit=on")
        return PgService(url=env, durable=durable)
    try:
        localservices.pg_bindir()
    except FileNotFoundError:
        pass
    else:
        # In a new /tmp dir, not pytest's tmp_path: the postgres user cannot enter root's 0700 dirs.
        pg = localservices.start_postgres(durable=durable)

        def stop() -> None:
            if pg.running():
                pg.stop("immediate")
            shutil.rmtree(pg.root, ignore_errors=True)

        return PgService(url=pg.url, durable=durable, local=pg, stop=stop)
    if _docker_answers():
        from testcontainers.postgres import PostgresContainer

        container = PostgresContainer("postgres:15", driver=None)
        if not durable:
            container.with_command("postgres -c fsync=off -c synchronous_commit=off -c full_page_writes=off")
        container.start()
        return PgService(url=container.get_connection_url(), durable=durable, stop=container.stop)
    pytest.fail(f"no PostgreSQL: set {PG_ENV}, install postgresql, or run a Docker engine")


@pytest.fixture(scope="session")
def pg_service() -> Iterator[PgService]:
    """A throwaway server (fsync may be off). Use `durable_pg_service` where durability is under test."""
    service = _resolve_pg(durable=False)
    yield service
    service.close()


@pytest.fixture(scope="session")
def durable_pg_service() -> Iterator[PgService]:
    """A server with fsync=on and synchronous_commit=on (fault tests, durability tests)."""
    service = _resolve_pg(durable=True)
    yield service
    service.close()


@pytest.fixture
def pg_url(pg_service: PgService) -> Iterator[str]:
    url = pg_service.fresh_database()
    yield url
    pg_service.drop_database(url)


@pytest.fixture
def durable_pg_url(durable_pg_service: PgService) -> Iterator[str]:
    url = durable_pg_service.fresh_database()
    yield url
    durable_pg_service.drop_database(url)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'store.db'}"


@dataclass
class RedisService:
    url: str
    local: localservices.LocalRedis | None = None  # set when we started it: tests may restart (and so flush) it


@pytest.fixture(scope="session")
def redis_service(tmp_path_factory) -> Iterator[RedisService]:
    if env := os.environ.get(REDIS_ENV):
        yield RedisService(url=env)
    elif shutil.which("redis-server"):
        redis = localservices.start_redis(root=tmp_path_factory.mktemp("redis"))
        yield RedisService(url=redis.url, local=redis)
        redis.stop()
    elif _docker_answers():
        from testcontainers.redis import RedisContainer

        container = RedisContainer("redis:7")
        container.start()
        host, port = container.get_container_host_ip(), container.get_exposed_port(6379)
        yield RedisService(url=f"redis://{host}:{port}/0")
        container.stop()
    else:
        pytest.fail(f"no Redis: set {REDIS_ENV}, install redis-server, or run a Docker engine")


@pytest.fixture
def redis_url(redis_service: RedisService) -> str:
    """The test Redis, emptied first."""
    import redis

    client = redis.Redis.from_url(redis_service.url)
    client.flushdb()
    client.close()
    return redis_service.url


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """A test that reads a rulebook's text the repository does not copy (tools.seeds) skips saying
    where it looked and what to set, on a fresh clone alone; where UMPIRE_REQUIRE_SEEDS=1 (CI, whose
    shared/ lies beside the clone) it fails instead, so no rulebook test goes unrun there."""
    from tools.seeds import RulebookMissing

    try:
        return (yield)
    except RulebookMissing as missing:
        if os.environ.get("UMPIRE_REQUIRE_SEEDS") == "1":
            pytest.fail(f"{missing} (UMPIRE_REQUIRE_SEEDS=1)", pytrace=False)
        pytest.skip(str(missing))
