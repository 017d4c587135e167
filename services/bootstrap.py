"""The composition root: the service objects of one process, wired from the settings. Every
process starts here, and nothing below imports it (services/worker never does).

    rt = build(from_env()); rt.start(); ... rt.games.submit_order(...); rt.queries.summary(...); rt.stop()
    celery -A services.bootstrap worker        # `app`: the Celery worker app, built on first use

API and embedded processes: `build`. Server mode (UMPIRE_REDIS_URL set): nudges go to the Celery
workers. Embedded mode: they go to an EmbeddedFolder thread that `start()` starts in this process.
Celery worker processes: `worker_app`, whose tasks build `build_games` after the prefork fork.
CLI commands that only read or verify: `build_games`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from infra.eventstore import EventStore, open_store
from infra.webhooks import Webhooks, open_webhooks
from services.catalog import Catalog
from services.clocks import Clocks
from services.config import Settings, from_env
from services.games import Games
from services.queries import Queries
from services.tournaments import Tournaments
from services.worker.embedded import EmbeddedFolder
from services.webhooks import Deliverer, WebhookService
from services.worker.ticker import Ticker

if TYPE_CHECKING:
    from celery import Celery


def build_games(settings: Settings, *, nudge: Callable[[str], None] | None = None) -> Games:
    """The command side over the store and the catalog the settings name."""
    if settings.store_url.startswith("sqlite:///"):
        settings.data.mkdir(parents=True, exist_ok=True)
    store = open_store(settings.store_url)
    return Games(store, Catalog(sandbox=settings.sandbox, overrides=settings.pack_overrides), nudge=nudge,
                 snapshot_every=settings.snapshot_every)


@dataclass
class Runtime:
    settings: Settings
    games: Games
    nudge: Callable[[str], None]
    folder: EmbeddedFolder | None = None
    hooks: Webhooks | None = None

    def __post_init__(self) -> None:
        self.queries = Queries(self.games)
        self.tournaments = Tournaments(self.games)
        self.clocks = Clocks(self.tournaments)
        self.webhooks = WebhookService(self.hooks, self.queries)
        self.deliverer = Deliverer(self.hooks, self.queries) if self.hooks is not None else None
        # Embedded mode keeps the tournaments' clocks and webhooks itself; in server mode Celery beat does.
        self.ticker = Ticker(self.tick, self.settings.clock_seconds) if self.folder is not None else None

    def tick(self) -> None:
        self.clocks.tick()
        if self.deliverer is not None:
            self.deliverer.tick()

    @property
    def mode(self) -> str:
        return self.settings.mode

    @property
    def store(self) -> EventStore:
        return self.games.store

    @property
    def catalog(self) -> Catalog:
        return self.games.catalog

    def start(self) -> None:
        if self.folder is not None:
            self.folder.start()
        if self.ticker is not None:
            self.ticker.start()

    def stop(self) -> None:
        if self.ticker is not None:
            self.ticker.stop()
        if self.folder is not None:
            self.folder.stop()
        if self.hooks is not None:
            self.hooks.close()
        self.store.close()

    def queue_depth(self) -> int | None:
        """Games waiting for a fold: the embedded folder's pending set, or the Celery fold queue."""
        if self.folder is not None:
            return self.folder.pending_count()
        from services.worker.app import FOLD_QUEUE  # Celery is loaded in server mode only

        try:
            import redis

            return int(redis.Redis.from_url(self.settings.redis_url, socket_timeout=0.5).llen(FOLD_QUEUE))
        except Exception:
            return None  # the broker is down: the gauge is left out, never an error

    def wait_for(self, game_id: str, version: int, timeout: float) -> bool:
        """True once the command at `version` is ruled, False after `timeout` seconds (or if the game halted)."""
        if self.folder is not None:
            return self.folder.wait_for(game_id, version, timeout)
        return self.queries.wait_for(game_id, version, timeout)


def build(settings: Settings) -> Runtime:
    if settings.mode == "server":
        from services.worker.nudge import celery_nudge  # Celery is loaded in server mode only

        nudge = celery_nudge(settings)
        games = build_games(settings, nudge=nudge)
        return Runtime(settings=settings, games=games, nudge=nudge, hooks=_hooks(settings))
    made: list[EmbeddedFolder] = []  # the folder folds with the games, the games nudge the folder
    games = build_games(settings, nudge=lambda game_id: made[0].nudge(game_id))
    made.append(EmbeddedFolder(games, sweep_seconds=settings.sweep_seconds, ruling_seconds=settings.ruling_seconds))
    return Runtime(settings=settings, games=games, nudge=made[0].nudge, folder=made[0], hooks=_hooks(settings))


def _hooks(settings: Settings) -> Webhooks | None:
    """The webhook tables of the store (SQLite or PostgreSQL; an in-memory store has none)."""
    if settings.store_url.startswith("memory://"):
        return None
    return open_webhooks(settings.store_url)


def worker_app(settings: Settings) -> Celery:
    """The Celery app of a worker process: its tasks fold with the games `build_games` makes."""
    from services.worker.app import make_app  # Celery is loaded in server mode only

    return make_app(settings, build_games=build_games)


def __getattr__(name: str) -> Celery:
    """`app`, for `celery -A services.bootstrap`: built from the environment on first use, so
    importing this module needs no environment."""
    if name == "app":
        globals()["app"] = built = worker_app(from_env())
        return built
    raise AttributeError(name)
