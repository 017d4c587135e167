"""Issue 15, the contract check: the OpenAPI document (and each ruleset's) is valid OpenAPI 3.1,
names its operations and tags them by resource, and schemathesis with every check it has (auth,
status codes, content types, headers, `Allow`, negative and positive data...) finds nothing over
every operation, sent as the public, an organiser, a referee and a seat.

Schemathesis runs on the sandbox's document (`/v1/rulesets/sandbox/openapi.json`) against a sandbox
game: the main document's `Order` is any game's, and a B&P order sent to a sandbox game is rightly
refused. (Its pytest plugin does not run under pytest 9: each operation is a test item, its cases
from the operation's Hypothesis strategy, as tests/abuse/test_schema.py does.)"""
from __future__ import annotations

import re

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from openapi_spec_validator import validate
from schemathesis import GenerationMode
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import positive_data_acceptance

from services.api import contract
from services.api.app import create_app
from services.config import Settings
from tests.api.conftest import new_game
from tests.api.schemathesis_support import call_as_everyone, negatable

DOCUMENT = create_app(Settings(), None, None).openapi()
CASES = [(method.upper(), path, mode) for path, ops in DOCUMENT["paths"].items() for method, op in ops.items()
         for mode in GenerationMode if mode is GenerationMode.POSITIVE or negatable(op)]
# Refusals of the request's form, which a request the document calls valid must never get. A
# schema-valid request may still be refused for what it names (no such scenario, `at` beyond the
# log, a referee who names no seat): schemathesis's positive_data_acceptance would count those 422s
# as failures, so this check replaces it and fails on form refusals alone.
FORM_REFUSALS = {"invalid_body", "malformed_json", "unknown_parameter", "invalid_order", "invalid_idempotency_key"}
OPERATION_ID = re.compile(r"[a-z]+(?:[A-Z][a-z0-9]*)+")


def test_the_document_and_every_rulesets_document_are_valid_openapi(client):
    validate(client.get("/openapi.json").json())
    listed = client.get("/v1/rulesets").json()["rulesets"]
    assert {r["name"] for r in listed} == set(contract.newest())
    for r in listed:
        doc = client.get(r["openapi"]).json()
        validate(doc)
        schemas = doc["components"]["schemas"]
        union = schemas[r["order_schema"]]
        assert union["discriminator"]["propertyName"] == "type"
        assert set(union["discriminator"]["mapping"]) >= {"attest", "dispute_event", "undo"}
        assert '"#/components/schemas/Order"' not in str(doc).replace("'", '"')
        assert not [k for k in schemas if k.endswith("Order") and k not in (r["order_schema"], "RefereeOrder")
                    and any(k.startswith(contract.prefix(n)) for n in contract.newest())]


def test_a_listed_order_is_typed_as_the_submitted_one():
    schemas = DOCUMENT["components"]["schemas"]
    assert schemas["SubmitOrder"]["properties"]["order"]["$ref"] == "#/components/schemas/Order"
    assert schemas["Legal"]["properties"]["orders"]["items"]["$ref"] == "#/components/schemas/Order"
    assert schemas["RefereeOrderBody"]["properties"]["order"]["$ref"] == "#/components/schemas/RefereeOrder"
    assert set(schemas["RefereeOrder"]["discriminator"]["mapping"]) == {"settle", "resolve_dispute", "correct"}
    move = schemas["BreakoutPursuitMove"]
    assert move["properties"]["type"] == {"enum": ["move"]} and {"unit", "path"} <= set(move["required"])
    assert schemas["Ruling"]["properties"]["citations"]["items"]["anyOf"]
    data = schemas["Event"]["properties"]["data"]  # effects: a common envelope with typed citations
    assert data["required"] == ["type"] and {"$ref": "#/components/schemas/Rulebook"} in data["properties"]["cite"]["items"]["anyOf"]
    view = schemas["State"]["properties"]["view"]
    assert {"to_act", "disputes", "attestations", "game"} <= set(view["required"])
    kinds = schemas["Legal"]["properties"]["assessments"]["items"]["anyOf"][0]  # or null
    assert kinds["discriminator"] == {"propertyName": "kind", "mapping": {
        "attack": "#/components/schemas/Assessment", "retreat": "#/components/schemas/RetreatAssessment",
        "supply": "#/components/schemas/SupplyAssessment"}}


