"""Order -> ruling visible, under load, against a no-op Celery task round trip under the same load.

    python -m bench.run latency [--quick]

Server mode as `make serve` runs it: durable PostgreSQL, Redis, two `umpire worker --concurrency 1`
processes (beat embedded in the first, sweeping every 5 s). C client threads in this process act as
the API does: a bot picks a random legal order of one of its games (from the projection), submits it
(one append, one Celery nudge) and waits for its ruling as `?wait=` does (services/queries.py);
the time from the submission to the ruling being visible is one sample. Then it thinks (exponential,
mean THINK s) and plays its next game. A finished game is replaced by a new one (not timed).

The baseline runs the same C threads with the same think times against two no-op Celery workers
(bench/noop.py): send a task, block until it replies. Games are sandbox games (cheap rules: what is
measured is the service around them; B&P's rules are timed in bench_bp).

Cases: G games over C clients; 100 games (one per client) and 1,000 (ten per client), same offered
load, so the second adds only the number of games the workers and the store keep track of.

Then one order's way hop by hop (bench/hops.py): one bot, over HTTP with `?wait=`, a traced worker;
each hop's p50 is reported against the p50 of the whole order->ruling of the same orders.
"""
from __future__ import annotations

import random
import statistics
import threading
import time
import uuid

import msgspec
import redis as redis_client

from bench import hops as hop_by_hop
from bench import noop, stack
from bench.results import figure
from services.games import Games
from services.queries import Queries
from tests.faults.support import WorkerProcess

THINK = 2.0  # s, mean pause between a bot's ruling and its next order
SIZES = {True: {"cases": ((10, 10), (40, 10)), "seconds": 10.0, "warm": 2.0, "hops": 30},
         False: {"cases": ((100, 100), (1000, 100)), "seconds": 60.0, "warm": 10.0, "hops": 300}}


