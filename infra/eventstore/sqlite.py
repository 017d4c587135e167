"""The embedded event store: one SQLite file, WAL mode, the same semantics as the PostgreSQL store.

SQLite admits one writer at a time, so every write transaction starts with BEGIN IMMEDIATE: that
one lock stands for PostgreSQL's stream row lock, projection row lock and event table lock at once.
Positions are max + 1 under it and therefore follow commit order. The busy timeout plays the part
of PostgreSQL's lock_timeout.
"""
from __future__ import annotations

import sqlite3
import time
import threading
from contextlib import contextmanager
from typing import Iterator, Sequence

import msgspec

from domain.kernel import chain
from infra.eventstore import base
from infra.eventstore.errors import (
    Conflict,
    GameExists,
    LockTimeout,
    StoreUnavailable,
    UnknownGame,
)
from infra.eventstore.types import (
    AppendResult, GameHead, Idempotency, NewEvent, NewStream, Projection, StoredEvent, StreamAppend, TokenRow,
)

# SQLite primary result codes: BUSY, LOCKED; and IOERR, CORRUPT, FULL, CANTOPEN, NOTADB.
_LOCKED = {5, 6}
_UNAVAILABLE = {10, 11, 13, 14, 26}
_EVENT_COLUMNS = StoredEvent.__struct_fields__
_SELECT_EVENTS = f"SELECT {', '.join(_EVENT_COLUMNS)} FROM event"
_HEAD_COLUMNS = "game_id, ruleset, pack_hash, version, created_at, head_link AS link"


def _event(row: tuple) -> StoredEvent:
    return StoredEvent(**dict(zip(_EVENT_COLUMNS, row, strict=True)))


def _head(row: tuple) -> GameHead:
    return GameHead(**dict(zip(GameHead.__struct_fields__, row, strict=True)))


def _statements(script: str) -> Iterator[str]:
    """Split a migration into statements, so it can run inside our own transaction
    (sqlite3.executescript would commit first)."""
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            yield pending
            pending = ""
    if pending.strip():
        raise ValueError(f"incomplete statement at the end of a migration: {pending!r}")


