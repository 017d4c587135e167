"""The Celery app of server mode: a doorbell per game, the decider behind it.

A message carries only a game id; the fold reads everything else from the database under the
projection row lock, so duplicate, lost, late or reordered messages change nothing
(reference/event-store-and-workers.md §3). Tasks:

    umpire.fold(game_id)         one game; sent round again while commands are left, retried on a lock timeout
    umpire.fold_many(game_ids)   several games in one task: what the sweep sends when nudges piled up
    umpire.sweep()               beat, every UMPIRE_SWEEP_SECONDS: folds games whose projection lags
    umpire.ping()                does nothing: the round-trip baseline of bench/bench_worker.py

A game has at most one fold message queued or running (services/worker/flight.py): the fold queue
holds distinct games, each served one fold's batch in turn, so a game flooded with orders never
keeps another game's ruling waiting behind its backlog.

Run with `umpire worker` and `umpire beat` (services/cli/server.py): `celery -A services.bootstrap`,
whose `app` is `make_app` with the composition root's `build_games`. Without a `build_games` the
app only sends tasks by name (the API's nudge, the benches); it runs none.
"""
from __future__ import annotations

import logging
import os
import random
import socket
import time
from typing import Any, Callable

from celery import Celery, signals
from celery.exceptions import SoftTimeLimitExceeded
from kombu import Exchange, Queue

from infra.eventstore import LockTimeout, StoreUnavailable, UnknownGame
from infra.webhooks import open_webhooks
from services.clocks import Clocks
from services.config import Settings
from services.games import Games
from services.queries import Queries
from services.tournaments import Tournaments
from services.webhooks import Deliverer
from services.worker.flight import Flights
from services.worker.fold import FoldResult, fold_game

log = logging.getLogger("umpire.worker")

FOLD_QUEUE = "umpire.folds"  # folds only: slow work (exports, replays) must never queue ahead of them
DEFAULT_QUEUE = "umpire.default"
VISIBILITY_TIMEOUT = 3600  # s; redelivery of an unacked message. Every time limit below stays far under it
TIME_LIMIT = 120  # s, hard: the pool kills the child. A fold is bounded well below (budget + one ruling)
SOFT_TIME_LIMIT = 90  # s
FOLD_MANY_BUDGET = 30.0  # s; fold_many passes the games it did not reach to a fresh task
SWEEP_LIMIT = 1000  # lagging games re-nudged per sweep
SWEEP_CHUNK = 16  # games per fold_many
VERIFY_EVERY_SECONDS = 24 * 3600  # every finished game re-verified daily
MAX_RETRIES = 8  # lock timeouts and outages; after that the sweep takes over


# A broker connection whose peer vanished (a pulled cable: no FIN, no RST) is noticed in seconds, not
# when TCP gives up (~15 min): a command unanswered for socket_timeout fails (and is retried on a new
# connection), keepalives probe an idle one, and kombu drops a BRPOP whose reply is overdue by
# health_check_interval (after brpop_timeout, 1 s), so a worker that was cut off and is back consumes
# again within ~brpop_timeout + 2 x health_check_interval. BRPOP waits 1 s server-side: far under
# socket_timeout, so a quiet queue never trips it.
BROKER_SOCKET_TIMEOUT = 5.0  # s
BROKER_HEALTH_CHECK_INTERVAL = 5  # s
_KEEPALIVE = {name: value for name, value in (("TCP_KEEPIDLE", 5), ("TCP_KEEPINTVL", 2), ("TCP_KEEPCNT", 3))
              if hasattr(socket, name)}


def broker_network_options() -> dict[str, Any]:
    return {"socket_timeout": BROKER_SOCKET_TIMEOUT, "socket_keepalive": True,
            "socket_keepalive_options": {getattr(socket, name): value for name, value in _KEEPALIVE.items()},
            "health_check_interval": BROKER_HEALTH_CHECK_INTERVAL}


