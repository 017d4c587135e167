"""msgspec at the HTTP edge: decode bodies, send pre-encoded bytes, declare both in OpenAPI.

FastAPI derives OpenAPI only from pydantic models, so routes take no body parameter; a `body(T)`
dependency reads and decodes the request with a cached msgspec decoder, and `doc(...)` declares
the request and response schemas. `openapi_components()` adds the msgspec schemas they refer to.
"""
from __future__ import annotations

from typing import Any, Iterable

import msgspec
from fastapi import Depends, Request
from fastapi.responses import Response

from domain.kernel.commands import KERNEL_ORDERS, REFEREE_TAGS, RefereeKernelOrder
from services.api import contract, schemas
from services.api.errors import ApiError, msgspec_path, with_allowed

REF = "#/components/schemas/{name}"
MAX_VERSION = schemas.MAX_VERSION
_encode = msgspec.json.Encoder().encode
_ERRORS = {400: "malformed JSON or header", 401: "no token, or not a valid one", 403: "the token may not do this",
           404: "no such game, seat or route", 409: "version conflict", 413: "body too large",
           422: "invalid body, order, parameter or idempotency key", 429: "rate limited (see Retry-After)",
           503: "the event store is unavailable (see Retry-After)"}
_documented: set[type] = {schemas.Error, *KERNEL_ORDERS}  # the kernel's orders: every game's union names them


def json(content: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(_encode(content), status_code=status, media_type="application/json", headers=headers)


async def read_limited(request: Request, limit: int) -> bytes:
    """The body, refused with 413 past `limit` bytes whether or not Content-Length says so."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise ApiError(413, "body_too_large", f"the body may be at most {limit} bytes", limit=limit)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(413, "body_too_large", f"the body may be at most {limit} bytes", limit=limit)
        chunks.append(chunk)
    return b"".join(chunks)


def integral(raw: bytes) -> bytes:
    """The body with every integral float (`5.0`) written as an integer: JSON Schema, hence the
    document, calls `5.0` an integer, and msgspec decodes `int` fields from integers alone."""
    try:
        value = msgspec.json.decode(raw)
    except msgspec.DecodeError:
        return raw  # the typed decode says what is wrong with it
    changed, out = _integral(value)
    return msgspec.json.encode(out) if changed else raw


def _integral(value: Any) -> tuple[bool, Any]:
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**63:
        return True, int(value)
    if isinstance(value, list):
        pairs = [_integral(v) for v in value]
        return any(c for c, _ in pairs), [v for _, v in pairs]
    if isinstance(value, dict):
        items = {k: _integral(v) for k, v in value.items()}
        return any(c for c, _ in items.values()), {k: v for k, (_, v) in items.items()}
    return False, value


def body(model: Any):
    """A dependency giving the request body decoded as `model` (400 malformed, 413 too big, 422 invalid)."""
    decoder = msgspec.json.Decoder(model)

    async def decode(request: Request) -> Any:
        raw = await read_limited(request, request.app.state.settings.max_body_bytes)
        return _decoded(decoder, integral(raw))

    return Depends(decode)


def optional_body(model: Any):
    """As `body`, but an empty body is `model()` (every field defaulted)."""
    decoder = msgspec.json.Decoder(model)

    async def decode(request: Request) -> Any:
        raw = await read_limited(request, request.app.state.settings.max_body_bytes)
        if not raw.strip():
            return model()
        return _decoded(decoder, integral(raw))

    return Depends(decode)


def _decoded(decoder: msgspec.json.Decoder, raw: bytes) -> Any:
    try:
        return decoder.decode(raw)
    except msgspec.ValidationError as exc:
        message, path = msgspec_path(exc)
        raise ApiError(422, "invalid_body", message, path=path or "$") from None
    except msgspec.DecodeError as exc:
        raise ApiError(400, "malformed_json", f"the body is not valid JSON: {exc}") from None


_REFEREE = msgspec.json.Decoder(RefereeKernelOrder)


def referee_order(raw: msgspec.Raw) -> bytes:
    """Only a referee's orders (settle, resolve_dispute, correct) reach the log from this route."""
    try:
        _REFEREE.decode(raw)
    except msgspec.ValidationError as exc:
        message, path = msgspec_path(exc, prefix="$.order")
        raise ApiError(422, "invalid_order", with_allowed(message, path, RefereeKernelOrder), path=path or "$.order",
                       allowed=list(REFEREE_TAGS)) from None
    return bytes(raw)


def _ref(model: Any) -> dict[str, Any]:
    if isinstance(model, type) and issubclass(model, msgspec.Struct):
        _documented.add(model)
        return {"$ref": REF.format(name=model.__name__)}
    members = getattr(model, "__args__", ())
    return {"oneOf": [_ref(m) for m in members], "discriminator": {"propertyName": "type"}}


def doc(*, ok: tuple[int, Any], request: Any = None, errors: Iterable[int] = (), also: dict[int, Any] | None = None,
        media: str = "application/json", other: dict[str, dict] | None = None,
        request_required: bool = True) -> dict[str, Any]:
    """Route keyword arguments declaring the request body, the success response (`other`: more media
    types it may come as, with their JSON schemas) and the errors."""
    status, model = ok
    content = {media: {"schema": _ref(model) if not isinstance(model, dict) else model}}
    out: dict[str, Any] = {"status_code": status}
    if media != "application/json":  # else FastAPI adds `application/json` to the success response
        out["response_class"] = Response
    content.update({m: {"schema": schema} for m, schema in (other or {}).items()})
    responses: dict[int | str, Any] = {status: {"description": "success", "content": content}}
    for s, m in (also or {}).items():
        responses[s] = {"description": m.__doc__ or "success", "content": {"application/json": {"schema": _ref(m)}}}
    for s in sorted(set(errors) | {422}):  # FastAPI's own 422 schema would show otherwise
        responses[s] = {"description": _ERRORS[s], "content": {"application/json": {"schema": _ref(schemas.Error)}}}
    out["responses"] = responses
    if request is not None:
        out["openapi_extra"] = {"requestBody": {"required": request_required, "content": {"application/json": {"schema": _ref(request)}}}}
    return out


def openapi_components() -> dict[str, Any]:
    """The JSON schemas of every struct a route declared, for `components.schemas`, and every
    ruleset's orders (services.api.contract)."""
    _, components = msgspec.json.schema_components(sorted(_documented, key=lambda t: t.__name__), ref_template=REF)
    return {**components, **contract.order_components(contract.newest())}
