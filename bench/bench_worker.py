"""Rulings per second of one worker process on the sandbox game, against a no-op Celery task.

    python -m bench.bench_worker [--quick]      (or: make bench / make bench-quick)

Starts its own durable PostgreSQL (fsync=on, synchronous_commit=on) and Redis from the local
binaries. Preloads G sandbox games with the orders of a whole random game each (chosen by playing
the game in memory with the game's own dice keys, so every order is accepted when ruled), starts
one `umpire worker --concurrency 1`, nudges every game once and times until every order is ruled.
The baseline, in the same run and against the same worker: N no-op tasks (`umpire.ping`) sent at
once, timed until the queue is drained. Both are "work items through one worker per second".
"""
from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

import msgspec
import redis as redis_client

from bench.results import figure, merge
from domain.kernel import game
from domain.kernel.commands import SeatOrder
from domain.kernel.dice import KeyedDice, mix_of
from infra import localservices
from services.config import Settings
from services.games import Games
from services.keys import Keyring
from services.runtime import build
from services.worker.app import DEFAULT_QUEUE, make_app
from tests.faults.support import WorkerProcess

SIZES = {True: {"games": 8, "single": 100, "pings": 400}, False: {"games": 80, "single": 1000, "pings": 3000}}


def scripted_game(games, game_id: str, rng: random.Random) -> list[tuple[str, object]]:
    """The orders of one random game, each legal when it will be ruled: played in memory with the
    versions the orders will get in the log (genesis is 1, the orders follow) and the game's keys."""
    ctx = games.context(game_id)
    keys = Keyring(games.store, game_id, ctx.genesis.dice.epochs).load()
    state, version, orders = ctx.initial(), 1, []
    seats = ctx.genesis.layout.seat_ids()
    while not state.core.finished:
        seat, order = rng.choice([(s, o) for s in seats for o in game.legal(ctx.ruleset, state, s)])
        version += 1
        dice = KeyedDice(game_id=game_id, command=version, keys=keys.key, mix=mix_of(state.core.entropy))
        ruling = game.adjudicate(ctx.ruleset, state, SeatOrder(seat=seat, order=order), dice, version=version)
        for e in ruling.effects:
            state = game.apply(ctx.ruleset, state, e)
        orders.append((seat, order))
    return orders


def wait(condition, timeout: float = 600.0, poll: float = 0.005) -> float:
    start = time.perf_counter()
    while not condition():
        if time.perf_counter() - start > timeout:
            raise TimeoutError("the bench did not finish")
        time.sleep(poll)
    return time.perf_counter() - start


def preload(games, n: int, rng: random.Random) -> tuple[list[str], int]:
    """n games, each holding every order of a whole game, none ruled yet; returns (ids, orders)."""
    game_ids, orders = [], 0
    for _ in range(n):
        g = games.create("sandbox/1").game_id
        for seat, order in scripted_game(games, g, rng):
            games.submit_order(g, seat, msgspec.to_builtins(order), principal=seat)
            orders += 1
        game_ids.append(g)
    return game_ids, orders


def run(quick: bool) -> dict[str, dict]:
    size = SIZES[quick]
    root = Path(tempfile.mkdtemp(prefix="umpire-bench-worker."))
    pg = localservices.start_postgres(durable=True)  # in a directory of its own: the postgres user must enter it
    redis = localservices.start_redis(root=root / "redis")
    rt = build(Settings(data=root / "api", database_url=pg.url, redis_url=redis.url, sandbox=True))
    worker = WorkerProcess(database_url=pg.url, redis_url=redis.url, data=root / "worker", concurrency=1,
                           sweep_seconds=3600)
    try:
        silent = Games(rt.store, rt.catalog)  # no nudges while preloading
        rng = random.Random(2024)
        t0 = time.perf_counter()
        (warm,), _ = preload(silent, 1, rng)
        game_ids, orders = preload(silent, size["games"], rng)
        print(f"preloaded {orders} orders in {len(game_ids)} games in {time.perf_counter() - t0:.1f} s")
        worker.start()
        rt.nudge(warm)  # the pool process opens its connections and loads the catalog outside the timing
        wait(lambda: rt.store.projection(warm).status == "finished")

        t0 = time.perf_counter()
        for g in game_ids:
            rt.nudge(g)
        wait(lambda: not rt.store.lagging())
        rulings_per_s = orders / (time.perf_counter() - t0)
        rejected = sum(1 for g in game_ids for e in rt.store.read(g)
                       if e.type == "ruling" and msgspec.json.decode(e.data)["verdict"] != "accepted")
        assert rejected == 0, f"{rejected} preloaded orders were rejected: the bench's premise broke"
        print(f"one worker: {orders} rulings at {rulings_per_s:.0f} rulings/s "
              f"({len(game_ids)} folds of {orders / len(game_ids):.0f} orders)")

        # The shape of live play: each game has one pending order, so every fold rules one. The games'
        # first folds (Red's deployment) load their contexts untimed; the timed folds rule a bid each.
        singles = [silent.create("sandbox/1").game_id for _ in range(size["single"])]
        for order in ({"seat": "red", "order": {"type": "deploy", "real": "0303"}},
                      {"seat": "blue-1", "order": {"type": "bid", "points": 0}}):
            for g in singles:
                silent.submit_order(g, order["seat"], order["order"], principal=order["seat"])
            t0 = time.perf_counter()
            for g in singles:
                rt.nudge(g)
            wait(lambda: not rt.store.lagging())
        single_per_s = len(singles) / (time.perf_counter() - t0)
        print(f"one worker, one order per fold: {single_per_s:.0f} rulings/s")

        app = make_app(rt.settings)
        client = redis_client.Redis.from_url(redis.url)
        t0 = time.perf_counter()
        for _ in range(size["pings"]):
            app.send_task("umpire.ping", queue=DEFAULT_QUEUE)
        wait(lambda: client.llen(DEFAULT_QUEUE) == 0 and client.hlen("unacked") == 0, poll=0.002)
        noop_per_s = size["pings"] / (time.perf_counter() - t0)
        print(f"no-op tasks through the same worker: {noop_per_s:.0f} tasks/s")
        print(f"ratio rulings/s : no-op tasks/s = {rulings_per_s / noop_per_s:.2f} (batched), "
              f"{single_per_s / noop_per_s:.2f} (one order per fold)")
        return {"worker_single_order_folds_per_s": figure(
            single_per_s, noop_per_s, unit="rulings/s",
            note="as worker_rulings_per_s, but every fold rules one order (a bid) of a game the worker has "
                 "folded before: the per-fold cost of live play"),
            "worker_rulings_per_s": figure(
            rulings_per_s, noop_per_s, target=1.0, unit="rulings/s",
            note="one worker process (prefork, 1 child), durable PostgreSQL, sandbox orders preloaded, one fold per "
                 "game; baseline: no-op Celery tasks/s drained by the same worker; target ratio (inferred): a ruling "
                 "costs no more than an empty task round trip")}
    finally:
        worker.stop()
        rt.stop()
        redis.stop()
        pg.stop("immediate")
        for folder in (root, pg.root):
            shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_worker")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    merge(run(args.quick))
    return 0


if __name__ == "__main__":
    sys.exit(main())
