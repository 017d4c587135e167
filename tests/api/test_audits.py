"""Audit endpoints (issue 10): who am I, exports (NDJSON verifies offline; text reads like a game
record), the disputed-turn report per role, verification as a job, forks, conformance cases."""
import msgspec

from services.api import schemas
from services.export import parse
from services.verify import verify
from tests.api.conftest import begun, conforms, order, ruled

DEPLOY = {"type": "deploy", "real": "0305"}


def test_me_names_the_token_its_game_and_seat(client, game, org):
    me = conforms(client.get("/v1/me", headers=game.seats["red"]), schemas.Me)
    assert (me.role, me.game, me.seat) == ("seat", game.id, "red")
    assert client.get("/v1/me", headers=org).json()["role"] == "organiser"
    assert client.get("/v1/me").json() == {"role": "public", "name": "", "game": None, "seat": None}


def test_the_ndjson_export_verifies_offline_and_hides_what_the_caller_may_not_see(client, game, api):
    ruled(order(client, game, "red", DEPLOY))
    ref = api.token("referee", "rita")
    full = client.get(f"/v1/games/{game.id}/export", headers=ref)
    assert full.status_code == 200 and full.headers["content-type"].startswith("application/x-ndjson")
    header, events = parse(full.content.splitlines())
    report = verify(header, events, api.runtime.catalog)
    assert report.ok and report.rulings_checked >= 2
    blue = client.get(f"/v1/games/{game.id}/export", headers=game.seats["blue-1"]).content
    assert b'"real"' not in blue and b"dice:" not in blue
    assert verify(*parse(blue.splitlines()), api.runtime.catalog).chain_ok


def test_the_text_export_reads_like_a_game_record(client, game):
    ruled(order(client, game, "red", DEPLOY))
    text = client.get(f"/v1/games/{game.id}/export?format=text", headers=game.seats["red"]).text
    assert '[Scenario "sandbox/1"]' in text and "red: {\"type\":\"deploy\"" in text


def test_the_audit_is_fog_filtered_for_a_seat_and_refused_to_the_public(client, game, ref):
    deploy = order(client, game, "red", DEPLOY).json()["version"]
    full = conforms(client.get(f"/v1/games/{game.id}/audit?from={deploy}&to={deploy}", headers=ref), schemas.Audit)
    assert full.commands[0]["sent_by"] == "seat:" + game.id + ":red"
    blue = client.get(f"/v1/games/{game.id}/audit?from={deploy}&to={deploy}", headers=game.seats["blue-1"]).json()
    assert blue["commands"][0]["sent_by"] is None and "R1" not in msgspec.json.encode(blue).decode()
    assert client.get(f"/v1/games/{game.id}/audit").status_code in (401, 403)


def test_verify_as_a_job_reports_the_whole_log(client, game, ref, org):
    ruled(order(client, game, "red", DEPLOY))
    r = conforms(client.post(f"/v1/games/{game.id}/verify", headers=ref), schemas.VerifyReport)
    assert r.ok and r.chain_ok and r.rulings_checked >= 2
    assert r.complete == (not r.unverified)  # a running game: its current dice keys are not revealed yet
    assert client.post(f"/v1/games/{game.id}/verify", headers=game.seats["red"]).status_code == 403


def test_a_fork_starts_from_the_position_with_its_own_seats(client, game, ref, org):
    deploy = order(client, game, "red", DEPLOY).json()["version"]
    assert client.post(f"/v1/games/{game.id}/fork?at={deploy}", headers=game.seats["red"]).status_code == 403  # not ended
    r = client.post(f"/v1/games/{game.id}/fork?at={deploy + 1}", headers=ref)
    assert r.status_code == 201, r.text
    fork = r.json()
    assert set(fork["seats"]) == {"blue-1", "blue-2", "red"}
    summary = client.get(f"/v1/games/{fork['id']}", headers=org).json()
    assert summary["official"] is False
    assert client.post(f"/v1/games/{game.id}/fork?at=999999", headers=ref).status_code == 422


def test_a_referee_submits_a_conformance_case_and_gets_the_verdict(client, ref, game):
    case = {"id": "c1", "title": "B1 two hexes away may not attack", "cite": "sandbox 4.1", "ruleset": "sandbox@1",
            "scenario": "1", "position": {"first": "blue", "core": {"clock": {"turn": 1, "phase": "combat", "side": "blue"}},
                                          "units": {"B1": {"hex": "0102"}, "R1": {"hex": "0303"}, "RD": {"hex": "0305"},
                                                    "R2": {"concealed": False}}},
            "steps": [{"seat": "blue-1", "order": {"type": "attack", "units": ["B1"], "target": "0302"},
                       "expect": {"verdict": "rejected", "code": "not_adjacent"}}]}
    v = conforms(client.post("/v1/conformance", json=case, headers=ref), schemas.ConformanceVerdict)
    assert v.passed, v.failures
    wrong = {**case, "steps": [{**case["steps"][0], "expect": {"verdict": "accepted"}}]}
    v = client.post("/v1/conformance", json=wrong, headers=ref).json()
    assert not v["passed"] and "expected accepted, got rejected" in v["failures"][0]
    assert client.post("/v1/conformance", json=case, headers=game.seats["red"]).status_code == 403
    r = client.post("/v1/conformance", json={**case, "ruleset": "sandbox@99"}, headers=ref)
    assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_case" and "sandbox@1" in r.json()["error"]["message"]


def test_a_fork_taken_right_after_a_move_does_not_offer_to_take_that_move_back(client, game, ref):
    order(client, game, "red", DEPLOY)
    for seat, points in (("blue-1", 1), ("blue-2", 0), ("red", 0)):
        order(client, game, seat, {"type": "bid", "points": points})
    moved = order(client, game, "blue-2", {"type": "move", "unit": "B2", "path": ["0203"]}).json()
    undo = {"type": "undo", "command": moved["version"]}
    assert undo in client.get(f"/v1/games/{game.id}/legal", headers=game.seats["blue-2"]).json()["orders"]
    head = client.get(f"/v1/games/{game.id}", headers=ref).json()["version"]
    fork = client.post(f"/v1/games/{game.id}/fork?at={head}", headers=ref).json()
    seat = {"Authorization": f"Bearer {fork['seats']['blue-2']['token']}"}
    begun(client, fork["id"])
    listed = client.get(f"/v1/games/{fork['id']}/legal", headers=seat).json()["orders"]
    assert listed and not any(o["type"] == "undo" for o in listed)
