"""Several hosts: the service in network namespaces (tests/scale/hosts.py), throughput and order->ruling
latency with two worker hosts and with one, and what losing one under load costs.

Six hosts on a private subnet: PostgreSQL (durable) and Redis; two API hosts (`umpire serve`, server
mode; beat on the first); two worker hosts (`umpire worker --concurrency 1`); bots talking to the
API hosts only. Phases: two worker hosts; work1 cut off (link down) mid-fold; work1 still cut off
(one host carries every game); work1 restored. Then every accepted order is checked ruled exactly
once and every game's export passes `umpire verify`.

Needs root (network namespaces); a full run only (`make bench`): the quick run skips it, the test
tests/scale/test_hosts.py runs the same layout with short phases in `make test`. All hosts share
this machine's cores, so two worker hosts add concurrency, not CPU: on 2 cores the ratio says how
much of the order path's time is a worker's own.
"""
from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from bench.results import figure
from tests.scale import hosts, netns

SECONDS = {"warm": 10.0, "two": 40.0, "cut": 20.0, "one": 40.0, "back": 20.0}
BOTS = 8


def run(quick: bool) -> dict[str, dict]:
    if quick:
        print("bench_hosts: full runs only (make bench); tests/scale/test_hosts.py runs the layout in make test")
        return {}
    if why := netns.unavailable():
        print(f"bench_hosts: skipped: {why}", file=sys.stderr)
        return {}
    root = Path(tempfile.mkdtemp(prefix="umpire-hosts."))
    try:
        with hosts.layout(root) as lay:
            result = hosts.exercise(lay, bots=BOTS, seconds=SECONDS)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    hosts.report(result)
    two, one, cut, back = (hosts.figures(result, p) for p in ("two", "one", "cut", "back"))
    note = (f"{BOTS} bots, {SECONDS['two']:.0f} s per steady phase, every host a network namespace of one machine; "
            f"{result.checked['orders accepted']} orders in {result.checked['games']} games, each ruled once, every export verified")
    return {
        "hosts: orders ruled/s, two worker hosts vs one": figure(two["throughput"], one["throughput"], unit="/s",
                                                                  baseline_is="one worker host (the other cut off)", note=note),
        "hosts: order->ruling p99, two worker hosts vs one": figure(two["p99_ms"], one["p99_ms"], unit="ms",
                                                                     baseline_is="one worker host"),
        "hosts: order->ruling p50, two worker hosts": figure(two["p50_ms"], unit="ms"),
        "hosts: order->ruling p50, one worker host": figure(one["p50_ms"], unit="ms"),
        "hosts: orders ruled/s while a worker host is lost": figure(cut["throughput"], two["throughput"], unit="/s",
                                                                     baseline_is="two worker hosts",
                                                                     note="the window of the cut, mid-fold"),
        "hosts: order->ruling p99 while a worker host is lost": figure(cut["p99_ms"], unit="ms"),
        "hosts: orders ruled/s after the host is back": figure(back["throughput"], two["throughput"], unit="/s",
                                                                baseline_is="two worker hosts before the cut"),
    }
