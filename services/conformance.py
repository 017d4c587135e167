"""`umpire conformance DIR`: run a directory of conformance cases and say what failed.

Cases are TOML files (docs/conformance.md). Each names its ruleset (`name@version`); the ruleset
plays with its installed pack. The output ends with `N passed, N failed`.
"""
from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import msgspec

from domain.kernel.conformance import Case, Outcome, run
from services.catalog import Catalog


def load_cases(path: str | Path) -> list[tuple[Path, Case]]:
    root = Path(path)
    files = sorted(root.rglob("*.toml")) if root.is_dir() else [root]
    out = []
    for f in files:
        data = tomllib.loads(f.read_text(encoding="utf-8"))
        for raw in data.get("case", []) if isinstance(data.get("case"), list) else [data]:
            out.append((f, msgspec.convert(raw, type=Case)))
    return out


def run_all(path: str | Path, catalog: Catalog | None = None) -> list[tuple[Path, Outcome]]:
    catalog = catalog or Catalog(sandbox=True)
    bound = {}
    results = []
    for f, case in load_cases(path):
        if case.ruleset not in bound:
            ruleset = catalog.ruleset(case.ruleset)
            bound[case.ruleset] = ruleset.bind(catalog.pack(ruleset)[0])
        results.append((f, run(case, bound[case.ruleset])))
    return results


def main(path: str, out=sys.stdout) -> int:
    results = run_all(path)
    failed = [(f, r) for f, r in results if not r.passed]
    for f, r in failed:
        print(f"FAIL {r.case} ({f.name}): {r.title}", file=out)
        for line in r.failures:
            print(f"    {line}", file=out)
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed", file=out)
    return 1 if failed else 0
