"""Games: create one from a scenario (organisers), list them, read one's summary."""
from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Query, Request
from starlette.concurrency import run_in_threadpool

from services.api import schemas
from services.api.auth import Principal, caller
from services.api.routes.orders import KeyHeader, idempotency
from services.api.wire import body, doc, json
from services.games import timing_of

router = APIRouter(tags=["games"])


@router.post("/v1/games", summary="Create a game (organiser); the answer holds each seat's token, shown once",
             **doc(ok=(201, schemas.GameCreated), also={200: schemas.GameCreated}, request=schemas.CreateGame,
                 errors=(400, 401, 403, 413, 429, 503)))
async def create(request: Request, p: Principal = caller("orders", "organiser"),
                 new: schemas.CreateGame = body(schemas.CreateGame),
                 wait: float | None = Query(None, ge=0, description="wait up to this many seconds for the game to begin "
                                                                     "(its genesis ruled), so seats may act at once"),
                 idempotency_key: str | None = KeyHeader):
    rt, tokens = request.app.state.runtime, request.app.state.tokens
    # The genesis and the seats' tokens are one transaction; a retry with the key is the same game.
    created = await run_in_threadpool(rt.games.create, new.scenario, new.options, principal=p.id,
                                      key=idempotency(idempotency_key), seat_tokens=True, **timing_of(new))
    seat_tokens = created.tokens
    if created.replayed:  # the first answer was lost with its tokens, shown once: new ones replace them
        seat_tokens = {s: i.token for s, i in (await run_in_threadpool(tokens.issue_seats, created.game_id,
                                                                        created.seats)).items()}
    if wait:
        seconds = min(wait, request.app.state.settings.wait_max_seconds)
        await rt.queries.wait_ruled(created.game_id, created.version, p.viewer(created.game_id), seconds)
    out = {"id": created.game_id, "seats": {s: {"token": t} for s, t in seat_tokens.items()},
           "version": created.version, "replayed": created.replayed}
    return json(out, 200 if created.replayed else 201, headers={"Location": f"/v1/games/{created.game_id}"})


@router.get("/v1/games", summary="List games (organiser, referee); page with ?after=<last id>",
            **doc(ok=(200, schemas.GameList), errors=(401, 403, 429, 503)))
def list_games(request: Request, _=caller("reads", "organiser", "referee"),
               status: Literal["active", "halted", "finished"] | None = None,
               after: str | None = None, limit: int = Query(100, ge=1, le=1000)):
    queries = request.app.state.runtime.queries
    return json({"games": queries.list_games(status=status, after=after, limit=limit)})


@router.get("/v1/games/{game_id}", summary="A game's summary: status, turn, phase, who is to act, versions, result",
            **doc(ok=(200, schemas.GameSummary), errors=(401, 404, 429, 503)))
def get_game(game_id: str, request: Request, _=caller("reads")):
    return json(request.app.state.runtime.queries.summary(game_id))
