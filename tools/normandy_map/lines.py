"""Real lines onto the grid: rivers onto hexsides, roads and railways onto chains of hexes.

A river runs along hexsides: the side between two adjacent hexes carries it when the river
crosses the segment joining their centres. A road runs through hexes: its course, densified, is
read hex by hex, and consecutive hexes are joined by the kernel grid's own line, so the chain is
connected; its hexsides are the sides between consecutive hexes.
"""
from __future__ import annotations

import math

from domain.kernel.grid import Grid, hexside_id
from tools.normandy_map import geometry
from tools.normandy_map.warp import Warp


def _cross(p1, p2, q1, q2) -> bool:
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (orient(p1, p2, q1) * orient(p1, p2, q2) < 0) and (orient(q1, q2, p1) * orient(q1, q2, p2) < 0)


def river_sides(cal: Warp, grid: Grid, land: set[str], course: list[tuple[float, float]]) -> list[str]:
    pts = [cal.to_map(lat, lon) for lat, lon in course]
    out = []
    for h in sorted(land):
        ch = geometry.centre(h)
        for n in grid.neighbour_ids(h):
            if n <= h or n not in land:
                continue
            cn = geometry.centre(n)
            if any(_cross(ch, cn, pts[i], pts[i + 1]) for i in range(len(pts) - 1)):
                out.append(hexside_id(h, n))
    return out


def hex_chain(cal: Warp, grid: Grid, land: set[str], course: list[tuple[float, float]]) -> list[str]:
    """The land hexes a road passes through, in order, joined hex to hex."""
    pts = [cal.to_map(lat, lon) for lat, lon in course]
    seen: list[str] = []
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        n = max(2, int(math.hypot(x2 - x1, y2 - y1) * 4))
        for k in range(n + 1):
            h = geometry.hex_at(x1 + (x2 - x1) * k / n, y1 + (y2 - y1) * k / n)
            if h is None or h not in land:
                continue
            if not seen:
                seen.append(h)
            elif h != seen[-1]:
                step = grid.line(seen[-1], h)[1:] if not grid.adjacent(seen[-1], h) else (h,)
                seen.extend(x for x in step if x in land)
    return _no_repeats(seen)


def _no_repeats(chain: list[str]) -> list[str]:
    out: list[str] = []
    for h in chain:
        if h in out:  # a loop: cut back to the first visit
            del out[out.index(h) + 1:]
        else:
            out.append(h)
    return out


def chain_sides(grid: Grid, chain: list[str]) -> list[str]:
    return [hexside_id(a, b) for a, b in zip(chain, chain[1:]) if grid.adjacent(a, b)]
