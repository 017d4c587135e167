"""Server mode for the API tests: PostgreSQL, Redis, and a worker folding in another process or thread.

With the worker branch merged (`services.worker.app` importable), the worker is a real
`umpire worker` Celery process (solo pool, beat embedded) and nudges go through Celery.

TODO(lead): before that merge, `RedisFoldWorker` stands in for the Celery worker: nudges go
through a Redis list and one thread folds them with the real `fold_game`. Once the worker branch
is merged, delete `RedisFoldWorker` and the `REAL_WORKER` switch.
"""
from __future__ import annotations

import importlib.util
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import redis

from infra.eventstore import open_store
from services.catalog import Catalog
from services.config import Settings
from services.games import Games
from services.worker.fold import fold_game

REAL_WORKER = importlib.util.find_spec("services.worker.app") is not None
ROOT = Path(__file__).resolve().parents[2]
QUEUE = "umpire:test:fold"
log = logging.getLogger("tests.worker")


class RedisFoldWorker:
    """Stand-in (see the module's TODO): one thread pops nudged game ids from a Redis list and folds
    them, and sweeps lagging games when idle (beat's job in the real deployment)."""

    def __init__(self, settings: Settings, *, sweep_seconds: float = 0.5):
        self.client = redis.Redis.from_url(settings.redis_url, socket_timeout=1, socket_connect_timeout=0.25)
        self.games: Games | None = None  # set by ServerRuntime
        self.sweep_seconds = sweep_seconds
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


class CeleryWorker:
    """A real `umpire worker --pool solo --beat` in its own session, stopped by its own pid."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.games: Games | None = None  # unused: the worker process builds its own
        self.proc: subprocess.Popen | None = None
        self.broker = redis.Redis.from_url(settings.redis_url, socket_timeout=0.25, socket_connect_timeout=0.25)

    def depth(self) -> int:
        from services.worker.app import FOLD_QUEUE

        return int(self.broker.llen(FOLD_QUEUE))

    def start(self, timeout: float = 60.0) -> None:
        if self.proc is not None:
            return
        env = {**os.environ, "PYTHONPATH": str(ROOT), "UMPIRE_DATABASE_URL": self.settings.database_url,
               "UMPIRE_REDIS_URL": self.settings.redis_url, "UMPIRE_SANDBOX": "1",
               "UMPIRE_DATA": str(self.settings.data), "UMPIRE_SWEEP_SECONDS": "0.5"}
        log_path = Path(self.settings.data) / "worker.log"
        log_path.parent.mkdir(parents=True, exist_ok=True)
        with open(log_path, "ab") as out:
            self.proc = subprocess.Popen([sys.executable, "-m", "services.cli", "worker", "--pool", "solo", "--beat"],
                                         cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                         start_new_session=True)
        deadline = time.monotonic() + timeout
        while " ready." not in log_path.read_text(errors="replace"):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the worker did not start:\n{log_path.read_text(errors='replace')[-3000:]}")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(30)
        self.broker.close()


class ServerRuntime:
    """The Runtime seam (services/runtime.py) in server mode, with a short database timeout so a
    store outage is a quick 503."""

    mode = "server"

    def __init__(self, settings: Settings, *, pool_timeout: float):
        self.settings = settings
        if REAL_WORKER:
            from services.worker.nudge import celery_nudge

            self.worker: CeleryWorker | RedisFoldWorker = CeleryWorker(settings)
            self.nudge = celery_nudge(settings)
        else:
            self.worker = RedisFoldWorker(settings)
            self.nudge = self.worker.nudge
        self.store = open_store(settings.database_url, pool_timeout=pool_timeout)
        self.games = self.worker.games = Games(self.store, Catalog(sandbox=True), nudge=self.nudge)
        self.catalog = self.games.catalog

    def start(self) -> None:
        self.worker.start()

    def stop(self) -> None:
        self.worker.stop()
        self.store.close()

    def queue_depth(self) -> int:
        return self.worker.depth()