class Clients:
    """C threads, each looping `act()` (which returns the seconds it measured, or None) with think
    times, keeping the samples taken after the warm-up."""

    def __init__(self, n: int, act, *, seconds: float, warm: float, seed: int = 1):
        self.samples: list[float] = []
        self.errors: list[BaseException] = []
        self._act, self._n, self._seconds, self._warm, self._seed = act, n, seconds, warm, seed

    def run(self) -> list[float]:
        began = time.perf_counter()
        stop_at, keep_from = began + self._warm + self._seconds, began + self._warm
        lock = threading.Lock()

        def loop(i: int) -> None:
            rng = random.Random(f"{self._seed}:{i}")
            time.sleep(rng.uniform(0, THINK))  # spread the first orders
            try:
                while time.perf_counter() < stop_at:
                    t0 = time.perf_counter()
                    sample = self._act(i, rng)
                    if sample is not None and t0 >= keep_from:
                        with lock:
                            self.samples.append(sample)
                    time.sleep(rng.expovariate(1 / THINK))
            except BaseException as exc:  # reported below: a failed order is a failed bench
                self.errors.append(exc)

        threads = [threading.Thread(target=loop, args=(i,), daemon=True) for i in range(self._n)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if self.errors:
            raise RuntimeError(f"{len(self.errors)} clients failed; first: {self.errors[0]!r}")
        return self.samples


class Bots:
    """The act of a bot: one order to the next of its games, timed until its ruling is visible."""

    def __init__(self, s: stack.Server, games: int, clients: int):
        self.s, self.games = s, s.rt.games
        self.mine = [[self.new_game() for _ in range(games // clients)] for _ in range(clients)]
        stack.wait(lambda: not s.rt.store.lagging(limit=100_000), timeout=600)  # every genesis ruled
        self.turn = [0] * clients

    def new_game(self) -> str:
        return self.games.create("sandbox/1").game_id

    def act(self, i: int, rng: random.Random) -> float | None:
        games: Games = self.games
        k = self.turn[i] = (self.turn[i] + 1) % len(self.mine[i])
        g = self.mine[i][k]
        if games.store.projection(g).status != "active":
            self.mine[i][k] = g = self.new_game()
            self.s.rt.wait_for(g, 1, 30)
        seats = games.context(g).genesis.layout.seat_ids()
        options = [(seat, o) for seat in seats for o in Queries(games).legal(g, seat)]
        if not options:
            return None
        seat, order = rng.choice(options)
        t0 = time.perf_counter()
        result = games.submit_order(g, seat, msgspec.to_builtins(order), principal=seat)
        if not self.s.rt.wait_for(g, result.last_version, 60):
            raise TimeoutError(f"order {result.last_version} of game {g} not ruled within 60 s")
        return time.perf_counter() - t0


def measure(size: dict) -> dict[str, tuple]:
    out = {}
    with stack.server() as s:
        for games, clients in size["cases"]:
            workers = [s.worker("w1", beat=True, sweep_seconds=5.0), s.worker("w2")]
            bots = Bots(s, games, clients)
            print(f"  {games} games, {clients} bots: created and begun", flush=True)
            ours = Clients(clients, bots.act, seconds=size["seconds"], warm=size["warm"]).run()
            for w in workers:
                w.stop()
            s.workers.clear()
            floor = noop_round_trips(s, clients, size)
            print(f"  {games} games: order->ruling p50 {statistics.median(ours) * 1000:.1f} ms over {len(ours)}; "
                  f"no-op round trip p50 {statistics.median(floor) * 1000:.1f} ms over {len(floor)}", flush=True)
            out[f"{games}"] = (ours, floor)
        out["hops"] = hop_by_hop.breakdown(s, size["hops"])
        print(hop_by_hop.report(*out["hops"]), flush=True)
    return out


def noop_round_trips(s: stack.Server, clients: int, size: dict) -> list[float]:
    workers = [WorkerProcess(database_url=s.database_url, redis_url=s.redis_url, data=s.root / name, name=name,
                             argv=noop.worker_argv(name)).start() for name in ("n1", "n2")]
    app = noop.make_noop_app(s.redis_url)
    replies = redis_client.Redis.from_url(s.redis_url)
    try:
        def act(i: int, rng: random.Random) -> float:
            reply = f"bench.reply:{uuid.uuid4().hex}"
            t0 = time.perf_counter()
            app.send_task("bench.noop", args=(reply,))
            if replies.blpop([reply], timeout=60) is None:
                raise TimeoutError("a no-op task did not reply within 60 s")
            return time.perf_counter() - t0

        return Clients(clients, act, seconds=size["seconds"], warm=size["warm"]).run()
    finally:
        for w in workers:
            w.stop()
        replies.close()


def run(quick: bool) -> dict[str, dict]:
    size = SIZES[quick]
    got = measure(size)
    (g100, g1000) = (str(g) for g, _ in size["cases"])
    ours, floor = got[g100]  # the figures keep the full run's names; a quick run's sizes are in the note
    p = stack.percentile
    how = (f"{g100} sandbox games, {size['cases'][0][1]} bot threads with {THINK:g} s mean think time, "
           f"{size['seconds']:g} s after {size['warm']:g} s warm-up; 2 workers + beat; ?wait's polling included")
    figures = {
        "order->ruling p50, 100 bot games": figure(
            p(ours, 50) * 1000, p(floor, 50) * 1000, target=1.5, at_most=True, unit="ms",
            baseline_is="no-op Celery task round trip p50, same clients and think times", note=how),
        "order->ruling p99, 100 bot games": figure(
            p(ours, 99) * 1000, p(floor, 99) * 1000, target=3.0, at_most=True, unit="ms",
            baseline_is="no-op Celery task round trip p99, same clients and think times",
            note=f"{len(ours)} orders, {len(floor)} no-op round trips"),
    }
    ours, floor = got[g1000]
    figures["order->ruling p99, 1,000 active games"] = figure(
        p(ours, 99) * 1000, p(floor, 99) * 1000, target=3.0, at_most=True, unit="ms",
        baseline_is="no-op Celery task round trip p99, same clients and think times",
        note=f"{g1000} games over {size['cases'][1][1]} bots (each plays its games in turn), same offered load as "
             f"the {g100}-game case; p50 {p(ours, 50) * 1000:.1f} ms vs {p(floor, 50) * 1000:.1f} ms; {len(ours)} orders")
    hops, totals = got["hops"]
    whole = p(totals, 50) * 1000
    for hop, samples in hops.items():
        figures[f"order hop: {hop}"] = figure(
            p(samples, 50) * 1000, whole, unit="ms", baseline_is="order->ruling p50 over HTTP (?wait=), the same orders",
            note=f"p50 of {len(samples)} orders, one bot, one traced worker (bench/hops.py); p99 {p(samples, 99) * 1000:.2f} ms; "
                 f"the hops of an order add up to its order->ruling (p99 {p(totals, 99) * 1000:.1f} ms)")
    return figures
