"""Fair fold queue (issue 24 item 4): the other games' order -> ruling while one game is flooded with
orders, against the same games and bots with no flood, in the same run.

    python -m bench.run fairness [--quick]

Server mode as bench_latency runs it (durable PostgreSQL, Redis, two `umpire worker --concurrency 1`,
beat in the first): G sandbox games, one bot thread each (bench_latency's Bots and Clients: a random
legal order, timed until its ruling is visible, then a think time of mean THINK s). The measured run
adds a flooder: FLOOD_THREADS threads of a process of their own appending orders to one more game back to
back, with no wait and no rate limit (as if its token's limit were off), each order with its own
nudge as the API sends it, for the whole run.
Its backlog at the end shows the flood was still being worked through while the others were timed.
The ratio includes the CPU the flood itself costs on a shared machine (its appends, its folds):
the fair queue removes the queueing behind its backlog, not that.
"""
from __future__ import annotations

import multiprocessing
import threading
from pathlib import Path

import msgspec

from bench import stack
from bench.bench_latency import THINK, Bots, Clients
from bench.results import figure
from services.bootstrap import build
from services.config import Settings
from services.queries import Queries
from tests.integration.support import unruled

FLOOD_THREADS = 4
SIZES = {True: {"games": 6, "seconds": 8.0, "warm": 2.0}, False: {"games": 20, "seconds": 45.0, "warm": 5.0}}


def _flood(database_url: str, redis_url: str, data: str, game_id: str, seat: str, order: dict, sent, stop) -> None:
    """The flooder's process: FLOOD_THREADS threads submitting through the API side's own Games."""
    rt = build(Settings(data=Path(data), database_url=database_url, redis_url=redis_url, sandbox=True))

    def loop() -> None:
        while not stop.is_set():
            rt.games.submit_order(game_id, seat, order, principal=seat)
            with sent.get_lock():
                sent.value += 1

    threads = [threading.Thread(target=loop, daemon=True) for _ in range(FLOOD_THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    rt.stop()


class Flooder:
    """Orders to one game, back to back, from a process of its own (so its threads do not share the
    measuring bots' interpreter lock), until stopped."""

    def __init__(self, s: stack.Server):
        self.games = s.rt.games
        self.game_id = self.games.create("sandbox/1").game_id
        s.rt.wait_for(self.game_id, 1, 60)
        seats = self.games.context(self.game_id).genesis.layout.seat_ids()
        seat, order = next((seat, o) for seat in seats for o in Queries(self.games).legal(self.game_id, seat))
        ctx = multiprocessing.get_context("spawn")
        self.sent, self._stop = ctx.Value("l", 0), ctx.Event()
        # the order repeated: the copies after the first are ruled and rejected
        self._proc = ctx.Process(target=_flood, args=(s.database_url, s.redis_url, str(s.root / "flooder"), self.game_id,
                                                      seat, msgspec.to_builtins(order), self.sent, self._stop))

    def start(self) -> "Flooder":
        self._proc.start()
        return self

    def stop(self) -> int:
        """Stop; returns the flood's backlog (its orders not ruled yet)."""
        self._stop.set()
        self._proc.join(60)
        return len(unruled(self.games, self.game_id))


def measure(size: dict) -> tuple[list[float], list[float], int, int]:
    with stack.server() as s:
        s.worker("w1", beat=True, sweep_seconds=5.0)
        s.worker("w2")
        bots = Bots(s, size["games"], size["games"])
        quiet = Clients(size["games"], bots.act, seconds=size["seconds"], warm=size["warm"]).run()
        print(f"  no flood: {len(quiet)} orders, p50 {stack.percentile(quiet, 50) * 1000:.1f} ms "
              f"p99 {stack.percentile(quiet, 99) * 1000:.1f} ms", flush=True)
        flooder = Flooder(s).start()
        flooded = Clients(size["games"], bots.act, seconds=size["seconds"], warm=size["warm"], seed=2).run()
        backlog = flooder.stop()
        print(f"  flood: {len(flooded)} orders, p50 {stack.percentile(flooded, 50) * 1000:.1f} ms "
              f"p99 {stack.percentile(flooded, 99) * 1000:.1f} ms; the flooded game got {flooder.sent.value} orders, "
              f"{backlog} still unruled at the end", flush=True)
        return quiet, flooded, flooder.sent.value, backlog


def run(quick: bool) -> dict[str, dict]:
    size = SIZES[quick]
    quiet, flooded, sent, backlog = measure(size)
    p = stack.percentile
    how = (f"{size['games']} sandbox games, one bot each ({THINK:g} s mean think time), {size['seconds']:g} s after "
           f"{size['warm']:g} s warm-up, 2 workers + beat; the flooded game got {sent} orders back to back "
           f"from {FLOOD_THREADS} threads, "
           f"{backlog} still unruled at the end")
    base = "the same games and bots without the flood, same run"
    return {
        "fair queue: others' order->ruling p50 under a flood": figure(
            p(flooded, 50) * 1000, p(quiet, 50) * 1000, target=2.0, at_most=True, unit="ms", baseline_is=base,
            note=how),
        "fair queue: others' order->ruling p99 under a flood": figure(
            p(flooded, 99) * 1000, p(quiet, 99) * 1000, target=2.0, at_most=True, unit="ms", baseline_is=base,
            note=f"{len(flooded)} orders under the flood, {len(quiet)} without"),
    }
