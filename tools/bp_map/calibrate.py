"""From the rulebook's town hexes to a frame that places any lat/lon on the grid.

Stage 1, the calibration: a similarity fit (scale, rotation, shift) of the Lambert-projected
positions of the ten towns whose hexes the text prints. Its residuals say how true the printed
map is to real geography.

Stage 2, the rubber sheet: the printed map is not a true map near the coasts. With stage 1
alone, the German coastal garrisons the text puts "on any coastal hex" (0323, 0420, 0425,
0417) and the units at the western end of the 25 July front (0544, 0644) stand in the sea, about
one hex offshore. So the sheet is also pinned at the ports the coastal-screen list names and at
the Cotentin coast where those units stood, plus the ten towns themselves; away from these pins
the map is the pure similarity.
"""
from __future__ import annotations

import math

from tools.bp_map import geo
from tools.bp_map.data_rulebook import ANCHORS, SCREEN_CITE, SCREEN_PORTS, cite
from tools.bp_map.sources import find

# Further pins, each an identification of a real place with a printed hex. (label, name, cc, hex, evidence)
EXTRA_PINS = (
    ("Cotentin coast at La Haye-du-Puits", "La Haye-du-Puits", "FR", "0544",
     "US 79th Infantry Division set up on 0544 (L891); on 25 July 1944 it held the Ay north of "
     "Lessay, below La Haye-du-Puits. The calibration puts 0544 in the sea 13 km off the coast."),
    ("Cotentin coast at Lessay", "Lessay", "FR", "0644",
     "2nd SS Panzer Division set up on 0644 (L938), the German western flank at Lessay on 25 July "
     "1944. The calibration puts 0644 wholly in the sea."),
)


def calibrate() -> tuple[geo.Frame, dict]:
    """The frame and the calibration record for MapData.calibration."""
    anchors = []
    for label, name, cc, hexes, _ in ANCHORS:
        c = find(name, cc)
        anchors.append((c.lat, c.lon, hexes))
    cal, resid = geo.fit(anchors)
    rows = []
    for (label, name, cc, hexes, (sec, line)), (lat, lon, _), (dx, dy) in zip(ANCHORS, anchors, resid):
        rows.append({
            "town": label, "hexes": list(hexes), "lat": round(lat, 5), "lon": round(lon, 5),
            "residual_hex": round(math.hypot(dx, dy), 3), "residual_xy": [round(dx, 3), round(dy, 3)],
            "cite": cite(sec, line).cite.label(),
        })
    rms = math.sqrt(sum(dx * dx + dy * dy for dx, dy in resid) / len(resid))

    controls, pins = [], []
    for (label, _, _, hexes, _), (lat, lon, _) in zip(ANCHORS, anchors):
        t = _centroid(hexes)
        controls.append((lat, lon, t))
        pins.append(_pin(cal, label, lat, lon, hexes, "rulebook", "printed hex, see residuals"))
    for name, cc, hexes in SCREEN_PORTS:
        c = find(name, cc)
        controls.append((c.lat, c.lon, geo.centre(hexes)))
        pins.append(_pin(cal, c.name, c.lat, c.lon, (hexes,), "inferred",
                         f"one of the nine ports of the German coastal-screen list ({cite(*SCREEN_CITE).cite.label()}); "
                         "the calibration finds this port within about a hex of the listed hex"))
    for label, name, cc, h, evidence in EXTRA_PINS:
        c = find(name, cc)
        controls.append((c.lat, c.lon, geo.centre(h)))
        pins.append(_pin(cal, label, c.lat, c.lon, (h,), "inferred", evidence))
    frame = geo.Frame.solve(cal, controls)
    record = {
        "method": "Lambert conformal conic (sphere) then a least-squares similarity to map units "
                  "(1 = distance between hex centres; x along rows toward higher columns, y toward higher rows)",
        "projection": dict(geo.LCC),
        "similarity": {"a": round(cal.a, 8), "b": round(cal.b, 8), "tx": round(cal.tx, 6), "ty": round(cal.ty, 6),
                       "km_per_hex": round(cal.km_per_hex, 3), "rotation_deg": round(cal.rotation_deg, 3)},
        "anchors": rows,
        "residual_rms_hex": round(rms, 3),
        "residual_max_hex": round(max(r["residual_hex"] for r in rows), 3),
        "scale_note": "The fit gives 15.1 km between hex centres; the rulebook says a hex represents "
                      "ten kilometers (Game Scale). The printed map is at about 9.4 miles a hex.",
        "rubber_sheet": {
            "kernel": "normalised Gaussian", "length_hex": frame.length, "floor": frame.floor,
            "min_jacobian": round(frame.min_jacobian(), 3),
            "pins": pins,
        },
    }
    return frame, record


def _centroid(hexes) -> tuple[float, float]:
    pts = [geo.centre(h) for h in hexes]
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def _pin(cal, label, lat, lon, hexes, kind, evidence) -> dict:
    sx, sy = cal.to_map(lat, lon)
    tx, ty = _centroid(hexes)
    return {"place": label, "hexes": list(hexes), "kind": kind, "shift_hex": round(math.hypot(tx - sx, ty - sy), 3),
            "evidence": evidence}
