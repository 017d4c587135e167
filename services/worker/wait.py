"""Waiting for a ruling (the API's `?wait=`): until the projection has ruled a command, or time is up.

With PostgreSQL the waiter is woken when a fold of its game commits (infra/eventstore/pgnotify.py)
and re-reads the projection then, and at least every WATCH_MAX_S; without notifications (SQLite,
or the listener reconnecting) it polls with backoff.
"""
from __future__ import annotations

import time

from infra.eventstore import Projection

POLL_FIRST = 0.01  # s; doubles up to POLL_MAX: quick for a fast worker, light on a slow one
POLL_MAX = 0.2
WATCH_MAX_S = 0.5  # a waiter woken by notifications still re-reads this often (a lost one only delays)


def settled(projection: Projection, version: int) -> bool:
    """True once nothing more will happen to the command at `version` without a referee: it is
    ruled (commands are ruled in log order, so `adjudicated` covers it), or the game is halted."""
    return projection.adjudicated >= version or projection.status == "halted"


class Pauses:
    """The waits between two reads: until the game's next fold commits (a Watch taken before the read)
    when the store notifies, else a backoff. `watch()` before each read; `pause(left)` after it."""

    def __init__(self, store, game_id: str):
        self.feed, self.game_id = store.ruling_feed(), game_id
        self.watching = None
        self.backoff = POLL_FIRST

    def watch(self) -> None:
        self.close()
        self.watching = self.feed.watch(self.game_id) if self.feed is not None else None

    def pause(self, left: float) -> None:
        if self.watching is not None:
            self.watching.wait(min(left, WATCH_MAX_S))
        else:
            time.sleep(min(self.backoff, left))
            self.backoff = min(self.backoff * 2, POLL_MAX)

    async def pause_async(self, left: float) -> None:
        if self.watching is not None:
            await self.watching.wait_async(min(left, WATCH_MAX_S))
        else:
            import asyncio

            await asyncio.sleep(min(self.backoff, left))
            self.backoff = min(self.backoff * 2, POLL_MAX)

    def close(self) -> None:
        if self.watching is not None:
            self.watching.close()
            self.watching = None


def poll_until_ruled(store, game_id: str, version: int, timeout: float) -> bool:
    """True if the command at `version` is ruled within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    pauses = Pauses(store, game_id)
    try:
        while True:
            pauses.watch()  # before the read: a fold committing after it wakes the pause
            projection = store.projection(game_id)
            if settled(projection, version):
                return projection.adjudicated >= version
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            pauses.pause(left)
    finally:
        pauses.close()
