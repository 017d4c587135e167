"""Normandy 1944 through the HTTP API with three players (issue 23, Done when): Operation Cobra's
US and British/Canadian seats share the Allied side and its initiative, each ordering only its own
nationality's units; the German seat plays the other side. Seats see the game only through
`/legal`; the game is played to its end with a result."""
from __future__ import annotations

import random

from tests.api.conftest import new_game, order, ruled


def _legal(client, game, seat):
    return client.get(f"/v1/games/{game.id}/legal", headers=game.seats[seat]).json()["orders"]


def _to_act(client, game):
    return client.get(f"/v1/games/{game.id}").json()["to_act"]


def test_three_seats_play_cobra_to_its_end_each_ordering_only_its_own_units(client, org):
    rng = random.Random(23)
    game = new_game(client, org, "normandy-1944/2")
    assert set(game.seats) == {"us", "british", "german"}
    acted = {"us": 0, "british": 0, "german": 0}
    refused_other = False
    for _ in range(3000):
        seats = _to_act(client, game)
        if not seats:
            break
        seat = rng.choice(seats)
        legal = _legal(client, game, seat)
        moves = [o for o in legal if o["type"] == "move"]
        if moves and not refused_other and seat in ("us", "british"):
            other = "british" if seat == "us" else "us"
            r = order(client, game, other, moves[0])
            assert r.status_code == 200 and r.json()["ruling"]["verdict"] == "rejected"
            assert r.json()["ruling"]["code"] in ("not_your_unit", "not_your_turn")
            refused_other = True
        ends = [o for o in legal if o["type"] in ("end_phase", "end_activation")]
        pick = ends[0] if ends and rng.random() < 0.6 else rng.choice(legal)
        ruled(order(client, game, seat, pick))
        acted[seat] += 1
    summary = client.get(f"/v1/games/{game.id}").json()
    assert summary["status"] == "finished" and summary["result"]["level"]
    assert refused_other and all(n > 0 for n in acted.values())
