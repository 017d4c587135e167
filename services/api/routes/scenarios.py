"""The scenarios this server can start."""
from __future__ import annotations

from fastapi import APIRouter, Request

from services.api import schemas
from services.api.auth import caller
from services.api.wire import doc, json

router = APIRouter(tags=["scenarios"])


@router.get("/v1/scenarios", summary="Scenarios a game can be created from",
            **doc(ok=(200, schemas.Scenarios), errors=(401, 429, 503)))
async def scenarios(request: Request, _=caller("reads")):
    """Async: after the first call it is served from memory, with no trip to the thread pool."""
    state = request.app.state
    if getattr(state, "scenarios", None) is None:  # packs do not change while the server runs
        state.scenarios = {"scenarios": state.runtime.catalog.scenarios()}
    return json(state.scenarios)
