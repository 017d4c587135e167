"""The rulesets this server knows, and for each one the API document narrowed to its orders: the
one to generate a typed client of one game from (services.api.contract)."""
from __future__ import annotations

from fastapi import APIRouter, Request

from services.api import contract
from services.api.auth import caller
from services.api.errors import ApiError
from services.api.wire import doc, json

router = APIRouter(tags=["rulesets"])
RULESETS = {"type": "object", "required": ["rulesets"], "properties": {"rulesets": {"type": "array", "items": {
    "type": "object", "required": ["name", "id", "title", "order_schema", "openapi"], "properties": {
        "name": {"type": "string"}, "id": {"type": "string", "description": "`name@version`, the newest version"},
        "title": {"type": "string"},
        "order_schema": {"type": "string", "description": "the component naming its orders' union"},
        "openapi": {"type": "string", "description": "path of the document narrowed to this ruleset"}}}}}}
OPENAPI = {"type": "object", "description": "an OpenAPI 3.1 document", "additionalProperties": True}


@router.get("/v1/rulesets", summary="The rulesets a game may be played with, and where each one's typed API document is",
            **doc(ok=(200, RULESETS), errors=(401, 429)))
async def rulesets(_=caller("reads")):
    return json({"rulesets": [
        {"name": n, "id": r.id, "title": r.title, "order_schema": contract.prefix(n) + contract.ORDER,
         "openapi": f"/v1/rulesets/{n}/openapi.json"} for n, r in sorted(contract.newest().items())]})


@router.get("/v1/rulesets/{name}/openapi.json",
            summary="This API's document with `Order` narrowed to one ruleset's orders (`<Game>Order`)",
            **doc(ok=(200, OPENAPI), errors=(401, 404, 429)))
async def ruleset_openapi(name: str, request: Request, _=caller("reads")):
    if name not in contract.newest():
        raise ApiError(404, "ruleset_not_found", f"no ruleset {name!r}; GET /v1/rulesets lists them",
                       known=sorted(contract.newest()))
    cache = request.app.state.__dict__.setdefault("ruleset_documents", {})
    if name not in cache:
        cache[name] = contract.ruleset_document(request.app.openapi(), name)
    return json(cache[name])
