"""python -m tools.normandy_map: rebuild the Normandy 1944 pack and its map rendering.

Writes domain/games/normandy/pack/{map.json, map_sources.json, counters.json, tables.json,
sources.json, scenarios/*.json} and docs/normandy-map.svg. Deterministic: same bytes every run.
"""
from __future__ import annotations

import sys
from pathlib import Path

import msgspec

from tools.normandy_map.build import build
from tools.normandy_map.pack import build_rest
from tools.normandy_map.svg import render

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "domain" / "games" / "normandy" / "pack"
SVG = ROOT / "docs" / "normandy-map.svg"


def encode(obj) -> bytes:
    return msgspec.json.format(msgspec.json.encode(obj, order="sorted"), indent=1) + b"\n"


def main() -> int:
    m, sources, record, cal = build()
    (PACK / "scenarios").mkdir(parents=True, exist_ok=True)
    (PACK / "map.json").write_bytes(encode({"map": m}))
    (PACK / "map_sources.json").write_bytes(encode({"sources": sources}))
    for name, data in build_rest(m, cal).items():
        (PACK / name).write_bytes(encode(data))
    SVG.write_text(render(m, title="Normandy 1944: the map reconstructed from real geography"), encoding="utf-8")
    print(f"{len(m.hexes)} hexes, {len(m.hexsides)} hexsides, {len(m.places)} places, {len(m.boxes)} boxes; "
          f"residuals mean {record['residual_mean_hex']} max {record['residual_max_hex']} hex", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
