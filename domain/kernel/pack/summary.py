"""How much of a pack is printed, inferred or invented: the summary players and referees see.

Each record counts once, under its *weakest* provenance among the record's own and its
`field_prov` (placeholder < inferred < rulebook): a counter with a printed strength and an invented
movement allowance is not the published counter.
"""
from __future__ import annotations

from typing import Any, Iterable

import msgspec

from domain.kernel.pack.provenance import KINDS, kind, resolve, weakest
from domain.kernel.pack.schema import Crt, Pack


class Counts(msgspec.Struct, frozen=True):
    rulebook: int = 0
    inferred: int = 0
    placeholder: int = 0
    owner: int = 0

    @property
    def total(self) -> int:
        return self.rulebook + self.inferred + self.placeholder + self.owner


class ProvenanceSummary(msgspec.Struct, frozen=True):
    hexes: Counts = Counts()
    hexsides: Counts = Counts()
    places: Counts = Counts()
    areas: Counts = Counts()
    lines: Counts = Counts()
    boxes: Counts = Counts()
    counters: Counts = Counts()
    crt_cells: Counts = Counts()
    chart_rows: Counts = Counts()
    scenarios: Counts = Counts()
    placements: Counts = Counts()
    arrivals: Counts = Counts()


LABELS = {
    "hexes": "map hexes", "hexsides": "map hexsides", "places": "named places", "areas": "areas",
    "lines": "lines", "boxes": "off-map boxes", "counters": "counters", "crt_cells": "CRT cells",
    "chart_rows": "chart rows", "scenarios": "scenarios", "placements": "set-up placements",
    "arrivals": "reinforcement arrivals",
}


def summarize(pack: Pack) -> ProvenanceSummary:
    src = pack.sources

    def record_kind(rec: Any) -> str:
        refs = [rec.prov, *getattr(rec, "field_prov", {}).values()]
        return weakest([kind(resolve(r, src)) for r in refs])

    def count(recs: Iterable[Any]) -> Counts:
        tally = dict.fromkeys(KINDS, 0)
        for r in recs:
            tally[record_kind(r)] += 1
        return Counts(**tally)

    m = pack.map
    crts = [t for t in pack.tables.values() if isinstance(t, Crt)]
    charts = [t for t in pack.tables.values() if not isinstance(t, Crt)]
    scenarios = list(pack.scenarios.values())
    return ProvenanceSummary(
        hexes=count(m.hexes.values()) if m else Counts(),
        hexsides=count(m.hexsides.values()) if m else Counts(),
        places=count(m.places.values()) if m else Counts(),
        areas=count(m.areas.values()) if m else Counts(),
        lines=count(m.lines.values()) if m else Counts(),
        boxes=count(m.boxes.values()) if m else Counts(),
        counters=count(pack.counters.values()),
        crt_cells=count(c for t in crts for row in t.rows.values() for c in row),
        chart_rows=count(r for t in charts for r in t.rows),
        scenarios=count(scenarios),
        placements=count(p for s in scenarios for p in s.setup),
        arrivals=count(a for s in scenarios for a in s.reinforcements),
    )


def format_summary(summary: ProvenanceSummary) -> str:
    """A plain-text table; rows with nothing in them are left out, and the owner column is there
    only when an override supplied owner data."""
    rows = [(field, getattr(summary, field)) for field in summary.__struct_fields__]
    owned = any(c.owner for _, c in rows)
    head = f"{'':<24}{'rulebook':>10}{'inferred':>10}{'placeholder':>13}" + (f"{'owner':>8}" if owned else "")
    lines = [head]
    for field, c in rows:
        if c.total:
            lines.append(f"{LABELS[field]:<24}{c.rulebook:>10}{c.inferred:>10}{c.placeholder:>13}" + (f"{c.owner:>8}" if owned else ""))
    return "\n".join(lines)
