"""The free set-up areas the scenarios name (the set-up sheets, L878-1091), computed from the map.

Every area is a set of land hexes derived from the map's own base data: its regions
(`north_of_seine`, `south_of_seine_and_eure`, the 25 July Front Line and the Allied Breakout
Line areas), coastal and town hexes, map edges, places, the Seine's hexsides and grid distances
(`domain.kernel.grid.Grid`). The names are those of `extra.setup_areas` (tools/bp_data).

Readings shared by several areas (docs/breakout-pursuit-map.md, "Set-up areas"):

- "within N hexes of" a hex: grid distance at most N (the hex itself is 0, its neighbours 1).
- "within N hexes of" a river or a line, which run along hexsides: a hex with a side on it is
  1 hex from it, so "adjacent to the Seine" is 1 and "within four hexes of" it is 1 to 4,
  counted on the side the definition names.
- compass directions: a hex is North, East, South or West of another by the quarter its true
  bearing falls in (N 315-45°, E 45-135°, S 135-225°, W 225-315°), the bearing read through the
  calibration's similarity. It turns the grid so that the six hexside directions point to about
  359°, 59°, 119°, 179°, 239° and 299°: no hex is near a quarter's edge.

Each area's provenance gives the printed definition, its line and the reading. Paris is
`rulebook` (L913 lists its hexes); an area that depends on a placeholder base area (the Allied
Breakout Line, the closure of the Seine-Eure angle) is `placeholder`; the others are `inferred`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from domain.kernel.grid import Grid
from domain.kernel.pack.provenance import kind
from domain.kernel.pack.schema import Area, MapData
from tools.bp_map import geo
from tools.bp_map.data_rulebook import cite
from tools.map_builder.registry import Sources

# Hexes the set-up sheets print.
PIPELINES = ("0840", "0940", "1039", "1138", "1139")  # L1010
LE_MANS, DREUX, CHARTRES, ARGENTAN = "2041", "1833", "2134", "1439"  # L982, L998


class Base:
    """The map's base sets, and the base areas and places each computation used."""

    def __init__(self, m: MapData) -> None:
        self.m, self.g = m, Grid(m.grid)
        self.land = {h for h, x in m.hexes.items() if x.terrain != "sea"}
        self.coastal = {h for h in self.land if "coastal" in m.hexes[h].features}
        self.towns = {h for h in self.land if m.hexes[h].terrain == "town"}
        sim = m.calibration["similarity"]
        self._a, self._b = sim["a"], sim["b"]
        self.used: list[str] = []

    def area(self, name: str) -> set[str]:
        self.used.append(f"area {name}")
        return set(self.m.areas[name].hexes)

    def place(self, name: str) -> set[str]:
        self.used.append(f"place {name}")
        return set(self.m.places[name].hexes)

    def near(self, targets, n: int) -> set[str]:
        """Land hexes at most n hexes from one of the targets."""
        return {h for t in targets for h in self.g.within(t, n)} & self.land

    def bank(self, line: str, side: set[str]) -> set[str]:
        """The hexes of `side` with a hexside on the line (1 hex from it)."""
        self.used.append(f"line {line}")
        return {h for s in self.m.lines[line].hexsides for h in s.split("/") if h in side}

    def from_line(self, line: str, side: set[str], n: int) -> set[str]:
        """Hexes of `side` at most n hexes from the line (its bank hexes are 1)."""
        return self.near(self.bank(line, side), n - 1) & side

    def seine_bank(self) -> set[str]:
        return self.bank("river:Seine", self.land)

    def bearing(self, frm: str, to: str) -> float:
        """True bearing (degrees) from one hex centre to another, by the similarity's rotation."""
        (x0, y0), (x1, y1) = geo.centre(frm), geo.centre(to)
        dx, dy = x1 - x0, y1 - y0
        east, north = self._a * dx + self._b * dy, -self._b * dx + self._a * dy
        return math.degrees(math.atan2(east, north)) % 360


def east_of(b: Base, centre: str, h: str) -> bool:
    return h != centre and 45 < b.bearing(centre, h) < 135


def _front(b: Base, n: int) -> set[str]:
    south = b.land - b.area("north_of_front_line_25_july")
    return b.from_line("front_line_25_july", south, n)


def _rouen(b: Base) -> str:
    (h,) = b.place("Rouen")
    return h


@dataclass(frozen=True)
class Spec:
    lines: str                          # where the definition is printed
    printed: str                        # the definition, as printed
    reading: str                        # how the map reads it
    hexes: Callable[[Base], set[str]]


