"""The server event store: PostgreSQL through a psycopg 3 connection pool.

An append is one round trip, one transaction: a lean statement, or where it does not settle the
outcome a call of the `umpire_append` function (pgappend.py, and the SQL in migrations/postgres/). Concurrent appends in
one process are group-committed (groupcommit.py): one call, one transaction and one fsync for the
batch, each append with its own key, checks, chain links and outcome.
Lock order is always stream rows (sorted by game id), then idempotency keys (sorted); no table
lock (positions come from the transaction id, migrations/postgres/0003); folds take their
projection row first. A lock not granted within lock_timeout, or a deadlock
PostgreSQL breaks, rolls the batch back whole; its appends are then retried one at a time.
"""
from __future__ import annotations

import hashlib
import itertools
import select
import threading
import time
from contextlib import contextmanager
from typing import Iterator, Sequence

import msgspec
import psycopg
from psycopg import errors as pgerr
from psycopg.rows import kwargs_row, tuple_row
from psycopg_pool import ConnectionPool

from domain.kernel import chain
from infra import pgnet
from infra.eventstore import base, pgappend
from infra.eventstore.errors import (
    Conflict,
    GameExists,
    LockTimeout,
    StoreUnavailable,
    UnknownGame,
)
from infra.eventstore.groupcommit import GroupCommit
from infra.eventstore.pgnotify import CHANNEL, RulingFeed
from infra.eventstore.types import (
    AppendResult, GameHead, Idempotency, NewEvent, NewStream, Projection, StoredEvent, StreamAppend, TokenRow,
)

_EVENT_COLUMNS = ", ".join(StoredEvent.__struct_fields__)
_SELECT_EVENTS = f"SELECT {_EVENT_COLUMNS} FROM event"
# Each row says whether it lies above the feed's horizon (read_all).
_READ_ALL = (f"SELECT {_EVENT_COLUMNS}, position >= h.horizon FROM event, (SELECT umpire_feed_horizon() AS horizon) h"
             " WHERE position > %s ORDER BY position LIMIT %s")


def _stored(row: tuple) -> StoredEvent:
    return StoredEvent(**dict(zip(StoredEvent.__struct_fields__, row)))


_HEAD_COLUMNS = "game_id, ruleset, pack_hash, version, created_at, head_link AS link"
_MIGRATION_LOCK = 0x756D70697265  # pg_advisory_xact_lock key: concurrent start-ups migrate one at a time
# A fold's transaction idles while rules run in memory; a session idle longer than this (a hung
# client) is cut off so it cannot hold locks for ever.
_IDLE_IN_TRANSACTION_MS = 30_000
# Group commit's concurrent batches. With no table lock between them, PostgreSQL flushes the WAL of
# concurrent commits together, so a few lanes beat two big batches in turn (bench/bench_store.py).
_APPEND_LANES = 4
# A fold waits this long at most for its game's projection lock (the store's lock_timeout, 5 s, for
# every other lock). The lock's holder is another fold of the game, which rules what this one would
# have; or a host that vanished mid-fold, whose locks PostgreSQL holds until the TCP timeouts drop it
# (infra/pgnet.py: ~10 s). Either way waiting longer only keeps this worker process from other
# games: the fold gives up with LockTimeout and its task is retried after a backoff.
FOLD_LOCK_TIMEOUT_S = 1.0


class ConnectionCheck:
    """The pool's check on checkout: a round trip that drops a connection a server restart left dead.
    Done on every checkout it cost one round trip per call, and done for connections idle longer
    than a fraction of a second it still cost one on most calls (the pool hands out its least
    recently used connection, so with a few dozen pooled connections each sits idle that long). A
    server that stops or crashes closes its connections, and a closed socket is readable at once,
    while a live idle connection has nothing to say: so the round trip is done when the socket is
    readable, for a connection idle longer than IDLE_S (a path that went silent without closing,
    such as a firewall dropping idle flows), and on every checkout for SUSPECT_S after this process
    saw the server fail."""

    IDLE_S = 30.0
    SUSPECT_S = 30.0

    def __init__(self) -> None:
        self.suspect_until = 0.0

    def failed(self) -> None:
        self.suspect_until = time.monotonic() + self.SUSPECT_S

    def __call__(self, conn: psycopg.Connection) -> None:
        now = time.monotonic()
        if (now < self.suspect_until or now - getattr(conn, "umpire_used", 0.0) > self.IDLE_S
                or _readable(conn)):
            ConnectionPool.check_connection(conn)

    @staticmethod
    def used(conn: psycopg.Connection) -> None:
        conn.umpire_used = time.monotonic()


