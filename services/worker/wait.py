"""Waiting for a ruling (the API's `?wait=`): until the projection has ruled a command, or time is up."""
from __future__ import annotations

import time

from infra.eventstore import Projection

POLL_FIRST = 0.01  # s; doubles up to POLL_MAX: quick for a fast worker, light on a slow one
POLL_MAX = 0.2


def settled(projection: Projection, version: int) -> bool:
    """True once nothing more will happen to the command at `version` without a referee: it is
    ruled (commands are ruled in log order, so `adjudicated` covers it), or the game is halted."""
    return projection.adjudicated >= version or projection.status == "halted"


def poll_until_ruled(store, game_id: str, version: int, timeout: float) -> bool:
    """Poll the projection; True if the command at `version` is ruled within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    pause = POLL_FIRST
    while True:
        projection = store.projection(game_id)
        if settled(projection, version):
            return projection.adjudicated >= version
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        time.sleep(min(pause, left))
        pause = min(pause * 2, POLL_MAX)
