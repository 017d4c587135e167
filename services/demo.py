"""`make demo`: an unattended tournament, end to end, on this machine.

It starts the embedded service (SQLite, the fold thread, the runner's clock) in a fresh data folder,
registers DEMO_ENTRANTS reference bots (random and, on Breakout & Pursuit, greedy; half start on
each side as the round robin balances sides), creates a round robin on DEMO_SCENARIO with
`auto_rounds` (the umpire pairs each next round itself), and lets every bot play from its own
`/v1/me/stream`. It shows a progress bar of games finished, then the standings, the tournament's
URL, and the figures: wall time, games per minute, order->ruling p50/p99 under tournament load.
The service keeps serving until Ctrl-C (DEMO_EXIT=1: it stops at once).

    DEMO_SCENARIO=sandbox/1 DEMO_ENTRANTS=8 DEMO_PORT=8000 python -m services.demo
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

from infra import localservices
from infra.auth import open_tokens
from services.bots import entrant
from services.bots.client import Client
from services.bots.greedy import choose as greedy_choose
from services.config import from_env


def main() -> int:
    import uvicorn

    from services.api.app import create_app
    from services.bootstrap import build

    scenario = os.environ.get("DEMO_SCENARIO", "sandbox/1")
    count = int(os.environ.get("DEMO_ENTRANTS", "8"))
    port = int(os.environ.get("DEMO_PORT", "0")) or localservices.free_port()
    data = Path(os.environ.get("DEMO_DATA") or tempfile.mkdtemp(prefix="umpire-demo-"))
    settings = from_env({**os.environ, "UMPIRE_DATA": str(data), "UMPIRE_PORT": str(port),
                         "UMPIRE_SANDBOX": "1" if scenario.startswith("sandbox/") else os.environ.get("UMPIRE_SANDBOX", ""),
                         "UMPIRE_RATE_ORDERS": os.environ.get("UMPIRE_RATE_ORDERS", "6000/minute"),
                         "UMPIRE_RATE_READS": os.environ.get("UMPIRE_RATE_READS", "60000/minute")})
    runtime = build(settings)
    tokens = open_tokens(settings.store_url)
    server = uvicorn.Server(uvicorn.Config(create_app(settings, runtime, tokens), host="127.0.0.1", port=port,
                                           log_config=None, access_log=False, timeout_graceful_shutdown=3))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    url = f"http://127.0.0.1:{port}"
    print(f"Umpire (embedded mode) serving on {url}; data in {data}", flush=True)
    try:
        return _tournament(url, tokens.create("organiser", "demo").token, scenario, count)
    finally:
        if os.environ.get("DEMO_EXIT") != "1":
            print("serving until Ctrl-C", flush=True)
            try:
                thread.join()
            except KeyboardInterrupt:
                pass
        time.sleep(1.0)  # the closed streams' handlers notice at their next poll
        server.should_exit = True
        thread.join(10)
        tokens.close()


def _tournament(url: str, organiser: str, scenario: str, count: int) -> int:
    http = httpx.Client(base_url=url, timeout=60, headers={"Authorization": f"Bearer {organiser}"})
    started = time.monotonic()
    r = http.post("/v1/tournaments", json={"name": f"Demo round robin ({count} bots)", "scenario": scenario,
                                           "format": "round_robin", "auto_rounds": True})
    if r.status_code != 201:
        print(f"cannot create the tournament: {r.text}", file=sys.stderr)
        return 1
    tid = r.json()["id"]
    greedy = scenario.startswith("breakout-pursuit/")
    bots: list[threading.Thread] = []
    timings: dict[str, list[float]] = {}
    for i in range(count):
        kind = "greedy" if greedy and i % 2 else "random"
        e = http.post(f"/v1/tournaments/{tid}/entrants", json={"name": f"{kind}-{i + 1}", "kind": "bot"}).json()
        timings[e["id"]] = []
        bots.append(threading.Thread(target=_bot, args=(url, e["token"], kind, i, timings[e["id"]]), daemon=True))
    for b in bots:
        b.start()
    http.post(f"/v1/tournaments/{tid}/rounds").raise_for_status()
    total = count * (count - 1) // 2
    shown = -1
    while True:
        t = http.get(f"/v1/tournaments/{tid}").json()
        done = sum(g["status"] == "finished" for r in t["rounds"] for g in r["games"])
        if done != shown:
            _bar(done, total)
            shown = done
        if t["finished"]:
            break
        time.sleep(0.5)
    wall = time.monotonic() - started
    for b in bots:  # each stops at `tournament_finished` and closes its stream
        b.join(30)
    print()
    standings = http.get(f"/v1/tournaments/{tid}/standings").json()
    print(f"{'#':>2}  {'entrant':<12} {'points':>6} {'played':>6} {'W-D-L':>7}  " + "  ".join(standings["tiebreaks"]))
    for row in standings["standings"]:
        wdl = f"{row['won']}-{row['drawn']}-{row['lost']}"
        breaks = "  ".join(f"{row['tiebreaks'][k]:>{len(k)}g}" for k in standings["tiebreaks"])
        print(f"{row['rank']:>2}  {row['name']:<12} {row['points']:>6g} {row['played']:>6} {wdl:>7}  {breaks}")
    every = sorted(x for ts in timings.values() for x in ts)
    p50 = statistics.median(every) * 1000 if every else float("nan")
    p99 = every[min(len(every) - 1, int(0.99 * len(every)))] * 1000 if every else float("nan")
    print(f"\ntournament page: {url}/tournaments/{tid}  (API: {url}/v1/tournaments/{tid}, .../standings, .../export)")
    print(f"wall time {wall:.1f} s; {total} games, {total / wall * 60:.1f} games/minute; "
          f"{len(every)} orders, order->ruling p50 {p50:.0f} ms, p99 {p99:.0f} ms", flush=True)
    return 0


def _bot(url: str, token: str, kind: str, seed: int, timings: list[float]) -> None:
    rng = random.Random(seed)
    if kind == "greedy":
        from services.bots.greedy_bot import knowledge

        sides = {s["id"]: s["side"] for sc in httpx.get(f"{url}/v1/scenarios", timeout=60).json()["scenarios"]
                 for s in sc["seats"]}

        reader = Client(url, token)  # honours 429/503 and their Retry-After

        def choose(summary: dict, seat: str, orders: list[dict]) -> dict:
            view = reader.state(summary["id"])["view"]
            return greedy_choose(view, orders, knowledge(summary["ruleset"]), sides[seat])
    else:
        def choose(summary: dict, seat: str, orders: list[dict]) -> dict:
            return rng.choice(orders)
    entrant.play(url, token, choose, timings=timings)


def _bar(done: int, total: int, width: int = 40) -> None:
    filled = width * done // max(total, 1)
    sys.stdout.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games finished")
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
