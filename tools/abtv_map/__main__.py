"""python -m tools.abtv_map: rebuild the Air Bridge to Victory map pack files and the rendering.

Writes domain/games/air_bridge/pack/map.json (a MapData), map_sources.json (the provenance
entries it references) and docs/air-bridge-map.svg. Deterministic: same bytes every run.
"""
from __future__ import annotations

import sys
from pathlib import Path

import msgspec

from services.mapsvg import render_svg
from tools.abtv_map.build import build

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "domain" / "games" / "air_bridge" / "pack"
SVG = ROOT / "docs" / "air-bridge-map.svg"
TITLE = "Air Bridge to Victory (1990): the Market-Garden corridor reconstructed from real geography"


def encode(obj) -> bytes:
    return msgspec.json.format(msgspec.json.encode(obj, order="sorted"), indent=1) + b"\n"


def main() -> int:
    m, sources, _ = build()
    PACK.mkdir(parents=True, exist_ok=True)
    (PACK / "map.json").write_bytes(encode({"map": m}))
    (PACK / "map_sources.json").write_bytes(encode({"sources": sources}))
    SVG.write_text(render_svg(m, title=TITLE, size=22.0), encoding="utf-8")
    print(f"{len(m.hexes)} hexes, {len(m.hexsides)} hexsides, {len(m.areas)} areas, {len(sources)} sources", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
