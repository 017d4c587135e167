"""The pack as the rules read it: lookups built once per pack (Ruleset.bind -> prepare).

Everything here is data from the pack (map, CRT, Terrain Effects Chart, VP schedules, the
battlegroup table, the Time Record); the rules modules never hard-code a table.
"""
from __future__ import annotations

from functools import cached_property

from domain.kernel.board import Board
from domain.kernel.crt import CrtTable
from domain.kernel.pack.keys import record_provenance
from domain.kernel.pack.provenance import Provenance
from domain.kernel.pack.schema import Chart, Crt, Pack
from domain.kernel.search import distances

# Names the map provides (docs/breakout-pursuit-map.md): places by their printed names, areas.
CHERBOURG, BAYEUX, PARIS, ANTWERP, REIMS, ST_MALO, ESSEN, DUSSELDORF = (
    "Cherbourg", "Bayeux", "Paris", "Antwerp", "Reims", "St. Malo", "Essen", "Düsseldorf")
EDGES = ("edge_A", "edge_B", "edge_C", "edge_D")
EAST_EDGE = "edge_East"
NORTH_OF_BREAKOUT_LINE = "north_of_allied_breakout_line"  # Victory E: "south of" is every other land hex
VP_PLACES = {"paris": PARIS, "antwerp": ANTWERP, "reims": REIMS}  # vp_special rows -> map places (Victory F)
# Map terrain -> the Terrain Effects Chart row that governs it.
TEC_ROW = {"town": "town_city", "city": "town_city"}


class MissingData(LookupError):
    """The pack lacks something the rules need; the message names it."""


def _chart(pack: Pack, name: str) -> Chart:
    t = pack.tables.get(name)
    if not isinstance(t, Chart):
        raise MissingData(f"the pack has no chart {name!r}")
    return t


