"""A game whose pack is installed but whose rules are not built: listed, not playable."""
from __future__ import annotations

from services.api import schemas
from tests.api.conftest import conforms


def test_normandy_scenarios_are_listed_not_playable_with_provenance_and_cannot_be_started(client, org):
    listed = conforms(client.get("/v1/scenarios"), schemas.Scenarios).scenarios
    normandy = {s.id: s for s in listed if s.game == "normandy-1944"}
    assert set(normandy) == {"normandy-1944/1", "normandy-1944/2", "normandy-1944/campaign", "normandy-1944/dday"}
    for s in normandy.values():
        assert s.playable is False and s.reason == "rules not built yet (issue 23)"
        assert s.provenance["hexes"]["inferred"] > 0
    assert all(s.playable == bool(s.ruleset) for s in listed)  # only packs no ruleset plays are unplayable
    r = client.post("/v1/games", json={"scenario": "normandy-1944/2"}, headers=org)
    assert r.status_code == 422
    error = r.json()["error"]
    assert error["code"] == "scenario_not_playable"
    assert error["details"] == {"path": "$.scenario", "reason": "rules not built yet (issue 23)"}
    assert "normandy-1944/2" in error["message"]
