"""`GET /legal?assess=true` beyond attacks (issue 16, item 6), through the real app: in Breakout &
Pursuit 2.1 the Allied Supply Judgement Phase of Game-Turn 11 offers a Supply unit to trace to
(O09; Supply G, J, L370); each listed judgement comes with its `supply` assessment, typed as the
OpenAPI document declares it, and the ruling then judges every unit as it said."""
from __future__ import annotations

from domain.kernel.assessment import SupplyAssessment
from services.api import schemas
from tests.api.conftest import conforms, new_game, order, ruled


def test_supply_j_each_listed_judgement_is_assessed_and_ruled_as_assessed(client, org):
    game = new_game(client, org, "breakout-pursuit/2.1")
    for _ in range(8):  # set-up, then on to the Allied Supply Judgement Phase
        seat = client.get(f"/v1/games/{game.id}").json()["to_act"][0]
        legal = conforms(client.get(f"/v1/games/{game.id}/legal?assess=true", headers=game.seats[seat]), schemas.Legal)
        if any(o["type"] == "judge_supply" for o in legal.orders):
            break
        setup = [o for o in legal.orders if o["type"] == "accept_historical_setup"]
        ruled(order(client, game, seat, setup[0] if setup else {"type": "end_phase"}, wait=30))
    judgements = [(o, a) for o, a in zip(legal.orders, legal.assessments) if o["type"] == "judge_supply"]
    assert seat == "allied" and len(judgements) > 1
    for o, a in zip(legal.orders, legal.assessments):
        assert isinstance(a, SupplyAssessment) == (o["type"] == "judge_supply"), (o, a)
    chosen, seen = next((o, a) for o, a in judgements if o["use"])
    assert seen.units and seen.expended == tuple(chosen["use"])  # a listed Supply unit helps some unit (O09)
    assert all(len(t.path) == t.length + 1 for t in seen.units.values() if t.path)
    effects = ruled(order(client, game, "allied", chosen, wait=30))["effects"]
    judged = next(e["data"] for e in effects if e["type"] == "bp.supply_judged")
    assert judged["states"] == {u: t.state for u, t in seen.units.items()}
    assert judged["paths"] == {u: t.length for u, t in seen.units.items()}
    assert judged["sources"] == {u: t.source for u, t in seen.units.items()}
    assert [e["data"]["unit"] for e in effects if e["type"] == "bp.unit_expended"] == list(seen.expended)