class GameData:
    def __init__(self, pack: Pack, *, fidelity: bool = False):
        if pack.map is None:
            raise MissingData("the Breakout & Pursuit pack has no map")
        self.pack = pack
        # breakout-pursuit@2 (issue 16): rulings cite unprinted data as `pack` citations, each
        # ruling carries its own citations and its reasons; @1 rules and cites as recorded.
        self.fidelity = fidelity
        self.map = pack.map
        self.board = Board(pack.map)
        self.grid = self.board.grid
        self._areas: dict[str, frozenset[str]] = {}

    # --- map -----------------------------------------------------------------------------------

    def hex_has(self, hex_id: str, feature: str) -> bool:
        h = self.map.hexes.get(hex_id)
        return h is not None and (feature in h.features or h.terrain == feature)

    def side_has(self, side_id: str, feature: str) -> bool:
        s = self.map.hexsides.get(side_id)
        return s is not None and feature in s.features

    def place(self, name: str) -> tuple[str, ...]:
        p = self.map.places.get(name)
        if p is None:
            raise MissingData(f"the map names no place {name!r}")
        return p.hexes

    def area(self, name: str) -> frozenset[str]:
        if name not in self._areas:  # movement asks for the Special Rule G area on every step
            a = self.map.areas.get(name)
            if a is None:
                raise MissingData(f"the map has no area {name!r}")
            self._areas[name] = frozenset(a.hexes)
        return self._areas[name]

    @cached_property
    def cherbourg(self) -> str:
        return self.place(CHERBOURG)[0]

    @cached_property
    def bayeux(self) -> str:
        return self.place(BAYEUX)[0]

    @cached_property
    def east_edge(self) -> frozenset[str]:
        return self.area(EAST_EDGE)

    @cached_property
    def fortress_hexes(self) -> frozenset[str]:
        return frozenset(h for h, x in self.map.hexes.items() if "fortress" in x.features)

    @cached_property
    def west_wall(self) -> frozenset[str]:
        return frozenset(h for h, x in self.map.hexes.items() if "west_wall" in x.features)

    @cached_property
    def neighbours(self) -> dict[str, tuple[str, ...]]:
        """Map hexes adjacent to each map hex (box links excluded)."""
        hexes = self.map.hexes
        return {h: tuple(n for n in self.board.neighbours(h) if n in hexes) for h in hexes}

    @cached_property
    def _sea_sides(self) -> dict[tuple[str, str], bool]:
        """Whether each pair of adjacent map hexes has a sea hexside between them (ZOC, supply
        paths and attacks ask it very often)."""
        from domain.kernel.grid import hexside_id

        return {(h, n): self.side_has(hexside_id(h, n), "sea") for h, ns in self.neighbours.items() for n in ns}

    @cached_property
    def across_land(self) -> dict[str, tuple[str, ...]]:
        """Map hexes adjacent to each map hex not across a sea hexside (what ZOC reaches)."""
        return {h: tuple(n for n in ns if not self._sea_sides[h, n]) for h, ns in self.neighbours.items()}

    @cached_property
    def land_graph(self) -> dict[str, tuple[str, ...]]:
        """For each land hex, the land hexes a path may step to (not across a sea hexside)."""
        land = self.land_hexes
        return {h: tuple(n for n in ns if n in land) for h, ns in self.across_land.items() if h in land}

    @cached_property
    def land_numbered(self) -> tuple[tuple[str, ...], dict[str, int], tuple[tuple[int, ...], ...]]:
        """land_graph by numbers: (hex of each number, number of each hex, neighbours' numbers):
        a breadth-first search over the whole map (supply_steps.py) indexes lists, not dicts."""
        hexes = tuple(sorted(self.land_graph))
        number = {h: i for i, h in enumerate(hexes)}
        return hexes, number, tuple(tuple(number[n] for n in self.land_graph[h]) for h in hexes)

    @cached_property
    def cubes(self) -> dict[str, tuple[int, int, int]]:
        """Each map hex's cube coordinates (hex distances asked inside searches, retreat.py)."""
        return {h: self.grid.cube(h) for h in self.map.hexes}

    @cached_property
    def sorted_land_graph(self) -> dict[str, tuple[str, ...]]:
        """land_graph with each hex's neighbours in id order: the order a Supply Path record walks them."""
        return {h: tuple(sorted(ns)) for h, ns in self.land_graph.items()}

    @cached_property
    def east_edge_distance(self) -> dict[str, int]:
        """Steps from each hex to the East edge on the open map (nothing blocking, no sea hexside
        crossed): a lower bound of any path's length there, which guides eastward.py's searches."""
        return distances(self.across_land, self.east_edge)

    @cached_property
    def land_hexes(self) -> frozenset[str]:
        return frozenset(h for h, x in self.map.hexes.items() if x.terrain != "sea")

    def sea_between(self, a: str, b: str) -> bool:
        known = self._sea_sides.get((a, b))
        if known is not None:
            return known
        from domain.kernel.grid import hexside_id

        return self.side_has(hexside_id(a, b), "sea")

    def river_between(self, a: str, b: str) -> bool:
        from domain.kernel.grid import hexside_id

        return self.side_has(hexside_id(a, b), "river")

    def enterable(self, hex_id: str) -> bool:
        h = self.map.hexes.get(hex_id)
        return h is not None and h.terrain != "sea"

    @cached_property
    def provenance(self) -> dict[str, tuple[str, Provenance]]:
        """Every datum's register key -> (weakest kind, own provenance), the map's included."""
        return record_provenance(self.pack, with_map=True)

    # --- tables ---------------------------------------------------------------------------------

    @cached_property
    def crt(self) -> Crt:
        t = self.pack.tables.get("crt")
        if not isinstance(t, Crt):
            raise MissingData("the pack has no CRT")
        return t

    @cached_property
    def crt_table(self) -> CrtTable:
        """The CRT read as the kernel reads every odds table: columns, clamped rows, lower odds."""
        return CrtTable(self.crt)

    @cached_property
    def terrain_effects(self) -> dict[str, dict]:
        return {r.key: r.values for r in _chart(self.pack, "terrain_effects").rows}

    def tec_row(self, name: str) -> dict:
        """The Terrain Effects Chart row of a terrain or feature name ({} when the chart has none)."""
        return self.terrain_effects.get(TEC_ROW.get(name, name), {})

    def defense_multiplier(self, terrain: str) -> int:
        row = self.tec_row(terrain)
        return int(row.get("defense_multiplier", 1)) if row else 1

    @cached_property
    def supply_effects(self) -> dict[str, dict]:
        """Supply Effects Chart rows by "<side>_<state>" (allied_unsupplied, german_isolated, ...)."""
        return {r.key: r.values for r in _chart(self.pack, "supply_effects").rows}

    @cached_property
    def vp_for_german_units(self) -> dict[str, int]:
        """Points the Allies score per German unit destroyed, by "strength-movement" (Victory A)."""
        return {r.key: int(r.values["points"]) for r in _chart(self.pack, "vp_german_units").rows}

    @cached_property
    def vp_for_allied_units(self) -> dict[str, int]:
        return {r.key: int(r.values["points"]) for r in _chart(self.pack, "vp_allied_units").rows}

    @cached_property
    def battlegroups(self) -> list[dict]:
        return [dict(r.values, key=r.key) for r in _chart(self.pack, "battlegroups").rows]

    @cached_property
    def time_record(self) -> dict[int, dict]:
        return {int(r.key): r.values for r in _chart(self.pack, "time_record").rows}

    @cached_property
    def victory_levels(self) -> list[dict]:
        return [dict(r.values, key=r.key) for r in _chart(self.pack, "victory_levels").rows]

    @cached_property
    def vp_special(self) -> dict[str, dict]:
        return {r.key: r.values for r in _chart(self.pack, "vp_special").rows}

    @cached_property
    def vp_places(self) -> dict[str, tuple[str, ...]]:
        """The hexes of each place that scores (Victory F): the chart's own, else the map place's
        (a test map may lack one; the pack's map has them all)."""
        out = {}
        for key, name in VP_PLACES.items():
            hexes = self.vp_special[key].get("hexes") or (self.map.places[name].hexes if name in self.map.places else ())
            if hexes:
                out[key] = tuple(hexes)
        return out