SPECS: dict[str, Spec] = {
    "paris": Spec("L913", "On any Paris hex (2029, 2129, 2130)", "the hexes of the place Paris",
                  lambda b: b.place("Paris")),
    "towns_north_of_seine_excl_paris": Spec(
        "L916-917", "any town or city hex(es) North of the Seine River (Paris excluded)",
        "town hexes of north_of_seine, less Paris",
        lambda b: b.towns & b.area("north_of_seine") - b.place("Paris")),
    "coastal_band_north_of_seine": Spec(
        "L919", "any hex North of the Seine River, and no more than two hexes from a coastal hex",
        "hexes of north_of_seine at most 2 hexes from a coastal hex (any coastal hex of the map)",
        lambda b: b.area("north_of_seine") & b.near(b.coastal, 2)),
    "not_north_of_front_line_25_july": Spec(
        "L935", 'Anywhere on the map except North of the "25 July Front Line."',
        "land hexes outside north_of_front_line_25_july",
        lambda b: b.land - b.area("north_of_front_line_25_july")),
    "within_6_of_coast_north_of_seine": Spec(
        "L950", "within six hexes of a coastal hex, and North of the Seine River (modification f)",
        "hexes of north_of_seine at most 6 hexes from a coastal hex",
        lambda b: b.area("north_of_seine") & b.near(b.coastal, 6)),
    "within_4_south_of_front_line_25_july": Spec(
        "L950", "within four hexes south of the July 25th Front Line (modification f)",
        "hexes outside north_of_front_line_25_july at most 4 hexes from the line front_line_25_july "
        "(the hexes with a side on it are 1)",
        lambda b: _front(b, 4)),
    "not_within_4_of_front_line_25_july": Spec(
        "L952", "anywhere on the map, except within four hexes of the 25 July Front Line, or north of the "
                "25 July Front Line (modification r)",
        "land hexes neither in north_of_front_line_25_july nor within_4_south_of_front_line_25_july",
        lambda b: b.land - b.area("north_of_front_line_25_july") - _front(b, 4)),
    "on_or_adjacent_pipeline_24_aug": Spec(
        "L970, L1010", "On or adjacent to a Supply Pipeline unit (placed on 840, 940, 1039, 1138 and 1139)",
        "the five pipeline hexes and their land neighbours",
        lambda b: b.near(PIPELINES, 1)),
    "within_5_of_le_mans": Spec("L982", "Not more than five hexes from Le Mans (2041)",
                                "land hexes at most 5 hexes from 2041", lambda b: b.near([LE_MANS], 5)),
    "within_2_of_dreux": Spec("L982", "no more than two hexes from Dreux (1833)",
                              "land hexes at most 2 hexes from 1833", lambda b: b.near([DREUX], 2)),
    "within_4_of_chartres": Spec("L982", "no more than four hexes from Chartes (2134)",
                                 "land hexes at most 4 hexes from 2134", lambda b: b.near([CHARTRES], 4)),
    "on_or_adjacent_argentan": Spec("L998", "On or adjacent to Argentan (1439)",
                                    "1439 and its land neighbours", lambda b: b.near([ARGENTAN], 1)),
    "within_2_nws_of_argentan": Spec(
        "L1005", "No more than two hexes North, West or South of Argentan (1439)",
        "land hexes at most 2 hexes from 1439 that are not East of it: true bearing from 1439 outside "
        "45-135° (the similarity's rotation makes the hexside directions about 359°, 59°, 119°, 179°, "
        "239° and 299°, so the two hexsides toward lower columns face East); 1439 itself is included",
        lambda b: {h for h in b.near([ARGENTAN], 2) if not east_of(b, ARGENTAN, h)}),
    "coastal_north_of_breakout_line": Spec(
        "L1012", "Any coastal hex North of the Allied Breakout Line",
        "coastal hexes of north_of_allied_breakout_line",
        lambda b: b.coastal & b.area("north_of_allied_breakout_line")),
    "coastal_north_of_seine": Spec("L1024", "On any coastal hex or hexes North of the Seine River",
                                   "coastal hexes of north_of_seine",
                                   lambda b: b.coastal & b.area("north_of_seine")),
    "rouen_or_seine_bank_or_paris": Spec(
        "L1034", "either (a) within two hexes of Rouen, or (b) adjacent to and North of the Seine River, "
                 "or (c) in Paris (2029, 2129, 2130)",
        "land hexes at most 2 hexes from the place Rouen, hexes of north_of_seine with a side on river:Seine, "
        "and the hexes of Paris",
        lambda b: b.near([_rouen(b)], 2) | (b.seine_bank() & b.area("north_of_seine")) | b.place("Paris")),
    "north_within_4_of_seine": Spec(
        "L1046", "both North and within four hexes of the Seine River",
        "hexes of north_of_seine at most 4 hexes from river:Seine (the hexes with a side on it are 1)",
        lambda b: b.from_line("river:Seine", b.area("north_of_seine"), 4)),
    "north_of_seine_not_adjacent": Spec(
        "L1054", "North of the Seine River, but not adjacent to it",
        "hexes of north_of_seine with no side on river:Seine",
        lambda b: b.area("north_of_seine") - b.seine_bank()),
    "exactly_4_from_rouen_south_of_seine_and_eure": Spec(
        "L1060", "any one hex exactly four hexes from Rouen, and South of both the Seine and Eure Rivers",
        "hexes of south_of_seine_and_eure exactly 4 hexes from the place Rouen",
        lambda b: set(b.g.ring(_rouen(b), 4)) & b.area("south_of_seine_and_eure")),
    "within_15_of_edge_A": Spec(
        "L1071-1072", 'on any hex or hexes no more than 15 hexes from any map-edge hex marked "A"',
        "land hexes at most 15 hexes from a hex of edge_A", lambda b: b.near(b.area("edge_A"), 15)),
    "within_20_of_edge_A": Spec(
        "L1077", 'Any hex or hexes within 20 hexes of a map edge hex marked "A" (modification e)',
        "land hexes at most 20 hexes from a hex of edge_A", lambda b: b.near(b.area("edge_A"), 20)),
    "within_10_of_edge_A": Spec(
        "L1078", 'Any hex or hexes within 10 hexes of a map edge hex marked "A" (modification e)',
        "land hexes at most 10 hexes from a hex of edge_A", lambda b: b.near(b.area("edge_A"), 10)),
    "north_of_seine_above_2000_row": Spec(
        "L908", 'a hex North of the Seine River above the "2000" row of hexes (Special Rule G)',
        "hexes of north_of_seine in rows 00-19 (rows grow southward, so 'above' is a lower row)",
        lambda b: {h for h in b.area("north_of_seine") if int(h[:2]) < 20}),
}
# Areas whose hexes the text lists outright.
PRINTED = {"paris": cite("g_jul", 913)}
# Not printed: the July sheet has no Naval Supply unit (the pack adds one, a placeholder).
UNPRINTED = {
    "coastal_north_of_front_line_25_july": (
        "where the July Naval Supply unit (a placeholder addition) starts; not printed. Read like the August "
        "sheet's 'Any coastal hex North of the Allied Breakout Line' (L1012): coastal hexes of "
        "north_of_front_line_25_july",
        lambda b: b.coastal & b.area("north_of_front_line_25_july")),
}


