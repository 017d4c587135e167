"""The calibration record of the Air Bridge to Victory map (the pack's `calibration`): how the
grid was laid on the ground, how far the rasterised features lie from their true places, and the
legend of the map's terms."""
from __future__ import annotations

from tools.abtv_map import data_geo as G
from tools.abtv_map.geometry import rms
from tools.bp_map import geo
from tools.map_builder.grid import Bounds

LEGEND = {
    "terrain": "clear, mixed, forest, heath, polder, village, city: the hex's one terrain type (§2.2); the "
               "defence values of clear 1, mixed 2, forest 3 and city 4 are the rulebook's (tables.tec).",
    "features": "main_road / road: a road runs through the hex; heights: the Groesbeek heights.",
    "edges": "N, S, E, W: the map edge the hex lies on (German supply, §16; entry of reinforcements).",
    "hexsides": "river / canal (impassable, §7.2) with bridge, main_bridge (Grave, Nijmegen, Arnhem, §7.2), "
                "demolition_x (may be blown by method 1), rail_bridge, ferry; main_road / road: a road crosses it.",
}


def record(cal: geo.Calibration, bounds: Bounds, resid: dict[str, list]) -> dict:
    """What the pack's `calibration` says of the map: projection, grid, scale and the residuals."""
    t = resid["towns"]
    b = resid["bridges"]
    return {
        "method": "Lambert conformal conic (sphere, tools.bp_map.geo) then a set similarity: north up, "
                  "1 hex (distance between centres) = 1 statute mile, rows southward, columns westward",
        "projection": dict(geo.LCC),
        "similarity": {"a": round(cal.a, 8), "b": 0.0, "tx": round(cal.tx, 6), "ty": round(cal.ty, 6),
                       "km_per_hex": round(cal.km_per_hex, 3), "rotation_deg": round(cal.rotation_deg, 3)},
        "grid": {"rows": bounds.rows, "cols": bounds.cols, "frame": dict(G.FRAME)},
        "scale_note": "§2.2: 'approximately one mile per hex'. §2.1: two sheets, 22x34 and 22x17 inches (22 x 51 in "
                      f"together); {bounds.rows} rows x {bounds.cols} columns fit them at about "
                      f"{51 / (bounds.rows * geo.S3 / 2):.2f} in a hex. The printed hex numbers (sheets A and B, "
                      "§7.1, §22) cannot be placed and are not reproduced: this grid numbers hexes RRCC from the NE corner.",
        "residuals": {
            "towns_rms_hex": rms([r["residual_hex"] for r in t]), "towns_max_hex": max(r["residual_hex"] for r in t),
            "bridges_rms_hex": rms([r["residual_hex"] for r in b]), "bridges_max_hex": max(r["residual_hex"] for r in b),
            "towns": t, "bridges": b, "rivers": resid["rivers"], "roads": resid["roads"],
        },
        "legend": LEGEND,
    }
