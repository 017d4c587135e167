"""Genesis (§1.0, §2.3, §7.3): the scenario's units on the map at full strength, its arrivals
waiting, each unit commanded by the seat the scenario names, the players' seats pinned, the DZ
markers on their original side, the cities held by whoever stands in them (else German, A16)."""
from __future__ import annotations

from typing import Any

from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.model import ALLIED, GERMAN, Arrival, DropZone, State, Unit
from domain.kernel.core import Clock, Core
from domain.kernel.seats import Layout, Seat, Side


def seat_of(data: GameData, cid: str) -> str:
    """scenario seat_commands: the airborne flag splits the Allies, the ss flag the Germans."""
    c = data.counters[cid]
    if c.side == ALLIED:
        return "allied-airborne" if "airborne" in c.flags else "allied-ground"
    return "german-ss" if "ss" in c.flags else "german-wehrmacht"


def division_of(data: GameData, cid: str) -> str | None:
    return next((f.split(":", 1)[1] for f in data.counters[cid].flags if f.startswith("div:")), None)


def setup(data: GameData, scenario: str, *, game_id: str, ruleset_id: str, options: dict[str, Any]) -> State:
    sc = data.pack.scenarios[scenario]
    layout = Layout(sides=tuple(Side(id=s.id, name=s.name) for s in sc.sides),
                    seats=tuple(Seat(id=s.id, side=s.side, name=s.name) for s in sc.seats))
    units: dict[str, Unit] = {}
    dropzones: dict[str, DropZone] = {}
    for p in sc.setup:
        c = data.counters[p.counter]
        units[p.counter] = Unit(id=p.counter, side=c.side, seat=seat_of(data, p.counter), hex=p.at)
        if "dz" in c.flags:
            div = division_of(data, p.counter) or p.counter
            dropzones[div] = DropZone(division=div, marker=p.counter)
    arrivals = []
    for a in sc.reinforcements:
        c = data.counters[a.counter]
        units[a.counter] = Unit(id=a.counter, side=c.side, seat=seat_of(data, a.counter))
        arrivals.append(Arrival(unit=a.counter, turn=a.turn, at=a.at, edge=a.edge, drop="drop" in a.options))
    control = {}
    for h in sorted(data.cities):
        here = {u.side for u in units.values() if u.hex == h}
        control[h] = ALLIED if here == {ALLIED} else GERMAN
    players = tuple(tuple(group) for group in sc.options["seat_layouts"][str(options.get("players", 2))])
    turn = sc.start.turn
    phase = "strategic_interphase" if turn % 2 == 1 and turn != 1 else "initial"
    core = Core(game_id=game_id, ruleset=ruleset_id, scenario=scenario, layout=layout, options=options,
                clock=Clock(turn=turn, phase=phase, side=None if phase == "strategic_interphase" else ALLIED))
    return State(core=core, units=units, arrivals=tuple(arrivals), dropzones=dropzones, control=control, players=players)
