"""Test helpers for the supply, reinforcement and victory tests of Breakout & Pursuit (kept apart from
the shared helpers.py, whose synthetic map differs): the real counters, tables and scenarios with a
synthetic full-size map whose geometry the tests control; the installed pack itself; positions,
rulings, adjudications.

The synthetic map (every datum placeholder) has the real grid: rows 00-39, columns 00-53, RRCC ids,
even rows shifted (digest §5.2). All land and clear, except the Channel: rows 00-01 from column
24 on are sea, so row 02 from column 24 is coastal. Places at the digest's estimates (§5.4):
Cherbourg 0241, Bayeux 0840, Paris 2029/2129/2130, Antwerp 0711, Reims 2221, St. Malo 0847 (a
fortress), Essen 1400, Düsseldorf 1502, Rotterdam 0208, Amsterdam 0005. Areas: the East edge is
column 00; edge A column 00 rows 05-25; edge B row 39 columns 10-30; edge C row 39 columns 31-45;
edge D column 53 rows 02-10; north of the Allied Breakout Line: rows 00-11; north of the Seine:
rows 00-14. West Wall: column 03, rows 10-30.
"""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from msgspec.structs import replace

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT  # noqa: F401  (registers the ruleset)
from domain.games.breakout_pursuit.rules import BreakoutPursuit
from domain.kernel import game
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Begin, SeatOrder
from domain.kernel.dice import ScriptedDice
from domain.kernel.grid import hexside_id
from domain.kernel.pack.decode import assemble, convert, convert_sections, gather
from domain.kernel.pack.provenance import Placeholder
from domain.kernel.pack.schema import Area, Box, GridSpec, Hex, Hexside, MapData, Pack, PackMeta, Place, Sheet
from domain.kernel.seats import PUBLIC
from infra.packs import load_pack_dir, read_dir

PACK_DIR = Path(__file__).resolve().parents[3] / "domain" / "games" / "breakout_pursuit" / "pack"
SYNTHETIC = "synthetic"
ROWS, COLS = 40, 54


def hid(row: int, col: int) -> str:
    return f"{row:02d}{col:02d}"


def synthetic_map(*, sea_hexsides: tuple[tuple[str, str], ...] = (), fortresses: tuple[str, ...] = ("0847",)) -> MapData:
    sea = {hid(r, c) for r in (0, 1) for c in range(24, COLS)}
    west_wall = {hid(r, 3) for r in range(10, 31)}
    hexes = {}
    for r in range(ROWS):
        for c in range(COLS):
            h = hid(r, c)
            terrain = "sea" if h in sea else "coastal" if r == 2 and c >= 24 else "clear"
            feats = ("fortress",) if h in fortresses else ("west_wall",) if h in west_wall else ()
            hexes[h] = Hex(prov=SYNTHETIC, terrain=terrain, features=feats)
    grid = GridSpec(major="row", shifted="even", digits=(2, 2), sheets=(Sheet(rows=(0, ROWS - 1), cols=(0, COLS - 1)),))
    sides = {hexside_id(hid(1, c), hid(2, c)): Hexside(prov=SYNTHETIC, features=("sea",)) for c in range(24, COLS)}
    sides.update({hexside_id(hid(1, c + 1), hid(2, c)): Hexside(prov=SYNTHETIC, features=("sea",)) for c in range(24, COLS - 1)})
    sides.update({hexside_id(a, b): Hexside(prov=SYNTHETIC, features=("sea",)) for a, b in sea_hexsides})
    places = {name: Place(prov=SYNTHETIC, kind="city", hexes=tuple(hs)) for name, hs in {
        "Cherbourg": ["0241"], "Bayeux": ["0840"], "Paris": ["2029", "2129", "2130"], "Antwerp": ["0711"],
        "Reims": ["2221"], "St. Malo": ["0847"], "Essen": ["1400"], "Düsseldorf": ["1502"], "Rotterdam": ["0208"],
        "Amsterdam": ["0005"]}.items()}
    areas = {name: Area(prov=SYNTHETIC, hexes=tuple(sorted(hs))) for name, hs in {
        "edge_East": {hid(r, 0) for r in range(ROWS)},
        "edge_A": {hid(r, 0) for r in range(5, 26)},
        "edge_B": {hid(39, c) for c in range(10, 31)},
        "edge_C": {hid(39, c) for c in range(31, 46)},
        "edge_D": {hid(r, 53) for r in range(2, 11)},
        "north_of_allied_breakout_line": {hid(r, c) for r in range(12) for c in range(COLS)},
        "north_of_seine": {hid(r, c) for r in range(15) for c in range(COLS)},
    }.items()}
    boxes = {"staging": Box(prov=SYNTHETIC, name="Paratroop & Reinforcement Staging Area")}
    return MapData(grid=grid, hexes=hexes, hexsides=sides, places=places, areas=areas, boxes=boxes)


