"""Games on either backend, with the sandbox enabled."""
from __future__ import annotations

from typing import Iterator

import pytest

from infra.eventstore import open_store
from services.catalog import Catalog
from services.games import Games


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request) -> str:
    return request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")


@pytest.fixture
def games(store_url: str) -> Iterator[Games]:
    store = open_store(store_url)
    yield Games(store, Catalog(sandbox=True))
    store.close()
