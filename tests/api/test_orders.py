"""POST /v1/games/{id}/orders: appended (202), ruled with ?wait (200), idempotent retries,
optimistic concurrency, and every way a body can be wrong."""
from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from services.api import schemas
from tests.api.conftest import conforms, order, ruled

DEPLOY = {"type": "deploy", "real": "0305"}


def head(client, game, headers) -> int:
    return client.get(f"/v1/games/{game.id}", headers=headers).json()["version"]


def test_an_order_with_wait_answers_its_ruling_with_the_effects_the_seat_may_see(client, game):
    r = order(client, game, "red", DEPLOY)
    body = ruled(r)
    conforms(r, schemas.Ruled)
    assert body["version"] == game.version + 1 and body["ruling"]["event"] == game.version + 2
    types = [e["type"] for e in body["effects"]]
    assert "sandbox.markers_deployed" in types and "sandbox.markers_shown" in types
    private = next(e for e in body["effects"] if e["type"] == "sandbox.markers_deployed")
    assert private["data"]["real"] == "0305"  # red's own secret, shown to red


def test_a_rules_rejection_is_a_ruling_with_code_message_and_citation_not_an_http_error(client, game):
    body = ruled(order(client, game, "blue-1", {"type": "bid", "points": 1}), "rejected")
    assert body["ruling"]["code"] == "not_your_turn"
    assert "red" in body["ruling"]["message"]
    assert body["ruling"]["citations"] and body["ruling"]["citations"][0]["kind"] == "house"
    assert body["effects"] == []


def test_without_wait_the_order_is_appended_and_answered_202_with_its_version(client, game):
    r = order(client, game, "red", DEPLOY, wait=None)
    assert r.status_code == 202
    assert conforms(r, schemas.Appended).version == game.version + 1


def test_a_retry_with_the_same_key_returns_the_same_version_and_appends_nothing(client, game, org):
    first = ruled(order(client, game, "red", DEPLOY, key="deploy-1"))
    version = head(client, game, org)
    again = ruled(order(client, game, "red", DEPLOY, key="deploy-1"))
    assert again == first
    assert head(client, game, org) == version


def test_the_same_key_with_another_body_is_422(client, game):
    order(client, game, "red", DEPLOY, key="k")
    r = order(client, game, "red", {"type": "deploy", "real": "0303"}, key="k")
    assert r.status_code == 422
    assert r.json()["error"]["code"] == "idempotency_mismatch"


def test_expected_version_is_compared_with_the_log_and_a_mismatch_is_409_with_both(client, game):
    r = order(client, game, "red", DEPLOY, expected_version=0)
    assert r.status_code == 409
    err = r.json()["error"]
    assert err["code"] == "version_conflict"
    assert err["details"] == {"expected_version": 0, "version": game.version}
    assert ruled(order(client, game, "red", DEPLOY, expected_version=game.version))["version"] == game.version + 1


def test_legal_version_is_the_expected_version_that_makes_the_next_order_go_through(client, game):
    legal = client.get(f"/v1/games/{game.id}/legal", headers=game.seats["red"]).json()
    first = legal["orders"][0]
    ruled(order(client, game, "red", first, expected_version=legal["version"]))


@pytest.mark.parametrize("bad, path", [
    ({"type": "deploy", "reel": "0305"}, "$.order"),
    ({"type": "teleport"}, "$.order.type"),
    ({"type": "bid", "points": "many"}, "$.order.points"),
])
def test_an_order_the_game_does_not_know_is_422_with_the_path(client, game, bad, path):
    r = order(client, game, "red", bad)
    assert r.status_code == 422
    err = r.json()["error"]
    assert err["code"] == "invalid_order" and err["details"]["path"] == path


def test_an_unknown_body_field_is_422_naming_it(client, game):
    r = client.post(f"/v1/games/{game.id}/orders", json={"order": DEPLOY, "expectd_version": 1},
                    headers=game.seats["red"])
    assert r.status_code == 422
    err = r.json()["error"]
    assert err["code"] == "invalid_body" and "expectd_version" in err["message"]


