"""Land, sea and coast per hex, with the values the rulebook forces where the mask disagrees."""
from __future__ import annotations

from dataclasses import dataclass, field

from tools.bp_map import geo, terrain
from tools.bp_map.data_regions import ZUIDER_ZEE
from tools.bp_map.data_rulebook import PINS, SETUP_HEXES
from tools.bp_map.polygons import inside


@dataclass
class LandSea:
    share: dict[str, float]
    sea: set[str]
    lakes: set[str]  # water-majority hexes not joined to the sea: land
    forced_land: dict[str, tuple[str, int, int]] = field(default_factory=dict)  # hex -> (sheet, first, last)
    forced_sea: dict[str, str] = field(default_factory=dict)  # hex -> the coastal hex it serves

    @property
    def land(self) -> set[str]:
        return set(self.share) - self.sea

    def coastal(self) -> set[str]:
        return {h for h in self.land if any(n in self.sea for n in terrain.neighbours(h))}


def classify(samples: terrain.Samples, share: dict[str, float]) -> LandSea:
    border = {h for h in share if geo.row_col(h)[0] in (0, max(geo.ROWS)) or geo.row_col(h)[1] in (0, max(geo.COLS))}
    zz = samples_centres_in(samples, [(a, b) for a, b, _ in ZUIDER_ZEE])
    seeds = sorted(border | zz)
    sea = terrain.classify_sea(share, seeds)
    wet = {h for h, v in share.items() if v < terrain.LAND_SHARE}
    ls = LandSea(share, sea, wet - sea)
    setup = {}
    for sheet, (a, b, hexes) in SETUP_HEXES.items():
        for h in hexes.split():
            setup.setdefault(h, (sheet, a, b))
    for h in sorted(setup):
        if h in ls.sea:
            ls.sea.discard(h)
            ls.forced_land[h] = setup[h]
    for h, implied, (sheet, a, *rest) in PINS:
        if implied != "coastal" or any(n in ls.sea for n in terrain.neighbours(h)):
            continue
        # Give the pinned hex a coast: the wettest neighbour that nothing requires to be land.
        cands = sorted((share[n], n) for n in terrain.neighbours(h) if n not in setup)
        n = cands[0][1]
        ls.sea.add(n)
        ls.forced_sea[n] = h
    return ls


def samples_centres_in(samples: terrain.Samples, poly: list[tuple[float, float]]) -> set[str]:
    import numpy as np

    n = samples.lat.shape[1]
    mid = n // 2  # the lattice's middle point is the hex centre
    lat = samples.lat[:, mid]
    lon = samples.lon[:, mid]
    m = inside(poly, lat, lon)
    return {h for h, v in zip(samples.hexes, np.asarray(m)) if v}

