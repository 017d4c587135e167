"""The service on six hosts (network namespaces on one machine), loaded by bots, one worker host lost.

    data    PostgreSQL (durable) and Redis, listening on the host's own address
    api1    `umpire serve` (server mode) and `umpire beat` (exactly one per deployment)
    api2    `umpire serve`
    work1   `umpire worker --concurrency 1`       (the one that is cut off)
    work2   `umpire worker --concurrency 1`
    bots    tests/scale/botload.py: bots that talk to api1 and api2 only

Used by tests/scale/test_hosts.py (short phases) and bench/bench_hosts.py (long ones). `exercise`
runs the phases in order, each a window of wall-clock time whose orders it measures:

    warm     both worker hosts; the bots make their first games (not reported)
    two      two worker hosts
    cut      work1 cut off under load, mid-fold if it can be caught so (its fold in flight, and
             any message Redis handed it, stay with it): the loss is in this window
    one      work1 still cut off: one worker host carries every game
    back     work1 restored: its TCP connections resume at their next retransmission (seconds
             to tens of seconds later: the retransmission timer backs off while the link is down)

then stops the bots, waits until every game is ruled to the end, and checks every accepted order.
"""
from __future__ import annotations

import json
import math
import re
import shutil
import sys
import threading
import time
from collections import Counter
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import httpx
import msgspec
import psycopg

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
# A client host that vanishes (no FIN, no RST) leaves its backend blocked writing a result it never
# acknowledges, holding the fold's locks, and idle_in_transaction_session_timeout does not apply to
# an active backend: without TCP timeouts the locks stay until TCP gives up (~15 min,
# net.ipv4.tcp_retries2). The store sets them on each of its connections (infra/pgnet.py), so this
# cluster runs with the server's defaults: the cut proves the store's own settings suffice.
PG_NETWORK = ""
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
                                          netns=data.netns, trust=str(net.subnet), options=PG_NETWORK)
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
    sessions: list[dict]  # Sessions.samples
    cut_mid_transaction: bool  # work1 was cut off with a transaction open (its fold's locks with it)
    retries: dict[str, int]  # worker -> folds it put back for a retry (a lock timeout or an outage)
    folds: dict[str, dict[str, int]]  # phase -> worker -> folds that ruled something, from the worker's log


class Sessions:
    """Samples pg_stat_activity once a second: what the lost host still holds open in PostgreSQL
    (its oldest open transaction's age, what its backends wait on) and how many sessions wait on a
    lock, so a stall under the cut can be told apart from a slow machine."""

    QUERY = """SELECT host(client_addr) = %s, wait_event, wait_event_type = 'Lock',
                      EXTRACT(EPOCH FROM now() - xact_start) FROM pg_stat_activity WHERE backend_type = 'client backend'"""

    def __init__(self, url: str, lost: str):
        self.url, self.lost = url, lost
        self.samples: list[dict] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> "Sessions":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(10)

    def _run(self) -> None:
        with psycopg.connect(self.url, autocommit=True) as conn:
            while not self._stop.wait(1.0):
                rows = conn.execute(self.QUERY, (self.lost,)).fetchall()
                lost_open = [(float(age), wait) for mine, wait, _, age in rows if mine and age is not None]
                self.samples.append({"t": time.time(), "lock_waits": sum(1 for r in rows if r[2]),
                                     "lost_waits_on": sorted({w or "-" for _, w in lost_open}),
                                     "lost_oldest_transaction_s": max((a for a, _ in lost_open), default=0.0)})


