"""Genesis (§11): the scenario's units on their printed hexes or awaiting their owner's set-up
decision, the reinforcements on the turn track, the depots in play, and hex control.

Scenario 1: Utah is a US depot with WN Madeleine flipped (L471, L480), the three airborne units
start D1 (L474-475), and VII Corps stands at Utah (option Q35: the text lists no US HQ).
Scenario 2: eleven units start reduced, the 654th and Flak 1-3 and the 79th's brigades are set up
by their owners, the Allies stack two Offensive markers with HQs (L576), and the depots of
option `cobra_allied_depots` are open (inferred)."""
from __future__ import annotations

from typing import Any

from domain.games.normandy.data import ALLIED, GERMAN, GameData
from domain.games.normandy.model import PENDING, RESERVE, SETUP, Depot, State, Unit
from domain.kernel.core import Clock, Core
from domain.kernel.search import spread
from domain.kernel.seats import Layout, Seat, Side

UTAH, CHERBOURG = "0617", "0223"
FLIPPED_GARRISON = "de-garrison-wn-madeleine"
DEPOT_KINDS = {"0711": "mulberry", "0714": "beach", "0223": "cherbourg"}
DEPOT_NAT = {"0617": "us", "0618": "us", "0714": "us", "0223": "us"}  # §7.1: Utah, Omaha US; the rest British


def first_clock(scenario: Any) -> Clock:
    if scenario.id == "2":
        return Clock(turn=scenario.start.turn, phase="setup", side=GERMAN)
    return Clock(turn=scenario.start.turn, phase="weather")


def setup(data: GameData, scenario_id: str, *, game_id: str, ruleset_id: str, options: dict[str, Any]) -> State:
    pack = data.pack
    sc = pack.scenarios[scenario_id]
    layout = Layout(sides=tuple(Side(id=s.id, name=s.name) for s in sc.sides),
                    seats=tuple(Seat(id=s.id, side=s.side, name=s.name) for s in sc.seats))
    reduced = set(sc.options.get("reduced", ()))
    disorganised = set(sc.options.get("disorganised", ()))
    units: dict[str, Unit] = {}
    for p in sc.setup:
        c = pack.counters[p.counter]
        if c.cls == "marker" or (scenario_id == "1" and p.counter == FLIPPED_GARRISON):
            continue
        lost = 1 if p.counter in reduced else 0
        d = 1 if p.counter in disorganised else 0
        if p.at is not None:
            units[p.counter] = Unit(id=p.counter, side=c.side, hex=p.at, lost=lost, d=d)
        else:
            units[p.counter] = Unit(id=p.counter, side=c.side, box=SETUP, lost=lost, d=d)
    hq = str(options.get("Q35_sc1_us_hq", "none"))
    if scenario_id == "1" and "@" in hq:
        cid, at = hq.split("@")
        units[cid] = Unit(id=cid, side=ALLIED, hex=at)
    for a in sc.reinforcements:
        c = pack.counters[a.counter]
        if a.counter in units or c.cls == "marker":
            continue
        units[a.counter] = Unit(id=a.counter, side=c.side, box=RESERVE if c.side == ALLIED else PENDING,
                                due=max(a.turn, sc.start.turn))
    depots: dict[str, Depot] = {CHERBOURG: Depot(side=GERMAN, nat="german", kind="german", prov="rulebook")}
    if scenario_id == "1":
        depots[UTAH] = Depot(side=ALLIED, nat="us", kind="beach", prov="rulebook")
    else:
        for h in options.get("cobra_allied_depots", ()):
            depots[h] = Depot(side=ALLIED, nat=DEPOT_NAT.get(h, "british"), kind=DEPOT_KINDS.get(h, "beach"), prov="inferred")
    markers = {ALLIED: 2} if scenario_id == "2" else {}
    core = Core(game_id=game_id, ruleset=ruleset_id, scenario=scenario_id, layout=layout, options=options, clock=first_clock(sc))
    state = State(core=core, units=units, depots=depots, markers_due=markers,
                  weather=str(sc.options.get("weather_at_start", "clear")))
    return State(**{**{f: getattr(state, f) for f in state.__struct_fields__}, "control": initial_control(state, data)})


def initial_control(state: State, data: GameData) -> dict[str, str]:
    """Option `initial_control`: each land hex to the side of the nearest unit, ties German."""
    seeds = {u.hex: u.side for u in sorted(state.units.values(), key=lambda u: (u.side != GERMAN, u.id)) if u.hex}
    reach = spread(data.graph_neighbours, seeds, enters=data.land)
    out = {h: side for h, (_, side) in reach.items() if data.land(h)}
    for h, d in state.depots.items():
        out[h] = d.side
    return dict(sorted(out.items()))
