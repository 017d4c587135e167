"""§2.2 (`normandy-1944@5`, option Q50): "Motorized infantry units may choose for each phase to be
considered motorized or on foot ... A combination of the two kinds of movement in one phase is not
possible." A motorised infantry unit (its counter's `motorized_infantry` flag, Q50) is motorised
(units.motorised) unless its player, in the Movement Phase and before it moves, puts it on foot for
the rest of the phase: the non-motorised TEC column, and §7.4's halving for an unsupplied motorised
unit no longer applies. The choice is offered in the Movement Phase only; the phase's end ends it
(inferred: the other phases' moves, counterattack and Exploitation, are motorised)."""
from __future__ import annotations

from domain.games.normandy import cite
from domain.games.normandy.data import GameData, data_of
from domain.games.normandy.effects import WentOnFoot
from domain.games.normandy.model import State, State4, State5
from domain.games.normandy.orders import OnFoot
from domain.games.normandy.units import owns
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject


def may(state: State, data: GameData, seat: str, uid: str) -> bool:
    u = state.units.get(uid)
    return (isinstance(state, State5) and u is not None and u.hex is not None and "motorized_infantry" in data.values[uid].flags
            and uid not in state.moved and uid not in state.on_foot and owns(state, data, seat, uid)
            and not (isinstance(state, State4) and uid in state.left))


def legal(state: State, data: GameData, seat: str) -> list[OnFoot]:
    return [OnFoot(unit=uid) for uid in sorted(state.units) if may(state, data, seat, uid)]


def go(adj: Adjudication, seat: str, order: OnFoot) -> None:
    state: State = adj.state
    data = data_of(adj)
    if order.unit not in state.units or not owns(state, data, seat, order.unit):
        raise Reject("not_your_unit", f"{order.unit} is not a unit of yours.", cite.ON_FOOT)
    if "motorized_infantry" not in data.values[order.unit].flags:
        raise Reject("not_motorized_infantry", f"{order.unit} is not motorised infantry: only they may move on foot (§2.2).",
                     cite.ON_FOOT)
    if not may(state, data, seat, order.unit):
        raise Reject("cannot_go_on_foot", f"{order.unit} is on foot already, has moved this phase or is off the map: the "
                     "two kinds of movement are not combined in one phase (§2.2).", cite.ON_FOOT)
    adj.emit(WentOnFoot(unit=order.unit, cite=(cite.ON_FOOT, cite.ruling("Q50_motorized_infantry", "counter_flags"))))
