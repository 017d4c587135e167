"""API tokens for organisers, referees and seats, kept in the event store's database.

A token reads `umpire_<id>_<secret>`. The id finds the row; the secret is kept only as SHA-256
(it has 256 bits of entropy, so a plain hash cannot be reversed) and compared in constant time.
The table comes from the store's migrations (`0100_api_token.sql`): open the event store first.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import sqlite3
import threading
from contextlib import contextmanager
from typing import Any, Iterator, NamedTuple

import msgspec

from infra.eventstore.base import utc_now
from infra.eventstore.errors import StoreUnavailable, UnknownGame
from infra.eventstore.types import TokenRow

ROLES = ("organiser", "referee", "seat", "entrant")
_TOKEN = re.compile(r"umpire_([0-9a-f]{16})_([A-Za-z0-9_-]{43})")
_COLUMNS = "id, role, name, game_id, seat, created_at, revoked_at, tournament_id, entrant_id"


class Token(msgspec.Struct, frozen=True, kw_only=True):
    """A token's record; never holds the secret."""

    id: str
    role: str
    name: str
    game_id: str | None = None
    seat: str | None = None
    created_at: str
    revoked_at: str | None = None
    tournament_id: str | None = None  # an entrant's token: the tournament and the entrant it acts for
    entrant_id: str | None = None


class Issued(NamedTuple):
    token: str  # shown once, to whoever asked for it
    record: Token


def _digest(secret: str) -> bytes:
    return hashlib.sha256(secret.encode()).digest()


def token_id(token: str) -> str | None:
    """The public id of a well-formed token, else None."""
    m = _TOKEN.fullmatch(token)
    return m.group(1) if m else None


def new_token(role: str, name: str, *, game_id: str | None = None, seat: str | None = None,
              tournament_id: str | None = None, entrant_id: str | None = None) -> tuple[Issued, TokenRow]:
    """A token and the row that stores it, for a caller that writes the row in its own transaction
    (a round's games and their seats' tokens are one transaction: `EventStore.create_streams`)."""
    if role not in ROLES:
        raise ValueError(f"role must be one of {ROLES}, not {role!r}")
    tid, secret = secrets.token_hex(8), secrets.token_urlsafe(32)
    record = Token(id=tid, role=role, name=name, game_id=game_id, seat=seat, created_at=utc_now(),
                   tournament_id=tournament_id, entrant_id=entrant_id)
    row = TokenRow(secret_hash=_digest(secret), **msgspec.structs.asdict(record))
    return Issued(token=f"umpire_{tid}_{secret}", record=record), row


class _Sqlite:
    """One connection per thread (the API's thread pool reuses its threads)."""

    placeholder = "?"

    def __init__(self, path: str, timeout: float):
        self._path = path
        self._timeout = timeout
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._guard = threading.Lock()

    @contextmanager
    def tx(self, write: bool = True) -> Iterator[Any]:
        """A write transaction (the database write lock), or for `write=False` plain autocommit
        reads that never wait for writers (WAL)."""
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False, timeout=self._timeout)
            conn.execute("PRAGMA foreign_keys = ON")
            self._local.conn = conn
            with self._guard:
                self._all.append(conn)
        try:
            if not write:
                yield conn
                return
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.rollback()
                raise
            conn.execute("COMMIT")
        except sqlite3.IntegrityError as exc:
            raise _integrity(exc) from exc
        except sqlite3.OperationalError as exc:
            raise StoreUnavailable(str(exc)) from exc

    def close(self) -> None:
        with self._guard:
            for conn in self._all:
                conn.close()
            self._all.clear()


class _Postgres:
    placeholder = "%s"

    def __init__(self, url: str, timeout: float):
        from psycopg_pool import ConnectionPool

        from infra import pgnet
        from infra.eventstore.postgres import ConnectionCheck

        self._check = ConnectionCheck()
        self._pool = ConnectionPool(url, min_size=1, max_size=4, timeout=timeout,
                                    kwargs={"autocommit": True, **pgnet.connection_kwargs(url)},
                                    check=self._check, open=True, name="umpire-tokens")

    @contextmanager
    def tx(self, write: bool = True) -> Iterator[Any]:
        import psycopg

        try:
            with self._pool.connection() as conn:
                try:
                    if not write:
                        yield conn
                        return
                    with conn.transaction():
                        yield conn
                finally:
                    self._check.used(conn)
        except psycopg.IntegrityError as exc:
            raise _integrity(exc) from exc
        except (psycopg.OperationalError, OSError) as exc:  # also the pool's timeout
            self._check.failed()
            raise StoreUnavailable(str(exc)) from exc

    def close(self) -> None:
        self._pool.close()


