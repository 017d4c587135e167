"""Webhooks (issue 20, item 6): an entrant or the organiser registers a URL; Umpire POSTs it the
same notices `GET /v1/me/stream` sends (services/notices.py; the organiser's: every round and
game), each once, signed: `Umpire-Signature: sha256=<hex HMAC-SHA256 of the body under the
webhook's secret>` (the secret is shown once, at registration). A delivery that does not get a 2xx
is retried with backoff (1, 2, 4 ... 60 s) up to MAX_ATTEMPTS; every attempt is recorded and listed
for the organiser (`GET /v1/tournaments/{id}/deliveries`). The clock's tick runs `Deliverer.tick`:
Celery beat in server mode, the embedded runner's timer in `make run` mode."""
from __future__ import annotations

import hashlib
import hmac
import logging
import time
from typing import Any, Callable

import httpx
import msgspec

from infra.webhooks import Delivery, Webhook, Webhooks
from services.notices import Watch
from services.queries import Queries

log = logging.getLogger("umpire.webhooks")
MAX_ATTEMPTS = 8
TIMEOUT_S = 5.0


def sign(secret: bytes, body: bytes) -> str:
    return "sha256=" + hmac.new(secret, body, hashlib.sha256).hexdigest()


def backoff(attempts: int) -> float:
    return float(min(2 ** (attempts - 1), 60))


class WebhookService:
    """Registering webhooks (a command) and listing deliveries (a query), for the routes."""

    def __init__(self, hooks: Webhooks | None, queries: Queries):
        self.hooks, self.queries = hooks, queries

    def register(self, tournament_id: str, url: str, *, entrant_id: str | None, by: str) -> Webhook:
        self.queries.tournaments.log.get(tournament_id)  # UnknownTournament
        return self._store().register(tournament_id, url, entrant_id=entrant_id, by=by)

    def deliveries(self, tournament_id: str) -> list[dict[str, Any]]:
        self.queries.tournaments.log.get(tournament_id)
        return self._store().deliveries(tournament_id)

    def _store(self) -> Webhooks:
        if self.hooks is None:
            raise NoWebhooks()
        return self.hooks


class NoWebhooks(RuntimeError):
    """This store has no webhook tables (the in-memory store of tests)."""


class Deliverer:
    def __init__(self, hooks: Webhooks, queries: Queries, *, now: Callable[[], float] = time.time,
                 client: httpx.Client | None = None):
        self.hooks, self.queries, self.now = hooks, queries, now
        self.http = client or httpx.Client(timeout=TIMEOUT_S)
        self._watches: dict[str, Watch] = {}

    def tick(self) -> int:
        """Enqueue the notices each webhook has not had, then POST what is due; returns attempts made."""
        now = self.now()
        for hook in self.hooks.hooks():
            watch = self._watches.setdefault(hook.id, Watch(self.queries, tournament_id=hook.tournament_id,
                                                            entrant_id=hook.entrant_id))
            fresh = watch.poll()
            if fresh:
                self.hooks.enqueue(hook, [(n.key, n.kind, msgspec.json.encode(
                    {"type": n.kind, "key": n.key, "tournament": hook.tournament_id, "data": n.data})) for n in fresh], now)
        due = self.hooks.due(now)
        for d in due:
            self._post(d, now)
        return len(due)

    def _post(self, d: Delivery, now: float) -> None:
        headers = {"Content-Type": "application/json", "Umpire-Signature": sign(d.webhook.secret, d.payload),
                   "Umpire-Delivery": d.key, "Umpire-Event": d.kind}
        status, error = None, ""
        try:
            r = self.http.post(d.webhook.url, content=d.payload, headers=headers)
            status = r.status_code
            ok = 200 <= r.status_code < 300
            error = "" if ok else f"HTTP {r.status_code}"
        except httpx.HTTPError as exc:
            ok, error = False, f"{type(exc).__name__}: {exc}"
        attempts = d.attempts + 1
        retry = None if ok or attempts >= MAX_ATTEMPTS else now + backoff(attempts)
        self.hooks.attempted(d, http_status=status, error=error, ok=ok, next_at=retry)
        if not ok:
            log.info("webhook %s: %s attempt %d failed (%s)%s", d.webhook.id, d.key, attempts, error,
                     "" if retry else "; given up")
