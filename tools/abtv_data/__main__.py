"""python -m tools.abtv_data: write the Air Bridge to Victory pack's counters, tables, scenarios
and their sources (run after python -m tools.abtv_map, whose map the set-ups are placed on)."""
from __future__ import annotations

import sys

import msgspec

from domain.kernel.pack.schema import MapData
from tools.abtv_data import oob, scenarios, tables
from tools.abtv_map.__main__ import PACK, encode


def main() -> int:
    m = msgspec.json.decode(msgspec.json.encode(msgspec.json.decode((PACK / "map.json").read_bytes())["map"]), type=MapData)
    counters, counter_sources = oob.counters()
    scen = scenarios.scenarios(m, counters)
    sources = {**oob.SOURCES, **counter_sources, **tables.SOURCES, **scenarios.SOURCES}
    (PACK / "sources.json").write_bytes(encode({"sources": dict(sorted(sources.items()))}))
    (PACK / "counters.json").write_bytes(encode({"counters": counters}))
    (PACK / "tables.json").write_bytes(encode({"tables": tables.tables()}))
    (PACK / "scenarios").mkdir(exist_ok=True)
    for sid, s in scen.items():
        (PACK / "scenarios" / f"{sid}.json").write_bytes(encode({"scenarios": {sid: s}}))
    print(f"{len(counters)} counters, {len(scen)} scenarios, {len(sources)} sources", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
