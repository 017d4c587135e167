"""What the rules read from the pack, derived once per pack (`Ruleset.prepare`): the board, the
Terrain Effects Chart, the combat tables, the bridges, the main road, the zones, the counters'
values and which seat commands each counter."""
from __future__ import annotations

from fractions import Fraction
from functools import cached_property
from typing import Any

from domain.kernel.board import Board
from domain.kernel.crt import CrtTable
from domain.kernel.grid import hexside_hexes
from domain.kernel.pack.schema import Chart, Counter, Crt, Pack

DAYS = {"AM": True, "PM": False}


class Bridge:
    __slots__ = ("side", "name", "main", "x", "ferry", "hexes")

    def __init__(self, side: str, name: str, main: bool, x: bool, ferry: bool):
        self.side, self.name, self.main, self.x, self.ferry = side, name, main, x, ferry
        self.hexes = hexside_hexes(side)


class GameData:
    def __init__(self, pack: Pack, version: int = 1):
        assert pack.map is not None
        self.pack = pack
        # The ruleset version these data serve: @2 puts the attacker's retreat to its owner and
        # cites §14, §16, §17.2 and §19.1 where a combat used them; @3 allocates support at full
        # grain, splits retreats, re-checks stacking, lets stacks pick up and drop units and lets a
        # reinforcement move on from its entry; @1 rules as it was recorded.
        self.version = version
        self.board = Board(pack.map)
        self.map = pack.map
        self.counters: dict[str, Counter] = dict(pack.counters)
        self.tables = pack.tables
        self.tec = {r.key: r.values for r in self.chart("tec").rows}
        self.maneuver = CrtTable(self.crt("maneuver"))
        self.assault = CrtTable(self.crt("assault"))
        self.bombardment = CrtTable(self.crt("bombardment"))
        self.water: dict[str, str] = {}  # hexside -> river/canal
        self.bridges: dict[str, Bridge] = {}
        self.road_sides: set[str] = set()
        self.main_road_sides: set[str] = set()
        for sid, hs in pack.map.hexsides.items():
            f = set(hs.features)
            if "river" in f or "canal" in f:
                self.water[sid] = "river" if "river" in f else "canal"
            if "bridge" in f or "ferry" in f:
                self.bridges[sid] = Bridge(sid, hs.name or sid, "main_bridge" in f, "demolition_x" in f, "ferry" in f)
            if "main_road" in f:
                self.main_road_sides.add(sid)
            if "road" in f or "main_road" in f:
                self.road_sides.add(sid)
        self.main_road_hexes = {h for s in self.main_road_sides for h in hexside_hexes(s)}
        self.polder = set(pack.map.areas["polder_zone"].hexes)
        self.waterlogged = set(pack.map.areas["waterlogged_highway"].hexes)
        self.edges = {h for h, x in pack.map.hexes.items() if x.edges}
        self.cities = {h for h, x in pack.map.hexes.items() if x.terrain == "city"}
        # The main road's south-western end (§7.1: it runs from the NE to the SW of the map).
        self.main_road_sw = sorted((h for h in self.main_road_hexes if "S" in pack.map.hexes[h].edges))
        # Entry costs in half points (terrain.HALF), worked out once: the chart's main road costs 1/2.
        self.mp_half = {h: int(self.mp(h) * 2) for h in pack.map.hexes}
        self.road_half = {True: int(self.road_mp(True) * 2), False: int(self.road_mp(False) * 2)}
        self.nbrs = {h: self.board.neighbours(h) for h in pack.map.hexes}
        self.bridge_by_name = {line.split(":", 1)[1]: ln.hexsides[0] for line, ln in pack.map.lines.items() if line.startswith("bridge:")}

    def chart(self, name: str) -> Chart:
        t = self.tables[name]
        assert isinstance(t, Chart)
        return t

    def crt(self, name: str) -> Crt:
        t = self.tables[name]
        assert isinstance(t, Crt)
        return t

    def rows(self, name: str) -> dict[str, dict[str, Any]]:
        return {r.key: r.values for r in self.chart(name).rows}

    @cached_property
    def cells_prov(self) -> dict[str, Any]:
        return {}

    # --- terrain ---------------------------------------------------------------------------------

    def terrain(self, hex_id: str) -> str:
        return self.map.hexes[hex_id].terrain

    def defence(self, hex_id: str) -> int:
        return int(self.tec[self.terrain(hex_id)]["defence"])

    def mp(self, hex_id: str) -> Fraction:
        return Fraction(str(self.tec[self.terrain(hex_id)]["mp"]))

    def road_mp(self, main: bool) -> Fraction:
        return Fraction(str(self.tec["main_road" if main else "road"]["mp"]))

    def zoc_into(self, hex_id: str) -> bool:
        return bool(self.tec[self.terrain(hex_id)]["zoc_into"])

    def neighbours(self, hex_id: str) -> tuple[str, ...]:
        return self.nbrs[hex_id]

    def distance(self, a: str, b: str) -> int:
        return self.board.grid.distance(a, b)
