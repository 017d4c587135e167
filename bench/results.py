"""bench/results.json: one entry per figure, {figure: {value, baseline, ratio, target, unit, note}}.

Each bench module exposes `run(quick: bool) -> dict[str, dict]`; `python -m bench.run` runs them
all and merges what they return here (a figure keeps its last measured value).
"""
from __future__ import annotations

import json
from pathlib import Path

PATH = Path(__file__).with_name("results.json")


def figure(value: float, baseline: float | None = None, *, target: float | None = None, unit: str = "",
           note: str = "") -> dict:
    """`ratio` is value / baseline; `target` (when set) is the ratio or value the figure should reach."""
    ratio = value / baseline if baseline else None
    return {"value": round(value, 4), "baseline": None if baseline is None else round(baseline, 4),
            "ratio": None if ratio is None else round(ratio, 4), "target": target, "unit": unit, "note": note}


def merge(figures: dict[str, dict], path: Path = PATH) -> dict[str, dict]:
    current = json.loads(path.read_text()) if path.exists() else {}
    current.update(figures)
    path.write_text(json.dumps(current, indent=2, sort_keys=True) + "\n")
    return current
