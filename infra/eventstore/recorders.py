"""The store's contract, split by role in the manner of `eventsourcing`'s recorder tiers: each
caller can name the one role it uses, and a backend is every role at once (`EventStore`).

    Streams        per-game hash-chained streams: create, append (idempotent), read, heads
    GlobalFeed     every game's events in commit order (eventsourcing's notification log)
    Folds          the decider's transaction over one game (`Fold`) and the projections it leaves
    Blobs          packs and snapshots: content written once, the same bytes again change nothing
    Secrets        per-game secrets (dice seeds): written once, never in the log
    RulingFeeds    wakes whoever waits for a game's next ruling, where the backend can notify

Backends: `sqlite.SqliteStore`, `postgres.PostgresStore`, `memory.MemoryStore`; one contract suite
(tests/contract) runs over all three.
"""
from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Protocol, Sequence

from infra.eventstore.types import (
    AppendResult, GameHead, Idempotency, NewEvent, NewStream, Projection, StoredEvent, StreamAppend, TokenRow,
)

if TYPE_CHECKING:
    from infra.eventstore.pgnotify import RulingFeed


class Streams(Protocol):
    def create_game(
        self,
        game_id: str,
        *,
        ruleset: str,
        pack_hash: str,
        genesis: NewEvent,
        idem: Idempotency | None = None,
        secrets: dict[str, bytes] | None = None,
    ) -> StoredEvent:
        """The stream, its projection, its `secrets` (dice seeds) and the genesis event, in one transaction."""
        ...

    def create_streams(
        self,
        streams: Sequence[NewStream],
        *,
        then: StreamAppend | None = None,
        idem: Idempotency | None = None,
        tokens: Sequence[TokenRow] = (),
    ) -> AppendResult:
        """All of `streams`, the append `then` and the `tokens` rows, or none of them (one transaction).
        `idem` goes with `then` if given, else with the first stream's genesis; the answer is that
        append's result (replayed, with nothing written, for a key already used by the same request)."""
        ...

    def append(
        self,
        game_id: str,
        events: Sequence[NewEvent],
        *,
        expected_version: int | None = None,
        idem: Idempotency | None = None,
    ) -> AppendResult: ...

    def read(
        self, game_id: str, *, after: int = 0, upto: int | None = None, limit: int | None = None
    ) -> list[StoredEvent]: ...

    def head(self, game_id: str) -> GameHead | None: ...

    def heads(self, *, limit: int = 100, after: str | None = None) -> list[GameHead]: ...


class GlobalFeed(Protocol):
    def read_all(self, *, after_position: int = 0, limit: int = 1000) -> list[StoredEvent]: ...


class Fold(Protocol):
    """One game's fold transaction: the projection row stays locked until the block ends."""

    projection: Projection

    def events(self, after: int, *, limit: int | None = None) -> list[StoredEvent]: ...

    def append(
        self, events: Sequence[NewEvent], *, expected_version: int | None = None, idem: Idempotency | None = None
    ) -> AppendResult: ...

    def write(self, projection: Projection) -> None:
        """The projection row, in the fold's transaction. A `state` that is the very object the fold
        read (`self.projection.state`) is the row's already: a store may leave the column as it is."""
        ...


class Folds(Protocol):
    def fold(self, game_id: str, *, known_state: bytes | None = None) -> AbstractContextManager[Fold]:
        """The game's fold transaction. `known_state`: state bytes the caller holds (what it last
        wrote); a store may then leave the state column unfetched when the locked row holds exactly
        these bytes, and answer with this very object. Either way `projection.state` is the row's."""
        ...

    def projection(self, game_id: str) -> Projection: ...

    def lagging(self, limit: int = 1000) -> list[str]:
        """Games whose projection is behind their stream, halted ones excepted (nothing rules them until
        a referee resumes them), and tournament streams (status `tournament`: the worker rules no game there). The fold keeps `projection.version` below any command it has not ruled."""
        ...

    def projections_by_status(self, status: str, *, limit: int = 1000) -> list[str]: ...


class Blobs(Protocol):
    def put_pack(self, hash: str, data: bytes) -> None: ...

    def get_pack(self, hash: str) -> bytes | None: ...

    def put_snapshot(self, game_id: str, version: int, ruleset: str, pack_hash: str, state: bytes) -> None: ...

    def snapshot(
        self, game_id: str, *, at_most: int, ruleset: str, pack_hash: str
    ) -> tuple[int, bytes] | None: ...


class Secrets(Protocol):
    def put_secret(self, game_id: str, name: str, value: bytes) -> None: ...

    def get_secret(self, game_id: str, name: str) -> bytes | None: ...


class RulingFeeds(Protocol):
    def ruling_feed(self) -> "RulingFeed | None":
        """Wakes waiters when a game's fold commits (PostgreSQL LISTEN/NOTIFY); None: poll."""
        ...


class EventStore(Streams, GlobalFeed, Folds, Blobs, Secrets, RulingFeeds, Protocol):
    """Every role, and the store's life: bring the schema up to date, close the connections."""

    def migrate(self) -> list[str]: ...

    def close(self) -> None: ...
