"""Issue 15, item 4: the referee's orders are discoverable. A seat's `/legal` says which events it
may dispute (`disputable`); the referee's `/legal` (no ?seat) lists each open dispute's
`resolve_dispute` with every verdict, each accepted if submitted as listed; the referee's view
shows the disputes; a verdict the kernel does not take is refused naming the ones it does."""
from __future__ import annotations

from services.api import schemas
from tests.api.conftest import conforms, ruled


def test_a_dispute_is_listed_for_the_seat_then_for_the_referee_and_resolved_as_listed(client, game, ref):
    red = conforms(client.get(f"/v1/games/{game.id}/legal", headers=game.seats["red"]), schemas.Legal)
    assert red.disputable is not None and red.disputable.first == 1 and red.disputable.last == red.version
    event = red.disputable.last
    url = f"/v1/games/{game.id}/orders?wait=5"
    ruled(client.post(url, json={"order": {"type": "dispute_event", "event": event, "reason": "wrong phase"}},
                      headers=game.seats["red"]))

    view = client.get(f"/v1/games/{game.id}/state", headers=ref).json()["view"]
    assert [(d["id"], d["event"], d["state"]) for d in view["disputes"]] == [(1, event, "open")]

    own = conforms(client.get(f"/v1/games/{game.id}/legal", headers=ref), schemas.Legal)
    listed = [o for o in own.orders if o["type"] == "resolve_dispute"]
    assert [(o["id"], o["verdict"]) for o in listed] == [(1, "upheld"), (1, "dismissed")]
    r = client.post(f"/v1/games/{game.id}/referee?wait=5", json={"order": {**listed[1], "resolution": "as ruled"}},
                    headers=ref)
    ruled(r)
    view = client.get(f"/v1/games/{game.id}/state", headers=ref).json()["view"]
    assert view["disputes"][0]["state"] == "dismissed"
    assert conforms(client.get(f"/v1/games/{game.id}/legal", headers=ref), schemas.Legal).orders == []


def test_a_verdict_not_taken_is_refused_naming_the_verdicts_and_the_dispute_id_is_an_integer(client, game, ref):
    url = f"/v1/games/{game.id}/referee"
    r = client.post(url, json={"order": {"type": "resolve_dispute", "id": 1, "verdict": "void", "resolution": ""}},
                    headers=ref)
    assert r.status_code == 422
    error = r.json()["error"]
    assert error["code"] == "invalid_order" and error["details"]["path"] == "$.order.verdict"
    assert "upheld" in error["message"] and "dismissed" in error["message"]
    r = client.post(url, json={"order": {"type": "resolve_dispute", "id": "1", "verdict": "upheld", "resolution": ""}},
                    headers=ref)
    assert r.status_code == 422 and r.json()["error"]["details"]["path"] == "$.order.id"
