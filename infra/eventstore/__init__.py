"""The event store: per-game hash-chained streams, a global feed, idempotency keys, projections.

`open_store(url)` picks the backend from the URL and brings the schema up to date:
    sqlite:///relative/path.db, sqlite:////absolute/path.db   the embedded default
    postgresql://user@host:port/db                          server mode (psycopg 3 pool)
    memory://name                                           this process only (tests, tools)
"""
from __future__ import annotations

from infra.eventstore.recorders import Blobs, EventStore, Fold, Folds, GlobalFeed, RulingFeeds, Secrets, Streams
from infra.eventstore.errors import (
    Conflict,
    DuplicateRuling,
    GameExists,
    IdempotencyMismatch,
    LockTimeout,
    StoreError,
    StoreUnavailable,
    UnknownGame,
    VersionConflict,
)
from infra.eventstore.types import (
    AppendResult, GameHead, Idempotency, NewEvent, NewStream, Projection, StoredEvent, StreamAppend, TokenRow,
)

__all__ = [
    "AppendResult", "Blobs", "Conflict", "DuplicateRuling", "EventStore", "Fold", "Folds", "GameExists", "GameHead",
    "GlobalFeed", "Idempotency", "IdempotencyMismatch", "LockTimeout", "NewEvent", "NewStream", "Projection", "RulingFeeds",
    "Secrets", "StoreError", "StoreUnavailable", "StoredEvent", "StreamAppend", "Streams", "TokenRow", "UnknownGame",
    "VersionConflict",
    "open_store",
]


def open_store(url: str, *, migrate: bool = True, **options) -> EventStore:
    """Open the store at `url`; `options` go to the backend (e.g. max_size, lock_timeout)."""
    if url.startswith("sqlite:///"):
        from infra.eventstore.sqlite import SqliteStore

        store: EventStore = SqliteStore(url.removeprefix("sqlite:///"), **options)
    elif url.startswith(("postgresql://", "postgres://")):
        from infra.eventstore.postgres import PostgresStore

        store = PostgresStore(url, **options)
    elif url.startswith("memory://"):
        from infra.eventstore.memory import MemoryStore

        store = MemoryStore(url.removeprefix("memory://"), **options)
    else:
        raise ValueError(f"no event store for {url!r}: use sqlite:///path.db, postgresql://... or memory://name")
    if migrate:
        try:
            store.migrate()
        except BaseException:
            store.close()
            raise
    return store
