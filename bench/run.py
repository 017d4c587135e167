"""Run every bench and write bench/results.json:  python -m bench.run [--quick] [names...]

A bench is a module `bench/bench_<name>.py` with `run(quick: bool) -> dict[str, dict]`
(figures built with bench.results.figure); it prints its own details as it goes.
"""
from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import sys
from pathlib import Path

from bench import results


def benches() -> list[str]:
    folder = Path(__file__).parent
    return sorted(m.name.removeprefix("bench_") for m in pkgutil.iter_modules([str(folder)]) if m.name.startswith("bench_"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.run")
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke run for CI, not a figure to quote")
    parser.add_argument("names", nargs="*", help=f"benches to run (default all: {', '.join(benches())})")
    args = parser.parse_args(argv)
    figures: dict[str, dict] = {}
    for name in args.names or benches():
        module = importlib.import_module(f"bench.bench_{name}")
        if not hasattr(module, "run"):
            print(f"bench_{name}: no run(quick); skipped", file=sys.stderr)
            continue
        print(f"== bench_{name}{' (quick)' if args.quick else ''}", flush=True)
        got = module.run(args.quick)
        figures.update({k: {**v, "quick": args.quick} for k, v in got.items()})
    merged = results.merge(figures)
    print(json.dumps({k: merged[k] for k in figures}, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
