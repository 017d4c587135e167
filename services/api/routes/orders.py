"""Commands into the log: a seat's orders, organiser and referee commands, referee orders.

Each is appended in one short transaction and the worker is nudged; nothing here rules. With
`?wait=SECONDS` the answer is the ruling (200) if it comes in time, else 202 with the version.
A retry with the same Idempotency-Key returns the same version (and ruling); the same key with
another body is a 422.
"""
from __future__ import annotations

import re

from fastapi import APIRouter, Header, Query, Request
from starlette.concurrency import run_in_threadpool

from domain.kernel.seats import Viewer
from services.api import schemas
from services.api.auth import Principal, caller, seat_of
from services.api.errors import ApiError
from services.api.wire import body, doc, json, referee_order
from services.queries import ruled_body

router = APIRouter(tags=["orders"])
_ERRORS = (400, 401, 403, 404, 409, 413, 429, 503)
WaitQuery = Query(None, ge=0, description="wait up to this many seconds for the ruling (capped by UMPIRE_WAIT_MAX_SECONDS)")
KEY_PATTERN = r"^[\x21-\x7e]{1,128}$"
KeyHeader = Header(None, alias="Idempotency-Key", description="1-128 printable ASCII characters; retries reuse it",
                   json_schema_extra={"pattern": KEY_PATTERN, "minLength": 1, "maxLength": 128})


def idempotency(value: str | None) -> str | None:
    if value is not None and not re.fullmatch(KEY_PATTERN, value):
        raise ApiError(400, "invalid_idempotency_key", "Idempotency-Key takes 1-128 printable ASCII characters")
    return value


async def _answer(request: Request, game_id: str, version: int, viewer: Viewer, wait: float | None):
    if wait:
        seconds = min(wait, request.app.state.settings.wait_max_seconds)
        ruled = await request.app.state.runtime.queries.wait_ruled(game_id, version, viewer, seconds)
        if ruled is not None:
            return json(ruled_body(version, ruled), 200)
    return json({"version": version}, 202)


@router.post("/v1/games/{game_id}/orders", summary="Submit a seat's order (seat token)",
             **doc(ok=(202, schemas.Appended), also={200: schemas.Ruled}, request=schemas.SubmitOrder, errors=_ERRORS))
async def submit_order(game_id: str, request: Request, p: Principal = caller("orders", "seat"),
                       sent: schemas.SubmitOrder = body(schemas.SubmitOrder), wait: float | None = WaitQuery,
                       idempotency_key: str | None = KeyHeader,
                       seat: str | None = Query(None, description="an entrant holding several seats names the one it acts for")):
    seat = seat_of(p, game_id, seat)
    result = await run_in_threadpool(request.app.state.runtime.games.submit_order, game_id, seat, bytes(sent.order),
                                     principal=p.id, key=idempotency(idempotency_key), expected_version=sent.expected_version)
    return await _answer(request, game_id, result.first_version, p.viewer(game_id), wait)


@router.post("/v1/games/{game_id}/commands", summary="Deadline reached, or end the game (organiser, referee)",
             **doc(ok=(202, schemas.Appended), also={200: schemas.Ruled}, request=schemas.Command, errors=_ERRORS))
async def submit_command(game_id: str, request: Request, p: Principal = caller("orders", "organiser", "referee"),
                         sent: schemas.Command = body(schemas.Command), wait: float | None = WaitQuery,
                         idempotency_key: str | None = KeyHeader):
    games, key = request.app.state.runtime.games, idempotency(idempotency_key)
    match sent:
        case schemas.Deadline(seats=seats):
            result = await run_in_threadpool(games.submit_deadline, game_id, list(seats), principal=p.id, key=key)
        case schemas.End(reason=reason):
            result = await run_in_threadpool(games.submit_end, game_id, reason, principal=p.id, key=key)
    return await _answer(request, game_id, result.first_version, p.viewer(game_id), wait)


@router.post("/v1/games/{game_id}/add-time",
             summary="Give a seat (or whoever is to act) more time before its deadline (organiser, referee): clock.extended",
             **doc(ok=(202, schemas.Appended), request=schemas.AddTime, errors=_ERRORS))
async def add_time(game_id: str, request: Request, p: Principal = caller("orders", "organiser", "referee"),
                   sent: schemas.AddTime = body(schemas.AddTime), idempotency_key: str | None = KeyHeader):
    result = await run_in_threadpool(request.app.state.runtime.games.add_time, game_id, sent.seconds, seat=sent.seat,
                                     principal=p.id, key=idempotency(idempotency_key))
    return json({"version": result.first_version}, 202)


@router.post("/v1/games/{game_id}/referee", summary="Submit a referee order, e.g. settle an attestation (referee)",
             **doc(ok=(202, schemas.Appended), also={200: schemas.Ruled}, request=schemas.RefereeOrderBody, errors=_ERRORS))
async def submit_referee(game_id: str, request: Request, p: Principal = caller("orders", "referee"),
                         sent: schemas.RefereeOrderBody = body(schemas.RefereeOrderBody), wait: float | None = WaitQuery,
                         idempotency_key: str | None = KeyHeader):
    result = await run_in_threadpool(request.app.state.runtime.games.submit_referee, game_id, referee_order(sent.order),
                                     principal=p.id, key=idempotency(idempotency_key))
    return await _answer(request, game_id, result.first_version, p.viewer(game_id), wait)
