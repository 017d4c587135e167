"""The Air Bridge to Victory pack, loaded once per test session, and map walks over it."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from domain.kernel.grid import hexside_hexes, hexside_id
from domain.kernel.pack.schema import Pack
from infra.packs import load_pack_dir
from tools.map_builder.grid import Bounds

PACK_DIR = Path(__file__).resolve().parents[3] / "domain" / "games" / "air_bridge" / "pack"


@lru_cache(maxsize=1)
def pack() -> Pack:
    return load_pack_dir(PACK_DIR)


def bounds() -> Bounds:
    g = pack().map.calibration["grid"]
    return Bounds(rows=g["rows"], cols=g["cols"])


def bank(start: str, river: str) -> set[str]:
    """Every hex reachable from `start` without crossing the named river's hexsides."""
    cut = set(pack().map.lines[f"river:{river}"].hexsides)
    b, seen, stack = bounds(), {start}, [start]
    while stack:
        h = stack.pop()
        for n in b.neighbours(h):
            if n not in seen and hexside_id(h, n) not in cut:
                seen.add(n)
                stack.append(n)
    return seen


def path_of(line: str) -> list[str]:
    """The hexes a road line passes through, in order (its hexsides chained end to end)."""
    sides = [hexside_hexes(s) for s in pack().map.lines[line].hexsides]
    first, second = sides[0], sides[1]
    start = first[0] if first[0] not in second else first[1]
    out = [start]
    for a, b in sides:
        assert out[-1] in (a, b), f"{line} breaks at {a}/{b}"
        out.append(b if out[-1] == a else a)
    return out
