"""§4.1.1 Reserve (`normandy-1944@4`): in his Movement Phase the active player may put armoured or
Panzergrenadier units in Reserve for a possible Exploitation (§6.8), if they have moved at most one
hex. A unit in Reserve moves no further that phase (it waits); it does not attack in the normal
combat (option Q52: Reserve units wait for Exploitation) and its Reserve lasts through its side's
Combat Phase (option Q52: the status clears at the phase's end). Reserve units defend as any other."""
from __future__ import annotations

from domain.games.normandy import cite
from domain.games.normandy.data import GameData, data_of
from domain.games.normandy.effects import ReserveSet
from domain.games.normandy.model import State, State4, reserve_of
from domain.games.normandy.orders import SetReserve
from domain.games.normandy.units import is_combat, owns
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject

KINDS = ("armored", "panzergrenadier")  # §4.1.1: "armored or Panzergrenadier units"


def why_not(state: State, data: GameData, seat: str, uid: str) -> tuple[str, str] | None:
    """Why `uid` may not go into Reserve now (a reason code and message), or None."""
    u = state.units.get(uid)
    if u is None or not owns(state, data, seat, uid) or u.hex is None:
        return "not_your_unit", f"{uid} is not a unit of yours on the map."
    if not is_combat(data, uid) or not any(k in data.values[uid].flags for k in KINDS):
        return "not_armoured", f"{uid} is neither armoured nor Panzergrenadier: only they go into Reserve."
    if uid in reserve_of(state):
        return "already_in_reserve", f"{uid} is already in Reserve."
    if isinstance(state, State4) and (uid in state.far or uid in state.left):  # a unit that moved one hex still may
        return "moved_too_far", f"{uid} has moved more than one hex this phase: too far to go into Reserve."
    return None


def legal(state: State, data: GameData, seat: str) -> list[SetReserve]:
    return [SetReserve(unit=u.id) for u in sorted(state.units.values(), key=lambda x: x.id)
            if u.hex is not None and why_not(state, data, seat, u.id) is None]


def set_reserve(adj: Adjudication, seat: str, order: SetReserve) -> None:
    state: State = adj.state
    problem = why_not(state, data_of(adj), seat, order.unit)
    if problem is not None:
        raise Reject(problem[0], problem[1], cite.RESERVE, unit=order.unit)
    adj.emit(ReserveSet(unit=order.unit, cite=(cite.RESERVE, cite.ruling("Q52_reserve_units_attack", False))))


def not_attacking(state: State) -> tuple[str, ...]:
    """Option Q52: the units in Reserve, kept out of the normal combat (they wait for Exploitation)."""
    return reserve_of(state)
