"""Every contract test runs once per backend, unchanged."""
from __future__ import annotations

import os
from typing import Iterator

import psycopg
import pytest

from infra.eventstore import EventStore, open_store
from tests.conftest import with_database


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request) -> str:
    return request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")


@pytest.fixture
def store(store_url: str) -> Iterator[EventStore]:
    s = open_store(store_url)
    yield s
    s.close()


@pytest.fixture
def blank_url(store_url: str, pg_service, tmp_path) -> Iterator[str]:
    """A database of the same backend with no tables at all."""
    if store_url.startswith("sqlite:///"):
        yield f"sqlite:///{tmp_path / 'blank.db'}"
        return
    name = f"umpire_blank_{os.getpid()}"
    with psycopg.connect(pg_service.url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    url = with_database(pg_service.url, name)
    yield url
    pg_service.drop_database(url)
