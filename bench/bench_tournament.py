"""Isolation between games under tournament load (issue 20, item 7): the order->ruling p99 of the
bots that play fairly, with one entrant flooding orders, against the same tournament without it.

    python -m bench.run tournament [--quick]

Embedded mode over real HTTP (uvicorn on a thread, SQLite, the fold thread, the runner's clock), as
`make run` serves it: tests/api/tournament_driver.py's 4-entrant round robin of sandbox games, bots
playing from /v1/me/stream; one entrant never answers (its phases end at the 0.5 s deadline). The
baseline run has the fourth entrant play like the others; the measured run has it fire bursts of
orders with no expected version (it gets 429s). Both runs in this process, one after the other.
The ratio is measured, not asserted (the issue's target: within 2x).
"""
from __future__ import annotations

import tempfile
from pathlib import Path

from bench.results import figure
from tests.api import tournament_driver
from tests.api.conftest import embedded, serve_live


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def _once(flood: bool) -> tuple[list[float], int]:
    with tempfile.TemporaryDirectory(prefix="bench-tournament-") as d:
        api = embedded(Path(d), UMPIRE_CLOCK_SECONDS="0.2", UMPIRE_RATE_ORDERS="10/second")
        live = serve_live(api.app)
        try:
            out = tournament_driver.run(live.url, api.tokens.create("organiser", "bench").token, flood=flood)
        finally:
            live.stop()
            api.close()
    others = [x for name, xs in out.latencies.items() if name != "flooder" for x in xs]
    return others, out.flooder_429s


def run(quick: bool) -> dict[str, dict]:
    base, _ = _once(flood=False)
    flooded, refused = _once(flood=True)
    b99, f99 = _p(base, 0.99) * 1000, _p(flooded, 0.99) * 1000
    print(f"others' order->ruling: without the flooder p50 {_p(base, 0.5) * 1000:.0f} ms p99 {b99:.0f} ms "
          f"({len(base)} orders); with it p50 {_p(flooded, 0.5) * 1000:.0f} ms p99 {f99:.0f} ms ({len(flooded)} orders); "
          f"the flooder got {refused} 429s")
    return {"tournament_flood_p99": figure(f99, b99, target=2.0, at_most=True, unit="ms",
                                           baseline_is="the same tournament without the flooder",
                                           note=f"4-bot round robin, sandbox/1, embedded; flooder got {refused} 429s")}
