"""Breakout & Pursuit games in server mode: what the rules cost against what the service around them
costs, replay against decoding, audit against live play, and reading a long log's last state.

    python -m bench.run bp [--quick]

One durable stack (bench/stack.py) with two `umpire worker --concurrency 1` processes. Games are
scenario 1.1, played by a random bot:
- live: a bot plays a game through Games (append, Celery nudge, `?wait=`'s polling), choosing among
  the legal orders of the projection; each order -> ruling visible is timed (server mode p50);
- recorded: a game scripted in memory (bench/script.py: every order legal, the game's own dice),
  appended whole and ruled by the workers: the live adjudication rate (commands ruled per second,
  nudge to last ruling). Then, from its log: every command re-adjudicated in process (the rules'
  time per command), the effects decoded (msgspec) and applied (the fold's `apply`), and its export
  verified offline (`umpire verify`);
- long and short: a log of LONG events (a scripted game with out-of-turn orders by the idle seat
  interleaved, each a command and its rejection) and one of SHORT events (a scripted game), ruled
  by the workers (which snapshot every 1,000 events); then `state?at=last` as the endpoint computes
  it (Games.view with at=), median of repeated calls.
"""
from __future__ import annotations

import random
import statistics
import time

import msgspec

from bench import script, stack
from bench.results import figure
from domain.kernel import game
from domain.kernel.dice import KeyedDice, mix_of
from domain.kernel.log import COMMAND_TYPES, fold
from domain.kernel.seats import PUBLIC_VIEWER, REFEREE_VIEWER
from services.export import export_lines, parse
from services.games import Games
from services.queries import Queries
from services.keys import Keyring
from services.verify import verify

SCENARIO = "breakout-pursuit/1.1"
SIZES = {True: {"live": 15, "recorded": 100, "long": 10_000, "pad": 40, "short": 1_000, "reads": 10, "rounds": 2},
         False: {"live": 200, "recorded": 100_000, "long": 100_000, "pad": 80, "short": 1_000, "reads": 30, "rounds": 20}}


def ruled(s: stack.Server, game_id: str, timeout: float = 1800) -> float:
    """Seconds until the game no longer lags (every command ruled)."""
    return stack.wait(lambda: game_id not in s.rt.store.lagging(limit=100_000), timeout=timeout, poll=0.01)


def live(s: stack.Server, orders: int, rng: random.Random) -> list[float]:
    games: Games = s.rt.games
    g = games.create(SCENARIO).game_id
    s.rt.wait_for(g, 1, 60)
    samples = []
    while len(samples) < orders and games.store.projection(g).status == "active":
        seats = game.to_act(games.context(g).ruleset, Queries(games).state(g))
        seat = rng.choice(seats)
        order = rng.choice(Queries(games).legal(g, seat))
        t0 = time.perf_counter()
        result = games.submit_order(g, seat, msgspec.to_builtins(order), principal=seat)
        if not s.rt.wait_for(g, result.last_version, 120):
            raise TimeoutError(f"order {result.last_version} not ruled within 120 s")
        samples.append(time.perf_counter() - t0)
    return samples


def scripted(s: stack.Server, games: Games, rng: random.Random, *, batch: int, **kw) -> tuple[str, script.Scripted, float]:
    """A game scripted in memory, appended whole, then ruled by the workers: (id, script, seconds to rule)."""
    g = games.create(SCENARIO).game_id
    sc = script.script(games, g, rng, **kw)
    script.append(games, g, sc.commands, batch=batch)
    t0 = time.perf_counter()
    s.rt.nudge(g)
    ruled(s, g)
    seconds = time.perf_counter() - t0
    verdicts = [msgspec.json.decode(e.data)["verdict"] for e in s.rt.store.read(g) if e.type == "ruling"]
    assert verdicts.count("accepted") == sc.accepted + 1, "the script's orders were not ruled as in memory"
    return g, sc, seconds


def adjudication_times(games: Games, game_id: str) -> tuple[list[float], list[float]]:
    """Seconds of game.step (the ruling and the state it makes) for each command of the log, on the
    state before it: (wall-clock, this thread's CPU time). On a shared machine the wall-clock tail is
    mostly the scheduler taking the core away mid-command; the CPU time counts only the rules' own
    work (cache misses from neighbours still show, preemption does not)."""
    ctx = games.context(game_id)
    keys = Keyring(games.store, game_id, ctx.genesis.dice.epochs).load()
    events = games.store.read(game_id)
    state, wall, cpu = ctx.initial(), [], []
    for e in (e for e in events if e.type in COMMAND_TYPES):
        command = ctx.codec.decode_command(e.type, e.data)
        dice = KeyedDice(game_id=game_id, command=e.version, keys=keys.key, mix=mix_of(state.core.entropy))
        t0, c0 = time.perf_counter(), time.thread_time()
        state = game.step(ctx.ruleset, state, command, dice, version=e.version, visibility=e.visibility).state
        cpu.append(time.thread_time() - c0)
        wall.append(time.perf_counter() - t0)
    return wall, cpu


def replay_rates(games: Games, game_id: str, rounds: int) -> tuple[float, float, int]:
    """(effects/s applied, effects/s decoded, effects) over the game's effect events, each the best
    of `rounds` passes: one pass over a game's two thousand effects takes milliseconds, too short
    to time once on a shared machine."""
    ctx = games.context(game_id)
    data = [e.data for e in games.store.read(game_id) if e.type in ctx.codec.effect_tags]
    decode = apply = float("inf")
    for _ in range(rounds):
        t0 = time.perf_counter()
        effects = [ctx.codec.decode_effect(d) for d in data]
        decode = min(decode, time.perf_counter() - t0)
        state = ctx.initial()
        t0 = time.perf_counter()
        for x in effects:
            state = game.apply(ctx.ruleset, state, x)
        apply = min(apply, time.perf_counter() - t0)
    return len(data) / apply, len(data) / decode, len(data)


