"""Plane geometry the Air Bridge to Victory map builder measures with (map units: one hex between
centres), and the true banks of the three great rivers (`region`)."""
from __future__ import annotations

import math

from tools.abtv_map import data_geo as G
from tools.bp_map import geo


def region(lat: float, lon: float) -> int:
    """How many of the Maas, Waal and Neder Rijn lie south of the point (by their true courses)."""
    n = 0
    for name in ("Maas", "Waal", "Neder Rijn"):
        if lat > _lat_at(G.RIVERS[name]["points"], lon):
            n += 1
    return n


def _lat_at(points: list[tuple[float, float]], lon: float) -> float:
    for (la1, lo1), (la2, lo2) in zip(points, points[1:]):
        if min(lo1, lo2) <= lon <= max(lo1, lo2) and lo1 != lo2:
            return la1 + (la2 - la1) * (lon - lo1) / (lo2 - lo1)
    raise ValueError(f"longitude {lon} is outside the course")


def mid(side: str) -> tuple[float, float]:
    a, b = side.split("/")
    (ax, ay), (bx, by) = geo.centre(a), geo.centre(b)
    return ((ax + bx) / 2, (ay + by) / 2)


def nearest_on(line: list[tuple[float, float]], p: tuple[float, float]) -> tuple[float, float]:
    best, bd = line[0], 9e9
    for (ax, ay), (bx, by) in zip(line, line[1:]):
        dx, dy = bx - ax, by - ay
        L = dx * dx + dy * dy
        t = 0.0 if L == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L))
        q = (ax + t * dx, ay + t * dy)
        d = math.dist(q, p)
        if d < bd:
            best, bd = q, d
    return best


def centroid(hexes) -> tuple[float, float]:
    pts = [geo.centre(h) for h in hexes]
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def rms(xs: list[float]) -> float:
    return round(math.sqrt(sum(x * x for x in xs) / len(xs)), 3)