def celery_config(settings: Settings) -> dict[str, Any]:
    transport = {"visibility_timeout": VISIBILITY_TIMEOUT, "socket_connect_timeout": 2, **broker_network_options()}
    return {
        "broker_url": settings.redis_url,
        "broker_transport_options": transport,
        "result_backend_transport_options": {"visibility_timeout": VISIBILITY_TIMEOUT},
        "visibility_timeout": VISIBILITY_TIMEOUT,  # the docs set it in all three places; the shortest wins
        "broker_connection_retry_on_startup": True,
        "task_acks_late": True,  # a fold killed mid-way is redelivered ...
        "task_reject_on_worker_lost": True,  # ... even when its process died (folds are idempotent)
        "worker_prefetch_multiplier": 1,  # no message ages in a prefetch buffer towards the visibility timeout
        "worker_cancel_long_running_tasks_on_connection_loss": True,
        "worker_soft_shutdown_timeout": 10.0,  # on TERM, finish or requeue what is running
        "worker_enable_soft_shutdown_on_idle": True,
        "task_time_limit": TIME_LIMIT,
        "task_soft_time_limit": SOFT_TIME_LIMIT,
        "task_serializer": "json",
        "result_serializer": "json",
        "accept_content": ["json"],
        "task_ignore_result": True,
        "task_queues": tuple(Queue(q, Exchange(q, type="direct"), routing_key=q) for q in (FOLD_QUEUE, DEFAULT_QUEUE)),
        "task_default_queue": DEFAULT_QUEUE,
        "task_routes": {name: {"queue": FOLD_QUEUE, "routing_key": FOLD_QUEUE} for name in ("umpire.fold", "umpire.fold_many")},
        "beat_schedule": {
            "umpire.sweep": {"task": "umpire.sweep", "schedule": settings.sweep_seconds,
                             "options": {"expires": max(settings.sweep_seconds, 1.0)}},  # sweeps do not pile up
            "umpire.tournaments": {"task": "umpire.tournaments", "schedule": settings.clock_seconds,
                                   "options": {"expires": max(settings.clock_seconds, 1.0)}},
            "umpire.verify_finished": {"task": "umpire.verify_finished", "schedule": VERIFY_EVERY_SECONDS},
        },
        "worker_hijack_root_logger": True,
    }


def backoff(retries: int) -> float:
    """Seconds before retry `retries` + 1: exponential from 0.5 s, capped, jittered."""
    return min(30.0, 0.5 * 2**retries) * random.uniform(0.5, 1.0)


class _Process:
    """The service objects of one worker process, built on first use: after the prefork fork,
    never before (a connection pool must not cross a fork)."""

    def __init__(self, settings: Settings, build_games: Callable[[Settings], Games]):
        self.settings = settings
        self._build = build_games
        self._games: Games | None = None
        self._clocks: Clocks | None = None
        self._deliverer: Deliverer | None = None
        self._flights: Flights | None = None
        self._pid = 0

    @property
    def games(self) -> Games:
        if self._games is None or self._pid != os.getpid():
            self._games, self._pid = self._build(self.settings), os.getpid()
            self._clocks = None
            self._flights = Flights.from_url(self.settings.redis_url)
        return self._games

    @property
    def flights(self) -> Flights:
        _ = self.games  # made with the games, after the fork
        assert self._flights is not None
        return self._flights

    # The flight counter only decides whether to send a message; when Redis cannot say, send (a
    # duplicate fold is harmless, a missing one waits for the sweep).
    def nudged(self, game_id: str) -> bool:
        try:
            return self.flights.nudged(game_id)
        except Exception as exc:
            log.warning("flight counter of %s unavailable (%s); sending the fold", game_id, exc)
            return True

    def begin(self, game_id: str) -> None:
        try:
            self.flights.begin(game_id)
        except Exception as exc:
            log.warning("flight counter of %s unavailable (%s); folding regardless", game_id, exc)

    def lost(self, lagging: list[str]) -> list[str]:
        """The lagging games the sweep must fold: not those whose fold is on its way (queued or
        begun within two sweeps; an older counter may be a lost message's, and is folded)."""
        try:
            moving = self.flights.in_flight(lagging, fresh_seconds=max(2 * self.settings.sweep_seconds, 2.0))
        except Exception as exc:
            log.warning("flight counters unavailable (%s); the sweep folds every lagging game", exc)
            return lagging
        return [g for g in lagging if g not in moving]

    def end(self, game_id: str, result: FoldResult | None) -> bool:
        """Whether to send the game round again (to the back of the fold queue)."""
        try:
            return self.flights.end(game_id, more=result is not None and result.more)
        except Exception as exc:
            log.warning("flight counter of %s unavailable (%s); sending the game round again", game_id, exc)
            return True

    @property
    def clocks(self) -> Clocks:
        games = self.games
        if self._clocks is None:
            self._clocks = Clocks(Tournaments(games))
            self._deliverer = Deliverer(open_webhooks(self.settings.store_url), Queries(games))
        return self._clocks

    @property
    def deliverer(self) -> Deliverer:
        _ = self.clocks  # the deliverer is built with the clocks, after the fork
        assert self._deliverer is not None
        return self._deliverer

    def fold(self, game_id: str) -> FoldResult | None:
        try:
            result = fold_game(self.games, game_id, ruling_seconds=self.settings.ruling_seconds,
                               passthrough=(SoftTimeLimitExceeded,))
        except UnknownGame:
            log.error("fold of unknown game %s dropped", game_id)
            return None
        if result.ruled:
            log.info("game %s: ruled %d, status %s%s", game_id, result.ruled, result.status,
                     ", more to come" if result.more else "")
        return result


