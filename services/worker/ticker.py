"""The embedded runner's own timer (`make run` mode, no Celery beat): calls `tick` every `seconds`
on a thread of the API process. What it enforces lives in the log (services/clocks.py), so a
restart loses nothing: the first tick after it finds every deadline that passed meanwhile."""
from __future__ import annotations

import logging
import threading
from typing import Callable

log = logging.getLogger("umpire.ticker")


class Ticker:
    def __init__(self, tick: Callable[[], object], seconds: float):
        self.tick, self.seconds = tick, seconds
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name="umpire-clock", daemon=True)
            self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        self._stop.set()
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.join(timeout)

    def _run(self) -> None:
        while not self._stop.wait(self.seconds):
            try:
                self.tick()
            except Exception:  # never let the thread die: deadlines would stop unnoticed
                log.exception("clock tick failed; the next one in %.1f s", self.seconds)
