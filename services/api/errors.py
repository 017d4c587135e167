"""Every error the API answers, as `{"error": {"code", "message", "details"}}`.

Errors of the layers below map to one status each (the table); nothing a caller sends can make a
500: bad input is refused with a 4xx before it reaches the log, and rules rejections are rulings.
"""
from __future__ import annotations

import logging
import math
import re
from typing import Any

import msgspec
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from starlette.exceptions import HTTPException

from domain.kernel.ruleset import OptionError, OptionNotBuilt
from infra.eventstore import GameExists, IdempotencyMismatch, StoreUnavailable, UnknownGame, VersionConflict
from services.catalog import ScenarioNotPlayable, ScenarioNotStartable, UnknownScenario
from services.games import BadOrder, BadTimeControl, UnknownSeat
from services.queries import BeyondLog, UnknownRuleset
from services.tournaments import TournamentError, UnknownTournament
from services.webhooks import NoWebhooks

log = logging.getLogger("umpire.api")
RETRY_AFTER_STORE = 5  # seconds a client should wait when the event store is down
_MSGSPEC_PATH = re.compile(r" - at `(\$[^`]*)`$")
_STATUS_CODES = {400: "bad_request", 401: "unauthenticated", 403: "forbidden", 404: "not_found",
                 405: "method_not_allowed", 409: "conflict", 413: "body_too_large", 422: "invalid",
                 429: "rate_limited", 503: "unavailable"}


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, *, headers: dict[str, str] | None = None,
                 **details: Any):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.headers = headers or {}
        self.details = details


def msgspec_path(exc: Exception, prefix: str = "") -> tuple[str, str | None]:
    """msgspec's message without its ` - at `$.x`` tail, and that path (re-rooted under `prefix`)."""
    text = str(exc)
    m = _MSGSPEC_PATH.search(text)
    if m is None:
        return text, None
    path = m.group(1)
    return text[: m.start()], (prefix + path[1:] if prefix else path)


def with_allowed(message: str, path: str | None, model: Any) -> str:
    """msgspec's "Invalid enum value 'x'" (or a tag it does not know) with the values `model` takes there."""
    if path is None or not message.startswith(("Invalid enum value", "Invalid value")):
        return message
    field = path.rsplit(".", 1)[-1]
    _, parts = msgspec.json.schema_components([model])
    values = [v for part in parts.values() for v in part.get("properties", {}).get(field, {}).get("enum", ())]
    return f"{message}; `{field}` is one of: {', '.join(map(str, dict.fromkeys(values)))}" if values else message


def error_response(status: int, code: str, message: str, details: dict | None = None,
                   headers: dict[str, str] | None = None) -> Response:
    body = msgspec.json.encode({"error": {"code": code, "message": message, "details": details or {}}})
    return Response(body, status_code=status, media_type="application/json", headers=headers)


def retry_after(seconds: float) -> dict[str, str]:
    return {"Retry-After": str(max(1, math.ceil(seconds)))}


