"""Health, OpenAPI, metrics, JSON logs with request and game ids, and errors never a 500."""
from __future__ import annotations

import io
import json
import logging
import re

import pytest
from fastapi.testclient import TestClient

from services.api import logs, schemas
from tests.api.conftest import conforms, metric, order, ruled

DEPLOY = {"type": "deploy", "real": "0305"}
ENDPOINTS = {
    ("get", "/v1/health"), ("get", "/v1/scenarios"), ("post", "/v1/games"), ("get", "/v1/games"),
    ("get", "/v1/games/{game_id}"), ("get", "/v1/games/{game_id}/state"), ("get", "/v1/games/{game_id}/legal"),
    ("post", "/v1/games/{game_id}/orders"), ("get", "/v1/games/{game_id}/events"),
    ("get", "/v1/games/{game_id}/stream"), ("post", "/v1/games/{game_id}/seats/{seat}/token"),
    ("post", "/v1/games/{game_id}/commands"), ("post", "/v1/games/{game_id}/referee"), ("get", "/metrics"),
    ("get", "/v1/me"), ("get", "/v1/games/{game_id}/export"), ("get", "/v1/games/{game_id}/audit"),
    ("post", "/v1/games/{game_id}/verify"), ("post", "/v1/games/{game_id}/fork"), ("post", "/v1/conformance"),
    ("get", "/v1/games/{game_id}/map.svg"),
    ("get", "/v1/games/{game_id}/history"), ("get", "/v1/games/{game_id}/names"), ("get", "/v1/games/{game_id}/disputes"),
    ("post", "/v1/tournaments"), ("get", "/v1/tournaments/{tournament_id}"),
    ("post", "/v1/tournaments/{tournament_id}/entrants"), ("post", "/v1/tournaments/{tournament_id}/entrants/{entrant}/withdraw"),
    ("post", "/v1/tournaments/{tournament_id}/rounds"), ("get", "/v1/tournaments/{tournament_id}/standings"),
    ("get", "/v1/tournaments/{tournament_id}/export"), ("post", "/v1/games/{game_id}/add-time"),
    ("get", "/v1/me/stream"), ("post", "/v1/tournaments/{tournament_id}/webhooks"),
    ("get", "/v1/tournaments/{tournament_id}/deliveries"),
    ("get", "/v1/rulesets"), ("get", "/v1/rulesets/{name}/openapi.json"),
}
NO_BODY = {  # posts whose parameters are all in the path or query
    ("post", "/v1/games/{game_id}/seats/{seat}/token"), ("post", "/v1/games/{game_id}/verify"),
    ("post", "/v1/games/{game_id}/fork"),
}


def test_health_reports_store_broker_and_worker_in_embedded_mode(client):
    r = client.get("/v1/health")
    h = conforms(r, schemas.Health)
    assert (h.status, h.mode, h.store.status, h.broker.status, h.worker.status) == ("ok", "embedded", "ok", "not_used", "ok")


def test_openapi_declares_every_endpoint_with_request_and_response_schemas(client):
    doc = client.get("/openapi.json").json()
    found = {(m, p) for p, ops in doc["paths"].items() for m in ops}
    assert found == ENDPOINTS
    schemas_ = doc["components"]["schemas"]
    text = json.dumps(doc)
    for ref in set(re.findall(r'"#/components/schemas/([^"]+)"', text)):
        assert ref in schemas_, ref
    for (method, path) in ENDPOINTS:
        op = doc["paths"][path][method]
        ok = [s for s in op["responses"] if s.startswith("2")]
        assert ok and all(op["responses"][s]["content"] for s in ok), (method, path)
        if method == "post":
            assert ("requestBody" not in op) if (method, path) in NO_BODY else "$ref" in json.dumps(op["requestBody"]), path
        if path != "/metrics" and path != "/v1/health":
            assert "error" in json.dumps(op["responses"].get("422", {})) or "Error" in json.dumps(op["responses"]["422"])
    order_body = schemas_["SubmitOrder"]
    assert order_body["additionalProperties"] is False and "order" in order_body["required"]
    assert "bearer" in json.dumps(doc["components"].get("securitySchemes", {})).lower()


def test_docs_page_is_served(client):
    r = client.get("/docs")
    assert r.status_code == 200 and "swagger" in r.text.lower()


