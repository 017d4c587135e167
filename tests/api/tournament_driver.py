"""A 4-entrant round robin of bots over real HTTP, as the issue's check describes it: two bots
that play at random from `GET /v1/me/stream` (never polling), one that never answers (its phases
end by the deadline policy), and one that floods orders (it gets 429s). The same driver runs in
embedded mode and in server mode; it returns what the tests and bench/bench_tournament.py check."""
from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field

import httpx

from services.bots import entrant

SCENARIO = "sandbox/1"


@dataclass
class Outcome:
    tournament: dict
    standings: dict
    flooder_429s: int = 0
    latencies: dict[str, list[float]] = field(default_factory=dict)  # entrant -> order->ruling seconds
    errors: list[str] = field(default_factory=list)


def run(url: str, organiser: str, *, phase_seconds: float = 0.5, flood: bool = True,
        timeout: float = 600.0, time_control: dict | None = None) -> Outcome:
    """`time_control` (a bank, say) replaces the default `{"phase_seconds": phase_seconds}`."""
    org = {"Authorization": f"Bearer {organiser}"}
    http = httpx.Client(base_url=url, timeout=60)
    tid = http.post("/v1/tournaments", headers=org, json={
        "name": "Four bots", "scenario": SCENARIO, "format": "round_robin", "auto_rounds": True,
        "time_control": time_control or {"phase_seconds": phase_seconds},
        "deadline_policy": {"on_miss": "end_phase"}}).json()["id"]
    tokens = {}
    for name in ("random-a", "random-b", "silent", "flooder"):
        r = http.post(f"/v1/tournaments/{tid}/entrants", headers=org, json={"name": name, "kind": "bot"})
        tokens[name] = r.json()["token"]
    out = Outcome(tournament={}, standings={})
    lock = threading.Lock()

    def bot(name: str, seed: int, flooding: bool) -> None:
        rng = random.Random(seed)
        spam = httpx.Client(base_url=url, timeout=30, headers={"Authorization": f"Bearer {tokens[name]}"})

        def choose(summary: dict, seat: str, orders: list[dict]) -> dict:
            if flooding:  # a burst of orders with no expected version, ignoring every answer
                for _ in range(10):
                    r = spam.post(f"/v1/games/{summary['id']}/orders", params={"seat": seat},
                                  json={"order": rng.choice(orders)})
                    if r.status_code == 429:
                        with lock:
                            out.flooder_429s += 1
            return rng.choice(orders)

        try:
            entrant.play(url, tokens[name], choose, timings=out.latencies.setdefault(name, []))
        except Exception as e:  # the test reports it
            out.errors.append(f"{name}: {e!r}")
        finally:
            spam.close()

    bots = [threading.Thread(target=bot, args=("random-a", 1, False), daemon=True),
            threading.Thread(target=bot, args=("random-b", 2, False), daemon=True)]
    # Without `flood` the fourth entrant plays like the others: the baseline of the flood's cost.
    bots.append(threading.Thread(target=bot, args=("flooder", 3, flood), daemon=True))
    for b in bots:
        b.start()
    assert http.post(f"/v1/tournaments/{tid}/rounds", headers=org).status_code == 201
    deadline = time.monotonic() + timeout
    while not http.get(f"/v1/tournaments/{tid}").json()["finished"]:
        assert time.monotonic() < deadline, "the tournament did not finish"
        time.sleep(0.2)
    for b in bots:
        b.join(60)
    out.tournament = http.get(f"/v1/tournaments/{tid}").json()
    out.standings = http.get(f"/v1/tournaments/{tid}/standings").json()
    http.close()
    return out
