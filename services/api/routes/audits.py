"""What referees and bot authors check: exports, the disputed-turn report, offline
verification as a job, forks, and conformance cases. Everything is filtered by the caller's role."""
from __future__ import annotations

import msgspec
from fastapi import APIRouter, Query, Request
from fastapi.responses import PlainTextResponse, Response
from starlette.concurrency import run_in_threadpool

from domain.kernel.conformance import Case
from services.api import schemas
from services.api.auth import Principal, caller
from services.api.errors import ApiError
from services.api.wire import MAX_VERSION, body, doc, json
from services.export import ExportHeader

router = APIRouter(tags=["audits"])


@router.get("/v1/games/{game_id}/export",
            summary="The game as NDJSON (a header line, then every event as the caller may see it; ?format=text: a readable record)",
            **doc(ok=(200, ExportHeader), media="application/x-ndjson", errors=(401, 404, 429, 503),
                  other={"text/plain": {"type": "string", "description": "?format=text: the readable record"}}))
def export(game_id: str, request: Request, p: Principal = caller("reads"),
           format: str = Query("ndjson", pattern="^(ndjson|text)$", description="ndjson (verifiable) or text (readable)")):
    from services.export import export_lines, text_export

    games = request.app.state.runtime.games
    viewer = p.viewer(game_id)
    if format == "text":
        return PlainTextResponse(text_export(games, game_id, viewer))
    return Response(b"".join(export_lines(games, game_id, viewer)), media_type="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{game_id}.ndjson"'})


@router.get("/v1/games/{game_id}/audit",
            summary="The disputed-turn report: commands, rulings, dice, citations and state diffs (a seat gets its fog-filtered version)",
            **doc(ok=(200, schemas.Audit), errors=(401, 403, 404, 429, 503)))
def audit(game_id: str, request: Request, p: Principal = caller("reads", "referee", "organiser", "seat"),
          start: int = Query(1, ge=1, le=MAX_VERSION, alias="from", description="the first command version"),
          end: int | None = Query(None, ge=1, le=MAX_VERSION, alias="to", description="the last command version")):
    from services.audit import audit as report

    if p.role == "seat" and p.game_id != game_id:
        raise ApiError(403, "forbidden", "a seat token audits only its own game")
    return json(report(request.app.state.runtime.games, game_id, p.viewer(game_id), start=start, end=end))


@router.post("/v1/games/{game_id}/verify",
             summary="Verify the game's log as an offline verifier would: chain, dice keys, every ruling re-adjudicated",
             **doc(ok=(200, schemas.VerifyReport), errors=(401, 403, 404, 429, 503)))
async def verify(game_id: str, request: Request, p: Principal = caller("orders", "referee", "organiser")):
    from services.verify import verify_game

    r = await run_in_threadpool(verify_game, request.app.state.runtime.games, game_id)
    return json({"ok": r.ok, "complete": r.ok and not r.unverified, **msgspec.to_builtins(r)})


@router.post("/v1/games/{game_id}/fork",
             summary="An unofficial game from this one's position after event `at`, with fresh dice keys (referee, organiser; any seat once the game has ended)",
             **doc(ok=(201, schemas.GameCreated), errors=(401, 403, 404, 422, 429, 503)))
async def fork(game_id: str, request: Request, p: Principal = caller("orders", "referee", "organiser", "seat"),
               at: int = Query(..., ge=1, le=MAX_VERSION, description="the parent's event after which the fork starts")):
    rt, tokens = request.app.state.runtime, request.app.state.tokens
    summary = await run_in_threadpool(rt.queries.summary, game_id)
    if p.role == "seat" and (p.game_id != game_id or summary["status"] != "finished"):
        raise ApiError(403, "forbidden", "a seat may fork only its own game, once it has ended")
    if at > summary["version"]:
        raise ApiError(422, "invalid_parameter", f"the game's log has {summary['version']} events; `at` must not exceed it")
    created = await run_in_threadpool(rt.games.fork, game_id, at, principal=p.id)
    issued = await run_in_threadpool(tokens.issue_seats, created.game_id, created.seats)
    out = {"id": created.game_id, "seats": {s: {"token": i.token} for s, i in issued.items()}, "version": created.version}
    return json(out, 201, headers={"Location": f"/v1/games/{created.game_id}"})


@router.post("/v1/conformance", summary="Run a conformance case (referee): the umpire's verdict on a stated rules question",
             **doc(ok=(200, schemas.ConformanceVerdict), request=Case, errors=(400, 401, 403, 413, 422, 429)))
async def conformance(request: Request, p: Principal = caller("orders", "referee"), case: Case = body(Case)):
    verdict = await run_in_threadpool(request.app.state.runtime.queries.conformance, case)
    return json(msgspec.to_builtins(verdict))
