"""Breakout & Pursuit: supply paths for every unit of both sides (supply.paths), on the pack's map
with the historical set-up of scenario 1.1 (25 July) and 2.1 (24 August: pipelines, Supply units,
the Naval Supply unit placed on the coast), and a Supply Judgement with every Allied Supply unit
offered; also the defender states of one attack.

Run from the repository root: `python -m bench.bench_bp_supply`.
"""
from __future__ import annotations

import statistics
import sys
import time

from msgspec.structs import replace

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT, supply
from tests.unit.breakout_pursuit.supply_helpers import real_pack


def timed(fn, runs: int = 20) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000, min(times) * 1000


def main(argv: list[str]) -> None:
    pack = real_pack()
    rs = BREAKOUT_PURSUIT.bind(pack)
    data = rs.data
    print(f"map: the pack map ({len(pack.map.hexes)} hexes)")
    for scenario in ("1.1", "2.1"):
        state = rs.setup(pack, scenario, game_id="bench", options=rs.resolve_options({}))
        units = dict(state.units)
        naval = units.get("al-naval-supply")
        if naval is not None and naval.hex is None:  # placed by area only: put it on a coastal hex
            units["al-naval-supply"] = replace(naval, hex="0929", box=None)
        state = replace(state, units=units)
        on_map = {s: sum(1 for u in state.units.values() if u.side == s and u.hex) for s in ("allied", "german")}
        offered = tuple(sorted(u.id for u in state.units.values() if u.type == "supply" and u.hex))
        both = timed(lambda: (supply.paths(state, data, "allied"), supply.paths(state, data, "german")))
        judged = timed(lambda: supply.paths(state, data, "allied", use=offered))
        useful = timed(lambda: supply.useful_supply_units(state, data))
        defenders = [u.id for u in state.units.values() if u.side == "german" and u.hex][:3]
        defence = timed(lambda: supply.defender_states(state, data, defenders))
        print(f"scenario {scenario}: units on the map {on_map}, Supply units {len(offered)}")
        print(f"  paths() both sides: median {both[0]:.1f} ms (min {both[1]:.1f})")
        print(f"  Allied paths() with every Supply unit offered: median {judged[0]:.1f} ms (min {judged[1]:.1f})")
        print(f"  useful_supply_units(): median {useful[0]:.1f} ms (min {useful[1]:.1f})")
        print(f"  defender_states() of one German stack: median {defence[0]:.1f} ms (min {defence[1]:.1f})")


if __name__ == "__main__":
    main(sys.argv[1:])
