"""Normandy 1944 in process: the time to rule one command of random Scenario 1 and Cobra games
(adjudication), the time to list a seat's legal orders in Cobra's movement phase (every unit's
every move), and the rate at which `umpire verify` re-adjudicates the recorded Cobra game.
Figures are ratios against a baseline measured in the same run. python -m bench.run normandy [--quick]"""
from __future__ import annotations

import gzip
import random
import statistics
import time
from pathlib import Path

from bench.results import figure
from bench.stack import percentile
from domain.games.normandy import NORMANDY_5 as NORMANDY
from domain.kernel.session import Session
from services.catalog import Catalog
from services.export import parse
from services.verify import verify
from tests.unit.normandy.random_games import choose, dice_for, pack

RECORDED = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "games" / "normandy-1944-v4-2.ndjson.gz"  # under @4
GAMES = {True: 1, False: 6}


def _game(scenario: str, seed: int) -> tuple[list[float], list[float]]:
    """(seconds per ruling, seconds per full listing in a movement phase) of one random game."""
    rng = random.Random(seed)
    s = Session(NORMANDY, pack(), scenario, dice=dice_for(seed), game_id=f"bench-{seed}")
    rulings, listings = [], []
    while not s.state.core.finished:
        seat = rng.choice(s.to_act())
        if s.state.core.clock.phase == "movement" and rng.random() < 0.05:
            began = time.perf_counter()
            s.legal(seat)
            listings.append(time.perf_counter() - began)
        order = choose(s, seat, rng)
        began = time.perf_counter()
        s.submit(seat, order)
        rulings.append(time.perf_counter() - began)
    return rulings, listings


def run(quick: bool) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for scenario, name in (("1", "Scenario 1"), ("2", "Cobra")):
        rulings: list[float] = []
        listings: list[float] = []
        for seed in range(GAMES[quick]):
            r, li = _game(scenario, seed)
            rulings += r
            listings += li
        p50, p99 = statistics.median(rulings) * 1000, percentile(rulings, 99) * 1000
        print(f"  {name}: {len(rulings)} rulings in {GAMES[quick]} games: p50 {p50:.2f} ms, p99 {p99:.2f} ms", flush=True)
        out[f"adjudication p99 per command (Normandy {name})"] = figure(p99, p50, unit="ms", baseline_is="p50 of the same commands")
        if listings:
            l50, l99 = statistics.median(listings) * 1000, percentile(listings, 99) * 1000
            print(f"  {name}: {len(listings)} full movement listings: p50 {l50:.1f} ms, p99 {l99:.1f} ms", flush=True)
            out[f"legal listing p99, movement phase (Normandy {name})"] = figure(l99, p50, unit="ms",
                                                                                 baseline_is="p50 ruling of the same games")
    header, events = parse(gzip.decompress(RECORDED.read_bytes()).splitlines(keepends=True))
    began = time.perf_counter()
    report = verify(header, events, Catalog())
    rate = report.rulings_checked / (time.perf_counter() - began)
    print(f"  verify: {report.rulings_checked} rulings re-adjudicated at {rate:.0f}/s (ok={report.ok})", flush=True)
    out["verify rate (Normandy recorded Cobra)"] = figure(rate, unit="rulings/s")
    return out