def test_a_wrongly_typed_body_field_is_422_with_the_msgspec_path(client, game):
    r = client.post(f"/v1/games/{game.id}/orders", json={"order": DEPLOY, "expected_version": "one"},
                    headers=game.seats["red"])
    assert r.status_code == 422
    assert r.json()["error"]["details"]["path"] == "$.expected_version"


@pytest.mark.parametrize("raw", [b"{", b"", b"not json", b"{\"order\": }"])
def test_malformed_json_is_400(client, game, raw):
    r = client.post(f"/v1/games/{game.id}/orders", content=raw, headers=game.seats["red"])
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "malformed_json"


def test_an_oversized_body_is_413_with_or_without_content_length(make_api):
    api = make_api(UMPIRE_MAX_BODY_BYTES="200")
    with TestClient(api.app) as c:
        org = api.token("organiser")
        big = b'{"scenario": "' + b"x" * 500 + b'"}'
        r = c.post("/v1/games", content=big, headers=org)
        assert r.status_code == 413 and r.json()["error"]["code"] == "body_too_large"
        chunked = c.post("/v1/games", content=iter([big[:150], big[150:]]), headers=org)  # no Content-Length
        assert chunked.status_code == 413


@pytest.mark.parametrize("key", ["", "x" * 129, "has space", "é".encode()])
def test_a_malformed_idempotency_key_is_400(client, game, key):
    r = client.post(f"/v1/games/{game.id}/orders", json={"order": DEPLOY},
                    headers={**game.seats["red"], "Idempotency-Key": key})
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "invalid_idempotency_key"


def test_wait_answers_202_when_the_ruling_is_not_ready_and_the_retry_gets_it_later(api, org):
    """The fold thread is held back, so the ruling cannot come in time (not even the genesis's:
    no seat is to act yet); a retry with the same key after the worker has run returns that
    order's ruling."""
    api.runtime.start = lambda: None  # this app's lifespan starts no fold thread
    with TestClient(api.app) as c:
        from tests.api.conftest import new_game

        game = new_game(c, org, begin=False)
        assert c.get(f"/v1/games/{game.id}").json()["to_act"] == []
        r = order(c, game, "red", DEPLOY, wait=0.2, key="slow")
        assert r.status_code == 202 and r.json() == {"version": game.version + 1}
        from services.worker.fold import fold_game

        fold_game(api.runtime.games, game.id)  # the genesis, then the order
        assert ruled(order(c, game, "red", DEPLOY, wait=0.2, key="slow"))["version"] == game.version + 1


def test_a_negative_wait_is_422(client, game):
    r = order(client, game, "red", DEPLOY, wait=-1)
    assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_parameter"


def test_an_order_to_an_unknown_game_is_refused_for_a_seat_of_another_game(client, game):
    r = client.post("/v1/games/nope/orders", json={"order": DEPLOY}, headers=game.seats["red"])
    assert r.status_code == 403


def test_a_seat_takes_back_its_last_move_with_an_undo_order_listed_in_legal(client, game):
    """Issue 10 item 5 through the API (sandbox@2, the version new games get): the undo order is
    listed for the seat that moved, accepted, and the seat's state is again what it was."""
    ruled(order(client, game, "red", DEPLOY))
    for seat, points in (("blue-1", 1), ("blue-2", 0), ("red", 0)):
        ruled(order(client, game, seat, {"type": "bid", "points": points}))
    state = lambda: client.get(f"/v1/games/{game.id}/state", headers=game.seats["blue-2"]).json()["view"]
    before = state()
    moved = ruled(order(client, game, "blue-2", {"type": "move", "unit": "B2", "path": ["0203"]}))
    undo = {"type": "undo", "command": moved["version"]}
    listed = client.get(f"/v1/games/{game.id}/legal", headers=game.seats["blue-2"]).json()["orders"]
    assert undo in listed
    assert undo not in client.get(f"/v1/games/{game.id}/legal", headers=game.seats["blue-1"]).json()["orders"]
    refused = ruled(order(client, game, "blue-1", undo), "rejected")["ruling"]
    assert refused["code"] == "nothing_to_undo" and refused["citations"][0]["name"] == "umpire-undo"
    taken = ruled(order(client, game, "blue-2", undo))
    assert [e["type"] for e in taken["effects"]] == ["undo.taken_back"]
    assert state() == before
