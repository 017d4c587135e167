"""One ASGI middleware around every request: a request id (echoed as X-Request-ID), the game id
in the log context, one access log line, and the route's latency for /metrics."""
from __future__ import annotations

import logging
import re
import time
import uuid

from services.api import logs
from services.api.metrics import Metrics

log = logging.getLogger("umpire.access")
_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
_GAME_PATH = re.compile(r"^/v1/games/([^/]+)")


class Observe:
    def __init__(self, app, metrics: Metrics):
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        given = dict(scope["headers"]).get(b"x-request-id", b"").decode("latin-1")
        rid = given if _REQUEST_ID.fullmatch(given) else uuid.uuid4().hex
        m = _GAME_PATH.match(scope["path"])
        tokens = logs.request_id.set(rid), logs.game_id.set(m.group(1) if m else None)
        status = 500
        start = time.perf_counter()

        async def send_with_id(message):
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [*message.get("headers", ()), (b"x-request-id", rid.encode())]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            seconds = time.perf_counter() - start
            route = getattr(scope.get("route"), "path", "unmatched")
            self.metrics.observe(route, scope["method"], status, seconds)
            log.info("request", extra={"method": scope["method"], "route": route, "status": status,
                                       "ms": round(seconds * 1000, 2)})
            logs.request_id.reset(tokens[0])
            logs.game_id.reset(tokens[1])
