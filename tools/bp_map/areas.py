"""Areas the rules refer to: regions bounded by rivers and lines, map edges, coasts, the West Wall.

A region bounded by lines is a flood fill over land hexes that never crosses a barrier hexside
(or a sea hex); a line bounding an area is the set of hexsides between the area and the other
land hexes.
"""
from __future__ import annotations

from domain.kernel.grid import hexside_id
from tools.bp_map import geo
from tools.bp_map.terrain import neighbours


def flood(seeds: list[str], land: set[str], barrier: set[str]) -> set[str]:
    out: set[str] = set()
    stack = [s for s in seeds if s in land]
    while stack:
        h = stack.pop()
        if h in out:
            continue
        out.add(h)
        for n in neighbours(h):
            if n in land and n not in out and hexside_id(h, n) not in barrier:
                stack.append(n)
    return out


def boundary(area: set[str], land: set[str]) -> list[str]:
    """Hexsides between the area and land hexes outside it, in a walk order where possible."""
    sides = sorted({hexside_id(h, n) for h in area for n in neighbours(h) if n in land and n not in area})
    return order_chain(sides)


def order_chain(sides: list[str]) -> list[str]:
    """Order hexsides end to end (by shared corners) starting from an end of the chain."""
    corners = {s: _corners(s) for s in sides}
    by_corner: dict[tuple, list[str]] = {}
    for s, cs in corners.items():
        for c in cs:
            by_corner.setdefault(c, []).append(s)
    ends = [s for s in sides if any(len(by_corner[c]) == 1 for c in corners[s])]
    start = min(ends) if ends else (min(sides) if sides else None)
    out, seen = [], set()
    while start is not None:
        out.append(start)
        seen.add(start)
        nxt = sorted(t for c in corners[start] for t in by_corner[c] if t not in seen)
        start = nxt[0] if nxt else None
    out += [s for s in sides if s not in seen]  # pieces not joined to the first chain
    return out


def _corners(side: str) -> tuple:
    a, b = side.split("/")
    ca = {geo.vertex_key(p) for p in geo.corners(a)}
    cb = {geo.vertex_key(p) for p in geo.corners(b)}
    return tuple(sorted(ca & cb))


def edges(land: set[str], german: set[str], south_of_loire: set[str]) -> dict[str, set[str]]:
    """Map-edge hexes by code. East: column 00. A: German edge hexes. B/C/D: see build notes."""
    last_row, last_col = max(geo.ROWS), max(geo.COLS)
    col0 = {geo.hex_id(r, 0) for r in geo.ROWS} & land
    south = {geo.hex_id(last_row, c) for c in geo.COLS} & land
    west = {geo.hex_id(r, last_col) for r in geo.ROWS} & land
    return {
        "East": col0,
        "A": (col0 | south) & german,
        "B": {h for h in south - german if h not in south_of_loire},
        "C": {h for h in south - german if h in south_of_loire} | (west & south_of_loire),
        "D": west - south_of_loire,
    }


def near_line(hexes: set[str], line: list[tuple[float, float]], within: float) -> set[str]:
    from tools.bp_map.polygons import polyline_distance

    return {h for h in hexes if polyline_distance(geo.centre(h), line) <= within}


def coast_of(coastal: set[str], water: set[str]) -> set[str]:
    return {h for h in coastal if any(n in water for n in neighbours(h))}