def _readable(conn: psycopg.Connection) -> bool:
    poll = select.poll()
    poll.register(conn.fileno(), select.POLLIN)
    return bool(poll.poll(0))


@contextmanager
def _errors() -> Iterator[None]:
    try:
        yield
    except (pgerr.LockNotAvailable, pgerr.DeadlockDetected) as exc:  # rolled back; safe to retry
        raise LockTimeout(str(exc)) from exc
    except psycopg.OperationalError as exc:  # connection refused or lost, pool timeout, server shutdown
        raise StoreUnavailable(str(exc)) from exc


class _Replayed(Exception):
    """Rolls back a create whose keyed append turned out to be a replay."""

    def __init__(self, result: AppendResult):
        self.result = result


class PostgresStore(base.CreateGame, base.WriteOnce):
    MARK = "%s"

    def __init__(
        self,
        url: str,
        *,
        min_size: int = 1,
        max_size: int = 10,
        lock_timeout: float = base.LOCK_TIMEOUT_S,
        pool_timeout: float = 10.0,
        group_commit: bool = True,
        fold_lock_timeout: float = FOLD_LOCK_TIMEOUT_S,
    ):
        options = f"-c lock_timeout={int(lock_timeout * 1000)} -c idle_in_transaction_session_timeout={_IDLE_IN_TRANSACTION_MS}"
        connect = {"autocommit": True, **pgnet.connection_kwargs(url, options)}  # TCP timeouts: a lost host's locks go in seconds
        self._check = check = ConnectionCheck()

        def pool(name: str, low: int, high: int) -> ConnectionPool:
            return ConnectionPool(url, min_size=low, max_size=high, timeout=pool_timeout, check=check, open=True,
                                  kwargs=connect, name=name)

        self._pool = pool("umpire-eventstore", min_size, max_size)
        # Appends have a pool of their own, as small as their concurrency: the pool hands out its
        # least recently used connection, and a backend that has slept through a few dozen others'
        # turns answers markedly slower (cold caches, a slower wake-up) than the one used last;
        # a lone writer keeps one warm connection, group commit at most one per lane.
        lanes = _APPEND_LANES if group_commit else max_size
        self._append_pool = pool("umpire-eventstore-append", 1, lanes)
        self._group = GroupCommit(self._run_batch, lanes=lanes) if group_commit else None
        self._url = url
        self._lock_timeout = lock_timeout
        self._fold_lock_ms = f"{int(min(lock_timeout, fold_lock_timeout) * 1000)}ms"
        self._lock_ms = f"{int(lock_timeout * 1000)}ms"
        self._feed: RulingFeed | None = None
        self._feed_lock = threading.Lock()

    def close(self) -> None:
        if self._feed is not None:
            self._feed.close()
        self._pool.close()
        self._append_pool.close()

    @contextmanager
    def _conn(self, pool: ConnectionPool | None = None) -> Iterator[psycopg.Connection]:
        try:
            with _errors(), (pool or self._pool).connection() as conn:
                try:
                    yield conn
                finally:
                    self._check.used(conn)
        except StoreUnavailable as exc:
            if not isinstance(exc, LockTimeout):
                self._check.failed()
            raise

    def ruling_feed(self) -> RulingFeed:
        """This process's listener for committed folds (started on first use)."""
        with self._feed_lock:
            if self._feed is None:
                self._feed = RulingFeed(self._url)
            return self._feed

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

    def create_streams(
        self,
        streams: Sequence[NewStream],
        *,
        then: StreamAppend | None = None,
        idem: Idempotency | None = None,
        tokens: Sequence[TokenRow] = (),
    ) -> AppendResult:
        keyed = then.game_id if then is not None else streams[0].game_id
        appends = [pgappend.prepare(new.game_id, [new.genesis], 0, idem if then is None and i == 0 else None)
                   for i, new in enumerate(streams)]
        if then is not None:
            appends.append(pgappend.prepare(then.game_id, then.events, then.expected_version, idem))
        if not appends:
            raise ValueError("create_streams needs a stream or an append")
        now = appends[0].append.recorded_at
        with self._conn() as conn:
            if idem is not None and (stored := self._stored_key(conn, idem)) is not None:
                return base.replay_of(idem, keyed, stored)
            try:
                with conn.transaction():
                    for new in streams:
                        created = conn.execute(
                            "INSERT INTO game_stream VALUES (%s, %s, %s, 0, %s, %s) ON CONFLICT DO NOTHING RETURNING 1",
                            (new.game_id, new.ruleset, new.pack_hash, chain.GENESIS, now),
                        ).fetchone()
                        if created is None:
                            raise GameExists(new.game_id)
                        p = new.projection or base.NEW_PROJECTION
                        conn.execute(
                            "INSERT INTO projection VALUES (%s, %s, %s, %s, %s, %s, %s)",
                            (new.game_id, p.version, p.adjudicated, p.status, p.summary, p.state, now),
                        )
                        if new.secrets:
                            conn.cursor().executemany(
                                "INSERT INTO secret VALUES (%s, %s, %s)", [(new.game_id, k, v) for k, v in new.secrets.items()]
                            )
                    outcomes = [pgappend.raise_or_return(o) for o in pgappend.call(conn, appends)]
                    result = outcomes[-1] if then is not None else outcomes[0]
                    if result.replayed:  # a concurrent retry with the key committed first: write nothing
                        raise _Replayed(result)
                    if tokens:
                        conn.cursor().executemany(
                            f"INSERT INTO api_token ({', '.join(TokenRow.__struct_fields__)})"
                            f" VALUES ({', '.join(['%s'] * len(TokenRow.__struct_fields__))})",
                            [msgspec.structs.astuple(t) for t in tokens],
                        )
            except _Replayed as replay:
                return replay.result
            except GameExists:
                # A retry of a create that already committed (possibly concurrently) is a replay.
                stored = self._stored_key(conn, idem) if idem is not None else None
                if stored is None:
                    raise
                return base.replay_of(idem, keyed, stored)  # type: ignore[arg-type]
            return result

    def append(
        self,
        game_id: str,
        events: Sequence[NewEvent],
        *,
        expected_version: int | None = None,
        idem: Idempotency | None = None,
    ) -> AppendResult:
        append = pgappend.prepare(game_id, events, expected_version, idem)
        if self._group is not None:
            return pgappend.raise_or_return(self._group.submit(append))
        return pgappend.raise_or_return(self._run_batch([append])[0])

    def _run_batch(self, appends: Sequence[pgappend.Pending]) -> list[AppendResult | Exception]:
        try:
            with self._conn(self._append_pool) as conn:
                return pgappend.call_lean(conn, appends)
        except LockTimeout:
            if len(appends) == 1:
                raise
        # One append's wait sank the batch (nothing was written): give each its own chance.
        outcomes: list[AppendResult | Exception] = []
        for a in appends:
            try:
                outcomes.extend(self._run_batch([a]))
            except LockTimeout as exc:
                outcomes.append(exc)
        return outcomes

    @staticmethod
    def _stored_key(conn: psycopg.Connection, idem: Idempotency) -> tuple | None:
        return conn.execute(
            "SELECT game_id, request_hash, first_version, last_version FROM command WHERE principal = %s AND key = %s",
            (idem.principal, idem.key),
        ).fetchone()

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
        """Events in position order, up to the horizon (migrations/postgres/0003): an event committed
        above it may still get a lower neighbour, so it is held back until the transactions before
        it end (appends in flight, a fold adjudicating), waiting at most the lock timeout; then the
        page stops short of it and a later read returns it."""
        deadline, pause = time.monotonic() + self._lock_timeout, 0.001
        with self._conn() as conn:
            cur = conn.cursor(row_factory=tuple_row)
            while True:
                rows = cur.execute(_READ_ALL, (after_position, limit)).fetchall()
                final = [_stored(row) for row in itertools.takewhile(lambda row: not row[-1], rows)]
                if len(final) == len(rows) or time.monotonic() + pause > deadline:
                    return final
                time.sleep(pause)
                pause = min(pause * 2, 0.02)

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
    def fold(self, game_id: str, *, known_state: bytes | None = None) -> Iterator[_PostgresFold]:
        # Pipeline mode: BEGIN travels with the lock's SELECT, and the projection's UPDATE with the
        # COMMIT, so a fold costs four round trips (lock, read, append, write+commit), not six.
        with self._conn() as conn, conn.pipeline(), conn.transaction():
            # Blocking lock, its wait bounded by FOLD_LOCK_TIMEOUT_S (then LockTimeout: the caller
            # retries); never SKIP LOCKED: a skipped nudge is a lost one. Both settings travel in the
            # pipeline with the lock's SELECT: no round trip of their own.
            conn.execute("SELECT set_config('lock_timeout', %s, true)", (self._fold_lock_ms,))
            if known_state is None:
                projection = self._projection_on(conn, game_id, " FOR UPDATE")
            else:
                projection = self._known_projection_on(conn, game_id, known_state)
            conn.execute("SELECT set_config('lock_timeout', %s, true)", (self._lock_ms,))
            yield _PostgresFold(self, conn, game_id, projection)

    @staticmethod
    def _known_projection_on(conn: psycopg.Connection, game_id: str, known: bytes) -> Projection:
        """The locked projection, its state fetched only when it is not `known` (compared by digest:
        a B&P state is ~40 kB, sent by the server on every fold otherwise)."""
        row = conn.execute(
            "SELECT version, adjudicated, status, summary, CASE WHEN held THEN NULL ELSE state END, held"
            " FROM (SELECT p.*, coalesce(sha256(state) = %s, false) AS held FROM projection p"
            " WHERE game_id = %s FOR UPDATE) p",
            (hashlib.sha256(known).digest(), game_id),
        ).fetchone()
        if row is None:
            raise UnknownGame(game_id)
        version, adjudicated, status, summary, state, held = row
        return Projection(version=version, adjudicated=adjudicated, status=status, summary=summary,
                          state=known if held else state)

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
                " WHERE p.version < s.version AND p.status NOT IN ('halted', 'tournament') ORDER BY s.game_id LIMIT %s",
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