def setup_areas(src: Sources, m: MapData) -> dict[str, Area]:
    b = Base(m)
    out: dict[str, Area] = {}
    clash = (SPECS.keys() | UNPRINTED.keys()) & m.areas.keys()
    if clash:
        raise ValueError(f"set-up areas already on the map: {sorted(clash)}")
    for name, spec in SPECS.items():
        b.used = []
        hexes = spec.hexes(b)
        weak = sorted({u for u in b.used if _placeholder(src, m, u)})
        evidence = f"{spec.printed} ({spec.lines}): {spec.reading}"
        if name in PRINTED:
            key = src.printed(f"area.setup.{name}", PRINTED[name])
        elif weak:
            key = src.placeholder(f"area.setup.{name}", f"{evidence}; depends on the placeholder {', '.join(weak)}")
        else:
            key = src.inferred(f"area.setup.{name}", evidence)
        out[name] = _area(name, key, hexes, f"{spec.printed} ({spec.lines})")
    for name, (reason, fn) in UNPRINTED.items():
        out[name] = _area(name, src.placeholder(f"area.setup.{name}", reason), fn(b), "not printed: " + reason)
    return out


def _placeholder(src: Sources, m: MapData, used: str) -> bool:
    what, name = used.split(" ", 1)
    rec = {"area": m.areas, "place": m.places, "line": m.lines}[what][name]
    return kind(src.entries[rec.prov]) == "placeholder"


def _area(name: str, key: str, hexes: set[str], description: str) -> Area:
    if not hexes:
        raise ValueError(f"set-up area {name} is empty")
    return Area(prov=key, hexes=tuple(sorted(hexes)), description=description)
