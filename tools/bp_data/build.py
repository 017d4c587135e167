"""Assemble the pack's data files (everything but the map) and write them deterministically."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from domain.kernel.pack.schema import Chart, ChartRow, Counter
from tools.bp_data import handdata, seed
from tools.bp_data.oob import Oob, build_oob
from tools.bp_data.scenarios import build_scenarios
from tools.bp_data.tables import build_tables

PACK = seed.REPO / "domain" / "games" / "breakout_pursuit" / "pack"
DOCS = seed.REPO / "docs" / "breakout-pursuit-data.md"

# areas named by the hand-written data rather than by a sheet heading
NAMED_AREAS = {
    "within_6_of_coast_north_of_seine": ("German Set-Up Modification \"f\": 'within six hexes of a coastal hex, and North of the Seine River'", 950),
    "within_4_south_of_front_line_25_july": ("German Set-Up Modification \"f\": 'within four hexes south of the July 25th Front Line'", 950),
    "within_2_of_dreux": ("'no more than two hexes from Dreux (1833)'", 982),
    "within_4_of_chartres": ("'no more than four hexes from Chartes (2134)'", 982),
    "north_of_seine_above_2000_row": ("Special Rule G: 'a hex North of the Seine River above the \"2000\" row of hexes'", 908),
}


def extra_entry(d: dict[str, Any], section: str | None = None) -> dict[str, Any]:
    if not any(k in d for k in ("line", "lines", "inferred", "placeholder", "source")):
        return {k: extra_entry(v) for k, v in sorted(d.items())}
    out = dict(sorted(handdata.strip(d).items()))
    out["prov"] = msgspec.to_builtins(handdata.prov(d, section))
    fp = handdata.field_prov(d, d.get("section", section))
    if fp:
        out["field_prov"] = msgspec.to_builtins(fp)
    return out


def build_extra(oob: Oob) -> dict[str, Any]:
    extra = {k: extra_entry(v) for k, v in handdata.load("extra.toml").items()}
    areas = {}
    for name, a in sorted(oob.areas.items()):
        prov = (seed.printed(_section(a["line"]), a["line"]) if a["line"]
                else handdata.prov({"placeholder": a["text"]}))
        areas[name] = {"text": a["text"], "prov": msgspec.to_builtins(prov)}
    for name, (text, line) in NAMED_AREAS.items():
        areas[name] = {"text": text, "prov": msgspec.to_builtins(handdata.prov({"inferred": f"area named for the text at L{line}"}))}
    extra["setup_areas"] = dict(sorted(areas.items()))
    return dict(sorted(extra.items()))


def _section(line: int) -> str:
    """The set-up sheet a line belongs to."""
    from tools.bp_data.sheets import SHEETS
    lines = seed.lines()
    starts = sorted((lines.index(title) + 1, title) for _, _, title in SHEETS)
    return [t for n, t in starts if n <= line][-1]


def arrival_charts(oob: Oob) -> dict[str, Chart]:
    """The Time Record's arrival grids as tables (all options), before scenarios filter them."""
    out = {}
    for side in ("allied", "german"):
        rows = tuple(
            ChartRow(key=f"T{a.turn}:{a.counter}", prov=a.prov, field_prov={**a.field_prov, "counter": "counter-id"},
                     values={"turn": a.turn, "unit": _unit_text(oob.counters[a.counter]), "counter": a.counter,
                             "options": list(a.options), "edge": a.edge[-1] if a.edge else None})
            for a in sorted((sa.arrival for sa in oob.arrivals if sa.side == side), key=lambda a: (a.turn, a.counter))
        )
        out[f"{side}_arrivals"] = Chart(columns=("turn", "counter", "options", "edge"), rows=rows, prov=seed.printed(
            "Time Record & Reinforcement Chart", 827 if side == "allied" else 839, 837 if side == "allied" else 856),
            notes="Every arrival under every option; a scenario keeps those of its Game-Turns and reinforcement code.")
    return out


def _unit_text(c: Counter) -> str:
    return f"{c.strength}-{c.movement}" if c.strength is not None and c.cls != "non_combat" else c.label


def all_columns(table: Any) -> Any:
    """A chart's columns name every value its rows carry (the printed ones first), as the pack
    validator requires; derived values (a multiplier read from the printed text) are columns too."""
    if not isinstance(table, Chart):
        return table
    cols = list(table.columns)
    for row in table.rows:
        cols += [k for k in row.values if k not in cols]
    return msgspec.structs.replace(table, columns=tuple(cols))


def encode(obj: Any) -> bytes:
    return msgspec.json.format(msgspec.json.encode(obj, order="deterministic"), indent=1) + b"\n"


def build() -> dict[str, bytes]:
    """Relative path -> file content, for every generated file of the pack."""
    oob = build_oob()
    # Each file's top-level keys are pack sections (docs/packs.md).
    files = {
        "sources.json": encode({"sources": handdata.sources()}),
        "counters.json": encode({"counters": dict(sorted(oob.counters.items()))}),
        "tables.json": encode({"tables": {k: all_columns(t) for k, t in sorted({**build_tables(), **arrival_charts(oob)}.items())}}),
        "schedules.json": encode({"extra": build_extra(oob)}),
    }
    for sid, scenario in build_scenarios(oob).items():
        files[f"scenarios/{sid}.json"] = encode({"scenarios": {sid: scenario}})
    return files


def write(files: dict[str, bytes], root: Path = PACK) -> list[str]:
    changed = []
    for rel, content in sorted(files.items()):
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_bytes() != content:
            path.write_bytes(content)
            changed.append(rel)
    return changed


def docs_with_register() -> str:
    """The data document with its placeholder register recomputed from the pack on disk."""
    from tools.bp_data.load import load_pack
    from tools.bp_data.register import END, START, render

    text = DOCS.read_text(encoding="utf-8")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    return head + render(load_pack(PACK)) + tail
