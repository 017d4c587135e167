"""Tournaments through the HTTP API (issue 20): create, enter (entrant tokens shown once), pair
rounds (all or nothing, idempotent), play every game with the entrants' tokens, standings equal to
a recomputation from the games' own results, the export verified like a game's, withdrawal."""
from __future__ import annotations

import random
import re
import time

import pytest

from services import verify
from tests.api.conftest import bearer

SCENARIO = "sandbox/1"
POINTS = {"Blue victory": 3, "Red victory": 2, "draw": 1}


def tournament(client, org, **extra):
    r = client.post("/v1/tournaments", json={"name": "Spring cup", "scenario": SCENARIO, "format": "round_robin",
                                             "points": POINTS, **extra}, headers=org)
    assert r.status_code == 201, r.text
    return r.json()["id"]


def enter(client, org, tid, n):
    out = {}
    for i in range(n):
        r = client.post(f"/v1/tournaments/{tid}/entrants", json={"name": f"bot {i}", "kind": "bot"}, headers=org)
        assert r.status_code == 201, r.text
        body = r.json()
        assert set(body) == {"id", "name", "kind", "token"} and body["kind"] == "bot"
        out[body["id"]] = bearer(body["token"])
    return out


def play(client, entrants, games, rng, *, silent=()):
    """Each game to its end: whoever is to act is an entrant, who submits a random legal order with its
    own entrant token (its seat named with ?seat=, as it holds all its side's seats). A silent
    entrant never answers: the loop then waits for the umpire's clock."""
    for _ in range(20000):
        live = acted = 0
        for g in games:
            s = client.get(f"/v1/games/{g['id']}", headers=entrants[next(iter(entrants))])
            assert s.status_code == 200, s.text
            s = s.json()
            if s["status"] != "active":
                continue
            live += 1
            for seat in s["to_act"]:
                who = g["seats"][seat]
                if who in silent:
                    continue
                legal = client.get(f"/v1/games/{g['id']}/legal", params={"seat": seat}, headers=entrants[who]).json()
                if not legal["orders"]:
                    continue
                client.post(f"/v1/games/{g['id']}/orders", params={"seat": seat, "wait": 5}, headers=entrants[who],
                            json={"order": rng.choice(legal["orders"]), "expected_version": legal["version"]})
                acted += 1
        if not live:
            return
        if not acted:
            time.sleep(0.05)
    raise AssertionError("the games did not finish")


def expected_points(result, side):
    if result["winner"] is None:
        return POINTS["draw"]
    return POINTS.get(result["level"], 1.0) if result["winner"] == side else 0.0


def test_a_round_robin_of_four_bots_runs_to_the_end_and_its_standings_recompute(client, org, tmp_path):
    tid = tournament(client, org)
    entrants = enter(client, org, tid, 4)
    me = client.get("/v1/me", headers=entrants["e1"]).json()
    assert (me["role"], me["tournament"], me["entrant"]) == ("entrant", tid, "e1")
    rng = random.Random(7)
    rounds = []
    while True:
        r = client.post(f"/v1/tournaments/{tid}/rounds", headers={**org, "Idempotency-Key": f"r{len(rounds) + 1}"})
        if r.status_code == 409:
            assert r.json()["error"]["code"] == "no_more_rounds", r.text
            break
        assert r.status_code == 201, r.text
        body = r.json()
        again = client.post(f"/v1/tournaments/{tid}/rounds", headers={**org, "Idempotency-Key": f"r{len(rounds) + 1}"})
        assert again.status_code == 200 and again.json()["games"] == body["games"] and again.json()["replayed"]
        assert body["round"] == len(rounds) + 1 and len(body["games"]) == 2
        rounds.append(body)
        # An entrant's token acts for its seats in the round's games; a game's own seat token still works too.
        assert set(client.get("/v1/me", headers=entrants["e1"]).json()["games"]) >= {
            g["id"] for g in body["games"] if "e1" in g["seats"].values()}
        play(client, entrants, body["games"], rng)
    assert len(rounds) == 3
    met = [frozenset(g["seats"].values()) for r in rounds for g in r["games"]]
    assert len(set(met)) == 6  # every pair once

    standings = client.get(f"/v1/tournaments/{tid}/standings").json()
    # Recompute from the games' own results, as anyone can from their exports.
    recomputed = {e: 0.0 for e in entrants}
    for r in rounds:
        for g in r["games"]:
            result = client.get(f"/v1/games/{g['id']}").json()["result"]
            sides = {}
            for seat, e in g["seats"].items():
                sides[e] = "blue" if seat.startswith("blue") else "red"
            for e, side in sides.items():
                recomputed[e] += expected_points(result, side)
    assert {row["entrant"]: row["points"] for row in standings["standings"]} == recomputed
    assert all(row["played"] == 3 for row in standings["standings"])
    ranks = [(-row["points"], -row["tiebreaks"]["buchholz"]) for row in standings["standings"]]
    assert ranks == sorted(ranks)
    csv = client.get(f"/v1/tournaments/{tid}/standings", params={"format": "csv"})
    assert csv.headers["content-type"].startswith("text/csv") and len(csv.text.strip().splitlines()) == 5

    view = client.get(f"/v1/tournaments/{tid}").json()
    assert [len(r["games"]) for r in view["rounds"]] == [2, 2, 2]
    assert all(g["status"] == "finished" for r in view["rounds"] for g in r["games"])

    # The stream records each result and the end once something records them: the next pairing does.
    assert client.post(f"/v1/tournaments/{tid}/rounds", headers=org).status_code == 409
    export = client.get(f"/v1/tournaments/{tid}/export")
    types = [line.split(b'"type":"')[1].split(b'"')[0] for line in export.content.splitlines()[1:]]
    assert types.count(b"game.finished_in_tournament") == 6 and types[-1] == b"tournament.finished"
    path = tmp_path / "t.ndjson"
    path.write_bytes(export.content)
    assert verify.main(str(path), out=open(tmp_path / "report.txt", "w")) == 0
    tampered = export.content.replace(b'bot 1', b'bot X', 1)
    assert tampered != export.content
    path.write_bytes(tampered)
    assert verify.main(str(path), out=open(tmp_path / "report2.txt", "w")) == 1


