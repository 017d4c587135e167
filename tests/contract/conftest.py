"""Every contract test runs once per backend, unchanged: in memory, SQLite, PostgreSQL."""
from __future__ import annotations

import os
import uuid
from typing import Iterator

import pytest

from infra.eventstore import EventStore, open_store
from tests.conftest import with_database


@pytest.fixture(params=["memory", "sqlite", "postgres"])
def store_url(request) -> str:
    if request.param == "memory":
        return f"memory://contract-{uuid.uuid4().hex}"
    return request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")


@pytest.fixture
def store(store_url: str) -> Iterator[EventStore]:
    s = open_store(store_url)
    yield s
    s.close()


@pytest.fixture(params=["sqlite", "postgres"])
def blank_url(request, tmp_path) -> Iterator[str]:
    """A database with no tables at all, of each backend that has a schema to migrate."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'blank.db'}"
        return
    import psycopg

    pg_service = request.getfixturevalue("pg_service")
    name = f"umpire_blank_{os.getpid()}"
    with psycopg.connect(pg_service.url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    url = with_database(pg_service.url, name)
    yield url
    pg_service.drop_database(url)