@lru_cache(maxsize=1)
def real_pack() -> Pack:
    """The installed pack, as the service loads it."""
    return load_pack_dir(PACK_DIR)


@lru_cache(maxsize=1)
def pack_without_map() -> Pack:
    """The installed pack's counters, tables and scenarios, decoded record by record (without its
    map the pack-wide checks cannot pass)."""
    files = {k: v for k, v in read_dir(PACK_DIR).items() if not k.startswith("map")}
    manifest = tomllib.loads(files["pack.toml"].decode())
    issues: list = []
    g = gather(files, ("meta", "files"), issues)
    meta = convert(manifest["meta"], PackMeta, "meta", "pack.toml", issues)
    records, singles = convert_sections(g, issues)
    return assemble(meta, records, singles, issues)


@lru_cache(maxsize=4)
def synthetic_pack(fortresses: tuple[str, ...] = ("0847",), sea_hexsides: tuple[tuple[str, str], ...] = ()) -> Pack:
    pack = pack_without_map()
    sources = {**pack.sources, SYNTHETIC: Placeholder(reason="synthetic test map (tests/unit/breakout_pursuit/supply_helpers.py)")}
    return replace(pack, sources=sources, map=synthetic_map(fortresses=fortresses, sea_hexsides=sea_hexsides))


_BOUND: dict[int, BreakoutPursuit] = {}


def bound(pack: Pack | None = None) -> BreakoutPursuit:
    """The ruleset bound to `pack` (the synthetic one by default), built once per pack."""
    pack = pack or synthetic_pack()
    if id(pack) not in _BOUND:
        _BOUND[id(pack)] = BREAKOUT_PURSUIT.bind(pack)
    return _BOUND[id(pack)]


def position(scenario: str = "1.1", *, turn: int = 1, phase: str = "reinforcement", side: str = "allied",
             units: dict[str, dict[str, Any]] | None = None, options: dict[str, Any] | None = None,
             ruleset: BreakoutPursuit | None = None, **spec: Any):
    """A started game with no unit in play but `units` (counter id -> fields, e.g. {"hex": "2029"}),
    at the given clock, with the scenario's arrivals cancelled unless `arrivals` is given."""
    rs = ruleset or bound()
    opts = rs.resolve_options(options)
    state = rs.setup(rs.pack, scenario, game_id="test", options=opts)
    core = {"started": True, "clock": {"turn": turn, "phase": phase, "side": side}, **spec.pop("core", {})}
    return rs.position(state, {"clear": True, "add": units or {}, "core": core, **spec})


def adjudication(state, ruleset: BreakoutPursuit | None = None) -> Adjudication:
    return Adjudication(ruleset or bound(), state, ScriptedDice([]), command=2)


def rule(state, seat: str, order, ruleset: BreakoutPursuit | None = None, dice=()):
    """(ruling, state after it)."""
    rs = ruleset or bound()
    ruling, state, _ = game.step(rs, state, SeatOrder(seat=seat, order=order), ScriptedDice(list(dice)), version=2, visibility=PUBLIC)
    return ruling, state


def begin(state, ruleset: BreakoutPursuit | None = None):
    """Rule the genesis command on an unstarted state: (ruling, state)."""
    rs = ruleset or bound()
    ruling, state, _ = game.step(rs, state, Begin(), ScriptedDice([]), version=1, visibility=PUBLIC)
    return ruling, state


def effects_of(ruling, kind: type) -> list:
    return [e for e in getattr(ruling, "effects", ()) if isinstance(e, kind)]
