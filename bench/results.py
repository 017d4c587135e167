"""bench/results.json: one entry per figure, {figure: {value, baseline, ratio, target, ...}}.

Each bench module exposes `run(quick: bool) -> dict[str, dict]`; `python -m bench.run` runs them
all, merges what they return here (a figure keeps its last measured value) and prints the table.
Besides value, baseline, ratio and target an entry holds: `target_op` (">=" or "<="), `judged`
("ratio", or "value" for a figure without a baseline), `met` (None when not judged: no target, or
a quick run), `unit`, `baseline_is` (what the baseline measured), `note`, `quick`, `cores` and `load`
(the machine's 1-minute load average when the figure was stamped: on a shared 2-core machine a
figure taken at load 10 is not one taken at load 1).
"""
from __future__ import annotations

import json
import os
from pathlib import Path

PATH = Path(__file__).with_name("results.json")


def figure(value: float, baseline: float | None = None, *, target: float | None = None, at_most: bool = False,
           unit: str = "", baseline_is: str = "", note: str = "") -> dict:
    """`ratio` is value / baseline; `target` is what the ratio (or, without a baseline, the value)
    should reach: at least it, or with `at_most` at most it."""
    ratio = value / baseline if baseline else None
    judged = ratio if baseline is not None else value
    met = None if target is None or judged is None else (judged <= target if at_most else judged >= target)
    return {"value": round(value, 4), "baseline": None if baseline is None else round(baseline, 4),
            "ratio": None if ratio is None else round(ratio, 4), "target": target,
            "target_op": "<=" if at_most else ">=", "judged": "ratio" if baseline is not None else "value",
            "met": met, "unit": unit, "baseline_is": baseline_is, "note": note}


def stamp(entry: dict, *, quick: bool) -> dict:
    """A quick run's figures are a smoke test, never judged."""
    return {**entry, "quick": quick, "cores": os.cpu_count(), "load": round(os.getloadavg()[0], 2),
            **({"met": None} if quick else {})}


def merge(figures: dict[str, dict], path: Path = PATH) -> dict[str, dict]:
    current = json.loads(path.read_text()) if path.exists() else {}
    current.update(figures)
    path.write_text(json.dumps(current, indent=2, sort_keys=True) + "\n")
    return current


def _num(x: float | None) -> str:
    if x is None:
        return "-"
    return f"{x:.3g}" if abs(x) < 100 else f"{x:,.0f}"


def table(figures: dict[str, dict]) -> str:
    """The figures as a text table, with their targets and whether each is met."""
    rows = [("figure", "value", "baseline", "ratio", "target", "met?")]
    for name, f in figures.items():
        target = "-" if f["target"] is None else f"{f['target_op']} {f['target']:g}{'x' if f['judged'] == 'ratio' else ''}"
        met = {True: "yes", False: "MISS", None: "-"}[f["met"]]
        unit = f" {f['unit']}" if f.get("unit") else ""
        rows.append((name, _num(f["value"]) + unit, _num(f["baseline"]), _num(f["ratio"]), target, met))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))) for r in rows]
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)
