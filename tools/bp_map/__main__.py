"""python -m tools.bp_map: rebuild the Breakout & Pursuit map pack files and the rendering.

Writes domain/games/breakout_pursuit/pack/map.json (a MapData), map_sources.json (the provenance
entries it references) and docs/breakout-pursuit-map.svg. Deterministic: same bytes every run.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import msgspec

from services.mapsvg import render_svg
from tools.bp_map.build import build

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "domain" / "games" / "breakout_pursuit" / "pack"
SVG = ROOT / "docs" / "breakout-pursuit-map.svg"


def encode(obj) -> bytes:
    return msgspec.json.format(msgspec.json.encode(obj, order="sorted"), indent=1) + b"\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--png", type=Path, help="also render a PNG here (needs cairosvg)")
    args = ap.parse_args(argv)
    m, sources, _ = build()
    PACK.mkdir(parents=True, exist_ok=True)
    # Pack files hold sections (docs/packs.md): the map, and the provenance it references.
    (PACK / "map.json").write_bytes(encode({"map": m}))
    (PACK / "map_sources.json").write_bytes(encode({"sources": sources}))
    SVG.parent.mkdir(parents=True, exist_ok=True)
    svg = render_svg(m, title="Breakout & Pursuit (SPI 1972): the map reconstructed from real geography")
    SVG.write_text(svg, encoding="utf-8")
    if args.png:
        import cairosvg

        cairosvg.svg2png(bytestring=svg.encode(), write_to=str(args.png))
    print(f"{len(m.hexes)} hexes, {len(m.hexsides)} hexsides, {len(m.areas)} areas, {len(sources)} sources", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
