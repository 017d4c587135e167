"""Organiser and referee commands (deadline, end) and referee orders (settle)."""
from __future__ import annotations


from services.api import schemas
from tests.api.conftest import conforms, order, ruled

DEADLINE = {"type": "deadline"}


def command(client, game, headers, body, wait=5):
    return client.post(f"/v1/games/{game.id}/commands?wait={wait}", json=body, headers=headers)


def to_the_bridge_attestation(client, game, org) -> None:
    """Missed deadlines play turn 1 by the rules' default answers until Red must attest the bridge."""
    for _ in range(6):
        ruled(command(client, game, org, DEADLINE))
    view = client.get(f"/v1/games/{game.id}/state", headers=org).json()["view"]
    assert view["attestations"]["bridge_demolished"]["state"] == "open"


def test_a_deadline_imposes_the_default_answers_of_the_seats_due(client, game, org):
    r = command(client, game, org, DEADLINE)
    body = ruled(r)
    conforms(r, schemas.Ruled)
    assert "sandbox.markers_deployed" in [e["type"] for e in body["effects"]]
    assert client.get(f"/v1/games/{game.id}").json()["phase"] == "bid"


def test_a_deadline_names_seats_and_unknown_seats_are_404(client, game, ref):
    assert ruled(command(client, game, ref, {"type": "deadline", "seats": ["blue-1"]}), "rejected")["ruling"]["code"] == "nothing_due"
    r = command(client, game, ref, {"type": "deadline", "seats": ["green"]})
    assert r.status_code == 404 and r.json()["error"]["code"] == "seat_not_found"


def test_ending_a_game_finishes_it_with_a_result(client, game, ref):
    ruled(command(client, game, ref, {"type": "end", "reason": "hall closes"}))
    s = client.get(f"/v1/games/{game.id}").json()
    assert s["status"] == "finished" and s["result"] is not None and s["to_act"] == []


def test_an_order_after_the_end_is_ruled_rejected_not_refused_by_the_api(client, game, ref):
    ruled(command(client, game, ref, {"type": "end", "reason": "hall closes"}))
    r = order(client, game, "red", {"type": "deploy", "real": "0305"}, wait=2)
    assert ruled(r, "rejected")["ruling"]["code"] == "game_finished"


def test_commands_are_for_organisers_and_referees_only(client, game):
    assert command(client, game, {}, DEADLINE).status_code == 401
    r = command(client, game, game.seats["red"], DEADLINE)
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"


def test_an_unknown_command_type_or_field_is_422(client, game, org):
    r = command(client, game, org, {"type": "pause"})
    assert r.status_code == 422 and r.json()["error"]["details"]["path"] == "$.type"
    r = command(client, game, org, {"type": "end", "why": "x"})
    assert r.status_code == 422 and "why" in r.json()["error"]["message"]


def test_commands_without_wait_are_202_and_keyed_retries_return_the_same_version(client, game, org):
    url = f"/v1/games/{game.id}/commands"
    first = client.post(url, json=DEADLINE, headers={**org, "Idempotency-Key": "d1"})
    again = client.post(url, json=DEADLINE, headers={**org, "Idempotency-Key": "d1"})
    assert first.status_code == again.status_code == 202
    assert first.json() == again.json() == {"version": game.version + 1}


def test_a_referee_settles_a_disputed_attestation(client, game, org, ref):
    to_the_bridge_attestation(client, game, org)
    ruled(order(client, game, "red", {"type": "attest", "id": "bridge_demolished", "value": True}))
    ruled(order(client, game, "blue-1", {"type": "dispute", "id": "bridge_demolished", "reason": "we watched it"}))
    r = client.post(f"/v1/games/{game.id}/referee?wait=5", json={"order": {"type": "settle", "id": "bridge_demolished",
                                                                          "value": True}}, headers=ref)
    body = ruled(r)
    assert {"attest.settled", "sandbox.bridge_blown"} <= {e["type"] for e in body["effects"]}
    view = client.get(f"/v1/games/{game.id}/state").json()["view"]
    assert view["game"]["bridge"] == "destroyed"
    submitted = client.get(f"/v1/games/{game.id}/events?after={body['version'] - 1}&limit=1").json()["events"][0]
    assert submitted["type"] == "referee.command" and submitted["hidden"] is True  # referee-only until ruled


def test_a_referee_order_the_rules_refuse_is_a_rejected_ruling(client, game, ref):
    r = client.post(f"/v1/games/{game.id}/referee?wait=5", json={"order": {"type": "settle", "id": "nope", "value": 1}},
                    headers=ref)
    assert ruled(r, "rejected")["ruling"]["code"] == "unknown_attestation"


def test_referee_orders_are_for_referees_only_and_must_be_orders(client, game, org):
    url = f"/v1/games/{game.id}/referee"
    body = {"order": {"type": "settle", "id": "x", "value": True}}
    assert client.post(url, json=body).status_code == 401
    assert client.post(url, json=body, headers=org).status_code == 403
    assert client.post(url, json=body, headers=game.seats["red"]).status_code == 403
    ref = {"Authorization": "Bearer " + client.app.state.tokens.create("referee", "r2").token}
    r = client.post(url, json={"order": {"type": "smite"}}, headers=ref)
    assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_order"
