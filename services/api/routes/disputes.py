"""A game's disputes as they stand, with the verdicts a referee may give: what the referee's desk
lists (`/referee/{id}`); resolving one is a referee order (`resolve_dispute`, POST /referee)."""
from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from services.api.auth import caller
from services.api.wire import doc, json
from services.queries import VERDICTS

router = APIRouter(tags=["disputes"])
DISPUTES = {"type": "object", "required": ["version", "disputes", "verdicts"], "properties": {
    "version": {"type": "integer", "description": "the last event folded into this answer"},
    "disputes": {"type": "array", "items": {"type": "object", "required": ["id", "seat", "event", "reason", "state"],
                 "properties": {"id": {"type": "integer"}, "seat": {"type": "string"},
                                "event": {"type": "integer", "description": "the disputed event's version"},
                                "reason": {"type": "string"}, "state": {"type": "string", "enum": ["open", *VERDICTS]},
                                "resolution": {"type": "string", "description": "the referee's, once resolved"}}}},
    "verdicts": {"type": "array", "items": {"type": "string"},
                 "description": "what `resolve_dispute` takes as `verdict`"}}}


@router.get("/v1/games/{game_id}/disputes",
            summary="The game's disputes (open, upheld, dismissed) and the verdicts `resolve_dispute` takes",
            **doc(ok=(200, DISPUTES), errors=(401, 404, 429, 503)))
async def disputes(game_id: str, request: Request, _=caller("reads")):
    return json(await run_in_threadpool(request.app.state.runtime.queries.disputes, game_id))