class SqliteStore(base.CreateGame, base.WriteOnce):
    def __init__(self, path: str, *, lock_timeout: float = base.LOCK_TIMEOUT_S):
        self._path = path
        self._lock_timeout = lock_timeout
        self._guard = threading.Lock()
        self._idle: list[sqlite3.Connection] = []
        self._opened: list[sqlite3.Connection] = []

    # -- connections and transactions ----------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False, timeout=self._lock_timeout)
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")  # a committed append survives power loss
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    @contextmanager
    def _conn(self) -> Iterator[sqlite3.Connection]:
        with self._guard:
            conn = self._idle.pop() if self._idle else None
        try:
            if conn is None:
                conn = self._connect()
                with self._guard:
                    self._opened.append(conn)
            yield conn
        except sqlite3.OperationalError as exc:
            code = getattr(exc, "sqlite_errorcode", 0) & 0xFF  # primary result code
            if code in _LOCKED:
                raise LockTimeout(str(exc)) from exc
            if code in _UNAVAILABLE:
                raise StoreUnavailable(str(exc)) from exc
            raise
        finally:
            if conn is not None:
                if conn.in_transaction:
                    conn.rollback()
                with self._guard:
                    self._idle.append(conn)

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._conn() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.rollback()
                raise
            conn.execute("COMMIT")

    def ruling_feed(self) -> None:
        """No notifications here: waits poll (embedded mode's fold thread wakes its own waiters)."""
        return None

    def close(self) -> None:
        with self._guard:
            for conn in self._opened:
                conn.close()
            self._opened.clear()
            self._idle.clear()

    # -- schema --------------------------------------------------------------------------------

    def migrate(self) -> list[str]:
        # Several processes may start on a blank file at once; switching it to WAL can fail fast
        # with "database is locked" (no busy wait), so a first migration retries a few times.
        for attempt in range(20):
            try:
                return self._migrate_once()
            except LockTimeout:
                if attempt == 19:
                    raise
                time.sleep(0.05 * (attempt + 1))
        return []

    def _migrate_once(self) -> list[str]:
        applied = []
        with self._write() as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
            done = {name for (name,) in conn.execute("SELECT name FROM schema_migrations")}
            for name, script in base.migrations("sqlite"):
                if name in done:
                    continue
                for statement in _statements(script):
                    conn.execute(statement)
                conn.execute("INSERT INTO schema_migrations VALUES (?, ?)", (name, base.utc_now()))
                applied.append(name)
        return applied

    # -- writing the log -----------------------------------------------------------------------

    def create_streams(
        self,
        streams: Sequence[NewStream],
        *,
        then: StreamAppend | None = None,
        idem: Idempotency | None = None,
        tokens: Sequence[TokenRow] = (),
    ) -> AppendResult:
        keyed = then.game_id if then is not None else streams[0].game_id
        with self._write() as conn:
            if idem is not None and (stored := self._stored_key(conn, idem)) is not None:
                return base.replay_of(idem, keyed, stored)
            result = None
            for i, new in enumerate(streams):
                if conn.execute("SELECT 1 FROM game_stream WHERE game_id = ?", (new.game_id,)).fetchone():
                    raise GameExists(new.game_id)
                now = base.utc_now()
                conn.execute("INSERT INTO game_stream VALUES (?, ?, ?, 0, ?, ?)",
                             (new.game_id, new.ruleset, new.pack_hash, chain.GENESIS, now))
                p = new.projection or base.NEW_PROJECTION
                conn.execute("INSERT INTO projection VALUES (?, ?, ?, ?, ?, ?, ?)",
                             (new.game_id, p.version, p.adjudicated, p.status, p.summary, p.state, now))
                conn.executemany("INSERT INTO secret VALUES (?, ?, ?)",
                                 [(new.game_id, k, v) for k, v in new.secrets.items()])
                first = self._append_on(conn, new.game_id, [new.genesis], expected_version=0,
                                        idem=idem if then is None and i == 0 else None)
                result = result or first
            if then is not None:
                result = self._append_on(conn, then.game_id, then.events, expected_version=then.expected_version,
                                         idem=idem)
            conn.executemany(f"INSERT INTO api_token ({', '.join(TokenRow.__struct_fields__)}) VALUES"
                             f" ({', '.join('?' * len(TokenRow.__struct_fields__))})",
                             [msgspec.structs.astuple(t) for t in tokens])
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
        with self._write() as conn:
            return self._append_on(conn, game_id, events, expected_version=expected_version, idem=idem)

    @staticmethod
    def _stored_key(conn: sqlite3.Connection, idem: Idempotency) -> tuple | None:
        return conn.execute(
            "SELECT game_id, request_hash, first_version, last_version FROM command WHERE principal = ? AND key = ?",
            (idem.principal, idem.key),
        ).fetchone()

    def _append_on(
        self,
        conn: sqlite3.Connection,
        game_id: str,
        events: Sequence[NewEvent],
        *,
        expected_version: int | None,
        idem: Idempotency | None,
    ) -> AppendResult:
        if not events:
            raise ValueError("append needs at least one event")
        rulings = base.rulings_in(events)
        stream = conn.execute("SELECT version, head_link FROM game_stream WHERE game_id = ?", (game_id,)).fetchone()
        if stream is None:
            raise UnknownGame(game_id)
        if idem is not None and (stored := self._stored_key(conn, idem)) is not None:
            return base.replay_of(idem, game_id, stored)
        ruled = []
        if rulings:
            marks = ", ".join("?" * len(rulings))
            ruled = [
                a
                for (a,) in conn.execute(
                    f"SELECT adjudicates FROM event WHERE game_id = ? AND adjudicates IN ({marks})", (game_id, *rulings)
                )
            ]
        version, head_link = base.check_stream(game_id, stream, expected_version, ruled)
        rows = base.seal(game_id, version, head_link, events)
        first, last = rows[0].version, rows[-1].version
        if idem is not None:
            conn.execute(
                "INSERT INTO command VALUES (?, ?, ?, ?, ?, ?, ?)",
                (idem.principal, idem.key, game_id, idem.request_hash, first, last, rows[0].recorded_at),
            )
        conn.execute("UPDATE game_stream SET version = ?, head_link = ? WHERE game_id = ?", (last, rows[-1].link, game_id))
        (top,) = conn.execute("SELECT coalesce(max(position), 0) FROM event").fetchone()
        conn.executemany(
            f"INSERT INTO event ({', '.join(_EVENT_COLUMNS)}) VALUES ({', '.join('?' * len(_EVENT_COLUMNS))})",
            [
                (game_id, r.version, top + i, r.type, r.schema_version, r.visibility, r.data, r.metadata, r.salt,
                 r.link, r.adjudicates, r.recorded_at)
                for i, r in enumerate(rows, start=1)
            ],
        )
        return AppendResult(first_version=first, last_version=last, replayed=False)

    # -- reading the log -----------------------------------------------------------------------

    def _read_on(
        self, conn: sqlite3.Connection, game_id: str, *, after: int, upto: int | None = None, limit: int | None = None
    ) -> list[StoredEvent]:
        rows = conn.execute(
            f"{_SELECT_EVENTS} WHERE game_id = ? AND version > ? AND version <= ? ORDER BY version LIMIT ?",
            (game_id, after, upto if upto is not None else 2**62, limit if limit is not None else -1),
        ).fetchall()
        if not rows and not conn.execute("SELECT 1 FROM game_stream WHERE game_id = ?", (game_id,)).fetchone():
            raise UnknownGame(game_id)
        return [_event(r) for r in rows]

    def read(
        self, game_id: str, *, after: int = 0, upto: int | None = None, limit: int | None = None
    ) -> list[StoredEvent]:
        with self._conn() as conn:
            return self._read_on(conn, game_id, after=after, upto=upto, limit=limit)

    def read_all(self, *, after_position: int = 0, limit: int = 1000) -> list[StoredEvent]:
        with self._conn() as conn:
            rows = conn.execute(
                f"{_SELECT_EVENTS} WHERE position > ? ORDER BY position LIMIT ?", (after_position, limit)
            ).fetchall()
        return [_event(r) for r in rows]

    def head(self, game_id: str) -> GameHead | None:
        with self._conn() as conn:
            row = conn.execute(f"SELECT {_HEAD_COLUMNS} FROM game_stream WHERE game_id = ?", (game_id,)).fetchone()
        return _head(row) if row else None

    def heads(self, *, limit: int = 100, after: str | None = None) -> list[GameHead]:
        with self._conn() as conn:
            rows = conn.execute(
                f"SELECT {_HEAD_COLUMNS} FROM game_stream WHERE game_id > ? ORDER BY game_id LIMIT ?", (after or "", limit)
            ).fetchall()
        return [_head(r) for r in rows]

    # -- projections ---------------------------------------------------------------------------

    @contextmanager
    def fold(self, game_id: str, *, known_state: bytes | None = None) -> Iterator[_SqliteFold]:
        with self._write() as conn:
            yield _SqliteFold(self, conn, game_id, self._projection_on(conn, game_id))

    @staticmethod
    def _projection_on(conn: sqlite3.Connection, game_id: str) -> Projection:
        row = conn.execute(
            "SELECT version, adjudicated, status, summary, state FROM projection WHERE game_id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise UnknownGame(game_id)
        return Projection(version=row[0], adjudicated=row[1], status=row[2], summary=row[3], state=row[4])

    def projection(self, game_id: str) -> Projection:
        with self._conn() as conn:
            return self._projection_on(conn, game_id)

    def lagging(self, limit: int = 1000) -> list[str]:
        with self._conn() as conn:
            rows = conn.execute(
                "SELECT s.game_id FROM game_stream s JOIN projection p USING (game_id)"
                " WHERE p.version < s.version AND p.status NOT IN ('halted', 'tournament') ORDER BY s.game_id LIMIT ?",
                (limit,),
            ).fetchall()
        return [g for (g,) in rows]

    def projections_by_status(self, status: str, *, limit: int = 1000) -> list[str]:
        with self._conn() as conn:
            rows = conn.execute(
                "SELECT game_id FROM projection WHERE status = ? ORDER BY game_id LIMIT ?", (status, limit)
            ).fetchall()
        return [g for (g,) in rows]

    # -- packs, snapshots, secrets (write-once) ------------------------------------------------

    def _put_once(self, table: str, key: dict, column: str, value: bytes) -> None:
        names = [*key, column]
        where = " AND ".join(f"{k} = ?" for k in key)
        with self._write() as conn:
            if "game_id" in key and not conn.execute(
                "SELECT 1 FROM game_stream WHERE game_id = ?", (key["game_id"],)
            ).fetchone():
                raise UnknownGame(key["game_id"])
            row = conn.execute(f"SELECT {column} FROM {table} WHERE {where}", tuple(key.values())).fetchone()
            if row is None:
                conn.execute(
                    f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
                    (*key.values(), value),
                )
            elif row[0] != value:
                raise Conflict(f"{table} {key} already holds other bytes")


class _SqliteFold:
    def __init__(self, store: SqliteStore, conn: sqlite3.Connection, game_id: str, projection: Projection):
        self._store, self._conn, self._game_id = store, conn, game_id
        self.projection = projection

    def events(self, after: int, *, limit: int | None = None) -> list[StoredEvent]:
        return self._store._read_on(self._conn, self._game_id, after=after, limit=limit)

    def append(
        self, events: Sequence[NewEvent], *, expected_version: int | None = None, idem: Idempotency | None = None
    ) -> AppendResult:
        return self._store._append_on(self._conn, self._game_id, events, expected_version=expected_version, idem=idem)

    def write(self, projection: Projection) -> None:
        base.check_projection_write(self.projection, projection)
        self._conn.execute(
            "UPDATE projection SET version = ?, adjudicated = ?, status = ?, summary = ?, state = ?, updated_at = ?"
            " WHERE game_id = ?",
            (projection.version, projection.adjudicated, projection.status, projection.summary, projection.state,
             base.utc_now(), self._game_id),
        )
        self.projection = projection
