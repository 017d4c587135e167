"""The log as the caller may see it: pages of events, and a live Server-Sent Events stream."""
from __future__ import annotations

import asyncio
from typing import Any, AsyncIterator

import msgspec
from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

from domain.kernel.seats import Viewer
from infra.eventstore import StoreUnavailable
from services.api import schemas
from services.api.auth import Principal, caller
from services.api.errors import RETRY_AFTER_STORE, ApiError
from services.api.wire import MAX_VERSION, doc, json
from services.notices import Notice, Watch
from services.queries import Queries

router = APIRouter(tags=["events"])
SSE_EVENT = {  # each event of the stream, as an SSE client parses it; `data` is JSON text
    "type": "object", "required": ["event", "data"],
    "properties": {"event": {"type": "string", "enum": ["view", "event", "error"]},
                   "id": {"type": "string", "description": "the version of the log the event brings the reader to"},
                   "data": {"type": "string", "description": "JSON: `view` as GET state answers, `event` as GET "
                                                             "events lists one, `error` as every error"}}}
STREAM_BATCH = 200
KEEPALIVE_S = 15.0


@router.get("/v1/games/{game_id}/events", summary="Events after `after`; hidden ones as stubs with their digests",
            **doc(ok=(200, schemas.Events), errors=(401, 404, 429, 503)))
def events(game_id: str, request: Request, p: Principal = caller("reads"),
           after: int = Query(0, ge=0, le=MAX_VERSION), limit: int = Query(100, ge=1, le=1000)):
    queries = request.app.state.runtime.queries
    return json({"events": queries.events(game_id, p.viewer(game_id), after=after, limit=limit)})


def _sse(kind: str, data: Any, event_id: int | None = None) -> bytes:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {kind}\n".encode() + b"data: " + msgspec.json.encode(data) + b"\n\n"


async def _follow(request: Request, queries: Queries, game_id: str, viewer: Viewer, first: dict | int,
                  poll: float) -> AsyncIterator[bytes]:
    """`first`: the view to send first, or the version a reconnecting client last saw."""
    if isinstance(first, dict):
        yield _sse("view", first, first["version"])
        after = first["version"]
    else:
        after = first
    quiet = 0.0
    while not await request.is_disconnected():
        try:
            page = await run_in_threadpool(queries.events, game_id, viewer, after=after, limit=STREAM_BATCH)
        except StoreUnavailable:  # end the stream; the client reconnects and gets a fresh view
            yield _sse("error", {"error": {"code": "store_unavailable", "message": "the event store is unavailable; "
                                           "reconnect later", "details": {"retry_after": RETRY_AFTER_STORE}}})
            return
        for e in page:  # hidden ones as the same stubs as GET events: the stream has no gaps, its chain checks
            after = e["version"]
            yield _sse("event", e, after)
        if len(page) == STREAM_BATCH:
            continue
        await asyncio.sleep(poll)
        quiet = 0.0 if page else quiet + poll
        if quiet >= KEEPALIVE_S:
            quiet = 0.0
            yield b": keep-alive\n\n"


@router.get("/v1/games/{game_id}/stream",
            summary="Server-Sent Events: `view` (the caller's full view, as GET state) first, then each new "
                    "`event` as GET events gives it (a hidden one as its stub with digests, so no version is skipped); `error` if the store goes down (reconnect). With `Last-Event-ID` (the `id` of the "
                    "last message received, as SSE clients send on reconnecting): no view, the events after it",
            **doc(ok=(200, SSE_EVENT), errors=(401, 404, 422, 429, 503), media="text/event-stream"))
async def stream(game_id: str, request: Request, p: Principal = caller("reads"),
                 last_event_id: str | None = Header(None, alias="Last-Event-ID", json_schema_extra={"pattern": "^[0-9]+$"},
                                                    description="the `id` of the last message received: a version")):
    queries = request.app.state.runtime.queries
    viewer = p.viewer(game_id)
    # A 404 or 422 comes before the stream starts.
    if last_event_id is None:
        first: dict | int = await run_in_threadpool(queries.state_body, game_id, viewer)
    else:
        first = _resume_from(last_event_id, (await run_in_threadpool(queries.summary, game_id))["version"])
    poll = request.app.state.settings.stream_poll_seconds
    return StreamingResponse(_follow(request, queries, game_id, viewer, first, poll), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


def _resume_from(last_event_id: str, version: int) -> int:
    seen = int(last_event_id) if last_event_id.isascii() and last_event_id.isdigit() else -1
    if not 0 <= seen <= version:
        raise ApiError(422, "invalid_parameter", f"Last-Event-ID {last_event_id[:40]!r} is not a version of this game's "
                       f"log (0 to {version}); reconnect without it to get the full view",
                       header="Last-Event-ID", version=version)
    return seen


ME_EVENT = {"type": "object", "required": ["event", "data"],
            "properties": {"event": {"type": "string", "enum": ["round_paired", "game_started", "your_turn",
                                                                "game_finished", "tournament_finished", "error"]},
                           "id": {"type": "string", "description": "the notice's key: `your_turn:<game>:<version>:<seat>`..."},
                           "data": {"type": "string", "description": "JSON: the notice"}}}


@router.get("/v1/me/stream",
            summary="Server-Sent Events for an entrant or seat token: `round_paired`, `game_started`, `your_turn` "
                    "(game, seat, deadline), `game_finished`; a bot that listens never polls",
            **doc(ok=(200, ME_EVENT), errors=(401, 403, 429, 503), media="text/event-stream"))
async def me_stream(request: Request, p: Principal = caller("reads", "seat")):
    watch = Watch(request.app.state.runtime.queries, tournament_id=p.tournament_id, entrant_id=p.entrant_id,
                  game_id=p.game_id, seat=p.seat)
    first = await run_in_threadpool(watch.poll)  # a 404 comes before the stream starts
    poll = request.app.state.settings.stream_poll_seconds
    return StreamingResponse(_notices(request, watch, first, poll), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


async def _notices(request: Request, watch: Watch, first: list[Notice], poll: float) -> AsyncIterator[bytes]:
    pending, quiet = first, 0.0
    while True:
        for n in pending:
            yield f"id: {n.key}\nevent: {n.kind}\n".encode() + b"data: " + msgspec.json.encode(n.data) + b"\n\n"
        if await request.is_disconnected():
            return
        await asyncio.sleep(poll)
        try:
            pending = await run_in_threadpool(watch.poll)
        except StoreUnavailable:
            yield _sse("error", {"error": {"code": "store_unavailable", "message": "the event store is unavailable; "
                                           "reconnect later", "details": {"retry_after": RETRY_AFTER_STORE}}})
            return
        quiet = 0.0 if pending else quiet + poll
        if quiet >= KEEPALIVE_S:
            quiet = 0.0
            yield b": keep-alive\n\n"
