"""Allied Non-Combat units in the movement phases (Allied Non-Combat Units, L418-464; Corrections
L642-656): what the movement phases add for them, in one place for movement.py to call.

* legal orders: Supply units' Pipeline and Shuttle moves (supply_units.py), the Naval Supply unit's
  moves (naval.py), Trucks' moves with passengers and exits off the map (move_events.py);
* at the start of the Allied Initial Movement Phase the Naval Supply unit moved earlier is turned
  face up (Naval N);
* at the end of the Allied Mechanized Movement Phase (the last of the Player-Turn) Trucks inverted
  for Shuttling are turned face up: "the Truck may not move that Allied Player-Turn" (K.1, L452).
"""
from __future__ import annotations

from domain.games.breakout_pursuit import cite, move_events, naval, supply_units
from domain.games.breakout_pursuit.allowance import INITIAL, MECHANIZED
from domain.games.breakout_pursuit.effects import UnitsTurned
from domain.games.breakout_pursuit.model import ALLIED, State


def legal(state: State, data, side: str, unit: str | None = None) -> list:
    if side != ALLIED:
        return []
    return (supply_units.legal(state, data, side, unit) + naval.legal(state, data, side, unit)
            + move_events.legal(state, data, side, unit))


def enter(adj) -> None:
    clock = adj.state.core.clock
    if clock.side == ALLIED and clock.phase == INITIAL:
        naval.turn_up(adj)


def leave(adj) -> None:
    state = adj.state
    clock = state.core.clock
    if clock.side != ALLIED:
        return
    if clock.phase == MECHANIZED:
        down = tuple(sorted(u.id for u in state.units.values() if u.type == "truck" and not u.active))
        if down:
            adj.emit(UnitsTurned(units=down, face_up=True, cite=(cite.SUPPLY_UNITS_K, cite.SHUTTLE_MOVEMENT)))
