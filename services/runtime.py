"""The composition root: the service objects of one process, wired from the settings.

    rt = build(from_env()); rt.start(); ... rt.games.submit_order(...); rt.wait_for(...); rt.stop()

Server mode (UMPIRE_REDIS_URL set): nudges go to the Celery workers. Embedded mode: they go to an
EmbeddedFolder thread that `start()` starts in this process.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from infra.eventstore import EventStore
from services.catalog import Catalog
from services.config import Settings
from services.games import Games
from services.wiring import build_games
from services.worker.embedded import EmbeddedFolder
from services.worker.wait import poll_until_ruled


@dataclass
class Runtime:
    settings: Settings
    games: Games
    nudge: Callable[[str], None]
    folder: EmbeddedFolder | None = None

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

    def stop(self) -> None:
        if self.folder is not None:
            self.folder.stop()
        self.store.close()

    def queue_depth(self) -> int | None:
        """Games waiting for a fold: the embedded folder's pending set, or the Celery fold queue."""
        if self.folder is not None:
            return self.folder.pending_count()
        from services.worker.app import FOLD_QUEUE

        try:
            import redis

            return int(redis.Redis.from_url(self.settings.redis_url, socket_timeout=0.5).llen(FOLD_QUEUE))
        except Exception:
            return None  # the broker is down: the gauge is left out, never an error

    def wait_for(self, game_id: str, version: int, timeout: float) -> bool:
        """True once the command at `version` is ruled, False after `timeout` seconds (or if the game halted)."""
        if self.folder is not None:
            return self.folder.wait_for(game_id, version, timeout)
        return poll_until_ruled(self.store, game_id, version, timeout)


def build(settings: Settings) -> Runtime:
    if settings.mode == "server":
        from services.worker.nudge import celery_nudge

        nudge = celery_nudge(settings)
        return Runtime(settings=settings, games=build_games(settings, nudge=nudge), nudge=nudge)
    folder: EmbeddedFolder | None = None
    games = build_games(settings, nudge=lambda game_id: folder.nudge(game_id))  # folder is bound just below
    folder = EmbeddedFolder(games, sweep_seconds=settings.sweep_seconds, ruling_seconds=settings.ruling_seconds)
    return Runtime(settings=settings, games=games, nudge=folder.nudge, folder=folder)
