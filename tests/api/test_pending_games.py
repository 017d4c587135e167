"""Normandy 1944 through the API: Scenarios 1 and 2 start; the campaign and D-Day, which begin with
Turn 0 (not built in normandy-1944@1), are listed and refused with `scenario_not_startable`."""
from __future__ import annotations

from services.api import schemas
from tests.api.conftest import conforms


def test_normandy_turn_0_scenarios_are_listed_not_startable_and_refused_while_cobra_starts(client, org):
    listed = conforms(client.get("/v1/scenarios"), schemas.Scenarios).scenarios
    normandy = {s.id: s for s in listed if s.game == "normandy-1944"}
    assert set(normandy) == {"normandy-1944/1", "normandy-1944/2", "normandy-1944/campaign", "normandy-1944/dday"}
    assert all(s.playable and s.ruleset == "normandy-1944@5" and s.provenance["hexes"]["inferred"] > 0 for s in normandy.values())
    for ref in ("normandy-1944/campaign", "normandy-1944/dday"):
        r = client.post("/v1/games", json={"scenario": ref}, headers=org)
        assert r.status_code == 422
        error = r.json()["error"]
        assert error["code"] == "scenario_not_startable" and error["details"]["path"] == "$.scenario"
        assert "Turn 0" in error["message"] and ref in error["message"]
    r = client.post("/v1/games", json={"scenario": "normandy-1944/2"}, headers=org)
    assert r.status_code in (200, 201), r.text
