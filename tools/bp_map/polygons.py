"""Point-in-polygon and point-to-polyline helpers on lat/lon or map-unit coordinates."""
from __future__ import annotations

import math

import numpy as np


def inside(poly: list[tuple[float, float]], ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
    """Even-odd test of points (ys, xs) against a closed polygon of (y, x) vertices."""
    ys = np.asarray(ys, dtype=float)
    xs = np.asarray(xs, dtype=float)
    res = np.zeros(ys.shape, dtype=bool)
    n = len(poly)
    for i in range(n):
        y1, x1 = poly[i]
        y2, x2 = poly[(i + 1) % n]
        if y1 == y2:
            continue
        cond = (y1 > ys) != (y2 > ys)
        xcross = x1 + (ys - y1) * (x2 - x1) / (y2 - y1)
        res ^= cond & (xs < xcross)
    return res


def seg_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay = a
    bx, by = b
    px, py = p
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def polyline_distance(p: tuple[float, float], line: list[tuple[float, float]]) -> float:
    return min(seg_distance(p, line[i], line[i + 1]) for i in range(len(line) - 1))

