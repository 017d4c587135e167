"""What the rules read from the pack, derived once per pack (`Ruleset.prepare`): the hex graph,
terrain and hexside features, the TEC, the CRT, the charts, and each counter's values."""
from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple, cast

import msgspec

from domain.kernel.crt import CrtTable
from domain.kernel.grid import Grid
from domain.kernel.pack.schema import Chart, Crt, Pack
from domain.kernel.paths import Graph

if TYPE_CHECKING:
    from domain.kernel.adjudication import Adjudication

ALLIED, GERMAN = "allied", "german"
SIDES = (ALLIED, GERMAN)
# §8: the French 2e DB is American; Polish, Belgian and Canadian troops are British.
NATIONALITY_GROUP = {"us": "us", "french": "us", "british": "british", "canadian": "british", "polish": "british",
                     "belgian": "british", "german": "german"}
DIVISION_TYPES = ("inf_div", "arm_div", "pz_div", "static_div", "abn_div")
NO_FEATURES: frozenset[str] = frozenset()
ROAD_FEATURES = frozenset({"road", "railway"})
SPECIAL_TROOPS = ("paratroop", "commando")  # §11.3: -1 VP per turn after turn 5 while not returned (L600)


class Values(NamedTuple):
    """One counter's printed values (placeholders in this pack, see docs/normandy-data.md)."""

    cls: str  # combat, hq, garrison, marker, partisan, ffi
    nat: str  # nationality group: us, british, german
    steps: int
    attack: tuple[int, ...]  # per face, full first
    defense: tuple[int, ...]
    movement: tuple[int, ...]
    sv: int
    bonus: int  # an HQ's combat bonus
    flags: frozenset[str]
    division: str | None  # the division it counts in (§5.1): its own id for a division
    label: str

    @property
    def motorized(self) -> bool:  # §0.1.2: movement above 6
        return "motorized" in self.flags or max(self.movement or (0,)) > 6

    @property
    def armored(self) -> bool:
        return "armored" in self.flags

    @property
    def elite(self) -> bool:
        return "elite" in self.flags


def _values(cid: str, c: Any) -> Values:
    faces = c.faces or ()
    n = len(faces) or 1
    at = tuple((f.strength or 0) for f in faces) or (c.strength or 0,)
    df = tuple((f.defense or 0) for f in faces) or (0,)
    mv = tuple((f.movement if f.movement is not None else (c.movement or 0)) for f in faces) or (c.movement or 0,)
    first = faces[0].values if faces else {}
    division = cid if c.type in DIVISION_TYPES else (c.designation or None)
    return Values(cls=c.cls, nat=NATIONALITY_GROUP.get(c.nationality or c.side, c.side), steps=n, attack=at, defense=df,
                  movement=mv, sv=int(first.get("sv", 0)), bonus=int(first.get("combat_bonus", 0)),
                  flags=frozenset(c.flags), division=division, label=c.label or cid)


