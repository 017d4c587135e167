"""Webhooks and their deliveries, kept in the event store's database (migration 0300_webhook.sql).

A delivery is one notice for one webhook, keyed by the notice's key, so enqueuing the same notice
again changes nothing; every attempt to POST it is recorded. Same connections as the tokens
(infra/auth.py): SQLite one per thread, PostgreSQL a small pool.
"""
from __future__ import annotations

import secrets
from typing import Any, Iterable, NamedTuple

import msgspec

from infra.auth import _NoSuchGame, _Postgres, _Sqlite
from infra.eventstore.base import utc_now
from infra.eventstore.errors import UnknownGame


class Webhook(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    tournament_id: str
    entrant_id: str | None
    url: str
    secret: bytes
    created_by: str
    created_at: str


class Delivery(NamedTuple):
    webhook: Webhook
    key: str
    kind: str
    payload: bytes
    attempts: int


_HOOK = "id, tournament_id, entrant_id, url, secret, created_by, created_at"


class Webhooks:
    def __init__(self, db: _Sqlite | _Postgres):
        self._db = db

    def _sql(self, statement: str) -> str:
        return statement.replace("?", self._db.placeholder)

    def register(self, tournament_id: str, url: str, *, entrant_id: str | None, by: str) -> Webhook:
        hook = Webhook(id=secrets.token_hex(8), tournament_id=tournament_id, entrant_id=entrant_id, url=url,
                       secret=secrets.token_bytes(32), created_by=by, created_at=utc_now())
        try:
            with self._db.tx() as conn:
                conn.execute(self._sql(f"INSERT INTO webhook ({_HOOK}) VALUES (?, ?, ?, ?, ?, ?, ?)"),
                             msgspec.structs.astuple(hook))
        except _NoSuchGame:
            raise UnknownGame(tournament_id) from None
        return hook

    def hooks(self, tournament_id: str | None = None) -> list[Webhook]:
        where, args = ("WHERE tournament_id = ?", (tournament_id,)) if tournament_id else ("", ())
        with self._db.tx(write=False) as conn:
            rows = conn.execute(self._sql(f"SELECT {_HOOK} FROM webhook {where} ORDER BY created_at, id"), args).fetchall()
        return [Webhook(**dict(zip(Webhook.__struct_fields__, (*r[:4], bytes(r[4]), *r[5:])))) for r in rows]

    def enqueue(self, hook: Webhook, notices: Iterable[tuple[str, str, bytes]], now: float) -> int:
        """(key, kind, payload) for `hook`, each once; returns how many were new."""
        new = 0
        with self._db.tx() as conn:
            for key, kind, payload in notices:
                cur = conn.execute(self._sql("INSERT INTO webhook_delivery VALUES (?, ?, ?, ?, 'pending', 0, ?, ?)"
                                             " ON CONFLICT DO NOTHING"), (hook.id, key, kind, payload, now, utc_now()))
                new += cur.rowcount if cur.rowcount > 0 else 0
        return new

    def due(self, now: float, limit: int = 100) -> list[Delivery]:
        hooks = {h.id: h for h in self.hooks()}
        with self._db.tx(write=False) as conn:
            rows = conn.execute(self._sql("SELECT webhook_id, key, kind, payload, attempts FROM webhook_delivery"
                                          " WHERE status = 'pending' AND next_at <= ? ORDER BY next_at LIMIT ?"),
                                (now, limit)).fetchall()
        return [Delivery(hooks[r[0]], r[1], r[2], bytes(r[3]), r[4]) for r in rows if r[0] in hooks]

    def attempted(self, d: Delivery, *, http_status: int | None, error: str, ok: bool, next_at: float | None) -> None:
        """Record the attempt; the delivery is done (ok), retried at `next_at`, or failed (`next_at` None)."""
        status = "delivered" if ok else ("pending" if next_at is not None else "failed")
        with self._db.tx() as conn:
            conn.execute(self._sql("INSERT INTO webhook_attempt VALUES (?, ?, ?, ?, ?, ?)"),
                         (d.webhook.id, d.key, d.attempts + 1, utc_now(), http_status, error))
            conn.execute(self._sql("UPDATE webhook_delivery SET status = ?, attempts = ?, next_at = ?"
                                   " WHERE webhook_id = ? AND key = ?"),
                         (status, d.attempts + 1, next_at if next_at is not None else 0.0, d.webhook.id, d.key))

    def deliveries(self, tournament_id: str) -> list[dict[str, Any]]:
        """Every delivery of the tournament's webhooks, with its attempts (for the organiser)."""
        with self._db.tx(write=False) as conn:
            rows = conn.execute(self._sql(
                "SELECT d.webhook_id, w.url, w.entrant_id, d.key, d.kind, d.status, d.attempts, d.created_at"
                " FROM webhook_delivery d JOIN webhook w ON w.id = d.webhook_id WHERE w.tournament_id = ?"
                " ORDER BY d.created_at, d.key"), (tournament_id,)).fetchall()
            tries = conn.execute(self._sql(
                "SELECT a.webhook_id, a.key, a.attempt, a.at, a.http_status, a.error FROM webhook_attempt a"
                " JOIN webhook w ON w.id = a.webhook_id WHERE w.tournament_id = ? ORDER BY a.attempt"),
                (tournament_id,)).fetchall()
        attempts: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for w, k, n, at, status, error in tries:
            attempts.setdefault((w, k), []).append({"attempt": n, "at": at, "http_status": status, "error": error})
        return [{"webhook": w, "url": url, "entrant": e, "key": k, "type": kind, "status": status, "attempts": attempts.get((w, k), []),
                 "created_at": created} for w, url, e, k, kind, status, _, created in rows]

    def close(self) -> None:
        self._db.close()


def open_webhooks(url: str, *, timeout: float = 5.0) -> Webhooks:
    """Webhooks in the event store at `url` (which must have migrated it); SQLite or PostgreSQL."""
    if url.startswith("sqlite:///"):
        return Webhooks(_Sqlite(url.removeprefix("sqlite:///"), timeout))
    if url.startswith(("postgresql://", "postgres://")):
        return Webhooks(_Postgres(url, timeout))
    raise ValueError(f"no webhook store for {url!r}")
