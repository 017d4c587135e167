"""Every contract test runs once per backend, unchanged."""
from __future__ import annotations

from typing import Iterator

import pytest

from infra.eventstore import EventStore, open_store


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request) -> str:
    return request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")


@pytest.fixture
def store(store_url: str) -> Iterator[EventStore]:
    s = open_store(store_url)
    yield s
    s.close()

