"""The FastAPI app: thin routes over the command side (`Games`) and the read side (`Queries`), versioned
under /v1. It never adjudicates.

`create_app(settings, runtime, tokens)` takes what `services.bootstrap.build` and `infra.auth`
give; its lifespan starts and stops the runtime (the embedded fold thread, in embedded mode).
"""
from __future__ import annotations

from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from infra.auth import Tokens
from services.api import contract, errors, wire
from services.api.params import known_query
from services.api.metrics import Metrics
from services.api.middleware import Observe
from services.api.ratelimit import Limiter, parse_rate
from services.api.routes import (
    audits, desks, disputes, events, games, ops, orders, readable, rulesets, scenarios, seats, state, tournaments, web,
)
from services.config import Settings

ROUTERS = (ops, scenarios, rulesets, games, state, orders, events, seats, audits, web, readable, desks, disputes, tournaments)
DESCRIPTION = """An impartial, auditable umpire for hex-and-counter wargames.

Send tokens as `Authorization: Bearer umpire_...`. Organisers create games and receive one token per
seat; a seat token submits that seat's orders; referees read everything and issue referee commands;
without a token you see what the public sees. Errors are `{"error": {"code", "message", "details"}}`.
"""


def _redis(url: str):
    if not url:
        return None
    import redis

    return redis.Redis.from_url(url, socket_timeout=0.25, socket_connect_timeout=0.25)


def create_app(settings: Settings, runtime, tokens: Tokens) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI):
        runtime.start()
        try:
            yield
        finally:
            runtime.stop()
            if app.state.redis is not None:
                app.state.redis.close()

    app = FastAPI(title="Umpire", version="1", description=DESCRIPTION, lifespan=lifespan,
                  generate_unique_id_function=contract.operation_id, dependencies=[known_query()])
    app.state.settings = settings
    app.state.runtime = runtime
    app.state.tokens = tokens
    app.state.metrics = Metrics()
    app.state.redis = _redis(settings.redis_url)
    app.state.limiter = Limiter({"orders": parse_rate(settings.rate_orders), "reads": parse_rate(settings.rate_reads)},
                                redis=app.state.redis)
    errors.install(app)
    for module in ROUTERS:
        app.include_router(module.router)
    app.add_middleware(Observe, metrics=app.state.metrics)

    def openapi():
        if app.openapi_schema is None:
            schema = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
            schema.setdefault("components", {}).setdefault("schemas", {}).update(wire.openapi_components())
            contract.optional_security(schema, [r for m in ROUTERS for r in m.router.routes])
            contract.no_null_parameters(schema)
            contract.portable(schema)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    return app
