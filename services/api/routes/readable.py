"""The log as sentences a person can read, and what the pages call things (units, places, the
combat results' key): the game's own words from its ruleset (`Ruleset.describe`, `Ruleset.names`)."""
from __future__ import annotations

from fastapi import APIRouter, Query, Request
from starlette.concurrency import run_in_threadpool

from domain.kernel.describe import sentence
from services.api.auth import Principal, caller
from services.api.reads import state_body
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


def _seats(ctx) -> dict[str, str]:
    layout = ctx.genesis.layout
    return {**{s.id: s.name for s in layout.sides}, **{s.id: s.name for s in layout.seats}}


@router.get("/v1/games/{game_id}/history",
            summary="Events after `after` as GET events gives them, each with `text`: a sentence in the game's own words",
            **doc(ok=(200, HISTORY), errors=(401, 404, 429, 503)))
def history(game_id: str, request: Request, p: Principal = caller("reads"),
            after: int = Query(0, ge=0, le=MAX_VERSION), limit: int = Query(100, ge=1, le=1000)):
    games = request.app.state.runtime.games
    viewer = p.viewer(game_id)
    ctx = games.context(game_id)
    events = games.events(game_id, viewer, after=after, limit=limit)
    view = state_body(games, game_id, viewer)["view"].get("game") or {}
    seats, known = _seats(ctx), ctx.ruleset.names()
    return json({"events": [{**e, "text": sentence(ctx.ruleset, e, view, seats, known)} for e in events]})


@router.get("/v1/games/{game_id}/names",
            summary="What the game calls things: unit names, place names, the combat results' key, seat names",
            **doc(ok=(200, NAMES), errors=(401, 404, 429, 503)))
async def names(game_id: str, request: Request, _=caller("reads")):
    ctx = await run_in_threadpool(request.app.state.runtime.games.context, game_id)
    known = await run_in_threadpool(ctx.ruleset.names)
    return json({**known, "seats": _seats(ctx)})
