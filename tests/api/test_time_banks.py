"""Time banks with increment over the API (issue 20, item 5), seconds-scale, in embedded mode (the
runner's own timer fires the deadlines, no beat): each seat's bank is shown in the game's summary
and the tournament's page (`banks`), a bank run out is ruled as a cited `deadline.missed` by the
game's policy, and every ruling that starts or ends a seat's turn records `clock.started` /
`clock.stopped` (house rule umpire-clock) in the game's log."""
from __future__ import annotations

import time

from fastapi.testclient import TestClient

from services.clocks import Clocks
from tests.api.test_tournament_clocks import events, until
from tests.api.test_tournaments import enter

SCENARIO = "sandbox/1"


def quick_answer(client, game_id, seat, token):
    """The order that ends the seat's turn soonest: its phase's end where listed, else the first listed."""
    legal = client.get(f"/v1/games/{game_id}/legal", params={"seat": seat}, headers=token).json()
    if not legal["orders"]:
        return
    order = next((o for o in legal["orders"] if o["type"] == "end_phase"), legal["orders"][0])
    client.post(f"/v1/games/{game_id}/orders", params={"seat": seat, "wait": 5}, headers=token,
                json={"order": order, "expected_version": legal["version"]})


def test_a_silent_entrant_s_bank_runs_out_and_its_phases_end_by_policy(make_api):
    api = make_api(UMPIRE_CLOCK_SECONDS="0.1")
    org = api.token("organiser", "olga")
    with TestClient(api.app) as client:
        r = client.post("/v1/tournaments", headers=org, json={
            "name": "Blitz", "scenario": SCENARIO, "format": "round_robin",
            "time_control": {"bank_seconds": 2, "increment_seconds": 0.5}, "deadline_policy": {"on_miss": "end_phase"}})
        assert r.status_code == 201, r.text
        tid = r.json()["id"]
        entrants = enter(client, org, tid, 2)
        game = client.post(f"/v1/tournaments/{tid}/rounds", headers=org).json()["games"][0]
        gid = game["id"]
        seen_banks = []
        for _ in range(5000):  # e1 answers at once; e2 never does
            s = client.get(f"/v1/games/{gid}", headers=org).json()
            if s["status"] != "active":
                break
            assert s["time_control"] == {"phase_seconds": None, "bank_seconds": 2, "increment_seconds": 0.5}
            seen_banks.append(s["banks"])
            for seat in s["to_act"]:
                if game["seats"][seat] == "e1":
                    quick_answer(client, gid, seat, entrants["e1"])
            time.sleep(0.05)
        assert client.get(f"/v1/games/{gid}").json()["status"] == "finished"
        assert all(set(b) == set(game["seats"]) for b in seen_banks)
        page = client.get(f"/v1/tournaments/{tid}").json()
        assert page["time_control"]["bank_seconds"] == 2 and "banks" in page["rounds"][0]["games"][0]
        log = events(client, gid)
        silent = {s for s, e in game["seats"].items() if e == "e2"}
        missed = [e for e in log if e["type"] == "deadline.missed"]
        assert missed and {e["data"]["seat"] for e in missed} <= silent
        assert all(c["name"] == "umpire-tournament-deadline" for e in missed for c in e["data"]["cite"])
        started = [e for e in log if e["type"] == "clock.started"]
        stopped = [e for e in log if e["type"] == "clock.stopped"]
        assert {e["data"]["seat"] for e in started} == set(game["seats"])
        assert all(c["name"] == "umpire-clock" for e in started + stopped for c in e["data"]["cite"])
        # Every clock started is stopped by the end of the game, the last at the ruling that ended it.
        assert len(started) == len(stopped)


def test_a_game_created_with_a_bank_is_timed_by_its_genesis_and_forfeits_by_its_policy(make_api):
    api = make_api(UMPIRE_CLOCK_SECONDS="0.1")
    org = api.token("organiser", "olga")
    with TestClient(api.app) as client:
        bad = client.post("/v1/games", headers=org, json={"scenario": SCENARIO, "time_control": {"increment_seconds": 5}})
        assert bad.status_code == 422 and bad.json()["error"]["code"] == "invalid_time_control"
        r = client.post("/v1/games", headers=org, params={"wait": 5}, json={
            "scenario": SCENARIO, "time_control": {"bank_seconds": 1, "increment_seconds": 0},
            "deadline_policy": {"on_miss": "forfeit", "forfeit_after": 1}})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        genesis = events(client, gid)[0]
        assert genesis["data"]["time_control"]["bank_seconds"] == 1
        assert genesis["data"]["deadline_policy"] == {"on_miss": "forfeit", "forfeit_after": 1}
        until(lambda: client.get(f"/v1/games/{gid}").json()["status"] == "finished")
        summary = client.get(f"/v1/games/{gid}").json()
        assert summary["result"]["level"] == "Forfeit"
        missed = [e for e in events(client, gid) if e["type"] == "deadline.missed"]
        assert missed and [e["data"]["policy"] for e in missed] == ["forfeit"] * len(missed)
        # The seats that missed: their banks ran dry (charged to the deadline, never below zero).
        assert {e["data"]["seat"]: summary["banks"][e["data"]["seat"]] for e in missed} == {
            e["data"]["seat"]: 0.0 for e in missed}
        # The clock effects re-adjudicate from the genesis like every other effect (umpire verify).
        ref = api.token("referee", "rita")
        report = client.post(f"/v1/games/{gid}/verify", headers=ref).json()
        assert report["ok"] and report["chain_ok"] and report["rulings_checked"] >= 2, report


def test_add_time_goes_into_the_bank_and_moves_its_end(make_api):
    api = make_api(UMPIRE_CLOCK_SECONDS="3600")  # the test ticks the clock itself, at times it chooses
    org = api.token("organiser", "olga")
    with TestClient(api.app) as client:
        r = client.post("/v1/games", headers=org, params={"wait": 5}, json={
            "scenario": SCENARIO, "time_control": {"bank_seconds": 100, "increment_seconds": 10}})
        gid = r.json()["id"]
        until(lambda: client.get(f"/v1/games/{gid}").json()["to_act"])
        s = client.get(f"/v1/games/{gid}").json()
        seat = s["to_act"][0]
        assert 0 < s["banks"][seat] <= 100 and 0 < s["time_left"] <= 100
        start = time.time()
        assert client.post(f"/v1/games/{gid}/add-time", json={"seconds": 50, "seat": seat}, headers=org).status_code == 202
        assert client.get(f"/v1/games/{gid}").json()["banks"][seat] > 100
        clocks = Clocks(api.runtime.tournaments, now=lambda: start + 120)
        assert clocks.tick() == []  # within bank + extension
        assert Clocks(api.runtime.tournaments, now=lambda: start + 200).tick() == [gid]
        until(lambda: any(e["type"] == "deadline.missed" and e["data"]["seat"] == seat for e in events(client, gid)))