def test_registration_closes_with_the_first_round_and_bad_requests_are_4xx(client, org):
    tid = tournament(client, org)
    enter(client, org, tid, 3)
    r = client.post(f"/v1/tournaments/{tid}/rounds", headers=org)
    assert r.status_code == 201 and len(r.json()["byes"]) == 1
    late = client.post(f"/v1/tournaments/{tid}/entrants", json={"name": "late", "kind": "human"}, headers=org)
    assert late.status_code == 409 and late.json()["error"]["code"] == "registration_closed"
    open_round = client.post(f"/v1/tournaments/{tid}/rounds", headers=org)
    assert open_round.status_code == 409 and open_round.json()["error"]["code"] == "round_open"
    assert client.get("/v1/tournaments/nope").json()["error"]["code"] == "tournament_not_found"
    bad = client.post("/v1/tournaments", json={"name": "x", "scenario": SCENARIO, "format": "swiss"}, headers=org)
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "rounds_required"
    clock = client.post("/v1/tournaments", json={"name": "x", "scenario": SCENARIO, "format": "swiss", "rounds": 3,
                                                 "time_control": {"bank_seconds": 600, "phase_seconds": 5}}, headers=org)
    assert clock.status_code == 422 and clock.json()["error"]["code"] == "invalid_time_control"
    seat = client.post(f"/v1/tournaments/{tid}/rounds", headers=enter(client, org, tournament(client, org), 1)["e1"])
    assert seat.status_code == 403


def test_a_withdrawn_entrant_forfeits_its_open_games_cited_in_their_logs(client, org):
    tid = tournament(client, org)
    enter(client, org, tid, 4)
    games = client.post(f"/v1/tournaments/{tid}/rounds", headers=org).json()["games"]
    w = client.post(f"/v1/tournaments/{tid}/entrants/e2/withdraw", json={"reason": "ill"}, headers=org)
    assert w.status_code == 200, w.text
    mine = [g["id"] for g in games if "e2" in g["seats"].values()]
    assert w.json()["forfeited"] == mine
    rows = {r["entrant"]: r for r in client.get(f"/v1/tournaments/{tid}/standings").json()["standings"]}
    assert rows["e2"]["withdrawn"] and rows["e2"]["lost"] == 1 and rows["e2"]["points"] == 0
    opponent = next(e for e in next(g for g in games if g["id"] == mine[0])["seats"].values() if e != "e2")
    assert rows[opponent]["won"] == 1
    events = client.get(f"/v1/games/{mine[0]}/events", params={"limit": 1000}).json()["events"]
    assert any("withdrew" in str(e.get("data")) for e in events)


