"""Tournaments (issue 20): an organiser creates one, registers entrants (each gets a token, shown
once, that acts for its seat in every game of the tournament), pairs rounds (all the round's games
in one transaction; an Idempotency-Key makes a retry return the same round), withdraws entrants;
anyone reads the tournament, its standings (JSON or CSV) and its verifiable export."""
from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import PlainTextResponse, Response
from starlette.concurrency import run_in_threadpool

from services.api import tournament_schemas
from services.api.auth import Principal, caller
from services.api.errors import ApiError
from services.api.routes.orders import KeyHeader, idempotency
from services.api.wire import body, doc, json, optional_body
from services.export import ExportHeader, tournament_lines
from services.tournaments import spec_of

router = APIRouter(tags=["tournaments"])
_ERRORS = (400, 401, 403, 404, 409, 413, 429, 503)


@router.post("/v1/tournaments", summary="Create a tournament (organiser): format, scenario, rounds, points, tie-breaks",
             **doc(ok=(201, tournament_schemas.TournamentCreated), request=tournament_schemas.CreateTournament, errors=_ERRORS))
async def create_tournament(request: Request, p: Principal = caller("orders", "organiser"),
                            sent: tournament_schemas.CreateTournament = body(tournament_schemas.CreateTournament)):
    tid = await run_in_threadpool(request.app.state.runtime.tournaments.create, spec_of(sent), principal=p.id)
    return json({"id": tid, "name": sent.name, "format": sent.format, "scenario": sent.scenario}, 201,
                headers={"Location": f"/v1/tournaments/{tid}"})


@router.get("/v1/tournaments/{tournament_id}",
            summary="The tournament: entrants, rounds, each game with its status, turn and who is to act",
            **doc(ok=(200, tournament_schemas.TournamentView), errors=(404, 429, 503)))
def get_tournament(tournament_id: str, request: Request, _=caller("reads")):
    return json(request.app.state.runtime.queries.tournaments.body(tournament_id))


@router.post("/v1/tournaments/{tournament_id}/entrants",
             summary="Register an entrant (organiser); the answer holds its token, shown once",
             **doc(ok=(201, tournament_schemas.EntrantToken), request=tournament_schemas.RegisterEntrant, errors=_ERRORS))
async def register_entrant(tournament_id: str, request: Request, p: Principal = caller("orders", "organiser"),
                   sent: tournament_schemas.RegisterEntrant = body(tournament_schemas.RegisterEntrant)):
    e = await run_in_threadpool(request.app.state.runtime.tournaments.register, tournament_id, sent.name, sent.kind,
                                sent.rating, principal=p.id)
    return json({"id": e.entrant, "name": e.name, "kind": e.kind, "token": e.token}, 201)


@router.post("/v1/tournaments/{tournament_id}/entrants/{entrant}/withdraw",
             summary="Withdraw an entrant (organiser): its open games are forfeited, its later games not played",
             **doc(ok=(200, tournament_schemas.Withdrawn), request=tournament_schemas.Withdraw, errors=_ERRORS, request_required=False))
async def withdraw_entrant(tournament_id: str, entrant: str, request: Request, p: Principal = caller("orders", "organiser"),
                   sent: tournament_schemas.Withdraw = optional_body(tournament_schemas.Withdraw)):
    w = await run_in_threadpool(request.app.state.runtime.tournaments.withdraw, tournament_id, entrant, sent.reason,
                                principal=p.id)
    return json({"entrant": w.entrant, "forfeited": list(w.forfeited)})


@router.post("/v1/tournaments/{tournament_id}/rounds",
             summary="Pair the next round and create all its games in one transaction (organiser); 409 no_more_rounds",
             **doc(ok=(201, tournament_schemas.RoundPaired), also={200: tournament_schemas.RoundPaired}, request=tournament_schemas.PairRound,
                   errors=_ERRORS, request_required=False))
async def pair_round(tournament_id: str, request: Request, p: Principal = caller("orders", "organiser"),
                     sent: tournament_schemas.PairRound = optional_body(tournament_schemas.PairRound), idempotency_key: str | None = KeyHeader):
    key = idempotency(idempotency_key)
    r, replayed = await run_in_threadpool(
        request.app.state.runtime.tournaments.pair_round, tournament_id, principal=p.id, key=key,
        manual=[tuple(x) for x in sent.pairings] if sent.pairings is not None else None,
        forbidden=[tuple(x) for x in sent.forbidden])
    return json({"round": r.round, "games": [{"id": g.id, "seats": g.seats} for g in r.games], "byes": list(r.byes),
                 "replayed": replayed}, 200 if replayed else 201)


@router.get("/v1/tournaments/{tournament_id}/standings",
            summary="Standings: points, games played, wins by side, tie-breaks (?format=csv for a spreadsheet)",
            **doc(ok=(200, tournament_schemas.Standings), errors=(404, 429, 503),
                  other={"text/csv": {"type": "string", "description": "?format=csv: one row per entrant"}}))
def get_standings(tournament_id: str, request: Request, _=caller("reads"),
              format: Literal["json", "csv"] = Query("json", description="json or csv")):
    queries = request.app.state.runtime.queries.tournaments
    if format == "csv":
        return PlainTextResponse(queries.standings_csv(tournament_id), media_type="text/csv")
    return json(queries.standings(tournament_id))


@router.get("/v1/tournaments/{tournament_id}/export",
            summary="The tournament's stream as NDJSON, verifiable with `umpire verify` like a game's export",
            **doc(ok=(200, ExportHeader), media="application/x-ndjson", errors=(404, 429, 503)))
def export_tournament(tournament_id: str, request: Request, _=caller("reads")):
    lines = tournament_lines(request.app.state.runtime.games, tournament_id)
    return Response(b"".join(lines), media_type="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{tournament_id}.ndjson"'})


@router.post("/v1/tournaments/{tournament_id}/webhooks",
             summary="Register a webhook (organiser: every round and game; entrant: its own notices); the secret is shown once",
             **doc(ok=(201, tournament_schemas.WebhookRegistered), request=tournament_schemas.RegisterWebhook, errors=_ERRORS))
async def register_webhook(tournament_id: str, request: Request, p: Principal = caller("orders", "organiser", "entrant"),
                           sent: tournament_schemas.RegisterWebhook = body(tournament_schemas.RegisterWebhook)):
    if p.role == "entrant" and p.tournament_id != tournament_id:
        raise ApiError(403, "forbidden", "this entrant token belongs to another tournament")
    hook = await run_in_threadpool(request.app.state.runtime.webhooks.register, tournament_id, sent.url,
                                   entrant_id=p.entrant_id if p.role == "entrant" else None, by=p.id)
    return json({"id": hook.id, "url": hook.url, "entrant": hook.entrant_id, "secret": hook.secret.hex()}, 201)


@router.get("/v1/tournaments/{tournament_id}/deliveries",
            summary="Every webhook delivery of the tournament with each attempt (organiser)",
            **doc(ok=(200, tournament_schemas.Deliveries), errors=(401, 403, 404, 429, 503)))
def list_deliveries(tournament_id: str, request: Request, _=caller("reads", "organiser")):
    return json({"deliveries": request.app.state.runtime.webhooks.deliveries(tournament_id)})
