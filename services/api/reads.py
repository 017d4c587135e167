"""Read-side helpers the routes share: the state now with the version it is at, a state in the
past, and waiting for a command's ruling. They change nothing."""
from __future__ import annotations

import time
from typing import Any

from starlette.concurrency import run_in_threadpool

from domain.kernel import game
from domain.kernel.seats import Viewer
from infra.eventstore import UnknownGame
from services.api.errors import ApiError
from services.games import Games
from services.worker.wait import Pauses

def current(games: Games, game_id: str) -> tuple[int, Any]:
    """The worker's projection: the last event it folded, and the state after it (before the
    first fold, the state after genesis, event 1)."""
    ctx = games.context(game_id)
    proj = games.store.projection(game_id)
    if proj.state is None:
        return 1, ctx.initial()
    return proj.version, ctx.decode_state(proj.state)


def state_body(games: Games, game_id: str, viewer: Viewer, at: int | None = None) -> dict[str, Any]:
    ctx = games.context(game_id)
    if at is None:
        version, state = current(games, game_id)
    else:
        head = games.store.head(game_id)
        if head is None:
            raise UnknownGame(game_id)
        if at > head.version:
            raise ApiError(422, "beyond_log", f"the log has {head.version} events; at must be 1..{head.version}",
                           at=at, version=head.version)
        version, state = at, games.state(game_id, at)
    return {"version": version, "viewer": {"role": viewer.role, "seat": viewer.seat},
            "view": game.view(ctx.ruleset, state, viewer)}


def ruled_body(version: int, ruled: dict[str, Any]) -> dict[str, Any]:
    """`Games.ruling` as the API answers it: the verdict flattened, the effects as events."""
    head = ruled["ruling"]
    data = head["data"]  # whoever submits a command may see its ruling
    if head["type"] == "adjudication.failed":
        ruling = {"event": head["version"], "verdict": "failed", "code": "adjudication_failed",
                  "message": data["error"]}
    else:
        ruling = {"event": head["version"], "verdict": data["verdict"]}
        ruling.update({k: data[k] for k in ("code", "message", "citations", "partial", "details") if k in data})
    return {"version": version, "ruling": ruling, "effects": ruled["effects"]}


async def wait_ruled(games: Games, game_id: str, version: int, viewer: Viewer, seconds: float) -> dict | None:
    """The ruling on the command at `version` once it exists, re-read whenever a fold of the game
    commits (or polled with backoff where the store does not notify); None if not ruled in `seconds`."""
    deadline = time.monotonic() + seconds
    pauses = Pauses(games.store, game_id)
    try:
        while True:
            pauses.watch()  # before the read: a fold committing after it ends the pause
            ruled = await run_in_threadpool(games.ruling, game_id, version, viewer)
            left = deadline - time.monotonic()
            if ruled is not None or left <= 0:
                return ruled
            await pauses.pause_async(left)
    finally:
        pauses.close()
