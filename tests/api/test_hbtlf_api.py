"""Home Before the Leaves Fall through the HTTP API (issue 19, Done when): Scenarios 1 and 8 played
by two random seats that see the game only through `/legal`, confirm each other's attestations,
dispute one, which a referee settles through `/referee`; the game ends with a result."""
from __future__ import annotations

import random

import pytest

from tests.api.conftest import new_game, order, ruled


def _legal(client, game, seat):
    return client.get(f"/v1/games/{game.id}/legal", headers=game.seats[seat]).json()["orders"]


def _to_act(client, game):
    return client.get(f"/v1/games/{game.id}").json()["to_act"]


@pytest.mark.parametrize("scenario", ["home-before-the-leaves-fall/1", "home-before-the-leaves-fall/8"])
def test_random_seats_play_a_scenario_with_a_dispute_settled_by_the_referee(client, org, ref, scenario):
    rng = random.Random(scenario)
    game = new_game(client, org, scenario)
    disputed = None
    for _ in range(400):
        for seat in ("german", "allied"):
            for o in _legal(client, game, seat):
                if o["type"] == "confirm" and o["id"] != disputed:
                    ruled(order(client, game, seat, o))
        for o in client.get(f"/v1/games/{game.id}/legal", headers=ref).json()["orders"]:  # @2: the BEF's hidden moves (12.71)
            if o["type"] == "settle" and o["id"] != disputed:
                ruled(client.post(f"/v1/games/{game.id}/referee?wait=5", json={"order": o}, headers=ref))
        seats = _to_act(client, game)
        if not seats:
            break
        seat = seats[0]
        legal = [o for o in _legal(client, game, seat) if o["type"] not in ("confirm", "dispute")]
        ends = [o for o in legal if o["type"] in ("end_segment", "withdraw", "declare_impulses")]
        claims = [o for o in legal if o["type"] == "report_combat"]
        pick = claims[0] if disputed is None and claims else ends[0] if ends and rng.random() < 0.7 else rng.choice(legal)
        body = ruled(order(client, game, seat, pick))
        opened = [e for e in body["effects"] if e["type"] == "attest.opened"]
        if disputed is None and opened:
            disputed = opened[0]["data"]["attestation"]["id"]
            other = "allied" if seat == "german" else "german"
            own = order(client, game, seat, {"type": "confirm", "id": disputed})
            assert own.json()["ruling"]["code"] == "not_confirmer"  # a seat never confirms its own claim
            ruled(order(client, game, other, {"type": "dispute", "id": disputed, "reason": "it did not happen so"}))
    summary = client.get(f"/v1/games/{game.id}").json()
    assert disputed is not None and summary["status"] == "active" and not summary["to_act"]  # waiting for the referee
    state = client.get(f"/v1/games/{game.id}/state", headers=ref).json()["view"]
    assert state["game"]["claims"][disputed]
    ruled(client.post(f"/v1/games/{game.id}/referee?wait=5", json={"order": {"type": "settle", "id": disputed, "value": "void"}}, headers=ref))
    summary = client.get(f"/v1/games/{game.id}").json()
    assert summary["status"] == "finished" and summary["result"]["level"]
