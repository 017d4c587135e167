"""STAND-IN for the worker branch's `services/runtime.py`; on merge, keep the worker branch's file
and add `queue_depth()` to its Runtime (the API's /metrics reads it).

The API needs only this seam: `build(settings) -> Runtime` with `games`, `store`, `catalog`,
`mode`, `nudge`, `start()`, `stop()` (which closes the store) and `queue_depth()`. This stand-in
provides the embedded mode (SQLite, fold on a thread) so `make run` and the API tests work before
the worker lands; server mode refuses to start here, because its Celery worker is the worker
branch's.
"""
from __future__ import annotations

import logging
import queue
import threading
from dataclasses import dataclass
from typing import Callable

from infra.eventstore import EventStore, open_store
from services.catalog import Catalog
from services.config import Settings
from services.games import Games
from services.worker.fold import fold_game

log = logging.getLogger("umpire.runtime")


class EmbeddedFolder:
    """Folds nudged games on one thread, and sweeps lagging games every `sweep_seconds`."""

    def __init__(self, games: Games, *, sweep_seconds: float, ruling_seconds: float):
        self.games = games
        self.sweep_seconds = sweep_seconds
        self.ruling_seconds = ruling_seconds
        self.pending: queue.Queue[str | None] = queue.Queue()
        self._thread: threading.Thread | None = None

    def nudge(self, game_id: str) -> None:
        self.pending.put(game_id)

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="umpire-fold", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        if self._thread is not None:
            self.pending.put(None)
            self._thread.join(timeout=10)
            self._thread = None

    def _run(self) -> None:
        while True:
            try:
                game_id = self.pending.get(timeout=self.sweep_seconds)
            except queue.Empty:
                for g in self._lagging():
                    self.pending.put(g)
                continue
            if game_id is None:
                return
            try:
                while fold_game(self.games, game_id, ruling_seconds=self.ruling_seconds).more:
                    pass
            except Exception:  # a store outage: the sweep retries the game later
                log.exception("fold failed", extra={"game_id": game_id})

    def _lagging(self) -> list[str]:
        try:
            return self.games.store.lagging()
        except Exception:
            log.exception("sweep failed")
            return []


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
        """Fold requests waiting (embedded: this process's queue)."""
        return self.folder.pending.qsize() if self.folder is not None else None


def build(settings: Settings) -> Runtime:
    if settings.mode != "embedded":
        raise NotImplementedError("server mode needs the worker branch's services/runtime.py (Celery); "
                                  "this stand-in runs only the embedded mode")
    settings.data.mkdir(parents=True, exist_ok=True)
    store = open_store(settings.store_url)
    catalog = Catalog(sandbox=settings.sandbox, overrides=settings.pack_overrides)
    folder: EmbeddedFolder | None = None
    games = Games(store, catalog, nudge=lambda game_id: folder.nudge(game_id))  # folder is bound just below
    folder = EmbeddedFolder(games, sweep_seconds=settings.sweep_seconds, ruling_seconds=settings.ruling_seconds)
    return Runtime(settings=settings, games=games, nudge=folder.nudge, folder=folder)
