"""The server event store: PostgreSQL through a psycopg 3 connection pool.

An append is one short transaction in two round trips (psycopg pipeline mode):
  1. lock the stream row (FOR UPDATE), then read the caller's idempotency key and any rulings
     already recorded for the commands this batch rules. Each statement starts after the lock
     is granted, so it sees what the previous holder committed;
  2. insert the key row, move the stream head, LOCK TABLE event IN EXCLUSIVE MODE, insert the
     events with positions drawn under that lock, COMMIT.
The chain links are computed in Python between the two, from the head link read under the row lock.
Lock order is always stream row, then event table (folds: projection row first), so no deadlocks.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator, Sequence

import psycopg
from psycopg import errors as pgerr
from psycopg.rows import kwargs_row
from psycopg_pool import ConnectionPool

from domain.kernel import chain
from infra.eventstore import base
from infra.eventstore.errors import (
    Conflict,
    DuplicateRuling,
    GameExists,
    LockTimeout,
    StoreUnavailable,
    UnknownGame,
)
from infra.eventstore.types import AppendResult, GameHead, Idempotency, NewEvent, Projection, StoredEvent

_EVENT_COLUMNS = ", ".join(StoredEvent.__struct_fields__)
_SELECT_EVENTS = f"SELECT {_EVENT_COLUMNS} FROM event"
_INSERT_EVENT = (
    f"INSERT INTO event ({_EVENT_COLUMNS})"
    " VALUES (%s, %s, nextval('event_position_seq'), %s, %s, %s, %s, %s, %s, %s, %s, %s)"
)
_HEAD_COLUMNS = "game_id, ruleset, pack_hash, version, created_at"
_MIGRATION_LOCK = 0x756D70697265  # pg_advisory_xact_lock key: concurrent start-ups migrate one at a time
# A fold's transaction idles while rules run in memory; a session idle longer than this (a hung
# client) is cut off so it cannot hold locks for ever.
_IDLE_IN_TRANSACTION_MS = 30_000


@contextmanager
def _errors() -> Iterator[None]:
    try:
        yield
    except pgerr.LockNotAvailable as exc:
        raise LockTimeout(str(exc)) from exc
    except psycopg.OperationalError as exc:  # connection refused or lost, pool timeout, server shutdown
        raise StoreUnavailable(str(exc)) from exc


def _constraint(exc: psycopg.Error) -> str | None:
    return exc.diag.constraint_name


class PostgresStore:
    def __init__(
        self,
        url: str,
        *,
        min_size: int = 1,
        max_size: int = 10,
        lock_timeout: float = base.LOCK_TIMEOUT_S,
        pool_timeout: float = 10.0,
    ):
        options = f"-c lock_timeout={int(lock_timeout * 1000)} -c idle_in_transaction_session_timeout={_IDLE_IN_TRANSACTION_MS}"
        self._pool = ConnectionPool(
            url,
            min_size=min_size,
            max_size=max_size,
            timeout=pool_timeout,
            kwargs={"autocommit": True, "options": options},
            check=ConnectionPool.check_connection,  # drop connections a server restart left dead
            open=True,
            name="umpire-eventstore",
        )

    def close(self) -> None:
        self._pool.close()

    @contextmanager
    def _conn(self) -> Iterator[psycopg.Connection]:
        with _errors(), self._pool.connection() as conn:
            yield conn

    # -- schema --------------------------------------------------------------------------------

    def migrate(self) -> list[str]:
        applied = []
        with self._conn() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at text NOT NULL)")
            done = {name for (name,) in conn.execute("SELECT name FROM schema_migrations")}
            for name, script in base.migrations("postgres"):
                if name not in done:
                    conn.execute(script.encode())  # no parameters: may hold several statements
                    conn.execute("INSERT INTO schema_migrations VALUES (%s, %s)", (name, base.utc_now()))
                    applied.append(name)
        return applied

    # -- writing the log -----------------------------------------------------------------------

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
        with self._conn() as conn:
            try:
                with conn.transaction():
                    now = base.utc_now()
                    created = conn.execute(
                        "INSERT INTO game_stream VALUES (%s, %s, %s, 0, %s, %s) ON CONFLICT DO NOTHING RETURNING 1",
                        (game_id, ruleset, pack_hash, chain.GENESIS, now),
                    ).fetchone()
                    if created is None:
                        raise GameExists(game_id)
                    p = base.NEW_PROJECTION
                    conn.execute(
                        "INSERT INTO projection VALUES (%s, %s, %s, %s, %s, %s, %s)",
                        (game_id, p.version, p.adjudicated, p.status, p.summary, p.state, now),
                    )
                    if secrets:
                        conn.cursor().executemany(
                            "INSERT INTO secret VALUES (%s, %s, %s)", [(game_id, k, v) for k, v in secrets.items()]
                        )
                    self._append_on(conn, game_id, [genesis], expected_version=0, idem=idem)
            except (GameExists, pgerr.UniqueViolation):
                # A retry of a create that already committed (possibly concurrently) is a replay.
                stored = self._stored_key(conn, idem) if idem is not None else None
                if stored is None:
                    raise GameExists(game_id) from None
                base.replay_of(idem, game_id, stored)
            return self._read_on(conn, game_id, after=0, upto=1)[0]

    def append(
        self,
        game_id: str,
        events: Sequence[NewEvent],
        *,
        expected_version: int | None = None,
        idem: Idempotency | None = None,
    ) -> AppendResult:
        with self._conn() as conn:
            try:
                with conn.pipeline(), conn.transaction():
                    return self._append_on(conn, game_id, events, expected_version=expected_version, idem=idem)
            except pgerr.UniqueViolation as exc:
                if idem is not None and _constraint(exc) == "command_pkey":
                    # The same key committed by a concurrent request (for another game) after our check.
                    return base.replay_of(idem, game_id, self._stored_key(conn, idem))
                if _constraint(exc) == "event_one_ruling_per_command":  # backstop of the check under the lock
                    raise DuplicateRuling(min(base.rulings_in(events))) from exc
                raise

    @staticmethod
    def _stored_key(conn: psycopg.Connection, idem: Idempotency) -> tuple | None:
        return conn.execute(
            "SELECT game_id, request_hash, first_version, last_version FROM command WHERE principal = %s AND key = %s",
            (idem.principal, idem.key),
        ).fetchone()

    def _append_on(
        self,
        conn: psycopg.Connection,
        game_id: str,
        events: Sequence[NewEvent],
        *,
        expected_version: int | None,
        idem: Idempotency | None,
    ) -> AppendResult:
        """The append inside the caller's transaction; in pipeline mode it costs two round trips."""
        if not events:
            raise ValueError("append needs at least one event")
        rulings = base.rulings_in(events)
        stream_cur = conn.execute("SELECT version, head_link FROM game_stream WHERE game_id = %s FOR UPDATE", (game_id,))
        key_cur = (
            conn.execute(
                "SELECT game_id, request_hash, first_version, last_version FROM command"
                " WHERE principal = %s AND key = %s",
                (idem.principal, idem.key),
            )
            if idem is not None
            else None
        )
        ruled_cur = (
            conn.execute(
                "SELECT adjudicates FROM event WHERE game_id = %s AND adjudicates = ANY(%s)", (game_id, rulings)
            )
            if rulings
            else None
        )
        stream = stream_cur.fetchone()
        if stream is None:
            raise UnknownGame(game_id)
        if key_cur is not None and (stored := key_cur.fetchone()) is not None:
            return base.replay_of(idem, game_id, stored)
        ruled = [a for (a,) in ruled_cur.fetchall()] if ruled_cur is not None else []
        version, head_link = base.check_stream(game_id, stream, expected_version, ruled)

        rows = base.seal(game_id, version, bytes(head_link), events)
        first, last = rows[0].version, rows[-1].version
        if idem is not None:
            conn.execute(
                "INSERT INTO command VALUES (%s, %s, %s, %s, %s, %s, %s)",
                (idem.principal, idem.key, game_id, idem.request_hash, first, last, rows[0].recorded_at),
            )
        conn.execute(
            "UPDATE game_stream SET version = %s, head_link = %s WHERE game_id = %s", (last, rows[-1].link, game_id)
        )
        conn.execute("LOCK TABLE event IN EXCLUSIVE MODE")  # as late as possible: positions follow commit order
        conn.cursor().executemany(
            _INSERT_EVENT,
            [
                (game_id, r.version, r.type, r.schema_version, r.visibility, r.data, r.metadata, r.salt, r.link,
                 r.adjudicates, r.recorded_at)
                for r in rows
            ],
        )
        return AppendResult(first_version=first, last_version=last, replayed=False)

    # -- reading the log -----------------------------------------------------------------------

    def _read_on(
        self, conn: psycopg.Connection, game_id: str, *, after: int, upto: int | None = None, limit: int | None = None
    ) -> list[StoredEvent]:
        cur = conn.cursor(row_factory=kwargs_row(StoredEvent))
        rows = cur.execute(
            f"{_SELECT_EVENTS} WHERE game_id = %s AND version > %s AND (%s::integer IS NULL OR version <= %s)"
            " ORDER BY version LIMIT %s",
            (game_id, after, upto, upto, limit),
        ).fetchall()
        if not rows and conn.execute("SELECT 1 FROM game_stream WHERE game_id = %s", (game_id,)).fetchone() is None:
            raise UnknownGame(game_id)
        return rows

    def read(
        self, game_id: str, *, after: int = 0, upto: int | None = None, limit: int | None = None
    ) -> list[StoredEvent]:
        with self._conn() as conn:
            return self._read_on(conn, game_id, after=after, upto=upto, limit=limit)

    def read_all(self, *, after_position: int = 0, limit: int = 1000) -> list[StoredEvent]:
        with self._conn() as conn:
            cur = conn.cursor(row_factory=kwargs_row(StoredEvent))
            return cur.execute(
                f"{_SELECT_EVENTS} WHERE position > %s ORDER BY position LIMIT %s", (after_position, limit)
            ).fetchall()

    def head(self, game_id: str) -> GameHead | None:
        with self._conn() as conn:
            cur = conn.cursor(row_factory=kwargs_row(GameHead))
            return cur.execute(f"SELECT {_HEAD_COLUMNS} FROM game_stream WHERE game_id = %s", (game_id,)).fetchone()

    def heads(self, *, limit: int = 100, after: str | None = None) -> list[GameHead]:
        with self._conn() as conn:
            cur = conn.cursor(row_factory=kwargs_row(GameHead))
            return cur.execute(
                f"SELECT {_HEAD_COLUMNS} FROM game_stream WHERE game_id > %s ORDER BY game_id LIMIT %s",
                (after or "", limit),
            ).fetchall()

    # -- projections ---------------------------------------------------------------------------

    @contextmanager
    def fold(self, game_id: str) -> Iterator[_PostgresFold]:
        with self._conn() as conn, conn.transaction():
            # Blocking lock (lock_timeout bounds the wait); never SKIP LOCKED: a skipped nudge is a lost one.
            projection = self._projection_on(conn, game_id, " FOR UPDATE")
            yield _PostgresFold(self, conn, game_id, projection)

    @staticmethod
    def _projection_on(conn: psycopg.Connection, game_id: str, lock: str = "") -> Projection:
        cur = conn.cursor(row_factory=kwargs_row(Projection))
        row = cur.execute(
            f"SELECT version, adjudicated, status, summary, state FROM projection WHERE game_id = %s{lock}", (game_id,)
        ).fetchone()
        if row is None:
            raise UnknownGame(game_id)
        return row

    def projection(self, game_id: str) -> Projection:
        with self._conn() as conn:
            return self._projection_on(conn, game_id)

    def lagging(self, limit: int = 1000) -> list[str]:
        with self._conn() as conn:
            rows = conn.execute(
                "SELECT s.game_id FROM game_stream s JOIN projection p USING (game_id)"
                " WHERE p.version < s.version AND p.status <> 'halted' ORDER BY s.game_id LIMIT %s",
                (limit,),
            ).fetchall()
        return [g for (g,) in rows]

    def projections_by_status(self, status: str, *, limit: int = 1000) -> list[str]:
        with self._conn() as conn:
            rows = conn.execute(
                "SELECT game_id FROM projection WHERE status = %s ORDER BY game_id LIMIT %s", (status, limit)
            ).fetchall()
        return [g for (g,) in rows]

    # -- packs, snapshots, secrets (write-once) ------------------------------------------------

    def _put_once(self, table: str, key: dict, column: str, value: bytes) -> None:
        names = ", ".join([*key, column])
        where = " AND ".join(f"{k} = %s" for k in key)
        marks = ", ".join(["%s"] * (len(key) + 1))
        with self._conn() as conn:
            try:
                inserted = conn.execute(
                    f"INSERT INTO {table} ({names}) VALUES ({marks}) ON CONFLICT DO NOTHING RETURNING 1",
                    (*key.values(), value),
                ).fetchone()
            except pgerr.ForeignKeyViolation as exc:
                raise UnknownGame(key["game_id"]) from exc
            if inserted is None:
                (held,) = conn.execute(f"SELECT {column} FROM {table} WHERE {where}", tuple(key.values())).fetchone()
                if held != value:
                    raise Conflict(f"{table} {key} already holds other bytes")

    def put_pack(self, hash: str, data: bytes) -> None:
        self._put_once("pack", {"hash": hash}, "data", data)

    def get_pack(self, hash: str) -> bytes | None:
        with self._conn() as conn:
            row = conn.execute("SELECT data FROM pack WHERE hash = %s", (hash,)).fetchone()
        return row[0] if row else None

    def put_snapshot(self, game_id: str, version: int, ruleset: str, pack_hash: str, state: bytes) -> None:
        key = {"game_id": game_id, "ruleset": ruleset, "pack_hash": pack_hash, "version": version}
        self._put_once("snapshot", key, "state", state)

    def snapshot(self, game_id: str, *, at_most: int, ruleset: str, pack_hash: str) -> tuple[int, bytes] | None:
        with self._conn() as conn:
            row = conn.execute(
                "SELECT version, state FROM snapshot WHERE game_id = %s AND ruleset = %s AND pack_hash = %s"
                " AND version <= %s ORDER BY version DESC LIMIT 1",
                (game_id, ruleset, pack_hash, at_most),
            ).fetchone()
        return (row[0], row[1]) if row else None

    def put_secret(self, game_id: str, name: str, value: bytes) -> None:
        self._put_once("secret", {"game_id": game_id, "name": name}, "value", value)

    def get_secret(self, game_id: str, name: str) -> bytes | None:
        with self._conn() as conn:
            row = conn.execute("SELECT value FROM secret WHERE game_id = %s AND name = %s", (game_id, name)).fetchone()
        return row[0] if row else None


class _PostgresFold:
    def __init__(self, store: PostgresStore, conn: psycopg.Connection, game_id: str, projection: Projection):
        self._store, self._conn, self._game_id = store, conn, game_id
        self.projection = projection

    def events(self, after: int, *, limit: int | None = None) -> list[StoredEvent]:
        return self._store._read_on(self._conn, self._game_id, after=after, limit=limit)

    def append(
        self, events: Sequence[NewEvent], *, expected_version: int | None = None, idem: Idempotency | None = None
    ) -> AppendResult:
        with self._conn.pipeline():  # two round trips, as a plain append
            return self._store._append_on(self._conn, self._game_id, events, expected_version=expected_version,
                                          idem=idem)

    def write(self, projection: Projection) -> None:
        base.check_projection_write(self.projection, projection)
        self._conn.execute(
            "UPDATE projection SET version = %s, adjudicated = %s, status = %s, summary = %s, state = %s,"
            " updated_at = %s WHERE game_id = %s",
            (projection.version, projection.adjudicated, projection.status, projection.summary, projection.state,
             base.utc_now(), self._game_id),
        )
        self.projection = projection
