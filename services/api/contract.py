"""The OpenAPI document as a generated client needs it: every ruleset's orders typed, security,
operation ids and media types as the routes really answer.

Each registered ruleset (its newest version) publishes its orders as `<Game>Order`: a `oneOf` of
its own order structs (components `<Game><Struct>`, so two games' `Move` never collide) and the
kernel's orders every game accepts, discriminated on `type`. One route serves every ruleset, so the
main document's `Order` is the `anyOf` of those unions; `ruleset_document(doc, name)` is the same
document with `Order` narrowed to one game (`GET /v1/rulesets/{name}/openapi.json`), the one to
generate a client of one game from.
"""
from __future__ import annotations

import inspect
import json
from typing import Any, Iterable

import msgspec
from fastapi.routing import APIRoute

import domain.games  # noqa: F401  (registers the rulesets)
from domain.kernel.commands import KERNEL_ORDERS, REFEREE_ORDERS
from domain.kernel.log import tag_of
from domain.kernel.ruleset import Ruleset, all_rulesets

REF = "#/components/schemas/{name}"
ORDER = "Order"
# What each operation is called in a generated client (`route.name` -> operationId): names, not paths.
OPERATION_IDS = {
    "health": "getHealth", "metrics": "getMetrics", "scenarios": "listScenarios", "rulesets": "listRulesets",
    "ruleset_openapi": "getRulesetOpenapi", "create": "createGame", "list_games": "listGames", "get_game": "getGame",
    "state": "getState", "legal": "getLegalOrders", "submit_order": "submitOrder", "submit_command": "submitCommand",
    "submit_referee": "submitRefereeOrder", "events": "listEvents", "stream": "streamEvents",
    "reissue": "reissueSeatToken", "me": "getMe", "export": "exportGame", "audit": "getAudit", "verify": "verifyGame",
    "fork": "forkGame", "conformance": "runConformanceCase", "map_svg": "getMap", "history": "getHistory",
    "names": "getNames", "disputes": "listDisputes",
    "create_tournament": "createTournament", "get_tournament": "getTournament", "register_entrant": "registerEntrant",
    "withdraw_entrant": "withdrawEntrant", "pair_round": "pairRound", "get_standings": "getStandings",
    "export_tournament": "exportTournament", "register_webhook": "registerWebhook", "list_deliveries": "listDeliveries",
    "add_time": "addTime", "me_stream": "streamMe",
}


def operation_id(route: APIRoute) -> str:
    """FastAPI's `generate_unique_id_function`: a route missing from the table is a mistake, caught
    when the document is built (tests/api/test_contract.py builds it)."""
    if not route.include_in_schema:
        return route.name  # the pages: in no document
    return OPERATION_IDS[route.name]


def prefix(ruleset_name: str) -> str:
    """`breakout-pursuit` -> `BreakoutPursuit`: the game's component names start with it."""
    return "".join(part.capitalize() for part in ruleset_name.replace("_", "-").split("-"))


def newest() -> dict[str, Ruleset]:
    out: dict[str, Ruleset] = {}
    for r in all_rulesets():  # sorted by version: the last one wins
        out[r.name] = r
    return out


def _union(members: Iterable[tuple[str, str]], description: str) -> dict[str, Any]:
    """A `oneOf` of (tag, component name), discriminated on `type`."""
    members = list(members)
    return {"description": description, "oneOf": [{"$ref": REF.format(name=n)} for _, n in members],
            "discriminator": {"propertyName": "type", "mapping": {t: REF.format(name=n) for t, n in members}}}


def _members(union: Any) -> tuple[type, ...]:
    return getattr(union, "__args__", (union,))