def test_the_breakout_pursuit_document_types_every_assessment_its_rules_give():
    """Issue 16 item 6: an attack's, a retreat answer's (each candidate hex's distance, each refused
    hex's reason) and a supply judgement's (each unit's state, path length, source and path)."""
    schemas = contract.ruleset_document(DOCUMENT, "breakout-pursuit")["components"]["schemas"]
    weighing = schemas["RetreatWeighing"]["properties"]
    assert {"unit", "frm", "to", "path", "no_path", "refused"} <= set(weighing)
    assert weighing["refused"]["additionalProperties"] == {"type": "string"}
    assert schemas["SupplyAssessment"]["properties"]["units"]["additionalProperties"] == {"$ref": "#/components/schemas/SupplyTrace"}
    assert {"state", "length", "source", "path", "why"} <= set(schemas["SupplyTrace"]["properties"])


def test_operations_are_named_tagged_and_answer_in_their_own_media_types():
    ops = {(m, p): op for p, o in DOCUMENT["paths"].items() for m, op in o.items()}
    assert all(OPERATION_ID.fullmatch(op["operationId"]) for op in ops.values()), [op["operationId"] for op in ops.values()]
    assert ops[("post", "/v1/games/{game_id}/orders")]["operationId"] == "submitOrder"
    assert ops[("get", "/v1/games/{game_id}/legal")]["operationId"] == "getLegalOrders"
    assert ops[("get", "/v1/me")]["tags"] == ["tokens"]
    media = {p: list(op["responses"]["200"]["content"]) for (m, p), op in ops.items() if "200" in op["responses"]}
    assert media["/v1/games/{game_id}/export"] == ["application/x-ndjson", "text/plain"]
    assert media["/v1/games/{game_id}/map.svg"] == ["image/svg+xml"]
    assert media["/v1/games/{game_id}/stream"] == ["text/event-stream"]
    public = {p for (m, p), op in ops.items() if {} in op.get("security", [])}
    assert "/v1/games/{game_id}/state" in public and "/v1/games/{game_id}/orders" not in public
    key = next(x for x in ops[("post", "/v1/games/{game_id}/orders")]["parameters"] if x["name"] == "Idempotency-Key")
    assert key["schema"]["type"] == "string" and key["schema"]["maxLength"] == 128 and key["schema"]["pattern"]


def test_a_method_a_path_does_not_answer_names_every_method_it_does(client):
    r = client.put("/v1/games")
    assert r.status_code == 405 and r.headers["allow"] == "GET, POST"
    assert r.json()["error"]["code"] == "method_not_allowed"


def test_an_unknown_query_parameter_is_refused_naming_the_ones_taken(client, game):
    r = client.get(f"/v1/games/{game.id}/events", params={"afer": 3})
    assert r.status_code == 422
    error = r.json()["error"]
    assert error["code"] == "unknown_parameter" and error["details"] == {"unknown": ["afer"], "allowed": ["after", "limit"]}


def schema_valid_input_is_never_refused_for_its_form(ctx, response, case):
    if case.meta is None or not case.meta.generation.mode.is_positive or not 400 <= response.status_code < 500:
        return None
    error = response.json().get("error", {})
    form = error.get("code") in FORM_REFUSALS or (error.get("code") == "invalid_parameter" and "problems" in error.get("details", {}))
    assert not form, f"a request valid by the document was refused for its form: {response.status_code} {error}"
    return None


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """An embedded app with a begun sandbox game, the sandbox's document, and a token of every role."""
    from tests.api.conftest import embedded

    api = embedded(tmp_path_factory.mktemp("contract"), UMPIRE_WAIT_MAX_SECONDS="0.2", UMPIRE_RATE_ORDERS="off",
                   UMPIRE_RATE_READS="off")
    with TestClient(api.app) as c:
        org = api.token("organiser", "st-org")
        game = new_game(c, org)
        config = SchemathesisConfig.from_dict({"max-stream-events": 1})  # the stream never ends: its first event
        schema = schemathesis.openapi.from_asgi("/v1/rulesets/sandbox/openapi.json", api.app, config=config)
        yield {"schema": schema, "game": game.id,
               "as": {"public": {}, "organiser": org, "referee": api.token("referee", "st-ref"),
                      "seat": game.seats["red"]}}
    api.close()


@pytest.mark.contract
@pytest.mark.parametrize("method, path, mode", CASES, ids=[f"{m} {p} {g.value}" for m, p, g in CASES])
def test_schemathesis_finds_nothing_with_every_check_as_every_role(world, method, path, mode):
    operation = world["schema"][path][method]

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), database=None, derandomize=True)
    def each(case):
        call_as_everyone(world, case, excluded_checks=[positive_data_acceptance],
                         additional_checks=[schema_valid_input_is_never_refused_for_its_form])

    each()