def verify_rate(games: Games, game_id: str) -> tuple[float, int]:
    header, events = parse(list(export_lines(games, game_id, REFEREE_VIEWER)))
    t0 = time.perf_counter()
    report = verify(header, events, games.catalog)
    seconds = time.perf_counter() - t0
    assert report.ok and not report.unverified, f"the export does not verify: {report}"
    return report.rulings_checked / seconds, report.rulings_checked


def state_at_last(games: Games, game_id: str, reads: int) -> tuple[float, int]:
    """Median seconds of state?at=<last event> (the public view), and the log's length."""
    last = games.store.head(game_id).version
    Queries(games).view(game_id, PUBLIC_VIEWER, at=last)  # the context and catalog loaded
    times = []
    for _ in range(reads):
        t0 = time.perf_counter()
        Queries(games).view(game_id, PUBLIC_VIEWER, at=last)
        times.append(time.perf_counter() - t0)
    return statistics.median(times), last


def full_replay(games: Games, game_id: str) -> float:
    """Seconds to fold the whole log from the initial state (what state?at=last cost without snapshots)."""
    ctx = games.context(game_id)
    t0 = time.perf_counter()
    events = games.store.read(game_id)
    fold(ctx.ruleset, ctx.codec, ctx.initial(), ((e.type, e.data) for e in events))
    return time.perf_counter() - t0


def run(quick: bool) -> dict[str, dict]:
    size = SIZES[quick]
    rng = random.Random(1944)
    with stack.server() as s:
        s.worker("w1"), s.worker("w2")
        silent = Games(s.rt.store, s.rt.catalog)  # appends without nudges; the bench nudges once
        lat = live(s, size["live"], rng)
        print(f"  live: {len(lat)} orders, order->ruling p50 {statistics.median(lat) * 1000:.1f} ms", flush=True)

        g, sc, seconds = scripted(s, silent, rng, batch=1, max_orders=size["recorded"], end=True)
        live_rate = (len(sc.commands) + 1) / seconds
        print(f"  recorded: {len(sc.commands)} commands ruled by the workers at {live_rate:.0f}/s", flush=True)
        adj, adj_cpu = adjudication_times(silent, g)
        applied, decoded, n_effects = replay_rates(silent, g, size["rounds"])
        audit, checked = verify_rate(silent, g)
        print(f"  adjudication p50 {statistics.median(adj) * 1000:.2f} ms, p99 {stack.percentile(adj, 99) * 1000:.1f} ms "
              f"(CPU time p50 {statistics.median(adj_cpu) * 1000:.2f} ms, p99 {stack.percentile(adj_cpu, 99) * 1000:.1f} ms); "
              f"apply {applied:.0f}/s, decode {decoded:.0f}/s; verify {audit:.0f} rulings/s", flush=True)

        long_g, long_sc, _ = scripted(s, silent, rng, batch=500, max_events=size["long"], pad=size["pad"])
        short_g, _, _ = scripted(s, silent, rng, batch=1, max_events=size["short"])
        long_t, long_n = state_at_last(silent, long_g, size["reads"])
        short_t, short_n = state_at_last(silent, short_g, size["reads"])
        unsnapped = full_replay(silent, long_g)
        print(f"  state?at=last: {long_t * 1000:.1f} ms at {long_n} events, {short_t * 1000:.1f} ms at {short_n}; "
              f"a full replay of the long log {unsnapped * 1000:.0f} ms", flush=True)

    p50 = statistics.median(lat) * 1000
    return {
        "adjudication p99 per command (B&P)": figure(
            stack.percentile(adj, 99) * 1000, p50, target=0.2, at_most=True, unit="ms",
            baseline_is="order->ruling p50 in server mode (a bot playing a B&P game live)",
            note=f"{len(adj)} commands of a scripted 1.1 game (random legal orders), game.step alone; "
                 f"p50 {statistics.median(adj) * 1000:.2f} ms, max {max(adj) * 1000:.0f} ms; "
                 f"live p50 over {len(lat)} orders"),
        "adjudication p99 per command, CPU time (B&P)": figure(
            stack.percentile(adj_cpu, 99) * 1000, p50, target=0.2, at_most=True, unit="ms",
            baseline_is="order->ruling p50 in server mode (a bot playing a B&P game live)",
            note=f"the same {len(adj)} commands as the wall-clock figure, timed by this thread's CPU time "
                 f"(time.thread_time: preemption on a loaded machine is not counted); "
                 f"p50 {statistics.median(adj_cpu) * 1000:.2f} ms, max {max(adj_cpu) * 1000:.0f} ms"),
        "replay rate (apply only)": figure(
            applied, decoded, target=0.05, unit="/s", baseline_is="msgspec decoding of the same effect events",
            note=f"{n_effects} effects of the recorded game, effects/s, best of {size['rounds']} passes"),
        "state?at=last, 100k-event log": figure(
            long_t * 1000, short_t * 1000, target=1.5, at_most=True, unit="ms",
            baseline_is=f"the same on a {short_n}-event log",
            note=f"{long_n} events: a 1.1 game with {size['pad']} out-of-turn orders (rejected) before each real one, "
                 f"{long_sc.accepted} accepted; snapshots every 1,000 events; without them "
                 f"(a full replay) {unsnapped * 1000:.0f} ms; Queries.view(at=last) as the endpoint calls it, no HTTP"),
        "umpire verify rate": figure(
            audit, live_rate, target=0.8, unit="/s", baseline_is="live adjudication rate of the same commands (2 workers, preloaded)",
            note=f"{checked} rulings re-adjudicated from the referee's export, chain and keys checked too"),
    }
