"""Per-hex sampling: land fraction from the mask, share inside each outline (rough, regions).

Sampling: 61 points on a triangular lattice filling each hex (geo.sample_offsets(4)), turned
into lat/lon through the calibration. Each point stands for 1/61 of the hex's area.

Classification (first match wins):
- a hex is land when at least half its points are land (the majority rule of printed maps);
- land-minority hexes are sea only when they join the open sea or the Zuider Zee across other
  sea hexes (a lake or a wide river is not sea: inland water-majority hexes become land);
- a land hex with at least one sea neighbour is coastal (it has a sea hexside).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tools.bp_map import geo
from tools.bp_map.polygons import inside

LAND_SHARE = 0.5


@dataclass
class Samples:
    hexes: list[str]
    lat: np.ndarray  # (n_hex, n_pts)
    lon: np.ndarray

    def share_inside(self, poly: list[tuple[float, float]]) -> dict[str, float]:
        m = inside(poly, self.lat.ravel(), self.lon.ravel()).reshape(self.lat.shape)
        return {h: float(v) for h, v in zip(self.hexes, m.mean(axis=1))}


def sample(frame) -> Samples:
    """Sample points of every hex, in lat/lon through `frame` (a Calibration or a Frame)."""
    hexes = geo.all_hexes()
    offs = np.array(geo.sample_offsets(4))
    cen = np.array([geo.centre(h) for h in hexes])
    pts = cen[:, None, :] + offs[None, :, :]
    lat, lon = frame.to_latlon_many(pts[..., 0], pts[..., 1])
    return Samples(hexes, lat, lon)


def land_share(s: Samples, mask) -> dict[str, float]:
    land = mask.is_land(s.lat.ravel(), s.lon.ravel()).reshape(s.lat.shape)
    return {h: round(float(v), 4) for h, v in zip(s.hexes, land.mean(axis=1))}


def neighbours(hid: str) -> list[str]:
    """On-map neighbours (even rows shifted toward higher columns, as the grid declares)."""
    r, c = geo.row_col(hid)
    if r % 2 == 0:
        cand = [(r, c - 1), (r, c + 1), (r - 1, c), (r - 1, c + 1), (r + 1, c), (r + 1, c + 1)]
    else:
        cand = [(r, c - 1), (r, c + 1), (r - 1, c - 1), (r - 1, c), (r + 1, c - 1), (r + 1, c)]
    return [geo.hex_id(a, b) for a, b in cand if a in geo.ROWS and b in geo.COLS]


def classify_sea(share: dict[str, float], open_water_seeds: list[str]) -> set[str]:
    """Water-majority hexes connected (through water-majority hexes) to a seed of open water."""
    wet = {h for h, v in share.items() if v < LAND_SHARE}
    sea: set[str] = set()
    stack = [h for h in open_water_seeds if h in wet]
    while stack:
        h = stack.pop()
        if h in sea:
            continue
        sea.add(h)
        stack.extend(n for n in neighbours(h) if n in wet and n not in sea)
    return sea
