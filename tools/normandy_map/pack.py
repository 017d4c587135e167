"""The pack's files besides the map: sources, counters, tables, scenarios."""
from __future__ import annotations

from domain.kernel.pack.schema import MapData
from tools.normandy_map import geometry
from tools.normandy_map.calibrate import locate
from tools.normandy_map.counters import counters
from tools.normandy_map.scenarios import scenarios
from tools.normandy_map.sources import Src
from tools.normandy_map.tables import tables
from tools.normandy_map.warp import Warp


def build_rest(m: MapData, cal: Warp) -> dict[str, dict]:
    src = Src()

    def hex_of(place: str) -> str:
        lat, lon, _ = locate(place)
        return geometry.hex_at(*cal.to_map(lat, lon))

    beaches = {k: p.hexes for k, p in m.places.items() if p.kind == "beach"}
    scen, garrisons = scenarios(src, beaches, hex_of)
    out = {
        "counters.json": {"counters": counters(src, garrisons)},
        "tables.json": {"tables": tables(src)},
    }
    for sid, sc in scen.items():
        out[f"scenarios/{sid}.json"] = {"scenarios": {sid: sc}}
    out["sources.json"] = {"sources": src.entries}
    return out
