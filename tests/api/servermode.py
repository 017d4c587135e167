"""Server mode for the API tests: PostgreSQL, Redis, and a worker that folds what Redis nudges.

TODO(lead, worker branch): `RedisFoldWorker` stands in for the Celery worker of the worker branch
(`services/worker/app.py`) and `ServerRuntime` for its `services.runtime.build(settings)` in
server mode. Once merged, build the runtime with `build(settings)` and run the real worker
(`celery.contrib.testing.worker.start_worker` or a `umpire worker` subprocess) instead. The fold
itself is already the real one (`services.worker.fold.fold_game`).
"""
from __future__ import annotations

import logging
import threading

import redis

from infra.eventstore import open_store
from services.catalog import Catalog
from services.config import Settings
from services.games import Games
from services.worker.fold import fold_game

QUEUE = "umpire:test:fold"
log = logging.getLogger("tests.worker")


class RedisFoldWorker:
    """Nudges go through a Redis list; one thread pops game ids and folds them, and sweeps
    lagging games when idle (the beat's job in the real deployment)."""

    def __init__(self, redis_url: str, *, sweep_seconds: float = 0.5):
        self.client = redis.Redis.from_url(redis_url, socket_timeout=1, socket_connect_timeout=0.25)
        self.sweep_seconds = sweep_seconds
        self.games: Games | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def nudge(self, game_id: str) -> None:
        self.client.rpush(QUEUE, game_id)

    def depth(self) -> int:
        return int(self.client.llen(QUEUE))

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
        self.client.close()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                popped = self.client.blpop([QUEUE], timeout=self.sweep_seconds)
                todo = [popped[1].decode()] if popped else self.games.store.lagging()
            except Exception:  # Redis or the store is down: sweep from the store, or wait
                try:
                    todo = self.games.store.lagging()
                except Exception:
                    todo = []
                self._stop.wait(self.sweep_seconds)
            for game_id in todo:
                try:
                    while fold_game(self.games, game_id).more:
                        pass
                except Exception:
                    log.exception("fold failed")


class ServerRuntime:
    """The Runtime seam (services/runtime.py) in server mode, with the worker above."""

    mode = "server"

    def __init__(self, settings: Settings, *, pool_timeout: float):
        self.settings = settings
        self.worker = RedisFoldWorker(settings.redis_url)
        store = open_store(settings.database_url, pool_timeout=pool_timeout)
        self.games = self.worker.games = Games(store, Catalog(sandbox=True), nudge=self.worker.nudge)
        self.store, self.catalog, self.nudge = store, self.games.catalog, self.worker.nudge

    def start(self) -> None:
        self.worker.start()

    def stop(self) -> None:
        self.worker.stop()
        self.store.close()

    def queue_depth(self) -> int:
        return self.worker.depth()
