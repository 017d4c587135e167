"""Run every bench, print the table and write bench/results.json:  python -m bench.run [--quick] [names...]

A bench is a module `bench/bench_<name>.py` with `run(quick: bool) -> dict[str, dict]` (figures
built with bench.results.figure); it prints its own details as it goes. Modules without `run`
(bench_api, bench_grid, bench_bp_legal, bench_bp_supply) are run by hand.
"""
from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import signal
import sys
import time
from pathlib import Path

from bench import results


def benches() -> list[str]:
    folder = Path(__file__).parent
    return sorted(m.name.removeprefix("bench_") for m in pkgutil.iter_modules([str(folder)]) if m.name.startswith("bench_"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.run")
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke run for CI, figures not judged")
    parser.add_argument("names", nargs="*", help=f"benches to run (default all: {', '.join(benches())})")
    args = parser.parse_args(argv)
    # A TERM (timeout, CI cancelling) unwinds like Ctrl-C: the benches stop the servers they started.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(143))
    figures: dict[str, dict] = {}
    began = time.perf_counter()
    for name in args.names or benches():
        module = importlib.import_module(f"bench.bench_{name}")
        if not hasattr(module, "run"):
            print(f"bench_{name}: no run(quick); run it by hand", file=sys.stderr)
            continue
        print(f"== bench_{name}{' (quick)' if args.quick else ''}; load average {os.getloadavg()[0]:.1f}", flush=True)
        got = module.run(args.quick)
        figures.update({k: results.stamp(v, quick=args.quick) for k, v in got.items()})
        results.merge({k: figures[k] for k in got})  # a later bench failing keeps what this one measured
    print(f"\n{os.cpu_count()} cores; PostgreSQL fsync=on, synchronous_commit=on; "
          f"{'QUICK run: sizes too small to judge' if args.quick else 'full sizes'}; "
          f"{time.perf_counter() - began:.0f} s")
    print(results.table(figures))
    for name, f in figures.items():
        if f.get("note"):
            print(f"- {name}: {f['note']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