@pytest.mark.parametrize("n", [5, 6])
def test_swiss_rounds_through_the_api_never_rematch(client, org, n):
    r = client.post("/v1/tournaments", json={"name": "Swiss", "scenario": SCENARIO, "format": "swiss", "rounds": 2},
                    headers=org)
    tid = r.json()["id"]
    entrants = enter(client, org, tid, n)
    rng = random.Random(n)
    met = []
    for k in (1, 2):
        body = client.post(f"/v1/tournaments/{tid}/rounds", headers=org).json()
        met += [frozenset(g["seats"].values()) for g in body["games"]]
        assert len(body["byes"]) == n % 2
        play(client, entrants, body["games"], rng)
    assert len(met) == len(set(met))
    assert client.post(f"/v1/tournaments/{tid}/rounds", headers=org).json()["error"]["code"] == "no_more_rounds"


def test_a_swiss_round_is_reproduced_exactly_from_the_recorded_stream(client, org):
    # Issue 20, item 3: pairings are deterministic given the stream. Play a Swiss round, let the umpire
    # pair the next, then pair it again offline from the exported stream, before that round's event.
    import msgspec

    from domain.tournament.events import RoundPaired, decode
    from domain.tournament.state import fold
    from services.export import parse
    from services.matching import max_weight_matching
    from services.tournaments import pairings

    tid = client.post("/v1/tournaments", json={"name": "Swiss", "scenario": SCENARIO, "format": "swiss", "rounds": 3},
                      headers=org).json()["id"]
    entrants = enter(client, org, tid, 7)
    rng = random.Random(11)
    for _ in range(2):
        body = client.post(f"/v1/tournaments/{tid}/rounds", headers=org).json()
        play(client, entrants, body["games"], rng)
    third = client.post(f"/v1/tournaments/{tid}/rounds", headers=org).json()
    _, events = parse(client.get(f"/v1/tournaments/{tid}/export").content.splitlines())
    recorded = [decode(e.data.encode()) for e in events]
    at = max(i for i, e in enumerate(recorded) if isinstance(e, RoundPaired))
    assert recorded[at].round == 3
    again, byes = pairings(fold(recorded[:at]), 3, None, [], max_weight_matching)
    assert [(p.first, p.second) for p in again] == [tuple(g.sides) for g in recorded[at].games]
    assert byes == list(recorded[at].byes) == third["byes"]
    assert msgspec.to_builtins(recorded[at].games)[0]["id"] == third["games"][0]["id"]


def test_the_tournament_page_is_served_and_reads_only_the_public_api(client, org):
    tid = tournament(client, org)
    page = client.get(f"/tournaments/{tid}")
    assert page.status_code == 200 and "/web/js/tournament.js" in page.text
    script = client.get("/web/js/tournament.js")
    assert script.status_code == 200
    assert set(re.findall(r"`(/v1/[^`$]*)", script.text)) == {"/v1/tournaments/"}


def test_manual_pairings_and_forbidden_pairs_are_taken_and_recorded_in_the_round_event(client, org):
    tid = client.post("/v1/tournaments", json={"name": "Swiss", "scenario": SCENARIO, "format": "swiss", "rounds": 2},
                      headers=org).json()["id"]
    enter(client, org, tid, 4)
    manual = client.post(f"/v1/tournaments/{tid}/rounds", json={"pairings": [["e4", "e1"], ["e2", "e3"]]}, headers=org)
    assert manual.status_code == 201, manual.text
    assert [sorted(set(g["seats"].values())) for g in manual.json()["games"]] == [["e1", "e4"], ["e2", "e3"]]
    seats = manual.json()["games"][0]["seats"]
    assert {s: e for s, e in seats.items() if s.startswith("blue")} == {"blue-1": "e4", "blue-2": "e4"}
    twice = client.post(f"/v1/tournaments/{tid}/rounds", json={"pairings": [["e1", "e1"]]}, headers=org)
    assert twice.status_code == 409  # round 1 is still open: its games are in play
    lines = client.get(f"/v1/tournaments/{tid}/export").content.splitlines()
    assert b'manual\\":true' in lines[-1]
    for g in manual.json()["games"]:
        client.post(f"/v1/games/{g['id']}/commands", json={"type": "end", "reason": "test"}, headers=org)
    deadline = time.monotonic() + 30
    while any(client.get(f"/v1/games/{g['id']}").json()["status"] != "finished" for g in manual.json()["games"]):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    second = client.post(f"/v1/tournaments/{tid}/rounds", json={"forbidden": [["e1", "e2"]]}, headers=org)
    assert second.status_code == 201, second.text
    met = {frozenset(g["seats"].values()) for g in second.json()["games"]}
    assert frozenset(("e1", "e2")) not in met and frozenset(("e1", "e4")) not in met
    assert b'forbidden\\":[[\\"e1\\",\\"e2\\"]]' in client.get(f"/v1/tournaments/{tid}/export").content.splitlines()[-1]
