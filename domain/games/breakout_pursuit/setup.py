"""Genesis: a scenario's historical set-up placed, its arrivals scheduled (Setting Up, L676-678;
Scenario Description Chart; Time Record & Reinforcement Chart)."""
from __future__ import annotations

from typing import Any

from domain.games.breakout_pursuit.data import GameData
from domain.games.breakout_pursuit.model import ALLIED, ELIMINATED, GERMAN, PENDING, STAGING, State, Unit
from domain.kernel.core import Clock, Core
from domain.kernel.seats import Layout, Seat, Side

AWAITING_SETUP = "awaiting_setup"  # placed by area only; the player places it (free set-up, issue 9)


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
    for p in sc.setup:
        if p.at is None:
            where = {"box": AWAITING_SETUP}
        elif p.at == STAGING:
            where = {"box": STAGING}
        else:
            where = {"hex": p.at}
        units[p.counter] = unit_from(p.counter, pack.counters[p.counter], **where)
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
    core = Core(game_id=game_id, ruleset=ruleset_id, scenario=scenario, layout=layout, options=options,
                clock=Clock(turn=sc.start.turn, phase="reinforcement", side=ALLIED))
    return State(core=core, units=units, arrivals=arrivals, control=control, fortresses=fortresses,
                 flags={"series": sc.options.get("series", ""), "special_rules": list(sc.special_rules)})


def scoring_hexes(data: GameData) -> set[str]:
    """Hexes whose control scores (Victory D and F): Paris, Antwerp, Reims, fortresses, West Wall."""
    out = set(data.fortress_hexes) | set(data.west_wall)
    for hexes in data.vp_places.values():
        out.update(hexes)
    return {h for h in out if h in data.map.hexes}
