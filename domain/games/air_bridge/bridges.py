"""§7.2 Bridges and §17.1 Bridge Engineers: method 1 (the German player rolls the first time an
Allied unit comes into contact with an 'x' bridge, once per bridge), method 2 (German units in
both hexes of any bridge, one an engineer, spend their whole move in the regular movement phase;
repeatable; the only way for the main bridges), and repair by an Allied bridge engineer that
ended a movement phase next to a destroyed bridge (never the main bridges). The Bridge
Demolition Table is not in the text: its rolls are the pack's placeholders, cited so."""
from __future__ import annotations

from domain.games.air_bridge import cite, values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.dice import d10
from domain.games.air_bridge.effects import BridgeRepaired, BridgeRolled, Moved
from domain.games.air_bridge.model import ALLIED, GERMAN, State
from domain.games.air_bridge.orders import DemolishBridge, RepairBridge
from domain.kernel.adjudication import Adjudication
from domain.kernel.citation import PackDatum
from domain.kernel.commands import Reject

TABLE = PackDatum(key="table:bridge_demolition", provenance="placeholder")


def destroyed_on(data: GameData, method: int) -> tuple[int, int]:
    lo, hi = data.rows("bridge_demolition")[f"method_{method}"]["destroyed_on"]
    return int(lo), int(hi)


def contact(adj: Adjudication, data: GameData, hex_id: str) -> list[str]:
    """Method 1: an Allied unit entered `hex_id`; roll for each untested 'x' bridge it touches.
    Returns the bridges destroyed."""
    out = []
    for side, br in sorted(data.bridges.items()):
        if br.x and hex_id in br.hexes and side not in adj.state.tested and adj.state.bridge(side) == "intact":
            r = d10(adj, f"bridge demolition (method 1) {br.name}")
            lo, hi = destroyed_on(data, 1)
            destroyed = lo <= r.value <= hi
            adj.emit(BridgeRolled(bridge=side, method=1, roll=r, destroyed=destroyed, cite=(cite.DEMOLITION_1, TABLE)))
            if destroyed:
                out.append(side)
    return out


def demolition_options(state: State, data: GameData) -> list[DemolishBridge]:
    out = []
    for side, br in sorted(data.bridges.items()):
        if br.ferry or state.bridge(side) == "destroyed":
            continue
        a, b = br.hexes
        ua = [u for u in state.at(a) if u.side == GERMAN and not u.moved and values.combat_unit(data, u)]
        ub = [u for u in state.at(b) if u.side == GERMAN and not u.moved and values.combat_unit(data, u)]
        if ua and ub and any(values.engineer(data, u) for u in ua + ub):
            out.append(DemolishBridge(bridge=side, units=tuple(sorted(u.id for u in ua + ub))))
    return out


def demolish(adj: Adjudication, data: GameData, seat: str, order: DemolishBridge) -> None:
    state = adj.state
    if state.core.clock.phase != "movement" or state.core.clock.side != GERMAN:
        raise Reject("wrong_phase", "Method 2 is attempted in the German regular movement phase.", cite.DEMOLITION_2)
    br = data.bridges.get(order.bridge)
    if br is None or br.ferry:
        raise Reject("no_bridge", f"{order.bridge} is not a bridge.", cite.BRIDGES)
    if state.bridge(order.bridge) == "destroyed":
        raise Reject("already_destroyed", "That bridge is already destroyed.", cite.DEMOLITION_2)
    units = [state.units[u] for u in order.units if u in state.units]
    if len(units) != len(order.units) or any(u.side != GERMAN or u.seat != seat for u in units):
        raise Reject("not_your_unit", "Name German units of your own seat.", cite.DEMOLITION_2)
    hexes = {u.hex for u in units}
    if set(br.hexes) - hexes or hexes - set(br.hexes):
        raise Reject("both_hexes", "German units must stand in both hexes of the bridge, and only there.", cite.DEMOLITION_2)
    if not any(values.engineer(data, u) for u in units):
        raise Reject("engineer_needed", "One of the units must be an engineer.", cite.DEMOLITION_2)
    if any(u.moved for u in units):
        raise Reject("already_moved", "Each unit spends its entire movement allowance: none may have moved.", cite.DEMOLITION_2)
    from_moved = tuple(u.id for u in units)
    r = d10(adj, f"bridge demolition (method 2) {br.name}")
    lo, hi = destroyed_on(data, 2)
    adj.emit(BridgeRolled(bridge=order.bridge, method=2, roll=r, destroyed=lo <= r.value <= hi, cite=(cite.DEMOLITION_2, TABLE)))
    for uid in from_moved:
        adj.emit(Moved(units=(uid,), path=(state.units[uid].hex or "",), cost={}, cite=(cite.DEMOLITION_2,)))


def repair_options(state: State, data: GameData) -> list[RepairBridge]:
    out = []
    for side, br in sorted(data.bridges.items()):
        if state.bridge(side) != "destroyed" or br.main:
            continue
        for u in state.units.values():
            if u.side == ALLIED and u.hex in br.hexes and not u.moved and values.bridge_engineer(data, u):
                out.append(RepairBridge(engineer=u.id, bridge=side))
    return out


def repair(adj: Adjudication, data: GameData, seat: str, order: RepairBridge) -> None:
    state = adj.state
    u = state.units.get(order.engineer)
    br = data.bridges.get(order.bridge)
    if u is None or u.seat != seat:
        raise Reject("not_your_unit", "Name a bridge engineer of your own seat.", cite.REPAIR)
    if state.core.clock.phase != "movement" and adj.core.options.get("repair_phase", "movement") == "movement":
        raise Reject("wrong_phase", "A bridge is repaired at the start of a regular movement phase.", cite.REPAIR)
    if not values.bridge_engineer(data, u):
        raise Reject("not_bridge_engineer", "Combat engineers can never repair a bridge.", cite.ENGINEERS)
    if br is None or state.bridge(order.bridge) != "destroyed":
        raise Reject("not_destroyed", "Only a destroyed bridge is repaired.", cite.REPAIR)
    if br.main:
        raise Reject("never_repaired", "The main bridges at Grave, Nijmegen and Arnhem can never be repaired.", cite.NEVER_REPAIRED)
    if u.hex not in br.hexes or u.moved:
        raise Reject("not_adjacent", "The engineer must have ended the last movement phase next to the bridge and not moved since.",
                     cite.REPAIR)
    adj.emit(BridgeRepaired(bridge=order.bridge, engineer=u.id, cite=(cite.REPAIR, cite.ruling("repair_phase", adj.core.options.get("repair_phase", "movement")))))
