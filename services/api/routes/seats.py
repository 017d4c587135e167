"""Tokens: who a token is (`/v1/me`); an organiser reissues a seat's token, and the old one stops working at once."""
from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from services.api import schemas
from services.api.auth import Principal, caller
from services.api.wire import doc, json

router = APIRouter(tags=["tokens"])


@router.post("/v1/games/{game_id}/seats/{seat}/token", summary="Reissue a seat's token (organiser); revokes the old one",
             **doc(ok=(201, schemas.IssuedSeatToken), errors=(401, 403, 404, 429, 503)))
async def reissue(game_id: str, seat: str, request: Request, _=caller("orders", "organiser")):
    await run_in_threadpool(request.app.state.runtime.queries.check_seat, game_id, seat)
    issued = await run_in_threadpool(request.app.state.tokens.issue_seats, game_id, [seat])
    return json({"seat": seat, "token": issued[seat].token}, 201)


@router.get("/v1/me", summary="Who the token is: role, name, and for a seat token its game and seat",
            **doc(ok=(200, schemas.Me), errors=(401, 429)))
def me(p: Principal = caller("reads")):
    return json({"role": p.role, "name": p.name, "game": p.game_id, "seat": p.seat,
                 **({"tournament": p.tournament_id, "entrant": p.entrant_id, "games": p.seats} if p.role == "entrant" else {})})
