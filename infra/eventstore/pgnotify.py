"""Rulings as they commit: PostgreSQL LISTEN/NOTIFY, so a caller waiting for a ruling (`?wait=`) is
woken when its game's fold commits instead of polling the projection.

Every fold's projection write sends `NOTIFY umpire_ruled, '<game id>'` in its transaction (delivered
only if it commits). One `RulingFeed` per store process listens on a connection of its own and wakes
the `Watch`es of that game. Notifications only ever shorten a wait: a waiter re-reads the projection
whenever it is woken and at least every few hundred milliseconds anyway, and while the feed is not
connected (the server restarting) waiters poll as before. So a lost notification delays, never loses.
"""
from __future__ import annotations

import asyncio
import logging
import threading

import psycopg

from infra import pgnet

CHANNEL = "umpire_ruled"
log = logging.getLogger("umpire.eventstore")


class Watch:
    """Interest in one game's next ruling, registered before the caller reads the projection (a ruling
    committed after that read wakes it). Use once; close it (or use it as a context manager)."""

    def __init__(self, feed: "RulingFeed", game_id: str):
        self._feed, self.game_id = feed, game_id
        self._fired = threading.Event()
        self._async: tuple[asyncio.AbstractEventLoop, asyncio.Event] | None = None

    def fire(self) -> None:  # from the feed's thread
        self._fired.set()
        if (waiter := self._async) is not None:
            loop, event = waiter
            loop.call_soon_threadsafe(event.set)

    def wait(self, timeout: float) -> bool:
        return self._fired.wait(timeout)

    async def wait_async(self, timeout: float) -> bool:
        event = asyncio.Event()
        self._async = (asyncio.get_running_loop(), event)
        if self._fired.is_set():  # fired before the asyncio waiter was in place
            return True
        try:
            await asyncio.wait_for(event.wait(), timeout)
            return True
        except TimeoutError:
            return False

    def close(self) -> None:
        self._feed._forget(self)

    def __enter__(self) -> "Watch":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class RulingFeed:
    def __init__(self, url: str):
        self._url = url
        self._watches: dict[str, set[Watch]] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.connected = threading.Event()
        self._thread = threading.Thread(target=self._run, name="umpire-ruling-feed", daemon=True)
        self._thread.start()

    def watch(self, game_id: str) -> Watch | None:
        """A Watch on the game, or None while the feed is not listening (then: poll)."""
        if not self.connected.is_set():
            return None
        w = Watch(self, game_id)
        with self._lock:
            self._watches.setdefault(game_id, set()).add(w)
        return w

    def _forget(self, w: Watch) -> None:
        with self._lock:
            watching = self._watches.get(w.game_id)
            if watching is not None:
                watching.discard(w)
                if not watching:
                    del self._watches[w.game_id]

    def _wake(self, game_id: str | None) -> None:
        with self._lock:
            woken = [w for g, ws in self._watches.items() if game_id is None or g == game_id for w in ws]
        for w in woken:
            w.fire()

    def _run(self) -> None:
        backoff = 0.2
        while not self._stop.is_set():
            try:
                with psycopg.connect(self._url, autocommit=True, connect_timeout=2,
                                     **pgnet.connection_kwargs(self._url)) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.connected.set()
                    backoff = 0.2
                    while not self._stop.is_set():
                        for n in conn.notifies(timeout=0.5):
                            self._wake(n.payload)
            except psycopg.Error as exc:
                if self.connected.is_set():
                    log.warning("ruling feed lost (%s); waits poll until it is back", exc)
            finally:
                self.connected.clear()
                self._wake(None)  # whoever waits on the feed re-checks now, and polls while it is away
            self._stop.wait(backoff)
            backoff = min(backoff * 2, 5.0)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
