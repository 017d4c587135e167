"""Allied Supply units on the move (Supply Units K, L450-454; Correction L646-654; digest O10, SU-2).

Supply units have no Movement Allowance; they move in the Allied Initial Movement Phase only,
with the other Non-Combat units, before any combat unit moves (Sequence of Play 4, L184):

* Pipeline Movement (`PipelineMove`): any distance along adjacent active Pipeline units, from the
  active Pipeline unit it stands on; any number of Supply units.
* Shuttle Movement (`Shuttle`): up to ten hexes overland to an Allied Truck that has not moved this
  phase, ignoring terrain, never through German-occupied or German-controlled hexes (option
  `shuttle_path` for the unit's own hex); the Truck is inverted and does not move this
  Player-Turn. The umpire finds the shortest such path and records it.
* Transfer Movement: carried by one Truck as its passenger (`move_events.py`), at most fifteen
  hexes.

Pipeline Movement combines with either of the others, Shuttle and Transfer never; `State.hauled`
records, per Supply unit, the methods used this phase in order. A Pipeline move may follow
anything but another Pipeline move (one of any distance covers them all).
"""
from __future__ import annotations

from domain.games.breakout_pursuit import cite, supply
from domain.games.breakout_pursuit.allowance import INITIAL, special_rule_a
from domain.games.breakout_pursuit.effects import SupplyUnitMoved, UnitsTurned
from domain.games.breakout_pursuit.model import ALLIED, State, Unit
from domain.games.breakout_pursuit.orders import PipelineMove, Shuttle
from domain.kernel.commands import Reject
from domain.kernel.problem import Problem
from domain.kernel.search import paths

SHUTTLE_HEXES = 10  # "a maximum of ten hexes per Movement Phase by Shuttle Movement" (L650)
TRANSFER_HEXES = 15  # "never ... Transferred more than fifteen hexes in a single Movement Phase" (L652)
PIPELINE, SHUTTLE = "pipeline", "shuttle"


# --- when Non-Combat units may move ----------------------------------------------------------------


def window(state: State, data) -> Problem | None:
    """Why no Allied Non-Combat unit may move now, or None: the Allied Initial Movement Phase only
    (Correction L646), before any combat unit has moved (L184), not on the turn Special Rule A holds."""
    clock = state.core.clock
    if clock.side != ALLIED or clock.phase != INITIAL:
        return Problem("not_initial_movement", "Allied Non-Combat units move in the Allied Initial Movement Phase only.",
                    cite.SUPPLY_UNITS_MOVE)
    if special_rule_a(state, data):
        return Problem("special_rule_a", "No Allied unit may move in the Initial Movement Phase of the first Allied "
                    "Player-Turn.", cite.SPECIAL_RULE_A)
    if any(state.units[m].combat_unit for m in state.moved if m in state.units):
        return Problem("non_combat_first", "Non-Combat units are moved first in the Initial Movement Phase; a combat unit has "
                    "already moved.", cite.NON_COMBAT_FIRST)
    return None


def method_problem(state: State, uid: str, method: str) -> str | None:
    """Why a Supply unit may not use `method` ("pipeline", "shuttle" or a Truck id) now, given the
    methods it used this phase (Correction L646-652), or None."""
    done = state.hauled.get(uid, ())
    trucks = [m for m in done if m not in (PIPELINE, SHUTTLE)]
    if method == PIPELINE:
        return "it has just made a Pipeline move (one covers any distance)" if done[-1:] == (PIPELINE,) else None
    if SHUTTLE in done:
        return "it was Shuttled this phase (a Supply unit may never combine Shuttle and Transfer Movement, nor Shuttle twice)"
    if method == SHUTTLE and trucks:
        return "it was Transferred this phase (a Supply unit may never combine Shuttle and Transfer Movement)"
    if any(t != method for t in trucks):
        return "another Truck Transferred it this phase (never more than one Truck in a Movement Phase)"
    return None


def _unit(state: State, seat: str, uid: str) -> Unit:
    u = state.units.get(uid)
    if u is None or u.side != state.core.layout.side_of(seat) or u.type != "supply" or u.hex is None:
        raise Reject("not_a_supply_unit", f"{uid!r} is not one of your Supply units on the map.", cite.SUPPLY_UNITS_K, unit=uid)
    return u


def _check(state: State, data, u: Unit, method: str, rule) -> None:
    stop = window(state, data)
    if stop is not None:
        raise stop.reject(unit=u.id)
    if state.carrier(u.id) is not None:
        raise Reject("carried", f"{u.id} is aboard {state.carrier(u.id).id}: it moves with the Truck until dropped off.",
                     cite.TRUCK_B, unit=u.id)
    why = method_problem(state, u.id, method)
    if why:
        raise Reject("supply_method", f"{u.id} may not move so: {why}.", rule, unit=u.id)


# --- Pipeline Movement -------------------------------------------------------------------------------


def active_pipelines(state: State) -> frozenset[str]:
    return frozenset(u.hex for u in state.units.values()
                     if u.side == ALLIED and u.type == "pipeline" and u.hex is not None and u.active)


def pipeline_reach(state: State, data, u: Unit) -> dict[str, tuple[str, ...]]:
    """Hexes a Supply unit reaches along the active chain (none unless it stands on an active Pipeline unit)."""
    active = active_pipelines(state)
    if u.hex not in active:
        return {}
    reach = paths(data.neighbours, u.hex, enters=active.__contains__)
    reach.pop(u.hex)
    return reach


