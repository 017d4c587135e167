"""Breakout & Pursuit: legal() for every German unit of scenario 1.1 (the German Initial Movement
Phase of Game-Turn 1, the historical set-up in place).

Run from the repository root: `python -m bench.bench_bp_legal`. It uses the pack's map (read
with the test helpers' decoder, which checks the map but not the set-up areas the map does not
provide yet); with `--synthetic` it lays the real set-up on an all-clear 41 x 55 map with one
river and a coast instead, which times the search without the real terrain.
"""
from __future__ import annotations

import statistics
import sys
import time

from msgspec.structs import replace

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT, movement
from domain.kernel.core import Clock
from domain.kernel.grid import Grid, hexside_id
from domain.kernel.pack.provenance import Placeholder
from domain.kernel.pack.schema import GridSpec, Hex, Hexside, MapData, Pack
from tests.unit.breakout_pursuit.movement_helpers import real_pack

PROV = Placeholder(reason="benchmark map")


def synthetic_map() -> MapData:
    grid = Grid(GridSpec())
    ids = {f"{r:02d}{c:02d}" for r in range(0, 41) for c in range(0, 55)}
    hexes = {h: Hex(prov=PROV, terrain="clear") for h in ids}
    sides = {}
    for h in ids:
        for n in grid.neighbour_ids(h):
            if n in ids and int(h[2:]) == 20 and int(n[2:]) == 21:
                sides[hexside_id(h, n)] = Hexside(prov=PROV, features=("river",))
            if n in ids and int(h[:2]) == 0 and int(n[:2]) == 1:
                sides[hexside_id(h, n)] = Hexside(prov=PROV, features=("sea",))
    return MapData(grid=GridSpec(), hexes=hexes, hexsides=sides)


def load(synthetic: bool) -> Pack:
    pack = real_pack()
    return replace(pack, map=synthetic_map()) if synthetic else pack


def main(argv: list[str]) -> None:
    synthetic = "--synthetic" in argv
    pack = load(synthetic)
    rs = BREAKOUT_PURSUIT.bind(pack)
    state = rs.setup(pack, "1.1", game_id="bench", options=rs.resolve_options({}))
    core = replace(state.core, started=True, clock=Clock(turn=1, phase="initial_movement", side="german"))
    state = replace(state, core=core)
    german = [u for u in state.units.values() if u.side == "german" and u.hex is not None]
    times, again = [], []
    for _ in range(5):
        movement._SEARCHES.clear()  # the first listing of the phase: every unit's search made
        t0 = time.perf_counter()
        orders = movement.legal(state, rs.data, "german")
        times.append(time.perf_counter() - t0)
        t0 = time.perf_counter()  # the same phase after a move: the searches are remembered
        movement.legal(state, rs.data, "german")
        again.append(time.perf_counter() - t0)
    movers = len({o.unit for o in orders})
    print(f"map: {'synthetic 41x55 all clear' if synthetic else 'the pack map'} ({len(pack.map.hexes)} hexes)")
    print(f"German units on the map: {len(german)}; with a move: {movers}; Move orders: {len(orders)}")
    print(f"legal(), first in the phase: median {statistics.median(times) * 1000:.0f} ms, min {min(times) * 1000:.0f} ms "
          f"over {len(times)} runs; again: median {statistics.median(again) * 1000:.0f} ms")


if __name__ == "__main__":
    main(sys.argv[1:])
