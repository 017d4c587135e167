"""Breakout & Pursuit: whole games in process (`python -m bench.run bp_games`): random against
random, and the greedy Allies against random Germans, in scenario 1.1; seconds of CPU per game.

Random games are what `python -m tests.unit.breakout_pursuit.random_games` plays by the hundred;
their time is mostly `legal()` (every unit's moves after every move), the greedy bot's mostly its
own choice of move. Quick: one game each (a smoke run, not a figure to quote)."""
from __future__ import annotations

import time

from bench.results import figure
from services.bots import evaluate
from tests.unit.breakout_pursuit import random_games


def _per_game(play, seeds) -> float:
    start = time.process_time()
    for seed in seeds:
        play(seed)
    return (time.process_time() - start) / len(seeds)


def run(quick: bool) -> dict[str, dict]:
    seeds = range(1) if quick else range(5)
    random_random = _per_game(lambda s: random_games.play("1.1", s), seeds)
    greedy_random = _per_game(lambda s: evaluate.play(s, "1.1"), seeds)
    print(f"1.1, {len(seeds)} game(s) each: random vs random {random_random:.1f} s of CPU a game, "
          f"greedy vs random {greedy_random:.1f} s", flush=True)
    return {"bp_random_game_1_1_s": figure(random_random, unit="s", note="CPU seconds per random game of 1.1"),
            "bp_greedy_game_1_1_s": figure(greedy_random, unit="s", note="CPU seconds per game of 1.1, greedy Allies vs random")}
