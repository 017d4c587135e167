"""Server mode for the API tests: PostgreSQL, Redis, and a real `umpire worker` Celery process
(solo pool, beat embedded); nudges go through Celery."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import redis

from infra.eventstore import open_store
from infra.webhooks import open_webhooks
from services.catalog import Catalog
from services.config import Settings
from services.games import Games
from services.queries import Queries
from services.tournaments import Tournaments
from services.webhooks import WebhookService

ROOT = Path(__file__).resolve().parents[2]


class CeleryWorker:
    """A real `umpire worker --pool solo --beat` in its own session, stopped by its own pid."""

    def __init__(self, settings: Settings, *, beat: bool = True, name: str = "w1"):
        self.settings = settings
        self.beat, self.name = beat, name
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
               "UMPIRE_DATA": str(self.settings.data), "UMPIRE_SWEEP_SECONDS": "0.5",
               "UMPIRE_CLOCK_SECONDS": str(self.settings.clock_seconds),
               "UMPIRE_RATE_ORDERS": self.settings.rate_orders}
        log_path = Path(self.settings.data) / f"worker-{self.name}.log"
        log_path.parent.mkdir(parents=True, exist_ok=True)
        with open(log_path, "ab") as out:
            self.proc = subprocess.Popen([sys.executable, "-m", "services.cli", "worker", "--pool", "solo",
                                          "--name", f"{self.name}@%h", *(["--beat"] if self.beat else [])],
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
    """The Runtime seam (services/bootstrap.py) in server mode, with a short database timeout so a
    store outage is a quick 503."""

    mode = "server"

    def __init__(self, settings: Settings, *, pool_timeout: float):
        from services.worker.nudge import celery_nudge

        self.settings = settings
        self.worker = CeleryWorker(settings)
        self.nudge = celery_nudge(settings)
        self.store = open_store(settings.database_url, pool_timeout=pool_timeout)
        self.games = self.worker.games = Games(self.store, Catalog(sandbox=True), nudge=self.nudge)
        self.catalog = self.games.catalog
        self.queries = Queries(self.games)
        self.tournaments = Tournaments(self.games)
        self.webhooks = WebhookService(open_webhooks(settings.database_url), self.queries)  # the worker delivers

    def start(self) -> None:
        self.worker.start()

    def stop(self) -> None:
        self.worker.stop()
        self.store.close()

    def queue_depth(self) -> int:
        return self.worker.depth()
