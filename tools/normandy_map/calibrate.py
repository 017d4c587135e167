"""The calibration: a similarity fit of the projected places to the hexes the text ties them to.

Stage 1, the calibration: four parameters (scale, rotation, shift) for 2 x 27 equations, so the
residuals say how true the printed map is to real geography (bp_map.geo's projection and
Calibration, unchanged). The offset parity of the grid is the one of the two with the smaller
residuals; both are recorded.

Stage 2, the warp (warp.py): a least-squares quadratic on top of the similarity, for the printed
map's own distortions; its residuals are recorded beside the similarity's.
"""
from __future__ import annotations

import math

import numpy as np

from tools.bp_map import geo
from tools.bp_map.sources import find
from tools.normandy_map import geometry
from tools.normandy_map.data_places import ANCHORS, BOOK, CHECKS
from tools.normandy_map.warp import FADE, Warp

DEGREE = 2  # 3 folds the map (a negative Jacobian) east of the Orne

NEAR = (49.2, -0.8)  # GeoNames has several places of some names; take the Normandy one


def locate(where) -> tuple[float, float, str]:
    if isinstance(where, tuple):
        return where
    c = find(where, "FR", NEAR)
    return c.lat, c.lon, f"{c.name} (GeoNames {c.geonameid})"


def calibrate() -> tuple[Warp, dict]:
    located = [(h, label, locate(w), kind, line, ev) for h, label, w, kind, line, ev in ANCHORS]
    points = [(lat, lon, h) for h, _, (lat, lon, _), *_ in located]
    alt = "even" if geometry.SHIFTED == "odd" else "odd"
    cal, resid = geometry.fit(points, geometry.SHIFTED)
    _, resid_alt = geometry.fit(points, alt)
    rows = []
    for (h, label, (lat, lon, what), kind, line, ev), (dx, dy) in zip(located, resid):
        rows.append({"hex": h, "place": label, "where": what, "lat": round(lat, 5), "lon": round(lon, 5),
                     "kind": kind, "lines": [line, line], "evidence": ev,
                     "residual_hex": round(math.hypot(dx, dy), 3), "residual_xy": [round(dx, 3), round(dy, 3)]})
    checks = []
    for h, label, w, line, ev in CHECKS:
        lat, lon, what = locate(w)
        mx, my = cal.to_map(lat, lon)
        cx, cy = geometry.centre(h)
        checks.append({"hex": h, "place": label, "where": what, "lines": [line, line], "evidence": ev,
                       "fitted_hex": geometry.hex_at(mx, my), "residual_hex": round(math.hypot(mx - cx, my - cy), 3)})
    r = [row["residual_hex"] for row in rows]
    frame = Warp.fit(cal, [(lat, lon, geometry.centre(h)) for lat, lon, h in points], DEGREE)
    warped = [math.dist(frame.to_map(lat, lon), geometry.centre(h)) for lat, lon, h in points]
    for row, w in zip(rows, warped):
        row["warped_residual_hex"] = round(w, 3)
    xs, ys = np.meshgrid(np.arange(-geometry.COLS[-1] - 1, 1, 0.1), np.arange(-geometry.ROWS[-1] - 1, 0, 0.1))
    return frame, {
        "method": "Lambert conformal conic (sphere, tools.bp_map.geo) then a least-squares similarity to map units "
                  "(1 = distance between hex centres; x east, y north); the printed map is north-up, rows growing "
                  "southward and columns westward",
        "book": BOOK,
        "projection": dict(geo.LCC),
        "similarity": {"a": round(cal.a, 8), "b": round(cal.b, 8), "tx": round(cal.tx, 6), "ty": round(cal.ty, 6),
                       "km_per_hex": round(cal.km_per_hex, 3), "rotation_deg": round(cal.rotation_deg, 3)},
        "shifted": {"chosen": geometry.SHIFTED, "mean_hex": round(sum(r) / len(r), 3),
                    "other": alt, "other_mean_hex": round(sum(math.hypot(*d) for d in resid_alt) / len(resid_alt), 3)},
        "anchors": rows,
        "checks": checks,
        "residual_mean_hex": round(sum(r) / len(r), 3),
        "residual_rms_hex": round(math.sqrt(sum(v * v for v in r) / len(r)), 3),
        "residual_max_hex": max(r),
        "worst_five": [row["hex"] for row in sorted(rows, key=lambda x: -x["residual_hex"])[:5]],
        "warp": {"kind": f"least-squares polynomial of degree {DEGREE} in map units, on the similarity",
                 "residual_mean_hex": round(sum(warped) / len(warped), 3), "residual_max_hex": round(max(warped), 3),
                 "min_jacobian": round(frame.min_jacobian(xs, ys), 3), "degree": DEGREE,
                 # Rounded: the fit's last bits differ between BLAS builds, and the file must rebuild byte for byte.
                 "centre": _rounded(frame.centre), "cx": _rounded(frame.cx), "cy": _rounded(frame.cy),
                 "anchors": [[round(x, 6), round(y, 6)] for x, y in frame.anchors], "fade_hex": FADE},
    }


def _rounded(values) -> list[float]:
    return [round(float(v), 10) for v in values]
