"""Games on every backend (in memory, SQLite, PostgreSQL), with the sandbox enabled."""
from __future__ import annotations

import uuid
from typing import Iterator

import pytest

from infra.eventstore import open_store
from services.catalog import Catalog
from services.games import Games


@pytest.fixture(params=["memory", "sqlite", "postgres"])
def store_url(request) -> str:
    if request.param == "memory":
        return f"memory://integration-{uuid.uuid4().hex}"
    return request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")


@pytest.fixture
def games(store_url: str) -> Iterator[Games]:
    store = open_store(store_url)
    yield Games(store, Catalog(sandbox=True))
    store.close()
