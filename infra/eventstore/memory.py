"""The in-memory event store: the contract of the SQLite and PostgreSQL stores, held in this process.

For tests and tools that want the store's semantics without a file or a server: `open_store("memory://name")`.
Stores opened on one name share one database, as connections to one file do, until the process
ends. One writer at a time (a lock taken with the lock timeout, as SQLite's BEGIN IMMEDIATE is); a
transaction's writes are staged and become visible together when it commits, so a reader never
sees half of one, positions follow commit order, and a transaction that raises leaves no trace.
Waiters poll (no ruling feed), as with SQLite.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator, Sequence

import msgspec

from domain.kernel import chain
from infra.eventstore import base
from infra.eventstore.errors import Conflict, GameExists, LockTimeout, UnknownGame
from infra.eventstore.types import (
    AppendResult, GameHead, Idempotency, NewEvent, NewStream, Projection, StoredEvent, StreamAppend, TokenRow,
)


class _Stream(msgspec.Struct, frozen=True):
    ruleset: str
    pack_hash: str
    version: int
    head_link: bytes
    created_at: str


_Command = tuple[str, bytes, int, int]  # game id, request hash, first and last version: what base.replay_of reads
_SnapshotKey = tuple[str, str, str]  # game id, ruleset, pack hash


class _Database:
    """What one name holds. Events are kept per game by version (gapless from 1) and in the global
    feed by position (gapless from 1), so both reads are slices."""

    def __init__(self) -> None:
        self.writer = threading.Lock()  # held for a whole write transaction
        self.view = threading.Lock()  # held while a commit is applied or a read copies
        self.streams: dict[str, _Stream] = {}
        self.events: dict[str, list[StoredEvent]] = {}
        self.feed: list[StoredEvent] = []
        self.ruled: dict[str, set[int]] = {}  # per game, the commands a ruling names
        self.projections: dict[str, Projection] = {}
        self.commands: dict[tuple[str, str], _Command] = {}
        self.records: dict[tuple[str, ...], bytes] = {}  # ("pack", hash), ("secret", game id, name)
        self.snapshots: dict[_SnapshotKey, dict[int, bytes]] = {}


_DATABASES: dict[str, _Database] = {}
_DATABASES_LOCK = threading.Lock()


def database(name: str) -> _Database:
    with _DATABASES_LOCK:
        return _DATABASES.setdefault(name, _Database())


class _Tx:
    """One write transaction: its staged changes, read through to what is committed."""

    def __init__(self, db: _Database):
        self.db = db
        self.streams: dict[str, _Stream] = {}
        self.events: list[StoredEvent] = []
        self.ruled: dict[str, set[int]] = {}
        self.projections: dict[str, Projection] = {}
        self.commands: dict[tuple[str, str], _Command] = {}
        self.records: dict[tuple[str, ...], bytes] = {}
        self.snapshots: dict[tuple[_SnapshotKey, int], bytes] = {}

    def stream(self, game_id: str) -> _Stream | None:
        return self.streams.get(game_id) or self.db.streams.get(game_id)

    def read(self, game_id: str, *, after: int, upto: int | None = None, limit: int | None = None) -> list[StoredEvent]:
        if self.stream(game_id) is None:
            raise UnknownGame(game_id)
        committed = self.db.events.get(game_id, [])  # changes only under the writer lock, which this holds
        staged = [e for e in self.events if e.game_id == game_id]
        return _window(committed + staged if staged else committed, after, upto, limit)

    def projection(self, game_id: str) -> Projection:
        found = self.projections.get(game_id) or self.db.projections.get(game_id)
        if found is None:
            raise UnknownGame(game_id)
        return found

    def command(self, idem: Idempotency) -> _Command | None:
        key = (idem.principal, idem.key)
        return self.commands.get(key) or self.db.commands.get(key)

    def already_ruled(self, game_id: str, rulings: list[int]) -> list[int]:
        done = self.db.ruled.get(game_id, set()) | self.ruled.get(game_id, set())
        return [r for r in rulings if r in done]

    def record(self, key: tuple[str, ...]) -> bytes | None:
        return self.records.get(key, self.db.records.get(key))

    def snapshot(self, key: _SnapshotKey, version: int) -> bytes | None:
        staged = self.snapshots.get((key, version))
        return staged if staged is not None else self.db.snapshots.get(key, {}).get(version)

    def add(self, event: StoredEvent) -> None:
        self.events.append(event)
        if event.adjudicates is not None:
            self.ruled.setdefault(event.game_id, set()).add(event.adjudicates)

    def next_position(self) -> int:
        return len(self.db.feed) + len(self.events) + 1

    def commit(self) -> None:
        db = self.db
        with db.view:
            db.streams.update(self.streams)
            for e in self.events:
                db.events.setdefault(e.game_id, []).append(e)
                db.feed.append(e)
            for game_id, ruled in self.ruled.items():
                db.ruled.setdefault(game_id, set()).update(ruled)
            db.projections.update(self.projections)
            db.commands.update(self.commands)
            db.records.update(self.records)
            for (key, version), state in self.snapshots.items():
                db.snapshots.setdefault(key, {})[version] = state


def _window(events: list[StoredEvent], after: int, upto: int | None, limit: int | None) -> list[StoredEvent]:
    """Events `after` < version <= `upto`, at most `limit`; `events` holds versions 1, 2, ... in order."""
    end = len(events) if upto is None else min(upto, len(events))
    if limit is not None:
        end = min(end, after + limit)
    return events[max(after, 0):end]


class MemoryStore(base.CreateGame):
    def __init__(self, name: str, *, lock_timeout: float = base.LOCK_TIMEOUT_S):
        self._db = database(name)
        self._lock_timeout = lock_timeout

    @contextmanager
    def _write(self) -> Iterator[_Tx]:
        if not self._db.writer.acquire(timeout=self._lock_timeout):
            raise LockTimeout(f"another transaction held the store for {self._lock_timeout} s")
        try:
            tx = _Tx(self._db)
            yield tx
            tx.commit()
        finally:
            self._db.writer.release()

    def migrate(self) -> list[str]:
        """Nothing to apply: the database has no schema outside this module."""
        return []

    def ruling_feed(self) -> None:
        """No notifications: waits poll."""
        return None

    def close(self) -> None:
        """The database stays with its name for other stores (a file outlives its connections)."""

    # -- streams -------------------------------------------------------------------------------

    def create_streams(
        self,
        streams: Sequence[NewStream],
        *,
        then: StreamAppend | None = None,
        idem: Idempotency | None = None,
        tokens: Sequence[TokenRow] = (),
    ) -> AppendResult:
        keyed = then.game_id if then is not None else streams[0].game_id
        with self._write() as tx:
            if idem is not None and (stored := tx.command(idem)) is not None:
                return base.replay_of(idem, keyed, stored)
            result = None
            for i, new in enumerate(streams):
                if tx.stream(new.game_id) is not None:
                    raise GameExists(new.game_id)
                tx.streams[new.game_id] = _Stream(new.ruleset, new.pack_hash, 0, chain.GENESIS, base.utc_now())
                tx.projections[new.game_id] = new.projection or base.NEW_PROJECTION
                for name, value in new.secrets.items():
                    tx.records[("secret", new.game_id, name)] = value
                first = self._append_on(tx, new.game_id, [new.genesis], expected_version=0,
                                        idem=idem if then is None and i == 0 else None)
                result = result or first
            if then is not None:
                result = self._append_on(tx, then.game_id, then.events, expected_version=then.expected_version, idem=idem)
            for t in tokens:  # no token table here (infra/auth.py serves SQLite and PostgreSQL): kept as records
                tx.records[("token", t.id)] = msgspec.json.encode(t)
            if result is None:
                raise ValueError("create_streams needs a stream or an append")
            return result

    def append(
        self,
        game_id: str,
        events: Sequence[NewEvent],
        *,
        expected_version: int | None = None,
        idem: Idempotency | None = None,
    ) -> AppendResult:
        with self._write() as tx:
            return self._append_on(tx, game_id, events, expected_version=expected_version, idem=idem)

    @staticmethod
    def _append_on(
        tx: _Tx, game_id: str, events: Sequence[NewEvent], *, expected_version: int | None, idem: Idempotency | None
    ) -> AppendResult:
        if not events:
            raise ValueError("append needs at least one event")
        rulings = base.rulings_in(events)
        stream = tx.stream(game_id)
        if stream is None:
            raise UnknownGame(game_id)
        if idem is not None and (stored := tx.command(idem)) is not None:
            return base.replay_of(idem, game_id, stored)
        version, head_link = base.check_stream(
            game_id, (stream.version, stream.head_link), expected_version, tx.already_ruled(game_id, rulings)
        )
        rows = base.seal(game_id, version, head_link, events)
        first, last = rows[0].version, rows[-1].version
        if idem is not None:
            tx.commands[(idem.principal, idem.key)] = (game_id, idem.request_hash, first, last)
        tx.streams[game_id] = msgspec.structs.replace(stream, version=last, head_link=rows[-1].link)
        for row in rows:
            tx.add(row.stored(game_id, tx.next_position()))
        return AppendResult(first_version=first, last_version=last, replayed=False)

    def read(
        self, game_id: str, *, after: int = 0, upto: int | None = None, limit: int | None = None
    ) -> list[StoredEvent]:
        with self._db.view:
            if game_id not in self._db.streams:
                raise UnknownGame(game_id)
            return _window(self._db.events.get(game_id, []), after, upto, limit)

    def head(self, game_id: str) -> GameHead | None:
        with self._db.view:
            s = self._db.streams.get(game_id)
        if s is None:
            return None
        return GameHead(game_id=game_id, ruleset=s.ruleset, pack_hash=s.pack_hash, version=s.version,
                        created_at=s.created_at, link=s.head_link)

    def heads(self, *, limit: int = 100, after: str | None = None) -> list[GameHead]:
        with self._db.view:
            ids = sorted(g for g in self._db.streams if g > (after or ""))[:limit]
        return [h for g in ids if (h := self.head(g)) is not None]

    # -- the global feed -----------------------------------------------------------------------

    def read_all(self, *, after_position: int = 0, limit: int = 1000) -> list[StoredEvent]:
        with self._db.view:
            return self._db.feed[max(after_position, 0):after_position + limit]

    # -- folds and projections -----------------------------------------------------------------

    @contextmanager
    def fold(self, game_id: str, *, known_state: bytes | None = None) -> Iterator[_MemoryFold]:
        with self._write() as tx:
            yield _MemoryFold(tx, game_id, tx.projection(game_id))

    def projection(self, game_id: str) -> Projection:
        with self._db.view:
            found = self._db.projections.get(game_id)
        if found is None:
            raise UnknownGame(game_id)
        return found

    def lagging(self, limit: int = 1000) -> list[str]:
        with self._db.view:
            behind = [g for g, p in self._db.projections.items()
                      if p.version < self._db.streams[g].version and p.status not in ("halted", "tournament")]
        return sorted(behind)[:limit]

    def projections_by_status(self, status: str, *, limit: int = 1000) -> list[str]:
        with self._db.view:
            found = [g for g, p in self._db.projections.items() if p.status == status]
        return sorted(found)[:limit]

    # -- packs, snapshots, secrets (write-once) ------------------------------------------------

    def put_pack(self, hash: str, data: bytes) -> None:
        self._put_once(("pack", hash), data)

    def get_pack(self, hash: str) -> bytes | None:
        with self._db.view:
            return self._db.records.get(("pack", hash))

    def put_secret(self, game_id: str, name: str, value: bytes) -> None:
        self._put_once(("secret", game_id, name), value, game_id=game_id)

    def get_secret(self, game_id: str, name: str) -> bytes | None:
        with self._db.view:
            return self._db.records.get(("secret", game_id, name))

    def _put_once(self, key: tuple[str, ...], value: bytes, *, game_id: str | None = None) -> None:
        with self._write() as tx:
            if game_id is not None and tx.stream(game_id) is None:
                raise UnknownGame(game_id)
            held = tx.record(key)
            if held is None:
                tx.records[key] = value
            elif held != value:
                raise Conflict(f"{key[0]} {key[1:]} already holds other bytes")

    def put_snapshot(self, game_id: str, version: int, ruleset: str, pack_hash: str, state: bytes) -> None:
        key = (game_id, ruleset, pack_hash)
        with self._write() as tx:
            if tx.stream(game_id) is None:
                raise UnknownGame(game_id)
            held = tx.snapshot(key, version)
            if held is None:
                tx.snapshots[(key, version)] = state
            elif held != state:
                raise Conflict(f"snapshot {key + (version,)} already holds other bytes")

    def snapshot(self, game_id: str, *, at_most: int, ruleset: str, pack_hash: str) -> tuple[int, bytes] | None:
        with self._db.view:
            held = self._db.snapshots.get((game_id, ruleset, pack_hash), {})
            version = max((v for v in held if v <= at_most), default=None)
            return (version, held[version]) if version is not None else None


class _MemoryFold:
    def __init__(self, tx: _Tx, game_id: str, projection: Projection):
        self._tx, self._game_id = tx, game_id
        self.projection = projection

    def events(self, after: int, *, limit: int | None = None) -> list[StoredEvent]:
        return self._tx.read(self._game_id, after=after, limit=limit)

    def append(
        self, events: Sequence[NewEvent], *, expected_version: int | None = None, idem: Idempotency | None = None
    ) -> AppendResult:
        return MemoryStore._append_on(self._tx, self._game_id, events, expected_version=expected_version, idem=idem)

    def write(self, projection: Projection) -> None:
        base.check_projection_write(self.projection, projection)
        self._tx.projections[self._game_id] = projection
        self.projection = projection
