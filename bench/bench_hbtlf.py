"""Home Before the Leaves Fall in ledger mode, in process: the time to rule one command of a random
Scenario 1 game (claims, confirmations, segment ends, the Weekly Interphase), and the rate at which
`umpire verify` re-adjudicates the recorded game. python -m bench.run hbtlf [--quick]"""
from __future__ import annotations

import gzip
import random
import statistics
import time
from pathlib import Path

from bench.results import figure
from bench.stack import percentile
from domain.games.hbtlf import HBTLF
from domain.kernel.commands import Confirm
from domain.kernel.dice import ScriptedDice
from domain.kernel.session import Session
from infra.packs import load_pack_dir
from services.catalog import Catalog
from services.export import parse
from services.verify import verify

RECORDED = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "games" / "home-before-the-leaves-fall-1.ndjson.gz"
GAMES = {True: 2, False: 20}


def _game(pack, seed: int) -> list[float]:
    rng = random.Random(seed)
    s = Session(HBTLF, pack, "1", dice=lambda v: ScriptedDice([random.Random(f"{seed}:{v}:{i}").randint(1, 6) for i in range(60)], command=v))
    times = []
    while s.to_act():
        seat = s.to_act()[0]
        legal = [o for o in s.legal(seat) if not isinstance(o, Confirm)]
        order = legal[0] if rng.random() < 0.3 else rng.choice(legal)
        began = time.perf_counter()
        s.submit(seat, order)
        times.append(time.perf_counter() - began)
        for other in ("german", "allied"):
            for o in s.legal(other):
                if isinstance(o, Confirm):
                    began = time.perf_counter()
                    s.submit(other, o)
                    times.append(time.perf_counter() - began)
    return times


def run(quick: bool) -> dict[str, dict]:
    pack = load_pack_dir(HBTLF.pack_dir)
    times = [t for seed in range(GAMES[quick]) for t in _game(pack, seed)]
    p50, p99 = statistics.median(times) * 1000, percentile(times, 99) * 1000
    print(f"  {len(times)} commands in {GAMES[quick]} Scenario 1 games: p50 {p50:.2f} ms, p99 {p99:.2f} ms", flush=True)
    header, events = parse(gzip.decompress(RECORDED.read_bytes()).splitlines(keepends=True))
    began = time.perf_counter()
    report = verify(header, events, Catalog())
    rate = report.rulings_checked / (time.perf_counter() - began)
    print(f"  verify: {report.rulings_checked} rulings re-adjudicated at {rate:.0f}/s (ok={report.ok})", flush=True)
    return {
        "adjudication p99 per command (HBTLF S1)": figure(p99, p50, unit="ms", baseline_is="p50 of the same commands"),
        "verify rate (HBTLF recorded S1)": figure(rate, unit="rulings/s"),
    }
