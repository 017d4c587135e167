"""The Normandy grid in map units, and the similarity fit from lat/lon to it.

Ids read RRCC: the first number is the offset line (a row), the second the position along it.
The named hexes fix the sense: rows grow southward (02 at Cherbourg, 10-13 on the July front) and
columns grow westward (23 at Cherbourg, 02 beyond the Orne), so the printed map is north-up with
columns numbered from the east, as services.mapsvg draws with `mirror`. Which rows are shifted is
chosen by the fit (see calibrate.py).

Map units here are geographic in sense (x east, y north; 1 = distance between hex centres), so a
similarity (scale, rotation, shift: bp_map.geo.Calibration) can carry projected lat/lon onto them.
"""
from __future__ import annotations

import math

import numpy as np

from tools.bp_map import geo

S3 = math.sqrt(3.0)
ROWS = range(1, 23)   # 01 (north of Cherbourg's coast) to 22 (south of Avranches)
COLS = range(0, 27)   # 00 (the Seine below Rouen) to 26 (Cap de la Hague)
SHIFTED = "odd"       # odd rows sit half a hex toward higher column numbers (westward)


def hex_id(row: int, col: int) -> str:
    return f"{row:02d}{col:02d}"


def row_col(hid: str) -> tuple[int, int]:
    return int(hid[:2]), int(hid[2:])


def centre(hid: str, shifted: str = SHIFTED) -> tuple[float, float]:
    return _centre_rc(*row_col(hid), shifted)


def all_hexes() -> list[str]:
    return [hex_id(r, c) for r in ROWS for c in COLS]


def hex_at(mx: float, my: float) -> str | None:
    """The on-map hex whose centre is nearest a map point, or None off the grid."""
    r0, c0 = round(-my / (S3 / 2)), round(-mx)
    best = min(((r, c) for r in (r0 - 1, r0, r0 + 1) for c in range(c0 - 2, c0 + 3)),
               key=lambda rc: math.dist(_centre_rc(*rc), (mx, my)))
    return hex_id(*best) if best[0] in ROWS and best[1] in COLS else None


def _centre_rc(r: int, c: int, shifted: str = SHIFTED) -> tuple[float, float]:
    push = 0.5 if (r % 2 == 1) == (shifted == "odd") else 0.0
    return (-(c + push), -r * S3 / 2.0)


def fit(anchors: list[tuple[float, float, str]], shifted: str = SHIFTED) -> tuple[geo.Calibration, list[tuple[float, float]]]:
    """Least-squares similarity over anchors (lat, lon, hex); residuals fitted minus printed, in hexes."""
    rows, rhs, targets = [], [], []
    for lat, lon, h in anchors:
        x, y = geo.project(lat, lon)
        cx, cy = centre(h, shifted)
        targets.append((cx, cy))
        rows += [[x, -y, 1.0, 0.0], [y, x, 0.0, 1.0]]
        rhs += [cx, cy]
    sol, *_ = np.linalg.lstsq(np.array(rows), np.array(rhs), rcond=None)
    cal = geo.Calibration(*(float(v) for v in sol))
    resid = []
    for (lat, lon, _), (cx, cy) in zip(anchors, targets):
        mx, my = cal.to_map(lat, lon)
        resid.append((mx - cx, my - cy))
    return cal, resid
