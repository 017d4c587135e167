"""Ringing the worker's doorbell from the API process (server mode).

The order is committed before the nudge is sent, so a nudge that fails fails nothing: the sweep
folds the game within UMPIRE_SWEEP_SECONDS. Sending therefore never raises, and after a failure
it stops trying for a while, so an order is not held up by a Redis that is down. A game whose
fold is already queued or running is only counted, not sent again (services/worker/flight.py):
that is what keeps the fold queue fair across games.
"""
from __future__ import annotations

import logging
import threading
import time
from typing import Callable

from services.config import Settings

log = logging.getLogger("umpire.nudge")
PAUSE_AFTER_FAILURE = 5.0  # s without sending after a failed send; the sweep covers the gap
FAIL_FAST = {"max_retries": 1, "interval_start": 0, "interval_step": 0.1, "interval_max": 0.1}


def celery_nudge(settings: Settings) -> Callable[[str], None]:
    from services.worker.app import FOLD_QUEUE, make_app
    from services.worker.flight import Flights

    app = make_app(settings)
    flights = Flights.from_url(settings.redis_url, timeout=0.25)
    # Fail fast: one reconnection attempt at once (a connection Redis dropped), not kombu's default of
    # retrying for seconds while the order's request waits.
    app.conf.broker_transport_options = {**app.conf.broker_transport_options, **FAIL_FAST}
    lock = threading.Lock()
    paused_until = 0.0

    def nudge(game_id: str) -> None:
        nonlocal paused_until
        if time.monotonic() < paused_until:
            return
        try:
            if flights.nudged(game_id):
                app.send_task("umpire.fold", args=(game_id,), queue=FOLD_QUEUE, retry=False)
        except Exception as exc:
            with lock:
                if time.monotonic() >= paused_until:
                    log.warning("nudge failed (%s); not sending for %.0f s, the sweep catches up", exc,
                                PAUSE_AFTER_FAILURE)
                paused_until = time.monotonic() + PAUSE_AFTER_FAILURE

    return nudge
