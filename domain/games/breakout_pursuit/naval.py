"""The Allied Naval Supply unit (Naval Supply M-P, L460-464; Correction L656; digest O11, O12, NAV-1..4).

* Set-up: the July and August set-ups place it by area only ("any coastal hex North of ..."): the
  Allied player sets it up in his set-up phase (setups.py) on a coastal hex of that area free of
  German units and off the Zuider Zee coast (`placement`, which sheets.py asks).
* Movement (`MoveNavalSupply`, Allied Initial Movement Phase, with the other Non-Combat units): from
  any coastal hex to any other, whatever lies between; never onto a coastal hex holding a German
  unit or in a German Zone of Control, nor onto the Zuider Zee coast (map area `zuider_zee_coast`).
  Moved, it is inverted; in the next Allied Initial Movement Phase, if it stayed put, it is turned
  face up (at the start of the phase: a move in that phase inverts it again), and only face up is it
  a source (Supply G; Naval N: not in the Supply Judgement before that phase).
* Displacement: a German unit entering its hex does not destroy it (movement.overrun records the
  flag `naval_supply_displaced`); it stays there, no source while the hex holds a German unit or
  lies in a German ZOC (supply.py), and may move away in the next Allied Initial Movement Phase by
  the same order, whatever surrounds it.
"""
from __future__ import annotations

from domain.games.breakout_pursuit import cite, zoc
from domain.games.breakout_pursuit.effects import NavalSupplyMoved, UnitsTurned
from domain.games.breakout_pursuit.model import ALLIED, GERMAN, State, Unit
from domain.games.breakout_pursuit.orders import MoveNavalSupply
from domain.games.breakout_pursuit.supply_units import window
from domain.kernel.commands import Reject
from domain.kernel.problem import Problem

ZUIDER_ZEE = "zuider_zee_coast"
NAVAL = "naval_supply"


def naval_units(state: State) -> list[Unit]:
    return sorted((u for u in state.units.values() if u.side == ALLIED and u.type == NAVAL), key=lambda u: u.id)


def _banned(data) -> frozenset[str]:
    return data.area(ZUIDER_ZEE) if ZUIDER_ZEE in data.map.areas else frozenset()


def _german(state: State) -> frozenset[str]:
    return frozenset(u.hex for u in state.units.values() if u.side == GERMAN and u.hex is not None and u.combat_unit)


def coastal(data) -> list[str]:
    return sorted(h for h in data.map.hexes if data.enterable(h) and data.hex_has(h, "coastal"))


# --- set-up -------------------------------------------------------------------------------------


def set_up_area(state: State, data, u: Unit) -> frozenset[str] | None:
    """The scenario's set-up area for a unit placed by area only (None: no area given)."""
    for p in data.pack.scenarios[state.core.scenario].setup:
        if p.counter == u.id and p.at is None and p.area:
            return data.area(p.area)
    return None


def placement(state: State, data, u: Unit) -> list[str]:
    """Where the Naval Supply unit may be set up: a coastal hex of its set-up area (the whole coast
    if the scenario names none), off the Zuider Zee coast, free of German units."""
    area = set_up_area(state, data, u)
    german, banned = _german(state), _banned(data)
    return [h for h in coastal(data) if (area is None or h in area) and h not in banned and h not in german]


# --- movement ----------------------------------------------------------------------------------


def destinations(state: State, data, u: Unit) -> list[str]:
    """Naval M: any other coastal hex, not holding a German unit, not in a German ZOC, not on the Zuider Zee."""
    german, banned = _german(state), _banned(data)
    controlled = zoc.controlled(state, data, GERMAN)
    return [h for h in coastal(data) if h != u.hex and h not in german and h not in controlled and h not in banned]


def _problem(state: State, data, u: Unit) -> Problem | None:
    stop = window(state, data)
    if stop is not None:
        return stop
    if u.id in state.moved:
        return Problem("already_moved", f"{u.id} has already moved this phase.", cite.MOVEMENT_PROCEDURE)
    if u.hex is None:
        return Problem("not_on_map", f"{u.id} is not on the map.", cite.NAVAL_SUPPLY_M)
    return None


def move(adj, seat: str, order: MoveNavalSupply) -> None:
    state, data = adj.state, adj.ruleset.data
    u = state.units.get(order.unit)
    if u is None or u.side != state.core.layout.side_of(seat) or u.type != NAVAL:
        raise Reject("not_naval_supply", f"{order.unit!r} is not your Naval Supply unit.", cite.NAVAL_SUPPLY_M, unit=order.unit)
    problem = _problem(state, data, u)
    if problem:
        raise problem.reject(unit=u.id)
    if order.to not in destinations(state, data, u):
        raise Reject("naval_destination", f"The Naval Supply unit moves to another coastal hex free of German units and "
                     f"German Zones of Control, never onto the Zuider Zee coast; {order.to} is not one.", cite.NAVAL_SUPPLY_M,
                     to=order.to)
    displaced = u.hex in {v.hex for v in state.units.values() if v.side == GERMAN}
    why = (cite.NAVAL_SUPPLY_M, cite.NAVAL_N) + ((cite.NAVAL_SUPPLY_USE,) if displaced else ())
    adj.emit(NavalSupplyMoved(unit=u.id, frm=u.hex, to=order.to, cite=why))


def legal(state: State, data, side: str, unit: str | None = None) -> list[MoveNavalSupply]:
    if side != ALLIED:
        return []
    movers = [u for u in naval_units(state) if unit in (None, u.id) and _problem(state, data, u) is None]
    return [MoveNavalSupply(unit=u.id, to=h) for u in movers for h in destinations(state, data, u)]


# --- phase steps ------------------------------------------------------------------------------------


def turn_up(adj) -> None:
    """Start of the Allied Initial Movement Phase: an inverted Naval Supply unit, moved in an earlier
    Player-Turn, is turned face up (Naval N)."""
    down = tuple(u.id for u in naval_units(adj.state) if u.hex is not None and not u.active)
    if down:
        adj.emit(UnitsTurned(units=down, face_up=True, cite=(cite.NAVAL_N,)))
