"""Rasterising real lines (rivers, front lines) onto chains of hexsides.

The hex corners form a graph whose edges are hexsides. A line given as map-unit points is
densified, each point snapped to its nearest corner, and consecutive corners joined by the
cheapest local path, where an edge costs its length times (1 + 8 d^2), d being its midpoint's
distance from the line; loops are then cut. The result is a simple path of corners, so its
hexsides form one connected chain by construction.
"""
from __future__ import annotations

import heapq
import math
from collections.abc import Hashable
from typing import TypeVar

from domain.kernel.grid import hexside_id
from tools.bp_map import geo
from tools.bp_map.polygons import polyline_distance

Vertex = tuple[int, int]
P = TypeVar("P", bound=Hashable)


class CornerGraph:
    """Corners of the on-map hexes; an edge exists where two on-map hexes share a side."""

    def __init__(self, hexes: list[str]):
        self.edge_hexes: dict[frozenset, tuple[str, str]] = {}
        owner: dict[frozenset, list[str]] = {}
        for h in hexes:
            cs = [geo.vertex_key(p) for p in geo.corners(h)]
            for k in range(6):
                owner.setdefault(frozenset((cs[k], cs[(k + 1) % 6])), []).append(h)
        self.adj: dict[Vertex, list[Vertex]] = {}
        for e, hs in owner.items():
            if len(hs) != 2:
                continue
            a, b = tuple(e)
            self.edge_hexes[e] = (hs[0], hs[1])
            self.adj.setdefault(a, []).append(b)
            self.adj.setdefault(b, []).append(a)
        for v in self.adj:
            self.adj[v].sort()
        self._points = {v: geo.vertex_point(v) for v in self.adj}
        self._buckets: dict[tuple[int, int], list[Vertex]] = {}
        for v, (x, y) in sorted(self._points.items()):
            self._buckets.setdefault((math.floor(x), math.floor(y)), []).append(v)

    def side(self, a: Vertex, b: Vertex) -> str:
        h1, h2 = self.edge_hexes[frozenset((a, b))]
        return hexside_id(h1, h2)

    def nearest(self, p: tuple[float, float]) -> Vertex:
        bx, by = math.floor(p[0]), math.floor(p[1])
        for r in range(1, 80):
            cands = [v for i in range(bx - r, bx + r + 1) for j in range(by - r, by + r + 1)
                     for v in self._buckets.get((i, j), ())]
            if cands:
                # one more ring guarantees the true nearest is among the candidates
                cands += [v for i in range(bx - r - 1, bx + r + 2) for j in (by - r - 1, by + r + 1)
                          for v in self._buckets.get((i, j), ())]
                cands += [v for j in range(by - r, by + r + 1) for i in (bx - r - 1, bx + r + 1)
                          for v in self._buckets.get((i, j), ())]
                return min(cands, key=lambda v: ((self._points[v][0] - p[0]) ** 2 + (self._points[v][1] - p[1]) ** 2, v))
        raise ValueError("empty corner graph")

    def route(self, a: Vertex, goal: set[Vertex], near: list[tuple[float, float]] | None, box: float = 2.5) -> list[Vertex]:
        """Cheapest path from a to any goal corner, kept within `box` of a and the goals."""
        pa = self._points[a]
        gp = [self._points[g] for g in goal]
        xs = [pa[0]] + [p[0] for p in gp]
        ys = [pa[1]] + [p[1] for p in gp]
        lo_x, hi_x, lo_y, hi_y = min(xs) - box, max(xs) + box, min(ys) - box, max(ys) + box
        dist = {a: 0.0}
        prev: dict[Vertex, Vertex] = {}
        heap = [(0.0, a)]
        while heap:
            d, v = heapq.heappop(heap)
            if v in goal:
                path = [v]
                while path[-1] != a:
                    path.append(prev[path[-1]])
                return path[::-1]
            if d > dist[v]:
                continue
            for w in self.adj[v]:
                pw = self._points[w]
                if not (lo_x <= pw[0] <= hi_x and lo_y <= pw[1] <= hi_y):
                    continue
                pv = self._points[v]
                length = math.hypot(pw[0] - pv[0], pw[1] - pv[1])
                cost = length
                if near:
                    m = ((pv[0] + pw[0]) / 2, (pv[1] + pw[1]) / 2)
                    cost *= 1 + 8 * polyline_distance(m, near) ** 2
                nd = d + cost
                if nd < dist.get(w, math.inf):
                    dist[w], prev[w] = nd, v
                    heapq.heappush(heap, (nd, w))
        raise ValueError(f"no corner path from {a} to {sorted(goal)[:3]}")

    def trace(self, pts: list[tuple[float, float]], step: float = 0.15) -> list[Vertex]:
        """A simple corner path following the polyline `pts` (map units)."""
        dense = densify(pts, step)
        snaps: list[tuple[Vertex, int]] = []
        for i, p in enumerate(dense):
            v = self.nearest(p)
            if not snaps or snaps[-1][0] != v:
                snaps.append((v, i))
        path = [snaps[0][0]]
        for (v0, i0), (v1, i1) in zip(snaps, snaps[1:]):
            local = dense[max(0, i0 - 2): i1 + 3]
            path += self.route(path[-1], {v1}, local if len(local) > 1 else None)[1:]
        return cut_loops(path)

    def extend_to(self, path: list[Vertex], targets: set[Vertex]) -> list[Vertex]:
        """Continue a path to the nearest corner of another path (a tributary to its river)."""
        if path[-1] in targets:
            return path
        for box in (2.5, 6.0, 60.0):
            near = {t for t in targets if _d(self._points[t], self._points[path[-1]]) <= box}
            if near:
                return cut_loops(path + self.route(path[-1], near, None, box=box)[1:])
        raise ValueError("cannot reach the main river")

    def sides(self, path: list[Vertex]) -> list[str]:
        return [self.side(a, b) for a, b in zip(path, path[1:])]


def _d(p, q) -> float:
    return math.hypot(p[0] - q[0], p[1] - q[1])


def densify(pts: list[tuple[float, float]], step: float) -> list[tuple[float, float]]:
    out = [pts[0]]
    for a, b in zip(pts, pts[1:]):
        n = max(1, int(math.ceil(_d(a, b) / step)))
        out += [(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(1, n + 1)]
    return out


def cut_loops(path: list[P]) -> list[P]:
    """The path with its loops cut out (corner vertices here, hexes in tools/abtv_map's roads)."""
    out: list[P] = []
    seen: dict[P, int] = {}
    for v in path:
        if v in seen:
            k = seen[v]
            for u in out[k + 1:]:
                seen.pop(u, None)
            out = out[: k + 1]
        else:
            seen[v] = len(out)
            out.append(v)
    return out


def on_map(p: tuple[float, float], margin: float = 0.3) -> bool:
    return -margin <= p[0] <= max(geo.COLS) + 0.5 + margin and -margin <= p[1] <= max(geo.ROWS) * geo.S3 / 2 + margin


def clip_to_map(pts: list[tuple[float, float]], margin: float = 0.3) -> list[tuple[float, float]]:
    """Drop the stretches before the line first enters the grid and after it last leaves it."""
    dense = densify(pts, 0.1)
    inside = [on_map(p, margin) for p in dense]
    if not any(inside):
        return []
    i = inside.index(True)
    j = len(inside) - 1 - inside[::-1].index(True)
    return dense[i: j + 1]
