"""STAND-IN for the worker branch's `services/runtime.py`; on merge, keep the worker branch's file.

The API needs only this seam: `build(settings) -> Runtime` with `store`, `catalog`, `games`,
`nudge`, `mode`, `start()` and `stop()`. This stand-in provides the embedded mode (SQLite, fold on
a thread) so `make run` and the API tests work before the worker lands; server mode refuses to
start here, because its Celery worker belongs to the worker branch.
"""
from __future__ import annotations

import logging
import queue
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

from infra.eventstore import open_store
from services.catalog import Catalog
from services.config import Settings
from services.games import Games
from services.worker.fold import fold_game

log = logging.getLogger("umpire.runtime")


class EmbeddedFolder:
    """Folds nudged games on one thread, and sweeps lagging games every `sweep_seconds`."""

    def __init__(self, *, sweep_seconds: float, ruling_seconds: float):
        self.games: Games | None = None  # set once the Games it folds for exists (it nudges us)
        self.sweep_seconds = sweep_seconds
        self.ruling_seconds = ruling_seconds
        self.pending: queue.Queue[str | None] = queue.Queue()
        self._thread: threading.Thread | None = None

    def nudge(self, game_id: str) -> None:
        self.pending.put(game_id)

    def start(self) -> None:
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
    store: Any
    catalog: Catalog
    games: Games
    mode: str
    nudge: Callable[[str], None]
    folder: EmbeddedFolder | None = None
    _started: bool = field(default=False, repr=False)

    def start(self) -> None:
        if self.folder is not None and not self._started:
            self.folder.start()
            self._started = True

    def stop(self) -> None:
        if self.folder is not None and self._started:
            self.folder.stop()
            self._started = False

    def queue_depth(self) -> int:
        return self.folder.pending.qsize() if self.folder is not None else 0


def build(settings: Settings) -> Runtime:
    if settings.mode != "embedded":
        raise NotImplementedError("server mode needs the worker branch's services/runtime.py (Celery); "
                                  "this stand-in runs only the embedded mode")
    settings.data.mkdir(parents=True, exist_ok=True)
    store = open_store(settings.store_url)
    catalog = Catalog(sandbox=settings.sandbox, overrides=settings.pack_overrides)
    folder = EmbeddedFolder(sweep_seconds=settings.sweep_seconds, ruling_seconds=settings.ruling_seconds)
    games = folder.games = Games(store, catalog, nudge=folder.nudge)
    return Runtime(settings=settings, store=store, catalog=catalog, games=games, mode="embedded",
                   nudge=folder.nudge, folder=folder)