def _mapped(exc: Exception) -> ApiError:
    match exc:
        case ApiError():
            return exc
        case UnknownGame():
            return ApiError(404, "game_not_found", str(exc), game_id=exc.game_id)
        case UnknownSeat():
            return ApiError(404, "seat_not_found", str(exc))
        case UnknownRuleset():
            return ApiError(422, "invalid_case", str(exc))
        case BeyondLog():
            return ApiError(422, "beyond_log", str(exc), at=exc.at, version=exc.version)
        case VersionConflict():
            return ApiError(409, "version_conflict", f"expected version {exc.expected}, the log is at {exc.actual}",
                            expected_version=exc.expected, version=exc.actual)
        case GameExists():
            return ApiError(409, "game_exists", str(exc), game_id=exc.game_id)
        case IdempotencyMismatch():
            return ApiError(422, "idempotency_mismatch",
                            f"idempotency key {exc.key!r} was already used with another request", key=exc.key)
        case BadOrder():
            message, path = msgspec_path(exc, prefix="$.order")
            return ApiError(422, "invalid_order", message, path=path or "$.order")
        case ScenarioNotStartable():
            return ApiError(422, "scenario_not_startable", f"scenario {exc.args[0]!r} cannot start: {exc.reason}",
                            path="$.scenario")
        case ScenarioNotPlayable():
            return ApiError(422, "scenario_not_playable", f"scenario {exc.ref!r} cannot be played yet: {exc.reason}",
                            path="$.scenario", reason=exc.reason)
        case UnknownScenario():
            return ApiError(422, "unknown_scenario", f"no scenario {exc.args[0]!r}; GET /v1/scenarios lists them",
                            path="$.scenario")
        case OptionNotBuilt():
            return ApiError(422, OptionNotBuilt.code, str(exc), path="$.options")
        case OptionError():
            return ApiError(422, "invalid_options", str(exc), path="$.options")
        case BadTimeControl():
            return ApiError(422, "invalid_time_control", str(exc), path="$.time_control")
        case TournamentError():
            return ApiError(exc.status, exc.code, str(exc), **exc.details)
        case NoWebhooks():
            return ApiError(422, "not_built", "webhooks need the SQLite or PostgreSQL store; this one keeps none")
        case UnknownTournament():
            return ApiError(404, "tournament_not_found", f"no tournament {exc.args[0]!r}", tournament_id=exc.args[0])
        case StoreUnavailable():
            return ApiError(503, "store_unavailable", "the event store is unavailable; retry later",
                            headers=retry_after(RETRY_AFTER_STORE), retry_after=RETRY_AFTER_STORE)
    raise TypeError(exc)


HANDLED = (ApiError, UnknownGame, UnknownSeat, BeyondLog, UnknownRuleset, VersionConflict, GameExists, IdempotencyMismatch, BadOrder,
           ScenarioNotPlayable, UnknownScenario, OptionError, BadTimeControl, TournamentError, UnknownTournament, NoWebhooks, StoreUnavailable)


async def _handled(request: Request, exc: Exception) -> Response:
    e = _mapped(exc)
    if e.status >= 500:
        log.warning("%s: %s", e.code, exc)
    return error_response(e.status, e.code, e.message, e.details, e.headers)


async def _validation(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)  # installed for it alone (Starlette types handlers by Exception)
    problems = [{"path": ".".join(str(p) for p in err.get("loc", ())), "message": err.get("msg", "")}
                for err in exc.errors()]
    message = "; ".join(f"{p['path']}: {p['message']}" for p in problems)
    return error_response(422, "invalid_parameter", message, {"problems": problems})


async def _http(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)  # installed for it alone
    code = _STATUS_CODES.get(exc.status_code, "error")
    headers = getattr(exc, "headers", None)
    if exc.status_code == 405:  # Starlette names only the first route's methods; a path may have several
        allowed = allowed_methods(request)
        headers = {**(headers or {}), "Allow": ", ".join(allowed)}
        return error_response(405, code, f"{request.url.path} answers {', '.join(allowed)}", {"allow": allowed}, headers)
    return error_response(exc.status_code, code, str(exc.detail), headers=headers)


def allowed_methods(request: Request) -> list[str]:
    """Every method some route answers at this request's path."""
    methods: set[str] = set()
    for route in _routes(request.app.routes):
        regex = getattr(route, "path_regex", None)
        if regex is not None and regex.match(request.url.path):
            methods |= set(getattr(route, "methods", None) or ())
    return sorted(methods)


def _routes(routes: Any) -> Any:
    """Every route, included routers' too (FastAPI >= 0.160 keeps them apart: iter_route_contexts)."""
    try:
        from fastapi.routing import iter_route_contexts
    except ImportError:  # older FastAPI: app.routes lists them all
        return routes
    return iter_route_contexts(routes)


async def _internal(request: Request, exc: Exception) -> Response:
    log.exception("unhandled error")
    return error_response(500, "internal", "an internal error; it has been logged")


def install(app: FastAPI) -> None:
    for exc_type in HANDLED:
        app.add_exception_handler(exc_type, _handled)
    app.add_exception_handler(RequestValidationError, _validation)
    app.add_exception_handler(HTTPException, _http)
    app.add_exception_handler(Exception, _internal)
