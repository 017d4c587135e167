"""Tournament clocks (issue 20, item 5) in embedded mode (`make run`): deadlines fire from the
runner's own timer, without beat; a silent entrant's phases end by the policy, each miss a cited
`deadline.missed` in its games' logs; `forfeit` ends a game after N misses; add-time is a
`clock.extended` event in the log that moves the deadline; an unattended tournament pairs its own
next round."""
from __future__ import annotations

import random
import time

from fastapi.testclient import TestClient

from services.clocks import Clocks
from tests.api.test_tournaments import enter, play

SCENARIO = "sandbox/1"


def until(predicate, timeout=120.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def events(client, game_id):
    return client.get(f"/v1/games/{game_id}/events", params={"limit": 1000}).json()["events"]


def test_a_silent_entrant_has_its_phases_ended_by_policy_and_the_tournament_runs_unattended(make_api):
    api = make_api(UMPIRE_CLOCK_SECONDS="0.1")
    org = api.token("organiser", "olga")
    with TestClient(api.app) as client:
        # 1 s a phase: the playing entrant must never miss one, even on a loaded machine (0.3 s did once).
        tid = client.post("/v1/tournaments", headers=org, json={
            "name": "Unattended", "scenario": SCENARIO, "format": "round_robin", "double": True, "auto_rounds": True,
            "time_control": {"phase_seconds": 1.0}, "deadline_policy": {"on_miss": "end_phase"}}).json()["id"]
        entrants = enter(client, org, tid, 2)
        first = client.post(f"/v1/tournaments/{tid}/rounds", headers=org).json()
        rng = random.Random(3)
        played = []

        def round_games():
            view = client.get(f"/v1/tournaments/{tid}").json()
            return view, [g for r in view["rounds"] for g in r["games"]]

        while True:  # e2 never answers; e1 plays whatever game is live, round 2 is paired by the umpire
            view, games = round_games()
            if view["finished"]:
                break
            live = [g for g in games if g["status"] == "active"]
            play(client, entrants, live, rng, silent={"e2"})
            played += [g["id"] for g in live if g["id"] not in played]
            time.sleep(0.05)
        assert len(view["rounds"]) == 2 and view["rounds"][0]["games"][0]["id"] == first["games"][0]["id"]
        assert [r["games"][0]["seats"] for r in view["rounds"]][0] != [r["games"][0]["seats"] for r in view["rounds"]][1]
        for g in games:
            log = events(client, g["id"])
            missed = [e for e in log if e["type"] == "deadline.missed"]
            assert missed, g["id"]
            silent_seats = {s for s, e in g["seats"].items() if e == "e2"}
            assert {e["data"]["seat"] for e in missed} <= silent_seats
            assert all(e["data"]["policy"] == "end_phase" for e in missed)
            assert all(c["name"] == "umpire-tournament-deadline" for e in missed for c in e["data"]["cite"])
            assert g["status"] == "finished"
        standings = client.get(f"/v1/tournaments/{tid}/standings").json()["standings"]
        assert [r["played"] for r in standings] == [2, 2]


def test_forfeit_after_two_misses_ends_the_game_for_the_other_side(make_api):
    api = make_api(UMPIRE_CLOCK_SECONDS="0.1")
    org = api.token("organiser", "olga")
    with TestClient(api.app) as client:
        tid = client.post("/v1/tournaments", headers=org, json={
            "name": "Strict", "scenario": SCENARIO, "format": "round_robin", "time_control": {"phase_seconds": 0.2},
            "deadline_policy": {"on_miss": "forfeit", "forfeit_after": 2}}).json()["id"]
        enter(client, org, tid, 2)
        game = client.post(f"/v1/tournaments/{tid}/rounds", headers=org).json()["games"][0]
        until(lambda: client.get(f"/v1/games/{game['id']}").json()["status"] == "finished")
        summary = client.get(f"/v1/games/{game['id']}").json()
        assert summary["result"]["level"] == "Forfeit"
        log = events(client, game["id"])
        missed = [e["data"]["seat"] for e in log if e["type"] == "deadline.missed"]
        loser_side = "blue" if summary["result"]["winner"] == "red" else "red"
        # The side that missed twice first (each of its seats' second miss) loses.
        assert sum(1 for s in missed if s.startswith(loser_side)) >= 2
        until(lambda: client.get(f"/v1/tournaments/{tid}").json()["finished"])
        rows = {r["entrant"]: r for r in client.get(f"/v1/tournaments/{tid}/standings").json()["standings"]}
        winner = next(e for s, e in game["seats"].items() if s.startswith(summary["result"]["winner"]))
        assert rows[winner]["won"] == 1


def test_add_time_is_an_event_in_the_log_and_moves_the_deadline(make_api):
    api = make_api(UMPIRE_CLOCK_SECONDS="3600")  # the test ticks the clock itself, at times it chooses
    org = api.token("organiser", "olga")
    with TestClient(api.app) as client:
        tid = client.post("/v1/tournaments", headers=org, json={
            "name": "Slow", "scenario": SCENARIO, "format": "round_robin", "time_control": {"phase_seconds": 100}}).json()["id"]
        enter(client, org, tid, 2)
        game = client.post(f"/v1/tournaments/{tid}/rounds", headers=org).json()["games"][0]
        until(lambda: client.get(f"/v1/games/{game['id']}").json()["to_act"])
        left = client.get(f"/v1/tournaments/{tid}").json()["rounds"][0]["games"][0]["time_left"]
        assert 0 < left <= 100
        start = time.time()
        r = client.post(f"/v1/games/{game['id']}/add-time", json={"seconds": 100}, headers=org)
        assert r.status_code == 202, r.text
        extended = [e for e in events(client, game["id"]) if e["type"] == "clock.extended"]
        assert extended and extended[0]["data"]["seconds"] == 100 and extended[0]["data"]["by"] == "organiser:olga"
        assert client.get(f"/v1/tournaments/{tid}").json()["rounds"][0]["games"][0]["time_left"] > 100
        runtime = api.runtime
        assert Clocks(runtime.tournaments, now=lambda: start + 150).tick() == []  # within phase + extension
        assert Clocks(runtime.tournaments, now=lambda: start + 250).tick() == [game["id"]]
        assert Clocks(runtime.tournaments, now=lambda: start + 250).tick() == []  # once: the command is not ruled yet, or it is
        until(lambda: any(e["type"] == "deadline.missed" for e in events(client, game["id"])))
        seat_hdr = {"Authorization": org["Authorization"]}
        bad = client.post(f"/v1/games/{game['id']}/add-time", json={"seconds": 5, "seat": "nobody"}, headers=seat_hdr)
        assert bad.status_code == 404 and bad.json()["error"]["code"] == "seat_not_found"
