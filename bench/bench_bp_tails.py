"""Breakout & Pursuit adjudication tails in process (issue 24, item 3), by hand:

    python -m bench.bench_bp_tails [--games N] [--rounds R] [--live-p50 MS] [--profile]

The commands of `bench bp`'s recorded game, without its stack: scenario 1.1 played by random legal
orders to its end (bench/script.py) in a memory store, with dice pinned by the game's number
(services.keys.pinned_seeds), so every run rules the same commands. Each command's `game.step` on
the state before it is timed by this thread's CPU time as `bench bp` times it (a fold from the
start, each state the one the previous command made); each game is folded `rounds` times and each
command keeps its least time, so a neighbour taking the core mid-command shows less. Printed:
p50, p99 and max per command, their ratio to the live order->ruling p50 (`bench bp` measures it
with the stack; --live-p50 gives it, main's 8.96 ms by default), and the slowest 2% by phase and
order, with --profile a cProfile of them (the profiler inflates call-heavy code several times).
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from collections import Counter

from bench import script, stack
from bench.bench_bp import SCENARIO, adjudication_times
from domain.kernel import game
from domain.kernel.dice import KeyedDice, mix_of
from domain.kernel.log import COMMAND_TYPES
from infra.eventstore import open_store
from services.catalog import Catalog
from services.games import Games
from services.keys import Keyring, pinned_seeds

LIVE_P50_MS = 8.96  # main fc694e0, `bench bp` on a quiet machine


def recorded(games: Games, number: int) -> str:
    """The game `number`: created with pinned dice, scripted to its end, appended (not ruled)."""
    g = games.create(SCENARIO, game_id=f"bp-tails-{number}", dice_seeds=pinned_seeds(f"bp-tails:{number}")).game_id
    sc = script.script(games, g, random.Random(number), end=True)
    script.append(games, g, sc.commands, batch=500)
    return g


def commands(games: Games, game_id: str) -> list[tuple]:
    """(state before, command, dice, version, visibility) of each command, as adjudication_times rules
    them; `dice` makes the command's dice (they count their draws: a second ruling needs new ones)."""
    ctx = games.context(game_id)
    keys = Keyring(games.store, game_id, ctx.genesis.dice.epochs).load()
    state, out = ctx.initial(), []
    for e in (e for e in games.store.read(game_id) if e.type in COMMAND_TYPES):
        command = ctx.codec.decode_command(e.type, e.data)
        mix = mix_of(state.core.entropy)

        def dice(version: int = e.version, mix: bytes = mix) -> KeyedDice:
            return KeyedDice(game_id=game_id, command=version, keys=keys.key, mix=mix)
        out.append((state, command, dice, e.version, e.visibility))
        state = game.step(ctx.ruleset, state, command, dice(), version=e.version, visibility=e.visibility).state
    return out


def kind(state, command) -> str:
    clock, order = state.core.clock, getattr(command, "order", command)
    return f"{clock.phase} ({clock.side}): {type(order).__name__}"


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_bp_tails")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--live-p50", type=float, default=LIVE_P50_MS, help="order->ruling p50 in ms (bench bp)")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    games = Games(open_store("memory://bp-tails"), Catalog())
    cpu: list[float] = []
    steps: list[tuple] = []
    t0 = time.perf_counter()
    for number in range(1, args.games + 1):
        g = recorded(games, number)
        best = [min(times) for times in zip(*(adjudication_times(games, g)[1] for _ in range(args.rounds)))]
        cpu += best
        steps += commands(games, g)
    ms = sorted(c * 1000 for c in cpu)
    p50, p99 = statistics.median(ms), stack.percentile(ms, 99)
    print(f"{len(ms)} commands of {args.games} scripted {SCENARIO} games, least thread CPU time of {args.rounds} folds "
          f"({time.perf_counter() - t0:.0f} s)")
    print(f"  p50 {p50:.3f} ms, p99 {p99:.3f} ms, max {ms[-1]:.3f} ms; p99 / live p50 {args.live_p50:.2f} ms = "
          f"{p99 / args.live_p50:.3f}x (goal 0.2x)")
    top = sorted(range(len(cpu)), key=lambda i: -cpu[i])[:max(1, len(cpu) // 50)]
    print(f"  the slowest 2% ({len(top)}), by phase and order:")
    for k, n in Counter(kind(steps[i][0], steps[i][1]) for i in top).most_common():
        worst = max(cpu[i] for i in top if kind(steps[i][0], steps[i][1]) == k) * 1000
        print(f"    {n:3d}  {k}  (up to {worst:.2f} ms)")
    if args.profile:
        ruleset = games.context(f"bp-tails-{args.games}").ruleset  # one binding for every game of the scenario
        pr = cProfile.Profile()
        for i in top:
            state, command, dice, version, visibility = steps[i]
            pr.enable()
            game.step(ruleset, state, command, dice(), version=version, visibility=visibility)
            pr.disable()
        pstats.Stats(pr).sort_stats("tottime").print_stats(20)


if __name__ == "__main__":
    main(sys.argv[1:])
