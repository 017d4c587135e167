"""The history in words (GET /history): sentences per second over the recorded Breakout & Pursuit
1.1 game (4,258 events), the pack's names read once, each figure the best of several passes.
Baseline: the same events turned into generic field dumps (domain.kernel.describe.generic)."""
from __future__ import annotations

import gzip
import json
import time
from pathlib import Path

from bench.results import figure
from domain.kernel.describe import generic, sentence
from services.catalog import Catalog

GAME = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "games" / "breakout-pursuit-1.1.ndjson.gz"


def _best(passes: int, work) -> float:
    best = float("inf")
    for _ in range(passes):
        began = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - began)
    return best


def run(quick: bool) -> dict[str, dict]:
    with gzip.open(GAME, "rt") as f:
        f.readline()
        events = [json.loads(line) for line in f]
    for e in events:
        if isinstance(e.get("data"), str):
            e["data"] = json.loads(e["data"])
    catalog = Catalog()
    ruleset = catalog.ruleset("breakout-pursuit@1")
    ruleset = ruleset.bind(catalog.pack(ruleset)[0])
    layout = events[0]["data"]["layout"]
    seats = {x["id"]: x["name"] for x in layout["sides"] + layout["seats"]}
    passes = 2 if quick else 10
    known = ruleset.names()
    said = _best(passes, lambda: [sentence(ruleset, e, {}, seats, known) for e in events])
    dumped = _best(passes, lambda: [generic(e.get("data") or {}) for e in events])
    rate, base = len(events) / said, len(events) / dumped
    print(f"{len(events)} events: sentences {rate:,.0f}/s, generic dumps {base:,.0f}/s")
    return {"history_sentences_per_s": figure(rate, base, unit="events/s", baseline_is="generic field dumps",
                                              note="B&P 1.1 recorded game; the names read once per request")}
