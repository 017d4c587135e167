"""Genesis: a scenario's historical set-up placed, the units its players set up waiting for them,
its arrivals scheduled (Setting Up, L676-678; Scenario Description Chart; Time Record &
Reinforcement Chart)."""
from __future__ import annotations

from typing import Any

from domain.games.breakout_pursuit.data import GameData
from domain.games.breakout_pursuit.model import ALLIED, ELIMINATED, GERMAN, PENDING, State, Unit
from domain.games.breakout_pursuit.sequence import PHASES, SETUP
from domain.games.breakout_pursuit.sheets import AWAITING_SETUP, genesis_place
from domain.kernel.core import Clock, Core
from domain.kernel.seats import Layout, Seat, Side


def unit_from(counter_id: str, counter, **where: Any) -> Unit:
    strength = counter.strength if counter.strength is not None else 0
    return Unit(id=counter_id, side=counter.side, counter=counter_id, cls=counter.cls, type=counter.type,
                strength=strength, ma=counter.movement or 0, size=counter.size, nat=counter.nationality, **where)


def setup(data: GameData, scenario: str, *, game_id: str, ruleset_id: str, options: dict[str, Any]) -> State:
    pack = data.pack
    sc = pack.scenarios[scenario]
    layout = Layout(sides=tuple(Side(id=s.id, name=s.name) for s in sc.sides),
                    seats=tuple(Seat(id=s.id, side=s.side, name=s.name) for s in sc.seats))
    units: dict[str, Unit] = {}
    for p in sc.setup:  # a free set-up, and units placed by area only, wait for their owner (setups.py)
        units[p.counter] = unit_from(p.counter, pack.counters[p.counter], **genesis_place(data, sc, p))
    code = sc.options.get("reinforcement_code")
    arrivals = {}
    for a in sc.reinforcements:
        if a.options and code not in a.options:
            continue  # "the code letter above each unit must match the German reinforcement option" (L688)
        units[a.counter] = unit_from(a.counter, pack.counters[a.counter], box=PENDING)
        arrivals[a.counter] = a.turn
    for cid in sc.options.get("replacement_pool", ()):
        units[cid] = unit_from(cid, pack.counters[cid], box=ELIMINATED)
    pursuit = sc.options.get("series") == "pursuit"
    fortresses = {h: "intact" for h in data.fortress_hexes}
    control = {h: GERMAN for h in scoring_hexes(data)}
    for h in sc.victory.get("allied_control_at_start", ()):
        control[h] = ALLIED
        if pursuit and options.get("pursuit_st_malo") == "destroyed" and h in fortresses:
            fortresses[h] = "destroyed"
    # "The German Player always sets up first" (L678): the set-up phases come before the first Game-Turn.
    first = (SETUP, GERMAN) if any(u.box == AWAITING_SETUP for u in units.values()) else (PHASES[ALLIED][0], ALLIED)
    core = Core(game_id=game_id, ruleset=ruleset_id, scenario=scenario, layout=layout, options=options,
                clock=Clock(turn=sc.start.turn, phase=first[0], side=first[1]))
    return State(core=core, units=units, arrivals=arrivals, control=control, fortresses=fortresses,
                 flags={"series": sc.options.get("series", ""), "special_rules": list(sc.special_rules)})


def scoring_hexes(data: GameData) -> set[str]:
    """Hexes whose control scores (Victory D and F): Paris, Antwerp, Reims, fortresses, West Wall."""
    out = set(data.fortress_hexes) | set(data.west_wall)
    for hexes in data.vp_places.values():
        out.update(hexes)
    return {h for h in out if h in data.map.hexes}
