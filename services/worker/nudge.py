"""Ringing the worker's doorbell from the API process (server mode).

The order is committed before the nudge is sent, so a nudge that fails fails nothing: the sweep
folds the game within UMPIRE_SWEEP_SECONDS. Sending therefore never raises, and after a failure
it stops trying for a while, so an order is not held up by a Redis that is down. A game whose
fold is already queued or running is only counted, not sent again (services/worker/flight.py):
that is what keeps the fold queue fair across games.

The count and the send are one Redis round trip: Celery builds the fold message as usual, but on a
channel of our own whose delivery step hands the bytes back instead of pushing them (FoldMessages),
and the counting script pushes them when the count says so. Sent through Celery, the same nudge
took three (the count, the exchange's binding table, the push). Should that channel not be made
(another transport, a kombu that changed), the nudge counts and sends in two steps as before.
"""
from __future__ import annotations

import logging
import threading
import time
from typing import Any, Callable

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
    messages: FoldMessages | None = None

    def nudge(game_id: str) -> None:
        nonlocal paused_until, messages
        if time.monotonic() < paused_until:
            return
        try:
            if messages is None:
                with lock:  # one producer for the process, whichever request thread nudges first
                    if messages is None:
                        messages = FoldMessages.make(app)
            built = messages.build(game_id) if messages.usable else None
            if built is not None:
                flights.nudged_sending(game_id, *built)
            elif flights.nudged(game_id):
                app.send_task("umpire.fold", args=(game_id,), queue=FOLD_QUEUE, retry=False)
        except Exception as exc:
            with lock:
                if time.monotonic() >= paused_until:
                    log.warning("nudge failed (%s); not sending for %.0f s, the sweep catches up", exc,
                                PAUSE_AFTER_FAILURE)
                paused_until = time.monotonic() + PAUSE_AFTER_FAILURE

    return nudge


class FoldMessages:
    """Fold messages as the broker would receive them, built by Celery on a channel of our own whose
    delivery step (`_put`, kombu's virtual-transport hook) keeps the (list key, bytes) instead of
    pushing them. The exchange's binding table is read once a minute rather than on every message."""

    TABLE_SECONDS = 60.0

    def __init__(self, app: Any, producer: Any):
        self._app, self._producer = app, producer
        self._lock = threading.Lock()
        self._kept: list[tuple[str, bytes]] = []
        self.usable = producer is not None
        if producer is None:
            return
        channel = producer.channel
        table = channel.get_table
        tables: dict[str, tuple[float, Any]] = {}

        def put(queue: str, message: dict, **kwargs: Any) -> None:
            from kombu.utils.json import dumps

            key = channel._q_for_pri(queue, channel._get_message_priority(message, reverse=False))
            payload = dumps(message)
            self._kept.append((key, payload.encode() if isinstance(payload, str) else payload))

        def get_table(exchange: str) -> Any:
            now = time.monotonic()
            held = tables.get(exchange)
            if held is None or now - held[0] > self.TABLE_SECONDS:
                held = tables[exchange] = (now, table(exchange))
            return held[1]

        channel._put, channel.get_table = put, get_table

    @classmethod
    def make(cls, app: Any) -> "FoldMessages":
        """On a Redis broker, a producer on a connection of our own; else not usable (send as usual).
        Connecting may fail (Redis away): that raises, and the next nudge tries again."""
        connection = app.connection_for_write()
        if connection.transport_cls not in ("redis", "rediss"):
            return cls(app, None)
        channel = connection.default_channel  # connects
        if not all(hasattr(channel, name) for name in ("_put", "_q_for_pri", "_get_message_priority", "get_table")):
            log.warning("this kombu's Redis channel lacks the hooks FoldMessages uses; nudges send through Celery")
            return cls(app, None)
        return cls(app, app.amqp.Producer(channel, auto_declare=False))

    def build(self, game_id: str) -> tuple[str, bytes] | None:
        """(the queue's list key, the message bytes) of one `umpire.fold` of the game."""
        from services.worker.app import FOLD_QUEUE

        with self._lock:
            self._kept.clear()
            self._app.send_task("umpire.fold", args=(game_id,), queue=FOLD_QUEUE, retry=False, producer=self._producer)
            if len(self._kept) != 1:
                return None
            return self._kept[0]