def order_components(rulesets: dict[str, Ruleset]) -> dict[str, Any]:
    """`<Game>Order` per ruleset with its structs, `Order` (any game's) and `RefereeOrder`; the
    kernel's order structs themselves are documented with the other components (wire.py)."""
    kernel = [(tag_of(t), t.__name__) for t in KERNEL_ORDERS]
    out: dict[str, Any] = {}
    for name, ruleset in sorted(rulesets.items()):
        p = prefix(name)
        types = _members(ruleset.order_type)
        _, parts = msgspec.json.schema_components(types, ref_template=REF.format(name=p + "{name}"))
        out.update({p + k: v for k, v in parts.items()})
        own = [(tag_of(t), p + t.__name__) for t in types]
        out[p + ORDER] = _union(own + kernel, f"An order of {ruleset.title} ({ruleset.id}), or one of the orders "
                                              "every game takes (attestations, disputes, entropy, undo).")
    out[ORDER] = {"description": "An order of the game's ruleset: one of the `<Game>Order` unions (the same `type` "
                                 "may mean another order in another game). GET /v1/rulesets/{name}/openapi.json "
                                 "is this document with `Order` narrowed to one game.",
                  "anyOf": [{"$ref": REF.format(name=prefix(n) + ORDER)} for n in sorted(rulesets)]}
    out["RefereeOrder"] = _union(((tag_of(t), t.__name__) for t in REFEREE_ORDERS),
                                 "What a referee may order: settle an attestation, resolve a dispute, correct a ruling.")
    return out


def optional_security(doc: dict[str, Any], routes: Iterable[Any]) -> None:
    """Operations any caller may use answer without a token too: their security lists `{}` first.
    `routes`: the routers' own APIRoutes, whose endpoints take `caller(...)` (services.api.auth)."""
    for route in routes:
        if isinstance(route, APIRoute) and route.include_in_schema and _open_to_public(route.endpoint):
            for method in route.methods or ():
                op = doc["paths"].get(route.path_format, {}).get(method.lower())
                if op is not None and op.get("security"):
                    op["security"] = [{}, *op["security"]]


def _open_to_public(endpoint: Any) -> bool:
    for param in inspect.signature(endpoint).parameters.values():
        roles = getattr(getattr(param.default, "dependency", None), "roles", None)
        if roles is not None:
            return not roles or "public" in roles
    return False


def portable(node: Any) -> Any:
    """JSON Schema that generators read: a fixed-length array (msgspec's `prefixItems` with
    `items: false`) keeps its `maxItems` but loses the boolean schema few generators parse."""
    if isinstance(node, dict):
        if node.get("items") is False and "prefixItems" in node:
            del node["items"]
        for value in node.values():
            portable(value)
    elif isinstance(node, list):
        for value in node:
            portable(value)
    return node


def no_null_parameters(doc: dict[str, Any]) -> None:
    """A query or header parameter is absent or a string on the wire, never JSON null: `X | None`
    (FastAPI's `anyOf [X, null]`) is declared as X, its limits beside it."""
    for ops in doc["paths"].values():
        for op in ops.values():
            for param in op.get("parameters", ()):
                schema = param["schema"]
                kinds = [k for k in schema.get("anyOf", ()) if k != {"type": "null"}]
                if len(kinds) == 1 and len(schema["anyOf"]) == 2:
                    rest = {k: v for k, v in schema.items() if k != "anyOf"}
                    param["schema"] = {**kinds[0], **rest}


def ruleset_document(doc: dict[str, Any], name: str) -> dict[str, Any]:
    """`doc` with `Order` narrowed to ruleset `name`'s union, and no other game's components."""
    p, others = prefix(name), [prefix(n) for n in newest() if n != name]
    text = json.dumps(doc).replace(f'"{REF.format(name=ORDER)}"', f'"{REF.format(name=p + ORDER)}"')
    out = json.loads(text)
    schemas = out["components"]["schemas"]
    del schemas[ORDER]
    for key in list(schemas):
        if any(key.startswith(o) and key[len(o):len(o) + 1].isupper() for o in others):
            del schemas[key]
    out["info"] = {**out["info"], "title": f"{out['info']['title']}: {name}"}
    return out
