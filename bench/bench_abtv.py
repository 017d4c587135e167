"""Air Bridge to Victory in process: the time to rule one command (adjudication, p99 against the
p50 of the same commands) and to list a seat's legal orders (p99 against p50), over random games of
the Nijmegen scenario and the first orders of the campaign; and the rate at which `umpire verify`
re-adjudicates the recorded @3 Nijmegen game of combats (tools.record_game --picker combat). python -m bench.run abtv [--quick]"""
from __future__ import annotations

import gzip
import hashlib
import random
import statistics
import time
from pathlib import Path

from bench.results import figure
from bench.stack import percentile
from domain.games.air_bridge import AIR_BRIDGE_3 as AIR_BRIDGE  # the newest version
from domain.kernel.dice import KeyedDice
from domain.kernel.session import Session
from infra.packs import load_pack_dir
from services.catalog import Catalog
from services.export import parse
from services.verify import verify

RECORDED = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "games" / "air-bridge-to-victory-v3-nijmegen-combat.ndjson.gz"
SIZES = {True: {"games": 2, "campaign": 150}, False: {"games": 20, "campaign": 1500}}


def _play(pack, scenario: str, seed: int, limit: int) -> tuple[list[float], list[float]]:
    def dice(v: int) -> KeyedDice:
        return KeyedDice(game_id=f"bench{seed}", command=v, keys=lambda c, e: hashlib.sha256(f"{seed}{c}{e}".encode()).digest())

    rng = random.Random(seed)
    s = Session(AIR_BRIDGE, pack, scenario, dice=dice)
    rule: list[float] = []
    listing: list[float] = []
    while s.to_act() and len(rule) < limit:
        seat = rng.choice(s.to_act())
        began = time.perf_counter()
        orders = s.legal(seat)
        listing.append(time.perf_counter() - began)
        order = rng.choice(orders)
        began = time.perf_counter()
        s.submit(seat, order)
        rule.append(time.perf_counter() - began)
    return rule, listing


def run(quick: bool) -> dict[str, dict]:
    size = SIZES[quick]
    pack = load_pack_dir(AIR_BRIDGE.pack_dir)
    rule: list[float] = []
    listing: list[float] = []
    for seed in range(size["games"]):
        r, lst = _play(pack, "nijmegen", seed, 100_000)
        rule += r
        listing += lst
    c_rule, c_list = _play(pack, "campaign", 0, size["campaign"])
    out = {}
    for name, times in (("Nijmegen", (rule, listing)), ("campaign", (c_rule, c_list))):
        r, lst = times
        p50, p99 = statistics.median(r) * 1000, percentile(r, 99) * 1000
        l50, l99 = statistics.median(lst) * 1000, percentile(lst, 99) * 1000
        print(f"  {name}: {len(r)} commands: adjudication p50 {p50:.2f} ms, p99 {p99:.2f} ms; "
              f"legal listing p50 {l50:.2f} ms, p99 {l99:.2f} ms", flush=True)
        out[f"adjudication p99 per command (ABtV {name})"] = figure(p99, p50, unit="ms", baseline_is="p50 of the same commands")
        out[f"legal listing p99 (ABtV {name})"] = figure(l99, l50, unit="ms", baseline_is="p50 of the same listings")
    header, events = parse(gzip.decompress(RECORDED.read_bytes()).splitlines(keepends=True))
    began = time.perf_counter()
    report = verify(header, events, Catalog())
    rate = report.rulings_checked / (time.perf_counter() - began)
    print(f"  verify: {report.rulings_checked} rulings re-adjudicated at {rate:.0f}/s (ok={report.ok})", flush=True)
    out["verify rate (ABtV recorded @3 Nijmegen)"] = figure(rate, unit="rulings/s")
    return out