def make_app(settings: Settings, build_games: Callable[[Settings], Games] | None = None) -> Celery:
    if not settings.redis_url:
        raise ValueError("server mode needs UMPIRE_REDIS_URL (redis://host:port/db)")
    app = Celery("umpire", set_as_current=False)
    app.conf.update(celery_config(settings))
    if build_games is not None:
        _tasks(app, _Process(settings, build_games))
    return app


def _tasks(app: Celery, process: _Process) -> None:
    @app.task(name="umpire.fold", bind=True, max_retries=MAX_RETRIES)
    def fold(self, game_id: str) -> None:
        process.begin(game_id)  # before the log is read: a nudge from here on sends the game round again
        try:
            result = process.fold(game_id)
        except StoreUnavailable as exc:  # a lock timeout (another fold holds the game) or the database is away
            raise self.retry(exc=exc, countdown=backoff(self.request.retries))  # the retry is the game's message
        if process.end(game_id, result):
            fold.delay(game_id)

    @app.task(name="umpire.fold_many", bind=True, max_retries=MAX_RETRIES)
    def fold_many(self, game_ids: list[str]) -> None:
        started = time.monotonic()
        for i, game_id in enumerate(game_ids):
            if i and time.monotonic() - started > FOLD_MANY_BUDGET:
                fold_many.delay(game_ids[i:])
                return
            process.begin(game_id)  # a fold like any other: it also clears a counter a lost message left
            try:
                result = process.fold(game_id)
            except LockTimeout:
                fold.apply_async((game_id,), countdown=backoff(0))  # that game alone, a little later
                continue
            except StoreUnavailable as exc:
                raise self.retry(args=(game_ids[i:],), exc=exc, countdown=backoff(self.request.retries))
            if process.end(game_id, result):
                fold.delay(game_id)

    @app.task(name="umpire.sweep")
    def sweep() -> None:
        behind = process.games.store.lagging(limit=SWEEP_LIMIT)
        lagging = process.lost(behind)  # a game whose fold is merely in flight lags too: not folded twice
        for start in range(0, len(lagging), SWEEP_CHUNK):
            fold_many.delay(lagging[start:start + SWEEP_CHUNK])
        if lagging:
            log.info("sweep: %d lagging game(s) re-nudged (%d more with a fold in flight)", len(lagging),
                     len(behind) - len(lagging))

    @app.task(name="umpire.tournaments")
    def tournaments() -> None:
        """The tournaments' clocks (services/clocks.py): deadlines, results, next rounds."""
        for game_id in process.clocks.tick():
            if process.nudged(game_id):
                fold.delay(game_id)
        process.deliverer.tick()

    @app.task(name="umpire.verify_finished")
    def verify_finished() -> None:
        """Re-verify every finished game as an offline verifier would (chain, keys, every ruling)."""
        from services.verify import verify_finished as check

        reports = check(process.games)
        bad = {g: r.first_bad or r.unverified for g, r in reports.items() if not r.ok or r.unverified}
        for g, why in bad.items():
            log.error("verify: game %s does not verify: %s", g, why)
        log.info("verify: %d finished game(s) checked, %d with problems", len(reports), len(bad))

    @app.task(name="umpire.ping")
    def ping() -> None:
        return None


@signals.worker_ready.connect
def _check_redis_eviction(sender=None, **_) -> None:
    """Redis must never evict Celery's keys (the docs: evicted bindings lose messages)."""
    try:
        with sender.app.connection_for_write() as conn:
            client = conn.default_channel.client
            policy = client.config_get("maxmemory-policy").get("maxmemory-policy")
    except Exception as exc:  # CONFIG may be disabled on a managed Redis: say so, do not stop
        log.warning("could not read Redis maxmemory-policy (%s); it must be noeviction", exc)
        return
    if policy != "noeviction":
        log.error("Redis maxmemory-policy is %r; set it to noeviction or Celery may lose messages", policy)

