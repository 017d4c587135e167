"""Issue 20's check in embedded mode (`make run`: SQLite, the fold thread, the runner's own clock):
a 4-entrant round robin of bots over real HTTP and `/v1/me/stream` runs to the end; the silent
bot's phases end by the policy, each `deadline.missed` cited in its games' logs; the flooder gets
429s; the standings equal a recomputation from the games' own results."""
from __future__ import annotations

import httpx

from tests.api.conftest import serve_live
from tests.api import tournament_driver


def check(url: str, out: tournament_driver.Outcome) -> None:
    assert not out.errors, out.errors
    t = out.tournament
    assert t["finished"] and len(t["rounds"]) == 3
    games = [g for r in t["rounds"] for g in r["games"]]
    assert len(games) == 6 and all(g["status"] == "finished" for g in games)
    silent = next(e["id"] for e in t["entrants"] if e["name"] == "silent")
    for g in games:
        if silent not in g["seats"].values():
            continue
        log = httpx.get(f"{url}/v1/games/{g['id']}/events", params={"limit": 1000}, timeout=60).json()["events"]
        missed = [e for e in log if e["type"] == "deadline.missed"]
        # Every seat of the silent entrant missed (a live bot may miss too, on a loaded machine).
        assert {s for s, e in g["seats"].items() if e == silent} <= {e["data"]["seat"] for e in missed}
        assert all(c["name"] == "umpire-tournament-deadline" for e in missed for c in e["data"]["cite"])
    assert out.flooder_429s > 0
    points = {e["id"]: 0.0 for e in t["entrants"]}
    for g in games:
        result = httpx.get(f"{url}/v1/games/{g['id']}", timeout=30).json()["result"]
        for seat, e in g["seats"].items():
            side = seat.split("-")[0]
            if seat.endswith("-2"):
                continue  # an entrant holds both blue seats: count it once
            points[e] += 0.5 if result["winner"] is None else (1.0 if result["winner"] == side else 0.0)
    assert {r["entrant"]: r["points"] for r in out.standings["standings"]} == points


def test_four_bots_one_silent_one_flooding_in_embedded_mode(make_api):
    api = make_api(UMPIRE_CLOCK_SECONDS="0.2", UMPIRE_RATE_ORDERS="10/second")
    org = api.tokens.create("organiser", "olga").token
    live = serve_live(api.app)
    try:
        check(live.url, tournament_driver.run(live.url, org, phase_seconds=0.5))
    finally:
        live.stop()
