"""Shared test helpers for the Breakout & Pursuit rules: a small synthetic map, the pack's counters,
tables and map, and positions built the way conformance cases build them. Add to this file; do not
rewrite what others use.

The synthetic map keeps unit tests independent of the big map and has what the real one lacks (a
Sea hexside between two land hexes). Every datum `placeholder`, invented for tests; rows 01-08 x
columns 01-10 in the map's numbering (RRCC, even rows shifted, digest §5.2):

    column 01          the East edge (German supply, Supply D)
    0305, 0207 rough   0505, 0410, 0610 town    0203, 0207 West Wall    0705 a German Fortress (a town)
    row 08             sea; Sea hexsides between rows 07 and 08, and between 0302 and 0402
    rivers             the hexsides 0608/0607 and 0608/0508
    places             Cherbourg 0410, Bayeux 0610

Scenario "2.1" is replaced by a synthetic one (Game-Turns 11-16, seats "allied" and "german")
with one Allied and one German unit in contact, so that the genesis stops in the first Combat
Phase whatever the interim section modules do.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from msgspec.structs import replace

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT
from domain.kernel import game
from domain.kernel.commands import Accepted, Begin, Rejected, SeatOrder
from domain.kernel.dice import ScriptedDice
from domain.kernel.grid import Grid, hexside_id
from domain.kernel.pack.decode import MANIFEST, assemble, convert, convert_sections, gather
from domain.kernel.pack.provenance import Placeholder
from domain.kernel.pack.schema import (
    Area, ClockSpec, GridSpec, Hex, Hexside, MapData, Pack, PackMeta, Place, Placement, Scenario, SeatSpec, SideSpec,
)
from domain.kernel.seats import PUBLIC
from infra.packs import read_dir

PACK_DIR = Path(__file__).resolve().parents[3] / "domain" / "games" / "breakout_pursuit" / "pack"
SRC = "synthetic-test-map"
ROWS, COLS = range(1, 9), range(1, 11)
ROUGH = {"0305", "0207"}
TOWNS = {"0505", "0410", "0610", "0705"}
WEST_WALL = {"0203", "0207"}
FORTRESS = "0705"
RIVERS = {("0608", "0607"), ("0608", "0508")}
SEA_SIDES = {("0302", "0402")}


def hex_id(r: int, c: int) -> str:
    return f"{r:02d}{c:02d}"


def synthetic_map() -> MapData:
    grid = GridSpec()
    g = Grid(grid)
    ids = [hex_id(r, c) for r in ROWS for c in COLS]
    hexes = {}
    for h in ids:
        terrain = "sea" if h.startswith("08") else "rough" if h in ROUGH else "town" if h in TOWNS else "clear"
        features = ()
        if h in WEST_WALL:
            features += ("west_wall",)
        if h == FORTRESS:
            features += ("fortress", "coastal")
        hexes[h] = Hex(prov=SRC, terrain=terrain, features=features)
    sides = {hexside_id(a, b): Hexside(prov=SRC, features=("river",)) for a, b in RIVERS}
    sides.update({hexside_id(a, b): Hexside(prov=SRC, features=("sea",)) for a, b in SEA_SIDES})
    for c in COLS:
        for n in g.neighbour_ids(hex_id(7, c)):
            if n.startswith("08") and n in hexes:
                sides[hexside_id(hex_id(7, c), n)] = Hexside(prov=SRC, features=("sea",))
    places = {"Cherbourg": Place(prov=SRC, kind="city", hexes=("0410",)), "Bayeux": Place(prov=SRC, kind="town", hexes=("0610",))}
    areas = {"edge_East": Area(prov=SRC, hexes=tuple(hex_id(r, 1) for r in ROWS if r != 8))}
    return MapData(grid=grid, hexes=hexes, hexsides=sides, places=places, areas=areas)


def contact_scenario(allied_at: str, german_at: str) -> Scenario:
    """Game-Turns 11-16 with an Allied 12-5 and a German 4-5 in contact: the genesis stops at a Combat Phase."""
    return Scenario(
        prov=SRC, id="2.1", title="Synthetic test scenario",
        sides=(SideSpec(id="allied", name="Allied"), SideSpec(id="german", name="German")),
        seats=(SeatSpec(id="allied", side="allied", name="Allied player"), SeatSpec(id="german", side="german", name="German player")),
        start=ClockSpec(turn=11), end=ClockSpec(turn=16),
        setup=(Placement(prov=SRC, counter="us-aug-xx-12-5-1638", at=allied_at),
               Placement(prov=SRC, counter="de-aug-xx-4-5-0936", at=german_at)),
    )


def _pack_files() -> Pack:
    """The pack's own files, decoded without the whole-pack validation: the synthetic map replaces
    the one its scenarios refer to."""
    issues: list = []
    g = gather(read_dir(PACK_DIR), ("meta", "files"), issues)
    meta = convert(g.manifest.get("meta"), PackMeta, "meta", MANIFEST, issues)
    records, singles = convert_sections(g, issues)
    return assemble(meta, records, singles, issues)


@lru_cache(maxsize=1)
def synthetic_pack() -> Pack:
    pack = _pack_files()
    return replace(pack, sources={**pack.sources, SRC: Placeholder(reason="a synthetic map for unit tests")},
                   map=synthetic_map(), scenarios={"2.1": contact_scenario("0406", "0405")})



@lru_cache(maxsize=1)
def ruleset():
    return BREAKOUT_PURSUIT.bind(synthetic_pack())



def position(spec: dict[str, Any], options: dict[str, Any] | None = None):
    """The synthetic scenario's genesis, begun, with a conformance-case position merged in (B&P
    positions accept `clear` and `add`, see BreakoutPursuit.position)."""
    bp = ruleset()
    state = bp.setup(bp.pack, "2.1", game_id="test", options=bp.resolve_options(options or {}))
    begun, state, _ = game.step(bp, state, Begin(), ScriptedDice([]), version=1, visibility=PUBLIC)
    return bp.position(state, spec)


def combat_position(units: dict[str, dict], *, side: str = "allied", turn: int = 11, options: dict | None = None, **fields):
    """Only `units` in play (counter id -> fields), in `side`'s Combat Phase of `turn`."""
    spec = {"clear": True, "add": units, "core": {"clock": {"turn": turn, "phase": "combat", "side": side}}, **fields}
    return position(spec, options)


def submit(state, seat: str, order, dice=(), version: int = 2):
    """Rule one order; return (ruling, state after its effects)."""
    bp = ruleset()
    ruling, state, _ = game.step(bp, state, SeatOrder(seat=seat, order=order), ScriptedDice(list(dice), command=version), version=version, visibility=PUBLIC)
    return ruling, state


def effects_of(ruling, tag: str) -> list:
    return [e for e in ruling.effects if e.__struct_config__.tag == tag]


def data():
    return ruleset().data


def die_for(column: str, result: str) -> int:
    """A die face that reads `result` in `column` of the pack's CRT (no river modifier)."""
    return next(d for d in range(1, 7) if data().crt_table.result(column, d) == result)


def ok(ruling):
    assert isinstance(ruling, Accepted), ruling
    return ruling


def refused(ruling, code):
    assert isinstance(ruling, Rejected) and ruling.code == code, ruling
    return ruling
