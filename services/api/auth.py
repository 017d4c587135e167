"""Who is calling: an organiser, a referee, a seat of one game, or the public (no token).

Dependencies resolve the bearer token once per request, check the role a route needs, and take
one unit from the caller's rate-limit bucket before the route does anything else.
"""
from __future__ import annotations

from typing import Literal

import msgspec
from fastapi import Depends, Request, Security
from fastapi.security import HTTPBearer
from starlette.concurrency import run_in_threadpool

from domain.kernel.seats import Viewer
from infra.auth import Token
from services.api.errors import ApiError

_bearer = HTTPBearer(auto_error=False, description="`Authorization: Bearer umpire_...`: an organiser, referee, seat or entrant token")


class Principal(msgspec.Struct, frozen=True, kw_only=True):
    role: Literal["organiser", "referee", "seat", "entrant", "public"]
    name: str = ""
    token_id: str | None = None
    game_id: str | None = None
    seat: str | None = None
    tournament_id: str | None = None  # an entrant: its tournament, its id there, and its seat in each game
    entrant_id: str | None = None
    seats: dict[str, tuple[str, ...]] = {}  # game id -> its seats (its side's), from the tournament's stream

    @property
    def id(self) -> str:
        """Who the log records as the actor, and the scope of idempotency keys. A seat is its game
        and seat, not its token, so a retry with a reissued token is still the same request."""
        if self.role == "seat":
            return f"seat:{self.game_id}:{self.seat}"
        if self.role == "entrant":
            return f"entrant:{self.tournament_id}:{self.entrant_id}"
        return f"{self.role}:{self.name}"

    def viewer(self, game_id: str) -> Viewer:
        """How this caller sees `game_id`: a seat token sees other games as the public does."""
        if self.role in ("organiser", "referee"):
            return Viewer(role=self.role)
        if self.role == "seat" and self.game_id == game_id:
            return Viewer(role="seat", seat=self.seat)
        if self.role == "entrant" and game_id in self.seats:
            return Viewer(role="seat", seat=self.seats[game_id][0])
        return Viewer(role="public")


PUBLIC = Principal(role="public")


def _from_token(t: Token, seats: dict[str, tuple[str, ...]] | None = None) -> Principal:
    return Principal(role=t.role, name=t.name, token_id=t.id, game_id=t.game_id, seat=t.seat,  # type: ignore[arg-type]
                     tournament_id=t.tournament_id, entrant_id=t.entrant_id, seats=seats or {})


async def principal(request: Request, _doc=Security(_bearer)) -> Principal:
    """Async, so a call without a token costs no trip to the thread pool."""
    header = request.headers.get("authorization")
    if header is None:
        return PUBLIC
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "invalid_token", "send the token as `Authorization: Bearer <token>`")
    record = await run_in_threadpool(request.app.state.tokens.verify, token.strip())
    if record is None:
        raise ApiError(401, "invalid_token", "the token is not valid (mistyped, revoked, or of another server)")
    if record.role == "entrant":  # its seats are the tournament's pairings so far
        seats = await run_in_threadpool(request.app.state.runtime.queries.tournaments.entrant_games,
                                        record.tournament_id, record.entrant_id)
        return _from_token(record, seats)
    return _from_token(record)


def _limit_key(p: Principal, request: Request) -> str:
    return f"token:{p.token_id}" if p.token_id else f"ip:{request.client.host if request.client else '?'}"


def caller(kind: Literal["reads", "orders"], *roles: str):
    """A dependency: the principal, refused unless its role is one of `roles` (any, if none), then rate limited."""

    allowed = (*roles, "entrant") if "seat" in roles else roles  # an entrant acts for its seat in each game

    async def check(request: Request, p: Principal = Depends(principal)) -> Principal:
        if allowed and p.role not in allowed:
            if p.role == "public":
                raise ApiError(401, "unauthenticated", f"this needs a token of a {' or '.join(roles)}")
            raise ApiError(403, "forbidden", f"a {p.role} token may not do this; it needs a {' or '.join(roles)}",
                           role=p.role)
        limiter = request.app.state.limiter
        if limiter.shared is None:  # in-process buckets: no I/O
            limiter.take(kind, _limit_key(p, request))
        else:
            await run_in_threadpool(limiter.take, kind, _limit_key(p, request))
        return p

    check.roles = roles  # type: ignore[attr-defined]  # read by services.api.contract: who needs a token
    return Depends(check)


def seat_of(p: Principal, game_id: str, seat: str | None = None) -> str:
    """The seat a call acts for: a seat token's own (in its game only); referees and organisers name one."""
    if p.role == "seat":
        if p.game_id != game_id:
            raise ApiError(403, "forbidden", "this seat token belongs to another game")
        if seat is not None and seat != p.seat:
            raise ApiError(403, "forbidden", f"this token acts for seat {p.seat!r}, not {seat!r}")
        return p.seat  # type: ignore[return-value]
    if p.role == "entrant":  # it holds every seat of its side: ?seat= names one, else the first
        if game_id not in p.seats:
            raise ApiError(403, "forbidden", "this entrant has no seat in that game")
        if seat is not None and seat not in p.seats[game_id]:
            raise ApiError(403, "forbidden", f"this entrant holds seats {list(p.seats[game_id])} there, not {seat!r}")
        return seat or p.seats[game_id][0]
    if seat is None:
        raise ApiError(422, "seat_required", "name the seat: ?seat=<seat id>")
    return seat
