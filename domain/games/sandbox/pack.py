"""The sandbox's content pack: a 4x5 map with a river and a bridge, three units a side.

It is invented for testing the contract (every datum `placeholder`); it is never listed as a
scenario unless the service runs with UMPIRE_SANDBOX=1.
"""
from __future__ import annotations

from domain.kernel.grid import Grid, hexside_id
from domain.kernel.pack.provenance import Placeholder
from domain.kernel.pack.schema import (
    Area, ChartRow, Chart, ClockSpec, Counter, Crt, CrtCell, Die, GridSpec, Hex, Hexside, MapData, Pack,
    PackMeta, Placement, Scenario, SeatSpec, SideSpec,
)

SRC = "sandbox"
GRID = GridSpec(sheets=())
WOODS = {"0302", "0304"}
BRIDGE = hexside_id("0203", "0303")
OBJECTIVE = "0303"
MARKER_HEXES = ("0303", "0305")


def _map() -> MapData:
    g = Grid(GRID)
    ids = [f"{r:02d}{c:02d}" for r in range(1, 5) for c in range(1, 6)]
    hexes = {h: Hex(prov=SRC, terrain="woods" if h in WOODS else "clear", name="Hill 303" if h == OBJECTIVE else None) for h in ids}
    sides = {}
    for c in range(1, 6):
        for n in g.neighbour_ids(f"02{c:02d}"):
            if n.startswith("03") and n in hexes:
                sid = hexside_id(f"02{c:02d}", n)
                sides[sid] = Hexside(prov=SRC, features=("river", "bridge") if sid == BRIDGE else ("river",), name="Brook")
    areas = {"objective": Area(prov=SRC, hexes=(OBJECTIVE,), description="Hill 303")}
    return MapData(grid=GRID, hexes=hexes, hexsides=sides, areas=areas)


def _counter(side: str, type_: str, strength: int | None, ma: int | None, label: str, flags=()) -> Counter:
    return Counter(prov=SRC, side=side, type=type_, cls="combat" if strength else "marker", strength=strength, movement=ma, label=label, flags=tuple(flags))


COUNTERS = {
    "B1": _counter("blue", "infantry", 3, 3, "Blue 1st Rifles"),
    "B2": _counter("blue", "armor", 4, 4, "Blue 2nd Tanks"),
    "R1": _counter("red", "infantry", 3, 2, "Red Grenadiers"),
    "RD": _counter("red", "dummy", None, 2, "Red dummy", flags=("dummy",)),
    "R2": _counter("red", "scout", 1, 2, "Red Scouts", flags=("concealed",)),
}

CRT = Crt(
    method="differential", prov=SRC,
    columns=("any",), die=Die(sides=6),
    rows={str(v): (CrtCell(result="NE" if v <= 2 else "DR" if v <= 4 else "DE", prov=SRC),) for v in range(-6, 13)},
    results={"NE": "no effect", "DR": "defender retreats one hex, chosen by the defender", "DE": "defender eliminated"},
    notes="Modified roll = die + attack strength - defence strength - 1 in woods - 1 if every attacker is across the brook.",
)

SCENARIO = Scenario(
    prov=SRC, id="1", title="Skirmish at Hill 303",
    sides=(SideSpec(id="blue", name="Blue"), SideSpec(id="red", name="Red")),
    seats=(SeatSpec(id="blue-1", side="blue", name="Blue, 1st Rifles"), SeatSpec(id="blue-2", side="blue", name="Blue, 2nd Tanks"),
           SeatSpec(id="red", side="red", name="Red")),
    start=ClockSpec(turn=1, phase="deploy"), end=ClockSpec(turn=3, phase="combat"),
    setup=(Placement(prov=SRC, counter="B1", at="0102"), Placement(prov=SRC, counter="B2", at="0104"),
           Placement(prov=SRC, counter="R1", area="markers"), Placement(prov=SRC, counter="RD", area="markers"),
           Placement(prov=SRC, counter="R2", at="0302")),
    options={"owners": {"B1": "blue-1", "B2": "blue-2", "R1": "red", "RD": "red", "R2": "red"}},
    victory={"elimination": 2, "objective": 3},
)

PACK = Pack(
    meta=PackMeta(name="sandbox", title="Sandbox skirmish (test game)", schema_version=1, ruleset="sandbox", book="docs/rules-contract.md",
                  notes="Invented to exercise the rules contract; not a published game."),
    sources={SRC: Placeholder(reason="invented test game")},
    map=_map(), counters=COUNTERS, tables={"crt": CRT, "command": Chart(prov=SRC, rows=(ChartRow(prov=SRC, key="points", values={"start": 3, "per_turn": 1, "cap": 3}),))},
    scenarios={"1": SCENARIO},
)