def test_metrics_count_commands_rulings_lag_queue_and_latency_by_route(client, game):
    accepted, rejected = 'umpire_rulings_total{verdict="accepted"}', 'umpire_rulings_total{verdict="rejected"}'
    before = client.get("/metrics").text  # the genesis is already ruled: the game's first command
    ruled(order(client, game, "red", DEPLOY))
    ruled(order(client, game, "blue-1", DEPLOY), "rejected")
    text = client.get("/metrics").text
    assert 'umpire_commands_appended_total{type="game.created"} 1' in text
    assert 'umpire_commands_appended_total{type="order.submitted"} 2' in text
    assert metric(text, accepted) == metric(before, accepted) + 1
    assert metric(text, rejected) == metric(before, rejected) + 1
    assert "umpire_adjudication_lag_games 0" in text
    assert "umpire_queue_depth " in text
    assert re.search(r'umpire_http_request_duration_seconds_count\{route="/v1/games/\{game_id\}/orders",method="POST"\} 2', text)
    assert 'umpire_http_requests_total{route="/v1/games",method="POST",status="201"} 1' in text
    assert game.id not in text  # routes are templates: no unbounded label values


def test_metrics_read_the_global_feed_once_so_counts_do_not_double(client, game):
    ruled(order(client, game, "red", DEPLOY))
    client.get("/metrics")
    assert 'umpire_commands_appended_total{type="order.submitted"} 1' in client.get("/metrics").text


@pytest.fixture
def log_lines():
    """What the service's JSON formatter writes for every record, one decoded object per line."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(logs.JsonFormatter())
    root = logging.getLogger()
    root.addHandler(handler)
    level = root.level
    root.setLevel(logging.INFO)  # setLevel, not the attribute: loggers cache isEnabledFor

    def read() -> tuple[list[dict], str]:
        raw = out.getvalue()
        return [json.loads(line) for line in raw.splitlines()], raw

    yield read
    root.removeHandler(handler)
    root.setLevel(level)


def test_access_logs_are_json_with_request_id_and_game_id_and_never_a_token(client, game, log_lines):
    r = client.post(f"/v1/games/{game.id}/orders?wait=5", json={"order": DEPLOY},
                    headers={**game.seats["red"], "X-Request-ID": "req-123"})
    assert r.headers["x-request-id"] == "req-123"
    client.get(f"/v1/games/{game.id}/legal", headers=game.seats["red"])
    lines, raw = log_lines()
    access = [x for x in lines if x.get("logger") == "umpire.access"]
    posted = next(x for x in access if x["method"] == "POST")
    assert posted["request_id"] == "req-123" and posted["game_id"] == game.id
    assert posted["route"] == "/v1/games/{game_id}/orders" and posted["status"] == 200
    assert all(x["request_id"] for x in access)
    for token in game.tokens.values():
        assert token not in raw and token.split("_", 2)[2] not in raw


def test_a_request_id_is_made_when_none_or_a_bad_one_is_sent(client):
    made = client.get("/v1/health").headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{32}", made)
    assert client.get("/v1/health", headers={"X-Request-ID": "bad id!"}).headers["x-request-id"] != "bad id!"


def test_unknown_routes_and_methods_answer_in_the_error_format(client):
    r = client.get("/v1/nothing")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    r = client.delete("/v1/games")
    assert r.status_code == 405 and r.json()["error"]["code"] == "method_not_allowed"


@pytest.mark.parametrize("method, path, body", [
    ("post", "/v1/games", b"\xff\xfe"), ("post", "/v1/games", b"[]"), ("post", "/v1/games", b'{"scenario": 5}'),
    ("post", "/v1/games", b'{"scenario": "a/b/c"}'), ("post", "/v1/games", b'{"scenario": "sandbox/1", "options": []}'),
    ("get", "/v1/games/%00/state", None), ("get", "/v1/games/x/events?limit=1e9", None),
    ("post", "/v1/games/x/orders", b"{}"), ("post", "/v1/games/x/commands", b'{"type": null}'),
])
def test_bad_input_never_makes_a_500(client, org, game, method, path, body):
    headers = {**org, **({} if "orders" not in path else game.seats["red"])}
    r = client.request(method.upper(), path, content=body, headers=headers)
    assert 400 <= r.status_code < 500, r.text
    assert set(r.json()["error"]) == {"code", "message", "details"}


def test_an_unexpected_failure_is_a_500_in_the_error_format(api, org):
    def broken(*a, **k):
        raise RuntimeError("boom")

    api.runtime.queries.summary = broken
    with TestClient(api.app, raise_server_exceptions=False) as c:
        r = c.get("/v1/games/anything")
    assert r.status_code == 500 and r.json()["error"]["code"] == "internal"