class _PostgresFold:
    def __init__(self, store: PostgresStore, conn: psycopg.Connection, game_id: str, projection: Projection):
        self._store, self._conn, self._game_id = store, conn, game_id
        self.projection = projection
        self._appended = False

    def events(self, after: int, *, limit: int | None = None) -> list[StoredEvent]:
        return self._store._read_on(self._conn, self._game_id, after=after, limit=limit)

    def append(
        self, events: Sequence[NewEvent], *, expected_version: int | None = None, idem: Idempotency | None = None
    ) -> AppendResult:
        append = pgappend.prepare(self._game_id, events, expected_version, idem)
        if self._appended or idem is not None:  # the lean statement numbers a transaction's first events only
            return pgappend.raise_or_return(pgappend.call(self._conn, [append])[0])
        self._appended = True  # later appends go through `call`, whose position probe follows these events
        return pgappend.raise_or_return(pgappend.lean_in_transaction(self._conn, append))

    def write(self, projection: Projection) -> None:
        base.check_projection_write(self.projection, projection)
        # The state the fold read, unchanged (a fold of rejections only): the row holds these bytes,
        # so they are not sent back to be stored (and WAL-logged) again.
        same = projection.state is not None and projection.state is self.projection.state
        state = "" if same else ", state = %s"
        self._conn.execute(  # the notification is delivered when (and if) the fold commits
            f"WITH u AS (UPDATE projection SET version = %s, adjudicated = %s, status = %s, summary = %s{state},"
            " updated_at = %s WHERE game_id = %s RETURNING game_id)"
            f" SELECT pg_notify('{CHANNEL}', game_id) FROM u",
            (projection.version, projection.adjudicated, projection.status, projection.summary,
             *(() if same else (projection.state,)), base.utc_now(), self._game_id),
        )
        self.projection = projection
