"""The service on six hosts (network namespaces on one machine), loaded by bots, one worker host lost.

    data    PostgreSQL (durable) and Redis, listening on the host's own address
    api1    `umpire serve` (server mode) and `umpire beat` (exactly one per deployment)
    api2    `umpire serve`
    work1   `umpire worker --concurrency 1`       (the one that is cut off)
    work2   `umpire worker --concurrency 1`
    bots    tests/scale/botload.py: bots that talk to api1 and api2 only

Used by tests/scale/test_hosts.py (short phases) and bench/bench_hosts.py (long ones). `exercise`
runs the phases in order, each a window of wall-clock time whose orders it measures:

    one      work1 cut off before the load starts: one worker host
    two      work1 restored: two worker hosts
    cut      work1 cut off under load (its fold in flight, and the messages Redis handed it, stay
             with it): one worker host again, with the loss in the window
    back     work1 restored

then stops the bots, waits until every game is ruled to the end, and checks every accepted order.
"""
from __future__ import annotations

import json
import math
import shutil
import sys
import time
from collections import Counter
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import httpx
import msgspec

from domain.kernel import chain
from infra import localservices
from infra.auth import open_tokens
from infra.eventstore import open_store
from infra.eventstore.base import chain_item
from services.catalog import Catalog
from services.games import Games
from tests.faults.support import WorkerProcess, wait_until
from tests.integration.support import check_game, unruled
from tests.scale.netns import Network

API_PORT = 8000
SWEEP = 1.0  # s, beat's sweep: what rules a game whose nudge went to the host that was cut off
ADDRESSES = {"data": 2, "api1": 11, "api2": 12, "work1": 21, "work2": 22, "bots": 31}


@dataclass
class Layout:
    net: Network
    root: Path
    pg: localservices.LocalPostgres
    redis: localservices.LocalRedis
    organiser: str
    processes: dict[str, WorkerProcess] = field(default_factory=dict)

    @property
    def apis(self) -> list[str]:
        return [f"http://{self.net.hosts[h].address}:{API_PORT}" for h in ("api1", "api2")]

    def start(self, name: str, host: str, argv: list[str], *, ready: str = " ready.", **env: str) -> WorkerProcess:
        p = WorkerProcess(database_url=self.pg.url, redis_url=self.redis.url, data=self.root / name, name=name,
                          sweep_seconds=SWEEP, argv=argv, ready=ready, wrap=self.net.hosts[host].wrap(),
                          env={"UMPIRE_RATE_ORDERS": "off", "UMPIRE_RATE_READS": "off", **env})
        self.processes[name] = p
        return p.start()

    def stop(self) -> None:
        for p in reversed(list(self.processes.values())):
            p.stop(timeout=15)


@contextmanager
def layout(root: Path) -> Iterator[Layout]:
    """Every host up and serving; on the way out (failure included) every process stopped, the
    servers stopped, the namespaces and the bridge removed."""
    with ExitStack() as cleanup:
        net = Network.create()
        cleanup.callback(net.close)
        for name, octet in ADDRESSES.items():
            net.add(name, octet)
        data = net.hosts["data"]
        # Its own temp dir: the postgres user must be able to enter it (pytest's tmp_path is root's alone).
        pg = localservices.start_postgres(durable=True, port=5432, host=data.address,
                                          netns=data.netns, trust=str(net.subnet))
        cleanup.callback(shutil.rmtree, pg.root, ignore_errors=True)
        cleanup.callback(pg.stop, "immediate")
        redis = localservices.start_redis(root=root / "redis", port=6379, host=data.address, netns=data.netns)
        cleanup.callback(redis.stop)
        open_store(pg.url).close()  # migrated, as `umpire db migrate` would
        tokens = open_tokens(pg.url)
        try:
            organiser = tokens.create("organiser", "scale").token
        finally:
            tokens.close()
        lay = Layout(net=net, root=root, pg=pg, redis=redis, organiser=organiser)
        cleanup.callback(lay.stop)
        for api in ("api1", "api2"):
            lay.start(api, api, ["services.cli", "serve"], ready="serving on",
                      UMPIRE_HOST=net.hosts[api].address, UMPIRE_PORT=str(API_PORT))
        lay.start("beat", "api1", ["services.cli", "beat"], ready="beat: Starting...")
        for w in ("work1", "work2"):
            lay.start(w, w, ["services.cli", "worker", "--concurrency", "1", "--name", f"{w}@%h"])
        for url in lay.apis:
            wait_until(lambda: _healthy(url), 60, f"{url} healthy")
        yield lay


def _healthy(url: str) -> bool:
    try:
        return httpx.get(f"{url}/v1/health", timeout=2).status_code == 200
    except httpx.TransportError:
        return False


@dataclass
class Run:
    windows: dict[str, tuple[float, float]]  # phase -> (start, end), wall clock
    orders: list[dict]
    games: list[str]
    checked: dict[str, int]


