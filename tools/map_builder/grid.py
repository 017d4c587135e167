"""A rectangular pointy-top grid of any size, in tools.bp_map.geo's map units and id scheme.

tools.bp_map.geo fixes its ROWS and COLS to the B&P sheet; `hex_at` and `neighbours` here take
the bounds as data, so another map can use geo's layout (centres, corners, projection) as is.
"""
from __future__ import annotations

from dataclasses import dataclass

from tools.bp_map import geo
from tools.bp_map.hexsides import densify


@dataclass(frozen=True)
class Bounds:
    rows: int
    cols: int

    def hexes(self) -> list[str]:
        return [geo.hex_id(r, c) for r in range(self.rows) for c in range(self.cols)]

    def holds(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols

    def hex_at(self, mx: float, my: float) -> str | None:
        """The hex whose centre is nearest the map point, or None off the grid."""
        r0 = round(my / (geo.S3 / 2))
        best, bd = (0, 0), 9e9
        for r in (r0 - 1, r0, r0 + 1):
            c0 = round(mx - (0.5 if r % 2 == 0 else 0.0))
            for c in (c0 - 1, c0, c0 + 1):
                x, y = (c + (0.5 if r % 2 == 0 else 0.0), r * geo.S3 / 2.0)
                d = (x - mx) ** 2 + (y - my) ** 2
                if d < bd:
                    best, bd = (r, c), d
        return geo.hex_id(*best) if self.holds(*best) else None

    def neighbours(self, hid: str) -> list[str]:
        """On-grid neighbours (even rows shifted toward higher columns, as the kernel grid reads)."""
        r, c = geo.row_col(hid)
        if r % 2 == 0:
            cand = [(r, c - 1), (r, c + 1), (r - 1, c), (r - 1, c + 1), (r + 1, c), (r + 1, c + 1)]
        else:
            cand = [(r, c - 1), (r, c + 1), (r - 1, c - 1), (r - 1, c), (r + 1, c - 1), (r + 1, c)]
        return [geo.hex_id(a, b) for a, b in cand if self.holds(a, b)]


def on_grid(b: Bounds, p: tuple[float, float], margin: float = 0.3) -> bool:
    return -margin <= p[0] <= b.cols - 0.5 + margin and -margin <= p[1] <= (b.rows - 1) * geo.S3 / 2 + margin


def clip(b: Bounds, pts: list[tuple[float, float]], step: float = 0.1) -> list[tuple[float, float]]:
    """Drop the stretches of a polyline before it first enters the grid and after it last leaves."""
    dense = densify(pts, step)
    inside = [on_grid(b, p) for p in dense]
    if not any(inside):
        return []
    i = inside.index(True)
    j = len(inside) - 1 - inside[::-1].index(True)
    return dense[i: j + 1]
