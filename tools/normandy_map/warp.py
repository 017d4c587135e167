"""Stage 2 of the calibration: a smooth polynomial warp on top of the similarity.

The printed map is not a true map (east of the Orne it is squeezed: with the similarity alone the
6th Airborne's hex 0806 lies 8 km east of the ridge it held, beyond the front). An exact rubber
sheet pinned at every anchor (bp_map.geo.Frame) folds here, where neighbouring anchors pull apart,
so the warp is a least-squares polynomial of low degree in map units: map = s + w(s) D(s), s the
similarity's point. A polynomial runs wild away from its data, and the anchors all lie in the
map's northern half, so w fades D out beyond FADE hexes from the nearest anchor: Avranches and
the Seine keep the similarity. Its residuals are reported beside the similarity's.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tools.bp_map import geo

SCALE = 10.0  # hexes: keeps the polynomial's terms of like size
FADE = 3.0    # hexes: full warp within 1 hex of an anchor, e^-1 at 1 + FADE


def _terms(u: np.ndarray, v: np.ndarray, degree: int) -> np.ndarray:
    u, v = u / SCALE, v / SCALE
    return np.stack([u ** i * v ** j for i in range(degree + 1) for j in range(degree + 1 - i)], axis=-1)


@dataclass(frozen=True)
class Warp:
    cal: geo.Calibration
    degree: int
    cx: tuple[float, ...]
    cy: tuple[float, ...]
    centre: tuple[float, float]
    anchors: tuple[tuple[float, float], ...]  # the controls' similarity points

    @staticmethod
    def fit(cal: geo.Calibration, controls: list[tuple[float, float, tuple[float, float]]], degree: int) -> "Warp":
        s = np.array([cal.to_map(lat, lon) for lat, lon, _ in controls])
        t = np.array([p for _, _, p in controls])
        c = tuple(s.mean(axis=0))
        A = _terms(s[:, 0] - c[0], s[:, 1] - c[1], degree)
        cx, *_ = np.linalg.lstsq(A, t[:, 0] - s[:, 0], rcond=None)
        cy, *_ = np.linalg.lstsq(A, t[:, 1] - s[:, 1], rcond=None)
        return Warp(cal, degree, tuple(map(float, cx)), tuple(map(float, cy)), (float(c[0]), float(c[1])),
                    tuple((float(x), float(y)) for x, y in s))

    @staticmethod
    def from_record(record: dict) -> "Warp":
        """The warp a map's calibration record holds (MapData.calibration)."""
        s, w = record["similarity"], record["warp"]
        cal = geo.Calibration(s["a"], s["b"], s["tx"], s["ty"])
        return Warp(cal, w["degree"], tuple(w["cx"]), tuple(w["cy"]), tuple(w["centre"]),
                    tuple(tuple(p) for p in w["anchors"]))

    def displacement(self, sx, sy):
        sx, sy = np.asarray(sx, float), np.asarray(sy, float)
        A = _terms(sx - self.centre[0], sy - self.centre[1], self.degree)
        P = np.array(self.anchors)
        d = np.sqrt(((sx[..., None] - P[:, 0]) ** 2 + (sy[..., None] - P[:, 1]) ** 2).min(axis=-1))
        w = np.exp(-(np.maximum(d - 1.0, 0.0) / FADE) ** 2)
        return w * (A @ np.array(self.cx)), w * (A @ np.array(self.cy))

    def to_map(self, lat: float, lon: float) -> tuple[float, float]:
        sx, sy = self.cal.to_map(lat, lon)
        dx, dy = self.displacement(np.array(sx), np.array(sy))
        return sx + float(dx), sy + float(dy)

    def to_latlon_many(self, mx, my):
        mx, my = np.asarray(mx, float), np.asarray(my, float)
        sx, sy = mx.copy(), my.copy()
        for _ in range(50):  # s = m - D(s); D's slope is well below 1
            dx, dy = self.displacement(sx, sy)
            sx, sy = mx - dx, my - dy
        return self.cal.to_latlon_many(sx, sy)

    def min_jacobian(self, xs: np.ndarray, ys: np.ndarray, step: float = 0.1) -> float:
        """Smallest determinant of s -> map over a grid of similarity points (folding if <= 0)."""
        dx, dy = self.displacement(xs, ys)
        u, v = xs + dx, ys + dy
        ux, uy = np.gradient(u, step, axis=1), np.gradient(u, step, axis=0)
        vx, vy = np.gradient(v, step, axis=1), np.gradient(v, step, axis=0)
        return float((ux * vy - uy * vx).min())
