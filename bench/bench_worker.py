"""Worker throughput and memory: rulings/s of one and of two `umpire worker` processes on preloaded
sandbox orders, against no-op Celery tasks through the same worker; and the worker's resident
memory growth per 1,000 active Breakout & Pursuit games.

    python -m bench.run worker [--quick]

Preloading: G sandbox games, each holding the orders of a whole random game (chosen by playing the
game in memory with the game's own dice keys, so every order is accepted when ruled), none ruled.
Then every game is nudged once and the clock runs until no game lags. The same is done with one
worker process and with two (each `--concurrency 1`), on fresh games each time, in alternating
rounds. The no-op baseline: N `umpire.ping` tasks sent at once, timed until the queue is drained.
"""
from __future__ import annotations

import random
import statistics
import time

import msgspec
import redis as redis_client

from bench import script, stack
from bench.results import figure
from services.games import Games
from services.worker.app import DEFAULT_QUEUE, make_app

SIZES = {True: {"games": 6, "rounds": 1, "pings": 300, "rss_games": 40},
         False: {"games": 60, "rounds": 3, "pings": 3000, "rss_games": 1000}}


def preload(games: Games, n: int, rng: random.Random) -> tuple[list[str], int]:
    """n games, each holding every order of a whole game, none ruled yet; returns (ids, orders)."""
    game_ids, orders = [], 0
    for _ in range(n):
        g = games.create("sandbox/1").game_id
        for command in script.script(games, g, rng).commands:
            games.submit_order(g, command.seat, msgspec.to_builtins(command.order), principal=command.seat)
            orders += 1
        game_ids.append(g)
    return game_ids, orders


def rule_all(s: stack.Server, game_ids: list[str], orders: int) -> float:
    """Rulings per second until the preloaded games are all ruled (the genesis of each included)."""
    t0 = time.perf_counter()
    for g in game_ids:
        s.rt.nudge(g)
    mine = set(game_ids)
    stack.wait(lambda: not mine.intersection(s.rt.store.lagging(limit=100_000)))
    rejected = sum(1 for g in game_ids for e in s.rt.store.read(g)
                   if e.type == "ruling" and msgspec.json.decode(e.data)["verdict"] != "accepted")
    assert rejected == 0, f"{rejected} preloaded orders were rejected: the bench's premise broke"
    return (orders + len(game_ids)) / (time.perf_counter() - t0)


def noop_rate(s: stack.Server, n: int) -> float:
    app = make_app(s.rt.settings)
    client = redis_client.Redis.from_url(s.redis_url)
    t0 = time.perf_counter()
    for _ in range(n):
        app.send_task("umpire.ping", queue=DEFAULT_QUEUE)
    stack.wait(lambda: client.llen(DEFAULT_QUEUE) == 0 and client.hlen("unacked") == 0, poll=0.002)
    return n / (time.perf_counter() - t0)


def throughput(size: dict) -> dict[str, dict]:
    with stack.server() as s:
        silent = Games(s.rt.store, s.rt.catalog)  # no nudges while preloading
        rng = random.Random(2024)
        s.worker("w1")  # the first worker; the second joins for the 2-worker rounds
        (warm,), _ = preload(silent, 1, rng)
        rule_all(s, [warm], 0)  # the pool process opens its connections and loads the catalog untimed
        two: stack.WorkerProcess | None = None
        rates: dict[int, list[float]] = {1: [], 2: []}
        for _ in range(size["rounds"]):
            for workers in (1, 2):
                game_ids, orders = preload(silent, size["games"], rng)
                if workers == 2 and two is None:
                    two = s.worker("w2")
                    (warm,), _ = preload(silent, 1, rng)
                    rule_all(s, [warm], 0)
                elif workers == 1 and two is not None:
                    two.stop()
                    two = None
                rates[workers].append(rule_all(s, game_ids, orders))
                print(f"  {workers} worker(s): {orders} orders in {len(game_ids)} games, {rates[workers][-1]:.0f} rulings/s")
        if two is not None:
            two.stop()
        noop = noop_rate(s, size["pings"])
        print(f"  no-op tasks through one worker: {noop:.0f} tasks/s")
    r1, r2 = statistics.median(rates[1]), statistics.median(rates[2])
    return {
        "rulings/s, 1 worker": figure(
            r1, noop, unit="/s", baseline_is="no-op Celery tasks/s drained by the same worker",
            note=f"sandbox orders preloaded, one fold per game ({size['games']} games), median of {size['rounds']}"),
        "rulings/s, 2 workers": figure(
            r2, r1, target=1.5, unit="/s", baseline_is="rulings/s, 1 worker (same preload, alternating rounds)",
            note="two `umpire worker --concurrency 1` processes; PostgreSQL, Redis and both workers share the cores"),
    }


def memory(size: dict) -> dict[str, dict]:
    """RSS of one worker (main + pool process) before and after folding N new B&P games once each."""
    n = size["rss_games"]
    with stack.server() as s:
        silent = Games(s.rt.store, s.rt.catalog)
        worker = s.worker("w1")
        warm = [silent.create("breakout-pursuit/1.1").game_id for _ in range(5)]
        rule_all(s, warm, 0)  # catalog, bound ruleset and connections loaded before the first reading
        before = stack.rss_mb(worker.pids())
        t0 = time.perf_counter()
        game_ids = [silent.create("breakout-pursuit/1.1").game_id for _ in range(n)]
        print(f"  created {n} B&P games in {time.perf_counter() - t0:.0f} s")
        rule_all(s, game_ids, 0)  # each fold rules the genesis: the game begins
        after = stack.rss_mb(worker.pids())
    per_1000 = (after - before) * 1000 / n
    print(f"  worker RSS {before:.0f} MB -> {after:.0f} MB after {n} games: {per_1000:.0f} MB per 1,000")
    return {"worker RSS growth per 1,000 active games": figure(
        per_1000, target=200, at_most=True, unit="MB",
        note=f"B&P 1.1 games, each folded once (its genesis ruled: the state of a begun game) by one worker "
             f"(main + 1 pool process); RSS {before:.0f} -> {after:.0f} MB over {n} games, scaled to 1,000")}


def run(quick: bool) -> dict[str, dict]:
    size = SIZES[quick]
    return {**throughput(size), **memory(size)}
