"""A game's state as the caller may see it, now or after any event; a seat's legal orders."""
from __future__ import annotations

from fastapi import APIRouter, Query, Request

from services.api import schemas
from services.api.auth import Principal, caller, seat_of
from services.api.wire import MAX_VERSION, doc, json

router = APIRouter(tags=["state"])


@router.get("/v1/games/{game_id}/state", summary="The caller's view of the state now, or after event `at`",
            **doc(ok=(200, schemas.State), errors=(401, 404, 429, 503)))
def state(game_id: str, request: Request, p: Principal = caller("reads"),
          at: int | None = Query(None, ge=1, le=MAX_VERSION, description="replay: the state after event `at` of the log")):
    return json(request.app.state.runtime.queries.state_body(game_id, p.viewer(game_id), at))


@router.get("/v1/games/{game_id}/legal",
            summary="The orders a seat may submit now, each accepted if submitted next (at `version`), and the events it "
                    "may dispute; for a referee without ?seat, the referee's own (resolve a dispute, settle an attestation)",
            **doc(ok=(200, schemas.Legal), errors=(401, 403, 404, 429, 503)))
def legal(game_id: str, request: Request, p: Principal = caller("reads", "seat", "referee", "organiser"),
          unit: str | None = Query(None, description="only the orders of this unit"),
          seat: str | None = Query(None, description="the seat (referees and organisers; a seat token uses its own)"),
          assess: bool = Query(False, description="also `assessments`: for each order what it would meet if submitted "
                                                  "now (an attack's odds, strengths and the result of each die face), "
                                                  "else null")):
    queries = request.app.state.runtime.queries
    if p.role == "referee" and seat is None and unit is None:
        return json(queries.referee_legal_body(game_id))
    return json(queries.legal_body(game_id, seat_of(p, game_id, seat), unit=unit, assess=assess))
