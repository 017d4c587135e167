"""The log as sentences a person can read, and what the pages call things (units, places, the
combat results' key): the game's own words from its ruleset (`Ruleset.describe`, `Ruleset.names`)."""
from __future__ import annotations

from fastapi import APIRouter, Query, Request
from starlette.concurrency import run_in_threadpool

from services.api.auth import Principal, caller
from services.api.wire import MAX_VERSION, doc, json

router = APIRouter(tags=["events"])
HISTORY = {"type": "object", "required": ["events"], "properties": {"events": {"type": "array", "items": {
    "type": "object", "description": "an event as GET events lists it, with `text`: its sentence",
    "required": ["version", "type", "text"], "properties": {"text": {"type": "string"}}}}}}
NAMES = {"type": "object", "required": ["units", "places", "terms", "seats"], "properties": {
    k: {"type": "object", "additionalProperties": {"type": "string"}, "description": d} for k, d in (
        ("units", "counter id -> the unit's name"), ("places", "hex -> the place name printed on it"),
        ("terms", "combat result -> its meaning, from the results table's own key"),
        ("seats", "seat and side ids -> their names"))}}


@router.get("/v1/games/{game_id}/history",
            summary="Events after `after` as GET events gives them, each with `text`: a sentence in the game's own words",
            **doc(ok=(200, HISTORY), errors=(401, 404, 429, 503)))
def history(game_id: str, request: Request, p: Principal = caller("reads"),
            after: int = Query(0, ge=0, le=MAX_VERSION), limit: int = Query(100, ge=1, le=1000)):
    queries = request.app.state.runtime.queries
    return json({"events": queries.history(game_id, p.viewer(game_id), after=after, limit=limit)})


@router.get("/v1/games/{game_id}/names",
            summary="What the game calls things: unit names, place names, the combat results' key, seat names",
            **doc(ok=(200, NAMES), errors=(401, 404, 429, 503)))
async def names(game_id: str, request: Request, _=caller("reads")):
    return json(await run_in_threadpool(request.app.state.runtime.queries.names, game_id))
