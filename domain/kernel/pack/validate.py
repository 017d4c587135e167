"""Semantic checks of a decoded pack: everything the schema's types cannot say.

Each problem is an `Issue` with the path of the datum (`counters["us-2ad"].prov`,
`map.hexsides["0840/0941"]`), and every problem is reported, not just the first.
"""
from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.grid import Grid, hexside_id
from domain.kernel.pack.errors import Issue, key
from domain.kernel.pack.schema import (
    SCHEMA_VERSION, Arrival, Chart, ChartRow, Crt, MapData, Pack, Placement, Scenario,
)


def validate_pack(pack: Pack) -> list[Issue]:
    v = _Validator(pack)
    v.meta()
    if pack.map is not None:
        v.map(pack.map)
    for cid, c in pack.counters.items():
        v.record(f"counters{key(cid)}", c)
    for tid, t in pack.tables.items():
        v.table(f"tables{key(tid)}", t)
    for sid, s in pack.scenarios.items():
        v.scenario(f"scenarios{key(sid)}", sid, s)
    v.counter_sides()
    return v.issues


def _fields(rec: msgspec.Struct) -> tuple[str, ...]:
    return tuple(f for f in rec.__struct_fields__ if f not in ("prov", "field_prov"))


class _Validator:
    def __init__(self, pack: Pack):
        self.pack = pack
        self.issues: list[Issue] = []
        self.grid: Grid | None = None
        self.hexes: dict[str, Any] = pack.map.hexes if pack.map else {}
        self.boxes: dict[str, Any] = pack.map.boxes if pack.map else {}
        self.areas: dict[str, Any] = pack.map.areas if pack.map else {}
        self.edges = {e for h in self.hexes.values() for e in h.edges}

    def err(self, path: str, message: str) -> None:
        self.issues.append(Issue(path, message))

    # --- provenance ----------------------------------------------------------------------------

    def prov(self, path: str, ref: Any) -> None:
        if isinstance(ref, str) and ref not in self.pack.sources:
            self.err(path, f'unknown source "{ref}"')

    def record(self, path: str, rec: Any, also: tuple[str, ...] = ()) -> None:
        """A record's provenance and its field_prov, which may only name the record's own fields."""
        self.prov(f"{path}.prov", rec.prov)
        fields = _fields(rec) + also
        for f, ref in rec.field_prov.items():
            if f not in fields:
                self.err(f"{path}.field_prov{key(f)}", f"names no field of {type(rec).__name__}: {f!r}")
            self.prov(f"{path}.field_prov{key(f)}", ref)

    def meta(self) -> None:
        if self.pack.meta.schema_version != SCHEMA_VERSION:
            self.err("meta.schema_version", f"pack is written for schema {self.pack.meta.schema_version}; "
                                            f"this umpire reads schema {SCHEMA_VERSION}")

    # --- map -----------------------------------------------------------------------------------

    def map(self, m: MapData) -> None:
        try:
            self.grid = Grid(m.grid)
        except ValueError as e:
            self.err("map.grid", str(e))
        for hid, h in m.hexes.items():
            p = f"map.hexes{key(hid)}"
            self.hex_key(p, hid)
            self.record(p, h)
        for sid, s in m.hexsides.items():
            p = f"map.hexsides{key(sid)}"
            self.side_id(p, sid)
            self.record(p, s)
        for name, pl in m.places.items():
            p = f"map.places{key(name)}"
            self.record(p, pl)
            self.on_map(f"{p}.hexes", pl.hexes)
        for name, a in m.areas.items():
            p = f"map.areas{key(name)}"
            self.record(p, a)
            self.on_map(f"{p}.hexes", a.hexes)
        for name, ln in m.lines.items():
            p = f"map.lines{key(name)}"
            self.record(p, ln)
            for i, sid in enumerate(ln.hexsides):
                self.side_id(f"{p}.hexsides{key(i)}", sid)
        for name, b in m.boxes.items():
            self.box(f"map.boxes{key(name)}", name, b)

    def hex_key(self, path: str, hid: str) -> None:
        if self.grid is None:
            return
        try:
            canon = self.grid.canonical(hid)
        except ValueError as e:
            self.err(path, f"not a hex id of this grid: {e}")
            return
        if canon != hid:
            self.err(path, f"not canonical: the owning sheet numbers this hex {canon!r}")

    def side_id(self, path: str, sid: str) -> None:
        """A hexside id: "a/b", canonical ids in sorted order, adjacent, one of them on the map."""
        if self.grid is None:
            return
        parts = sid.split("/")
        if len(parts) != 2:
            self.err(path, f"a hexside id is two hex ids joined by '/': {sid!r}")
            return
        try:
            a, b = (self.grid.canonical(x) for x in parts)
        except ValueError as e:
            self.err(path, f"not a hexside of this grid: {e}")
            return
        if not self.grid.adjacent(a, b):
            self.err(path, f"{a} and {b} are not adjacent")
        elif hexside_id(a, b) != sid:
            self.err(path, f"not canonical: write {hexside_id(a, b)!r}")
        if a not in self.hexes and b not in self.hexes:
            self.err(path, "neither hex of this side is on the map")

    def on_map(self, path: str, hexes: tuple[str, ...]) -> None:
        for i, h in enumerate(hexes):
            if h not in self.hexes:
                self.err(f"{path}{key(i)}", f"{h!r} is not a hex of the map")

    def box(self, path: str, name: str, b: Any) -> None:
        self.record(path, b)
        if self.grid is not None and self.grid.is_id(name):
            self.err(path, "a box id must not read as a hex id")
        if b.parent is not None:
            if b.parent not in self.boxes:
                self.err(f"{path}.parent", f"no box {b.parent!r}")
            else:
                seen, cur = {name}, b.parent
                while cur is not None and cur in self.boxes:
                    if cur in seen:
                        self.err(f"{path}.parent", "boxes nest in a loop")
                        break
                    seen.add(cur)
                    cur = self.boxes[cur].parent
        for i, to in enumerate(b.links):
            if to not in self.boxes and to not in self.hexes:
                self.err(f"{path}.links{key(i)}", f"{to!r} is neither a box nor a hex of the map")

    # --- tables --------------------------------------------------------------------------------

    def table(self, path: str, t: Crt | Chart) -> None:
        self.prov(f"{path}.prov", t.prov)
        if isinstance(t, Crt):
            width = len(t.columns)
            for rk, cells in t.rows.items():
                rp = f"{path}.rows{key(rk)}"
                if len(cells) != width:
                    self.err(rp, f"{len(cells)} cells for {width} columns")
                for i, cell in enumerate(cells):
                    self.prov(f"{rp}{key(i)}.prov", cell.prov)
                    if t.results and cell.result not in t.results:
                        self.err(f"{rp}{key(i)}.result", f"result {cell.result!r} is not in the table's results")
            return
        seen: set[str] = set()
        for i, row in enumerate(t.rows):
            rp = f"{path}.rows{key(i)}"
            if row.key in seen:
                self.err(f"{rp}.key", f"row key {row.key!r} appears twice")
            seen.add(row.key)
            self.chart_row(rp, row, t.columns)

    def chart_row(self, path: str, row: ChartRow, columns: tuple[str, ...]) -> None:
        # A chart row's field_prov may name one of its values (a single reconstructed cell).
        self.record(path, row, also=tuple(row.values))
        if columns:
            for col in row.values:
                if col not in columns:
                    self.err(f"{path}.values{key(col)}", f"no column {col!r} in the chart")

    # --- scenarios -----------------------------------------------------------------------------

    def scenario(self, path: str, sid: str, s: Scenario) -> None:
        self.record(path, s)
        if s.id != sid:
            self.err(f"{path}.id", f"is {s.id!r} but the scenario is keyed {sid!r}")
        sides = [x.id for x in s.sides]
        for i, x in enumerate(s.sides):
            if sides.index(x.id) != i:
                self.err(f"{path}.sides{key(i)}.id", f"side {x.id!r} declared twice")
        seats = [x.id for x in s.seats]
        for i, seat in enumerate(s.seats):
            if seats.index(seat.id) != i:
                self.err(f"{path}.seats{key(i)}.id", f"seat {seat.id!r} declared twice")
            if seat.side not in sides:
                self.err(f"{path}.seats{key(i)}.side", f"side {seat.side!r} is not declared by the scenario")
        if s.end.turn < s.start.turn:
            self.err(f"{path}.end.turn", f"the scenario ends (turn {s.end.turn}) before it starts (turn {s.start.turn})")
        for i, pl in enumerate(s.setup):
            self.placement(f"{path}.setup{key(i)}", pl, sides)
        for i, ar in enumerate(s.reinforcements):
            self.arrival(f"{path}.reinforcements{key(i)}", ar, sides)

    def unit(self, path: str, counter: str, sides: list[str]) -> None:
        c = self.pack.counters.get(counter)
        if c is None:
            self.err(f"{path}.counter", f"no counter {counter!r}")
        elif c.side not in sides:
            self.err(f"{path}.counter", f"counter {counter!r} is on side {c.side!r}, not a side of the scenario")

    def spot(self, path: str, at: str | None) -> None:
        if at is not None and at not in self.hexes and at not in self.boxes:
            self.err(path, f"{at!r} is neither a hex of the map nor a box")

    def placement(self, path: str, pl: Placement, sides: list[str]) -> None:
        self.record(path, pl)
        self.unit(path, pl.counter, sides)
        self.spot(f"{path}.at", pl.at)
        if pl.area is not None and pl.area not in self.areas:
            self.err(f"{path}.area", f"no area {pl.area!r}")
        if pl.at is None and pl.area is None:
            self.err(path, "a placement needs `at` or `area`")

    def arrival(self, path: str, ar: Arrival, sides: list[str]) -> None:
        self.record(path, ar)
        self.unit(path, ar.counter, sides)
        self.spot(f"{path}.at", ar.at)
        if ar.edge is not None and ar.edge not in self.edges and ar.edge not in self.areas:
            self.err(f"{path}.edge", f"no map edge or area {ar.edge!r}")

    def counter_sides(self) -> None:
        if not self.pack.scenarios:
            return
        sides = {x.id for s in self.pack.scenarios.values() for x in s.sides}
        for cid, c in self.pack.counters.items():
            if c.side not in sides:
                self.err(f"counters{key(cid)}.side", f"side {c.side!r} is declared by no scenario")
