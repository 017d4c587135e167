"""Geometry: hex layout in map units, the map projection and the lat/lon <-> hex calibration.

Map units: the distance between neighbouring hex centres is 1. Hexes point up (offset lines are
rows, digest §5.2); even rows sit half a hex toward higher columns, as domain.kernel.grid
assumes. y grows with the row number.

The projection is a Lambert conformal conic (standard parallels 47° and 52°, the map's latitude
band), and the calibration is a similarity transform (scale, rotation, shift) fitted by least
squares to the towns whose hexes the rulebook prints. A conformal projection plus a similarity
has four parameters for 22 equations, so the residuals measure how well the printed map is a
true map, not how flexible the fit is.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

ROWS = range(0, 40)
COLS = range(0, 54)
S3 = math.sqrt(3.0)
CIRCUMRADIUS = 1.0 / S3  # hex centre to corner, in map units

# Lambert conformal conic on a sphere; parameters chosen once, recorded in the calibration.
LCC = {"lat1": 47.0, "lat2": 52.0, "lat0": 49.5, "lon0": 3.0, "radius_km": 6371.0}


def hex_id(row: int, col: int) -> str:
    return f"{row:02d}{col:02d}"


def row_col(hid: str) -> tuple[int, int]:
    return int(hid[:2]), int(hid[2:])


def centre(hid: str) -> tuple[float, float]:
    r, c = row_col(hid)
    return (c + (0.5 if r % 2 == 0 else 0.0), r * S3 / 2.0)


def all_hexes() -> list[str]:
    return [hex_id(r, c) for r in ROWS for c in COLS]


def corners(hid: str) -> list[tuple[float, float]]:
    """The six corners, clockwise from the top (y grows downward on screen)."""
    x, y = centre(hid)
    out = []
    for k in range(6):
        a = math.radians(-90 + 60 * k)
        out.append((x + CIRCUMRADIUS * math.cos(a), y + CIRCUMRADIUS * math.sin(a)))
    return out


def vertex_key(p: tuple[float, float]) -> tuple[int, int]:
    """Corners lie on a lattice: x in halves, y in sixths of sqrt(3)."""
    return (round(p[0] * 2), round(p[1] * 6 / S3))


def vertex_point(key: tuple[int, int]) -> tuple[float, float]:
    return (key[0] / 2.0, key[1] * S3 / 6.0)


def sample_offsets(rings: int = 4) -> list[tuple[float, float]]:
    """Points of a triangular lattice filling a hex (rings=4 gives 61 points), in map units.

    The lattice is the hex's own, scaled so the outer ring sits just inside the sides; every
    point then stands for an equal share of the hex's area.
    """
    step = 1.0 / (2 * rings + 1)
    pts = []
    for q in range(-rings, rings + 1):
        for r in range(-rings, rings + 1):
            s = -q - r
            if max(abs(q), abs(r), abs(s)) > rings:
                continue
            # axial -> pointy-top offsets
            pts.append((step * (q + r / 2.0), step * (r * S3 / 2.0)))
    return pts


# --- projection --------------------------------------------------------------------------------


def _lcc_consts():
    f = math.radians
    p1, p2, p0 = f(LCC["lat1"]), f(LCC["lat2"]), f(LCC["lat0"])
    n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
        math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)
    )
    F = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
    rho0 = LCC["radius_km"] * F / math.tan(math.pi / 4 + p0 / 2) ** n
    return n, F, rho0


def project(lat: float, lon: float) -> tuple[float, float]:
    """Lat/lon (degrees) -> LCC plane (km): x east, y north."""
    n, F, rho0 = _lcc_consts()
    rho = LCC["radius_km"] * F / math.tan(math.pi / 4 + math.radians(lat) / 2) ** n
    th = n * math.radians(lon - LCC["lon0"])
    return rho * math.sin(th), rho0 - rho * math.cos(th)


def unproject(x: float, y: float) -> tuple[float, float]:
    n, F, rho0 = _lcc_consts()
    rho = math.copysign(math.hypot(x, rho0 - y), n)
    th = math.atan2(x, rho0 - y)
    lat = 2 * math.atan((LCC["radius_km"] * F / rho) ** (1 / n)) - math.pi / 2
    return math.degrees(lat), math.degrees(th / n) + LCC["lon0"]


# --- calibration -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Calibration:
    """Map units = [a -b; b a] @ (x_km, y_km) + (tx, ty)."""

    a: float
    b: float
    tx: float
    ty: float

    def to_map(self, lat: float, lon: float) -> tuple[float, float]:
        x, y = project(lat, lon)
        return (self.a * x - self.b * y + self.tx, self.b * x + self.a * y + self.ty)

    def to_latlon(self, mx: float, my: float) -> tuple[float, float]:
        d = self.a * self.a + self.b * self.b
        X, Y = mx - self.tx, my - self.ty
        return unproject((self.a * X + self.b * Y) / d, (-self.b * X + self.a * Y) / d)

    @property
    def km_per_hex(self) -> float:
        return 1.0 / math.hypot(self.a, self.b)

    @property
    def rotation_deg(self) -> float:
        return math.degrees(math.atan2(self.b, self.a))

    def to_map_many(self, lats: np.ndarray, lons: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        n, F, rho0 = _lcc_consts()
        rho = LCC["radius_km"] * F / np.tan(np.pi / 4 + np.radians(lats) / 2) ** n
        th = n * np.radians(lons - LCC["lon0"])
        x, y = rho * np.sin(th), rho0 - rho * np.cos(th)
        return self.a * x - self.b * y + self.tx, self.b * x + self.a * y + self.ty

    def to_latlon_many(self, mx: np.ndarray, my: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        n, F, rho0 = _lcc_consts()
        d = self.a * self.a + self.b * self.b
        X, Y = mx - self.tx, my - self.ty
        x, y = (self.a * X + self.b * Y) / d, (-self.b * X + self.a * Y) / d
        rho = np.sign(n) * np.hypot(x, rho0 - y)
        th = np.arctan2(x, rho0 - y)
        lat = 2 * np.arctan((LCC["radius_km"] * F / rho) ** (1 / n)) - np.pi / 2
        return np.degrees(lat), np.degrees(th / n) + LCC["lon0"]


def fit(anchors: list[tuple[float, float, tuple[str, ...]]]) -> tuple[Calibration, list[tuple[float, float]]]:
    """Least squares over anchors (lat, lon, hexes); a multi-hex town is fitted to its centroid.

    Returns the calibration and each anchor's residual (fitted minus printed, in hexes).
    """
    rows, rhs = [], []
    targets = []
    for lat, lon, hexes in anchors:
        x, y = project(lat, lon)
        cx = sum(centre(h)[0] for h in hexes) / len(hexes)
        cy = sum(centre(h)[1] for h in hexes) / len(hexes)
        targets.append((cx, cy))
        rows += [[x, -y, 1.0, 0.0], [y, x, 0.0, 1.0]]
        rhs += [cx, cy]
    sol, *_ = np.linalg.lstsq(np.array(rows), np.array(rhs), rcond=None)
    cal = Calibration(*(float(v) for v in sol))
    resid = []
    for (lat, lon, _), (cx, cy) in zip(anchors, targets):
        mx, my = cal.to_map(lat, lon)
        resid.append((mx - cx, my - cy))
    return cal, resid


def hex_at(mx: float, my: float) -> str | None:
    """The on-map hex containing a map point (the nearest centre), or None off the grid."""
    r0 = round(my / (S3 / 2))
    best, bd = None, 9e9
    for r in (r0 - 1, r0, r0 + 1):
        c0 = round(mx - (0.5 if r % 2 == 0 else 0.0))
        for c in (c0 - 1, c0, c0 + 1):
            x, y = (c + (0.5 if r % 2 == 0 else 0.0), r * S3 / 2.0)
            d = (x - mx) ** 2 + (y - my) ** 2
            if d < bd:
                best, bd = (r, c), d
    r, c = best
    return hex_id(r, c) if r in ROWS and c in COLS else None


# --- rubber sheet ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """Calibration plus a local rubber sheet: map = S(p) + D(map).

    D is a normalised Gaussian field over control targets t_i (hex centres) with weights solved so
    that D(t_i) equals each control's displacement d_i = t_i - S(p_i) exactly; far from every
    control (beyond about 2.5 hexes) D fades to zero and the map is the pure similarity.
    """

    cal: Calibration
    targets: tuple[tuple[float, float], ...] = ()
    weights: tuple[tuple[float, float], ...] = ()
    length: float = 2.0
    floor: float = 0.2

    @staticmethod
    def solve(cal: Calibration, controls: list[tuple[float, float, tuple[float, float]]],
              length: float = 2.0, floor: float = 0.2) -> "Frame":
        """controls: (lat, lon, target map point)."""
        if not controls:
            return Frame(cal)
        T = np.array([t for _, _, t in controls])
        d = np.array([np.subtract(t, cal.to_map(la, lo)) for la, lo, t in controls])
        K = np.exp(-((T[:, None, :] - T[None, :, :]) ** 2).sum(-1) / length**2)
        # D(t_j) = sum_i K_ji e_i / (floor + sum_i K_ji) = d_j
        rhs = d * (floor + K.sum(1))[:, None]
        e = np.linalg.solve(K, rhs)
        return Frame(cal, tuple(map(tuple, T.tolist())), tuple(map(tuple, e.tolist())), length, floor)

    def displacement(self, mx: np.ndarray, my: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        mx, my = np.asarray(mx, float), np.asarray(my, float)
        if not self.targets:
            return np.zeros_like(mx), np.zeros_like(my)
        T, E = np.array(self.targets), np.array(self.weights)
        w = np.exp(-((mx[..., None] - T[:, 0]) ** 2 + (my[..., None] - T[:, 1]) ** 2) / self.length**2)
        s = self.floor + w.sum(-1)
        return (w * E[:, 0]).sum(-1) / s, (w * E[:, 1]).sum(-1) / s

    def to_latlon_many(self, mx: np.ndarray, my: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        dx, dy = self.displacement(mx, my)
        return self.cal.to_latlon_many(np.asarray(mx) - dx, np.asarray(my) - dy)

    def to_map(self, lat: float, lon: float) -> tuple[float, float]:
        sx, sy = self.cal.to_map(lat, lon)
        mx, my = sx, sy
        for _ in range(60):  # fixed point of m = S(p) + D(m); D's slope is well below 1
            dx, dy = self.displacement(np.array(mx), np.array(my))
            nx, ny = sx + float(dx), sy + float(dy)
            if abs(nx - mx) + abs(ny - my) < 1e-9:
                break
            mx, my = nx, ny
        return mx, my

    def min_jacobian(self, step: float = 0.1) -> float:
        """Smallest determinant of the map -> similarity-plane transform (folding if <= 0)."""
        xs, ys = np.meshgrid(np.arange(-1, 55, step), np.arange(-1, 35, step))
        dx, dy = self.displacement(xs, ys)
        u, v = xs - dx, ys - dy
        ux, uy = np.gradient(u, step, axis=1), np.gradient(u, step, axis=0)
        vx, vy = np.gradient(v, step, axis=1), np.gradient(v, step, axis=0)
        return float((ux * vy - uy * vx).min())
