"""Embedded mode: the decider on a background thread of the API process (SQLite, no Redis, no Celery).

The same `fold_game` as the Celery worker; a nudge puts the game in a pending set and wakes the
thread, which folds every pending game in turn (nudges that piled up cost one fold per game),
and every `sweep_seconds` it also folds the games whose projection lags (lost nudges, a restart).

Limits of this mode: one thread rules every game; a ruling has no time limit (SIGALRM is for the
main thread only), so a ruleset that hangs stalls adjudication here, where server mode would record
it as failed. The fold's time budget is short because on SQLite it holds the write lock, which
every order submission needs too.
"""
from __future__ import annotations

import logging
import threading
import time

from infra.eventstore import StoreError, StoreUnavailable, UnknownGame
from services.games import Games
from services.worker.fold import fold_game
from services.queries import settled

log = logging.getLogger("umpire.embedded")


class EmbeddedFolder:
    def __init__(self, games: Games, *, sweep_seconds: float = 5.0, budget_seconds: float = 0.5,
                 ruling_seconds: float = 20.0):
        self.games = games
        self.sweep_seconds = sweep_seconds
        self.budget_seconds, self.ruling_seconds = budget_seconds, ruling_seconds
        self._cond = threading.Condition()
        self._pending: dict[str, None] = {}  # an ordered set: games fold in nudge order
        self._generation = 0  # counts folds, so a waiter cannot miss one between its read and its wait
        self._stopping = False
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        with self._cond:
            if self._thread is None:
                self._stopping = False
                self._thread = threading.Thread(target=self._run, name="umpire-fold", daemon=True)
                self._thread.start()

    def stop(self, timeout: float = 30.0) -> None:
        """Finish the fold under way and stop; pending nudges are left to the next start's sweep."""
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
            thread, self._thread = self._thread, None
        if thread is not None:
            thread.join(timeout)

    def pending_count(self) -> int:
        with self._cond:
            return len(self._pending)

    def nudge(self, game_id: str) -> None:
        with self._cond:
            self._pending[game_id] = None
            self._cond.notify_all()

    def wait_for(self, game_id: str, version: int, timeout: float) -> bool:
        """True once the command at `version` is ruled; False if `timeout` seconds pass first (or the
        game is halted before it)."""
        deadline = time.monotonic() + timeout
        while True:
            with self._cond:
                generation = self._generation
            projection = self.games.store.projection(game_id)
            if settled(projection, version):
                return projection.adjudicated >= version
            with self._cond:
                while self._generation == generation:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return False
                    self._cond.wait(left)

    # -- the fold thread -------------------------------------------------------------------------

    def _run(self) -> None:
        next_sweep = 0.0  # at once: a restart finds what the last run left
        while True:
            with self._cond:
                while not self._pending and not self._stopping and time.monotonic() < next_sweep:
                    self._cond.wait(next_sweep - time.monotonic())
                if self._stopping:
                    return
                batch = list(self._pending)
                self._pending.clear()
            if time.monotonic() >= next_sweep:
                batch += [g for g in self._lagging() if g not in batch]
                next_sweep = time.monotonic() + self.sweep_seconds
            for game_id in batch:
                if self._stopping:
                    return
                self._fold(game_id)

    def _lagging(self) -> list[str]:
        try:
            return self.games.store.lagging()
        except StoreError as exc:
            log.warning("sweep failed (%s); next one in %.0f s", exc, self.sweep_seconds)
        except Exception:  # never let the fold thread die: embedded mode would stop ruling unnoticed
            log.exception("sweep failed; next one in %.0f s", self.sweep_seconds)
        return []

    def _fold(self, game_id: str) -> None:
        try:
            result = fold_game(self.games, game_id, budget_seconds=self.budget_seconds, ruling_seconds=self.ruling_seconds)
        except UnknownGame:
            log.error("fold of unknown game %s dropped", game_id)
            return
        except StoreUnavailable as exc:  # busy or unavailable: the game still lags, the sweep retries
            log.warning("fold of %s deferred to the sweep: %s", game_id, exc)
            return
        except Exception:
            log.exception("fold of %s failed; the sweep retries it", game_id)
            return
        with self._cond:
            self._generation += 1
            if result.more:
                self._pending[game_id] = None
            self._cond.notify_all()