class _NoSuchGame(Exception):
    """The only foreign key names the game; callers turn this into UnknownGame(their game id)."""


def _integrity(exc: Exception) -> Exception:
    return _NoSuchGame() if "foreign key" in str(exc).lower() else exc


class Tokens:
    def __init__(self, db: _Sqlite | _Postgres):
        self._db = db

    def _sql(self, statement: str) -> str:
        return statement.replace("?", self._db.placeholder)

    def _insert(self, conn, role: str, name: str, game_id: str | None, seat: str | None) -> Issued:
        issued, row = new_token(role, name, game_id=game_id, seat=seat)
        conn.execute(self._sql(f"INSERT INTO api_token ({', '.join(TokenRow.__struct_fields__)})"
                               f" VALUES ({', '.join('?' * len(TokenRow.__struct_fields__))})"),
                     msgspec.structs.astuple(row))
        return issued

    def create(self, role: str, name: str, *, game_id: str | None = None, seat: str | None = None) -> Issued:
        try:
            with self._db.tx() as conn:
                return self._insert(conn, role, name, game_id, seat)
        except _NoSuchGame:
            raise UnknownGame(str(game_id)) from None

    def issue_seats(self, game_id: str, seats: tuple[str, ...] | list[str]) -> dict[str, Issued]:
        """One token per seat of a new game, replacing any live one (the seat's name is its id)."""
        try:
            with self._db.tx() as conn:
                out = {}
                for seat in seats:
                    conn.execute(self._sql("UPDATE api_token SET revoked_at = ? WHERE role = 'seat' AND game_id = ?"
                                           " AND seat = ? AND revoked_at IS NULL"), (utc_now(), game_id, seat))
                    out[seat] = self._insert(conn, "seat", seat, game_id, seat)
                return out
        except _NoSuchGame:
            raise UnknownGame(game_id) from None

    def verify(self, token: str) -> Token | None:
        """The live token this string is, else None."""
        m = _TOKEN.fullmatch(token)
        if m is None:
            return None
        with self._db.tx(write=False) as conn:
            row = conn.execute(self._sql(f"SELECT secret_hash, {_COLUMNS} FROM api_token WHERE id = ?"),
                               (m.group(1),)).fetchone()
        if row is None or not hmac.compare_digest(bytes(row[0]), _digest(m.group(2))):
            return None
        record = Token(**dict(zip(Token.__struct_fields__, row[1:])))
        return None if record.revoked_at else record

    def revoke(self, token_or_id: str) -> bool:
        tid = token_id(token_or_id) or token_or_id
        with self._db.tx() as conn:
            cur = conn.execute(self._sql("UPDATE api_token SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL"),
                               (utc_now(), tid))
            return cur.rowcount == 1

    def list(self, *, role: str | None = None, live: bool = True) -> list[Token]:
        where = ["1 = 1"] + (["role = ?"] if role else []) + (["revoked_at IS NULL"] if live else [])
        with self._db.tx(write=False) as conn:
            rows = conn.execute(self._sql(f"SELECT {_COLUMNS} FROM api_token WHERE {' AND '.join(where)}"
                                          " ORDER BY created_at, id"), (role,) if role else ()).fetchall()
        return [Token(**dict(zip(Token.__struct_fields__, r))) for r in rows]

    def ping(self) -> None:
        """Raises StoreUnavailable unless the token table answers."""
        with self._db.tx(write=False) as conn:
            conn.execute("SELECT 1 FROM api_token LIMIT 1").fetchall()

    def close(self) -> None:
        self._db.close()


def open_tokens(url: str, *, timeout: float = 5.0) -> Tokens:
    """Tokens in the event store at `url` (same URL forms as `open_store`, which must have migrated it).
    `timeout`: how long a call waits for the database before StoreUnavailable."""
    if url.startswith("sqlite:///"):
        return Tokens(_Sqlite(url.removeprefix("sqlite:///"), timeout))
    if url.startswith(("postgresql://", "postgres://")):
        return Tokens(_Postgres(url, timeout))
    raise ValueError(f"no token store for {url!r}")