def exercise(lay: Layout, *, bots: int, seconds: dict[str, float], seed: int = 0) -> Run:
    """Run the phases (module docstring) for `seconds[phase]` each, then settle and check."""
    out = lay.root / "bots"
    out.mkdir(parents=True, exist_ok=True)
    windows: dict[str, tuple[float, float]] = {}
    argv = ["tests.scale.botload", *sum((["--api", u] for u in lay.apis), []), "--organiser", lay.organiser,
            "--bots", str(bots), "--out", str(out), "--seed", str(seed)]
    players = lay.start("bots", "bots", argv)
    sessions = Sessions(lay.pg.url, lay.net.hosts["work1"].address)
    try:
        with sessions:
            caught = _phases(lay, seconds, windows)
        (out / "stop").touch()
        assert players.proc is not None
        players.proc.wait(timeout=120)
    finally:
        lay.net.restore("work1")
    result = json.loads((out / "orders.json").read_text())
    assert not result["errors"], f"bots failed: {result['errors']}\n{players.text()[-3000:]}"
    orders = result["orders"]
    games = sorted({o["game"] for o in orders})
    return Run(windows=windows, orders=orders, games=games, checked=check(lay, orders, games),
               sessions=sessions.samples, cut_mid_transaction=caught,
               retries={w: lay.processes[w].text().count(" retry: ") for w in WORKERS},
               folds={phase: {w: _folds(lay.processes[w].text(), *windows[phase]) for w in WORKERS} for phase in windows})


WORKERS = ("work1", "work2")
_RULED = re.compile(r"^\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}): INFO/\S+\] game \S+: ruled \d+", re.M)


def _folds(log: str, start: float, end: float) -> int:
    """Folds that ruled something, logged within [start, end) (Celery logs local time)."""
    return sum(1 for m in _RULED.finditer(log)
               if start <= time.mktime(time.strptime(m[1], "%Y-%m-%d %H:%M:%S")) + int(m[2]) / 1000 < end)


PHASES = ("warm", "two", "cut", "one", "back")


def _phases(lay: Layout, seconds: dict[str, float], windows: dict[str, tuple[float, float]]) -> bool:
    """True if work1 was cut off with a transaction open."""
    caught = False
    for phase in PHASES:
        if phase == "back":
            lay.net.restore("work1")
        elif phase == "cut":
            caught = cut_mid_transaction(lay, "work1")
        start = time.time()
        time.sleep(seconds[phase])
        windows[phase] = (start, time.time())
    return caught


def cut_mid_transaction(lay: Layout, host: str, patience: float = 10.0) -> bool:
    """Cut `host` off the moment it is between two statements of a transaction in PostgreSQL (a fold
    under way, adjudicating: its locks stay with it), or after `patience` s anyway. True if it was
    caught so."""
    query = "SELECT count(*) FROM pg_stat_activity WHERE host(client_addr) = %s AND state = 'idle in transaction'"
    deadline = time.monotonic() + patience
    with psycopg.connect(lay.pg.url, autocommit=True) as conn:
        while True:
            row = conn.execute(query, (lay.net.hosts[host].address,)).fetchone()
            caught = bool(row and row[0])
            if caught or time.monotonic() > deadline:
                lay.net.cut(host)
                return caught
            time.sleep(0.002)


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


def held(run: Run, phase: str) -> dict[str, float]:
    """What PostgreSQL saw during the phase: the most sessions waiting on a lock at once, and the
    longest the lost host kept a transaction open."""
    start, end = run.windows[phase]
    samples = [x for x in run.sessions if start <= x["t"] < end] or [{"lock_waits": 0, "lost_oldest_transaction_s": 0.0}]
    return {"max_lock_waits": max(x["lock_waits"] for x in samples),
            "lost_transaction_open_s": max(x["lost_oldest_transaction_s"] for x in samples)}


def report(run: Run, out=sys.stdout) -> None:
    for phase in (p for p in PHASES if p != "warm"):
        f = figures(run, phase)
        print(f"{phase:>4}: {f['orders']:5d} orders, {f['throughput']:6.1f} ruled/s, "
              f"p50 {f['p50_ms']:7.1f} ms, p99 {f['p99_ms']:8.1f} ms; folds {run.folds[phase]}; {held(run, phase)}",
              file=out)
    print(f"work1 cut mid-transaction: {run.cut_mid_transaction}; checked: {run.checked}; "
          f"fold retries: {run.retries}", file=out)