def pipeline_move(adj, seat: str, order: PipelineMove) -> None:
    state, data = adj.state, adj.ruleset.data
    u = _unit(state, seat, order.unit)
    _check(state, data, u, PIPELINE, cite.PIPELINE_MOVEMENT)
    active = active_pipelines(state)
    if u.hex not in active:
        raise Reject("not_on_pipeline", f"{u.id} is not on an active Pipeline unit: Pipeline Movement starts on one.",
                     cite.PIPELINE_MOVEMENT, unit=u.id)
    if not order.path:
        raise Reject("empty_path", "Name the hexes entered, at least one.", cite.PIPELINE_MOVEMENT)
    here = u.hex
    for n in order.path:
        if n not in data.neighbours.get(here, ()) or n not in active:
            raise Reject("off_pipeline", f"{n} is not an active Pipeline unit next to {here}: Pipeline Movement runs along "
                         "a chain of active Pipeline units.", cite.PIPELINE_MOVEMENT, hex=n)
        here = n
    adj.emit(SupplyUnitMoved(unit=u.id, path=(u.hex,) + tuple(order.path), method=PIPELINE,
                             cite=(cite.SUPPLY_UNITS_K, cite.PIPELINE_MOVEMENT, cite.NON_COMBAT_FIRST)))


# --- Shuttle Movement --------------------------------------------------------------------------------


def truck_problem(state: State, truck: Unit | None, tid: str) -> str | None:
    """Why a Supply unit may not be Shuttled to this Truck, or None: an Allied Truck on the map that
    has not moved this phase (it is inverted instead, and more Supply units may join it)."""
    if truck is None or truck.side != ALLIED or truck.type != "truck" or truck.hex is None:
        return f"{tid!r} is not an Allied Truck on the map"
    if truck.id in state.moved:
        return f"{truck.id} has moved this phase: a Truck that Shuttles may not move in that phase"
    return None


def shuttle_reach(state: State, data, u: Unit) -> dict[str, tuple[str, ...]]:
    """Hexes a Supply unit may reach by Shuttle Movement, with a shortest path: at most ten hexes,
    overland, none entered German-occupied or German-controlled (option shuttle_path for its own hex)."""
    blocked, _ = supply.blocked(state, data, ALLIED)
    if state.core.options.get("shuttle_path", "hexes_entered") == "whole_path" and u.hex in blocked:
        return {}
    graph = data.land_graph
    reach = paths(graph, u.hex, enters=lambda n: n not in blocked, limit=SHUTTLE_HEXES)
    reach.pop(u.hex)
    return reach


def shuttle(adj, seat: str, order: Shuttle) -> None:
    state, data = adj.state, adj.ruleset.data
    u = _unit(state, seat, order.unit)
    _check(state, data, u, SHUTTLE, cite.SHUTTLE_MOVEMENT)
    truck = state.units.get(order.truck)
    why = truck_problem(state, truck, order.truck)
    if why:
        raise Reject("bad_truck", f"{u.id} may not be Shuttled to it: {why}.", cite.SHUTTLE_MOVEMENT, truck=order.truck)
    if truck.hex == u.hex:
        raise Reject("same_hex", f"{u.id} is already with {truck.id}.", cite.SHUTTLE_MOVEMENT, truck=truck.id)
    path = shuttle_reach(state, data, u).get(truck.hex)
    if path is None:
        raise Reject("shuttle_too_far", f"No overland path of ten hexes or less free of German units and German Zones of "
                     f"Control leads from {u.hex} to {truck.id} at {truck.hex}.", cite.SHUTTLE_MOVEMENT, truck=truck.id)
    rule = cite.ruling("shuttle_path", state.core.options.get("shuttle_path", "hexes_entered"))
    adj.emit(SupplyUnitMoved(unit=u.id, path=(u.hex,) + path, method=SHUTTLE, truck=truck.id,
                             cite=(cite.SUPPLY_UNITS_K, cite.SHUTTLE_MOVEMENT, rule)))
    if truck.active:
        adj.emit(UnitsTurned(units=(truck.id,), face_up=False, cite=(cite.SHUTTLE_MOVEMENT, cite.SUPPLY_UNITS_K)))


# --- legal orders --------------------------------------------------------------------------------------


def legal(state: State, data, side: str, unit: str | None = None) -> list:
    """Every Pipeline move (each hex of the active chain) and every Shuttle (each Truck in reach)."""
    if side != ALLIED or window(state, data) is not None:
        return []
    trucks = [t for t in state.units.values() if truck_problem(state, t, t.id) is None]
    out: list = []
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if u.side != ALLIED or u.type != "supply" or u.hex is None or unit not in (None, u.id) or state.carrier(u.id):
            continue
        if method_problem(state, u.id, PIPELINE) is None:
            reach = pipeline_reach(state, data, u)
            out += [PipelineMove(unit=u.id, path=reach[h]) for h in sorted(reach)]
        if method_problem(state, u.id, SHUTTLE) is None and trucks:
            reach = shuttle_reach(state, data, u)
            out += [Shuttle(unit=u.id, truck=t.id) for t in sorted(trucks, key=lambda t: t.id) if t.hex in reach]
    return out
