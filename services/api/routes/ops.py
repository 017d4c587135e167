"""Health and metrics: what an operator checks."""
from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse

from services.api import schemas
from services.api.errors import RETRY_AFTER_STORE, retry_after
from services.api.wire import doc, json

router = APIRouter(tags=["operations"])


@router.get("/v1/health", summary="Store, broker and worker status",
            **doc(ok=(200, schemas.Health), also={503: schemas.Health}))
def health(request: Request):
    rt, redis = request.app.state.runtime, request.app.state.redis
    try:
        lagging = rt.queries.lagging_count()
        request.app.state.tokens.ping()  # tokens are checked on every call: they are part of "the store"
        store = {"status": "ok"}
        worker = {"status": "ok" if lagging == 0 else "behind", "lagging_games": lagging}
    except Exception as exc:
        store = {"status": "down", "detail": type(exc).__name__}
        worker = {"status": "behind", "detail": "unknown while the store is down"}
    if redis is None:
        broker = {"status": "not_used", "detail": "embedded mode folds in this process"}
    else:
        try:
            redis.ping()
            broker = {"status": "ok"}
        except Exception as exc:
            broker = {"status": "down", "detail": f"{type(exc).__name__}; orders are still accepted"}
    status = "unavailable" if store["status"] == "down" else "degraded" if broker["status"] == "down" else "ok"
    body = {"status": status, "mode": rt.mode, "store": store, "broker": broker, "worker": worker}
    if status == "unavailable":
        return json(body, 503, headers=retry_after(RETRY_AFTER_STORE))
    return json(body)


@router.get("/metrics", summary="Prometheus metrics", response_class=PlainTextResponse,
            responses={200: {"description": "Prometheus text format 0.0.4",
                             "content": {"text/plain": {"schema": {"type": "string"}}}}})
def metrics(request: Request):
    rt = request.app.state.runtime
    text = request.app.state.metrics.render(rt.queries, lambda: _queue_depth(rt))
    return PlainTextResponse(text, media_type="text/plain; version=0.0.4; charset=utf-8")


def _queue_depth(runtime) -> int | None:
    """The runtime's count of fold requests waiting, if it keeps one and can tell now."""
    depth = getattr(runtime, "queue_depth", None)
    try:
        return depth() if depth is not None else None
    except Exception:  # the broker is down: leave the gauge out of this scrape
        return None