class GameData:
    def __init__(self, pack: Pack):
        self.pack = pack
        assert pack.map is not None, "the Normandy pack has a map"
        self.map = pack.map
        self.grid = Grid(pack.map.grid)
        self.hexes = pack.map.hexes
        self.graph = Graph.of_hexes(self.grid, self.hexes)
        self.values = {cid: _values(cid, c) for cid, c in pack.counters.items()}
        self.sides_features = {k: frozenset(v.features) for k, v in pack.map.hexsides.items()}
        self.crt = CrtTable(_as_dashes(pack.tables["crt"]))
        self.areas = {k: tuple(a.hexes) for k, a in pack.map.areas.items()}
        self.land_hexes = frozenset(h for h, x in self.hexes.items() if x.terrain != "sea")
        self._sides = {}
        for k, f in self.sides_features.items():
            a, b = k.split("/")
            self._sides[(a, b)] = self._sides[(b, a)] = f
        self._neighbours = {h: tuple(self.graph.ids[j] for j, _ in self.graph.adj[i]) for h, i in self.graph.index.items()}
        self.places = {k: tuple(p.hexes) for k, p in pack.map.places.items()}

    # --- charts -----------------------------------------------------------------------------

    def chart(self, name: str) -> dict[str, dict[str, Any]]:
        t = self.pack.tables[name]
        assert isinstance(t, Chart)
        return {r.key: r.values for r in t.rows}

    @cached_property
    def tec(self) -> dict[str, dict[str, Any]]:
        return self.chart("tec")

    # --- the map ------------------------------------------------------------------------------

    def land(self, h: str) -> bool:
        return h in self.land_hexes

    def features(self, h: str) -> frozenset[str]:
        return frozenset(self.hexes[h].features)

    def side_features(self, a: str, b: str) -> frozenset[str]:
        return self._sides.get((a, b), NO_FEATURES)

    def neighbours(self, h: str) -> tuple[str, ...]:
        return self._neighbours.get(h, ())

    def step_costs(self, col: str, armored: bool) -> dict[tuple[str, str], int | None]:
        """The TEC cost of each step between neighbouring land hexes for a movement type, before
        zones of control and enemy units (§2.2, §4.1.1): the road cost along a road or railway
        hexside (which cancels the river), else the hex's terrain cost plus the river's; None where
        the TEC prohibits the terrain (marsh to armour)."""
        key = (col, armored)
        cache = self.__dict__.setdefault("_step_costs", {})
        if key not in cache:
            tec = self.tec
            table: dict[tuple[str, str], int | None] = {}
            for a in self.land_hexes:
                for b in self.neighbours(a):
                    if b not in self.land_hexes:
                        continue
                    sides = self.side_features(a, b)
                    if sides & ROAD_FEATURES:
                        table[(a, b)] = int(tec["road"][col])
                        continue
                    row = tec[self.hexes[b].terrain]
                    c = row[col]
                    if c is None:
                        if armored:
                            table[(a, b)] = None
                            continue
                        c = row["non_motorized"]
                    table[(a, b)] = int(c) + (int(tec["river"][col]) if "river" in sides else 0)
            cache[key] = table
        return cache[key]

    @cached_property
    def stacking_limits(self) -> dict[str, int]:
        return {k: int(v["limit"]) for k, v in self.chart("stacking").items()}

    @cached_property
    def graph_neighbours(self) -> dict[str, tuple[str, ...]]:
        """Each hex's neighbours on the map, for the step-counting searches (supply, command)."""
        return {h: self.neighbours(h) for h in self.hexes}

    @cached_property
    def road_hexes(self) -> frozenset[str]:
        out: set[str] = set()
        for k, f in self.sides_features.items():
            if f & {"road", "railway"}:
                out.update(k.split("/"))
        return frozenset(out)

    @cached_property
    def road_graph(self) -> dict[str, tuple[str, ...]]:
        return {h: tuple(n for n in self.neighbours(h) if self.side_features(h, n) & {"road", "railway"})
                for h in self.road_hexes}

    @cached_property
    def box_entry_hexes(self) -> frozenset[str]:
        """Map hexes the strategic boxes link to (the German off-map depots' way in, §7.2, §4.1.2)."""
        return frozenset(x for b in self.map.boxes.values() for x in b.links if x in self.hexes)

    @cached_property
    def box_links(self) -> dict[str, tuple[str, ...]]:
        """The Strategic Movement Map (§4.1.2): each box joined by a drawn line to other boxes (the
        holding boxes of the air missions, the reserve and the losses have no line and are not in it)."""
        boxes = self.map.boxes
        return {b: tuple(x for x in v.links if x in boxes) for b, v in sorted(boxes.items()) if v.links}

    @cached_property
    def box_hexes(self) -> dict[str, tuple[str, ...]]:
        """The map hexes each coloured box is joined to: its entry and exit hexes (§1.1.2.1)."""
        return {b: tuple(x for x in v.links if x in self.hexes) for b, v in sorted(self.map.boxes.items())
                if any(x in self.hexes for x in v.links)}

    @cached_property
    def hex_boxes(self) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for b, hexes in self.box_hexes.items():
            for h in hexes:
                out.setdefault(h, []).append(b)
        return {h: tuple(bs) for h, bs in out.items()}

    @cached_property
    def festungs(self) -> dict[str, str]:
        """Each Festung box and the holding box it stands in (§0.1.2: St Nazaire inside Rennes)."""
        return {b: v.parent for b, v in sorted(self.map.boxes.items()) if v.parent}

    def playable(self, scenario: str) -> frozenset[str] | None:
        """The hexes a scenario plays on: Scenario 1 uses the west of the map, column 17 included (L466)."""
        area = self.pack.scenarios[scenario].options.get("map_area")
        return frozenset(self.areas[area]) if area in self.areas else None

    def distance(self, a: str, b: str) -> int:
        return self.grid.distance(a, b)


def _as_dashes(crt: Any) -> Crt:
    """The pack prints odds columns as '2:1'; the kernel's CRT reader reads '2-1'."""
    assert isinstance(crt, Crt)
    return msgspec.structs.replace(crt, columns=tuple(c.replace(":", "-") for c in crt.columns))


def data_of(adj: "Adjudication") -> GameData:
    """The bound Normandy ruleset's data, from a ruling's context."""
    return cast(GameData, getattr(adj.ruleset, "data"))


def pack_of(adj: "Adjudication") -> Pack:
    assert adj.ruleset.pack is not None
    return adj.ruleset.pack


def date_of(adj: "Adjudication", turn: int) -> str:
    return str(getattr(adj.ruleset, "date")(turn))