def exercise(lay: Layout, *, bots: int, seconds: dict[str, float], seed: int = 0) -> Run:
    """Run the phases (module docstring) for `seconds[phase]` each, then settle and check."""
    out = lay.root / "bots"
    out.mkdir(parents=True, exist_ok=True)
    windows: dict[str, tuple[float, float]] = {}
    lay.net.cut("work1")
    argv = ["tests.scale.botload", *sum((["--api", u] for u in lay.apis), []), "--organiser", lay.organiser,
            "--bots", str(bots), "--out", str(out), "--seed", str(seed)]
    players = lay.start("bots", "bots", argv)
    try:
        for phase in ("one", "two", "cut", "back"):
            if phase in ("two", "back"):
                lay.net.restore("work1")
            elif phase == "cut":
                lay.net.cut("work1")
            start = time.time()
            time.sleep(seconds[phase])
            windows[phase] = (start, time.time())
        (out / "stop").touch()
        assert players.proc is not None
        players.proc.wait(timeout=120)
    finally:
        lay.net.restore("work1")
    result = json.loads((out / "orders.json").read_text())
    assert not result["errors"], f"bots failed: {result['errors']}\n{players.text()[-3000:]}"
    orders = result["orders"]
    games = sorted({o["game"] for o in orders})
    return Run(windows=windows, orders=orders, games=games, checked=check(lay, orders, games))


def check(lay: Layout, orders: list[dict], games: list[str], timeout: float = 120.0) -> dict[str, int]:
    """Every accepted order is in its game's log once, at the version the API answered, and is ruled
    exactly once (tests/integration/support.check_game: each ruling equals a fresh re-adjudication);
    every game's export passes `umpire verify`."""
    from services.cli import main as umpire

    store = open_store(lay.pg.url)
    try:
        g = Games(store, Catalog(sandbox=True))
        wait_until(lambda: not any(unruled(g, game) for game in games), timeout, "every game ruled to the end")
        exports = lay.root / "exports"
        exports.mkdir(exist_ok=True)
        by_game: dict[str, list[dict]] = {}
        for o in orders:
            by_game.setdefault(o["game"], []).append(o)
        verified = Counter[str]()
        with httpx.Client(base_url=lay.apis[0], headers={"Authorization": f"Bearer {lay.organiser}"}, timeout=60) as http:
            for game in games:
                events = store.read(game)
                check_game(g, game)
                assert chain.verify_chain([chain_item(e) for e in events]) is None, f"the chain of {game} is broken"
                keys = Counter(msgspec.json.decode(e.metadata)["command_id"] for e in events if e.type == "order.submitted")
                for o in by_game[game]:
                    assert keys[o["key"]] == 1, f"order {o['key']} of {game} is in the log {keys[o['key']]} times"
                    e = events[o["version"] - 1]
                    assert e.type == "order.submitted" and msgspec.json.decode(e.metadata)["command_id"] == o["key"]
                export = exports / f"{game}.ndjson"
                r = http.get(f"/v1/games/{game}/export")
                assert r.status_code == 200, r.text
                export.write_bytes(r.content)
                finished = store.projection(game).status != "active"
                # A running game's hidden dice keys are not revealed yet: `umpire verify` checks what it
                # can and says PARTIAL (exit 3); a finished one must verify in full (exit 0).
                code = umpire(["verify", str(export)] + ([] if finished else ["--partial-ok"]))
                assert code == 0, f"umpire verify {export}: exit {code}"
                verified["finished" if finished else "running"] += 1
    finally:
        store.close()
    return {"games": len(games), "orders accepted": len(orders), "verified finished": verified["finished"],
            "verified running (in part)": verified["running"]}


def percentile(samples: list[float], p: float) -> float:
    """The nearest-rank percentile p (0..100)."""
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def figures(run: Run, phase: str) -> dict[str, float]:
    """Orders ruled per second within the phase's window, and order->ruling latency (sent to the
    bot seeing its ruling) of the orders sent in it, in ms."""
    start, end = run.windows[phase]
    sent = [o for o in run.orders if start <= o["sent"] < end]
    ruled = [o for o in run.orders if start <= o["ruled"] < end]
    latency = [1000 * (o["ruled"] - o["sent"]) for o in sent] or [0.0]
    return {"orders": len(sent), "throughput": len(ruled) / (end - start),
            "p50_ms": percentile(latency, 50), "p99_ms": percentile(latency, 99)}


def report(run: Run, out=sys.stdout) -> None:
    for phase in run.windows:
        f = figures(run, phase)
        print(f"{phase:>4}: {f['orders']:5d} orders, {f['throughput']:6.1f} ruled/s, "
              f"p50 {f['p50_ms']:7.1f} ms, p99 {f['p99_ms']:8.1f} ms", file=out)
    print(f"checked: {run.checked}", file=out)
