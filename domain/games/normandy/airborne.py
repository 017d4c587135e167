"""§7.5 Airborne Supply (`normandy-1944@5`): on a clear or overcast turn, in the Logistics Phase
(the Allies' turn to give Offensive markers, after the supply check), the Allied player lifts the
"Out of supply" markers of infantry units of his choice, up to 4 SP (stacking points) a turn in
all, "the equivalent of one infantry division".

What the text leaves open, inferred and cited so: "infantry" is a combat unit neither armoured nor
motorised (airborne and commando units included; HQs are not infantry); a unit's SP is its
stacking value; the 4 SP may be spent over several orders of the same phase."""
from __future__ import annotations

from domain.games.normandy import cite
from domain.games.normandy.data import ALLIED, GameData, data_of
from domain.games.normandy.effects import AirborneSupplied
from domain.games.normandy.model import State, State5
from domain.games.normandy.orders import AirborneSupply
from domain.games.normandy.units import owns
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject

ALLOWANCE_SP = 4  # §7.5: "up to 4 SP" a turn
WEATHERS = ("clear", "overcast")  # §7.5: "On each clear or overcast weather turn"
INFANTRY = cite.datum("airborne_supply:infantry", "inferred: a combat unit neither armoured nor motorised")


def is_infantry(data: GameData, uid: str) -> bool:
    v = data.values[uid]
    return v.cls == "combat" and not v.armored and not v.motorized


def left(state: State) -> int:
    """The stacking points still to be supplied by air this turn."""
    if not isinstance(state, State5) or state.weather not in WEATHERS:
        return 0
    turn, used = state.airborne
    return ALLOWANCE_SP - (used if turn == state.core.clock.turn else 0)


def candidates(state: State, data: GameData, seat: str) -> list[str]:
    room = left(state)
    return sorted(u.id for u in state.units.values() if u.side == ALLIED and u.unsupplied and (u.hex or u.box)
                  and is_infantry(data, u.id) and data.values[u.id].sv <= room and owns(state, data, seat, u.id))


def possible(state: State, data: GameData, side: str) -> bool:
    return side == ALLIED and any(candidates(state, data, seat) for seat in state.core.layout.seats_of(side))


def legal(state: State, data: GameData, seat: str) -> list[AirborneSupply]:
    """One order a unit: the random bot's listing; an order may name several (their SP summed)."""
    return [AirborneSupply(units=(uid,)) for uid in candidates(state, data, seat)]


def supply(adj: Adjudication, seat: str, order: AirborneSupply) -> None:
    state: State = adj.state
    data = data_of(adj)
    if state.weather not in WEATHERS:
        raise Reject("no_airborne_supply", f"Airborne supply flies on clear or overcast turns only (§7.5); the weather is "
                     f"{state.weather}.", cite.AIRBORNE_SUPPLY, weather=state.weather)
    units = tuple(dict.fromkeys(order.units))
    if not units:
        raise Reject("no_units", "Name the infantry units to supply by air (§7.5).", cite.AIRBORNE_SUPPLY)
    for uid in units:
        u = state.units.get(uid)
        if u is None or u.side != ALLIED or not owns(state, data, seat, uid):
            raise Reject("not_your_unit", f"{uid} is not a unit of yours.", cite.AIRBORNE_SUPPLY)
        if not is_infantry(data, uid):
            raise Reject("not_infantry", f"{uid} is not an infantry unit: airborne supply lifts the markers of infantry "
                         "units only (§7.5; infantry: a combat unit neither armoured nor motorised, inferred).",
                         cite.AIRBORNE_SUPPLY)
        if not u.unsupplied:
            raise Reject("not_unsupplied", f"{uid} has no \"Out of supply\" marker to lift (§7.5).", cite.AIRBORNE_SUPPLY)
    sp = sum(data.values[uid].sv for uid in units)
    if sp > left(state):
        raise Reject("airborne_allowance", f"{', '.join(units)} make {sp} SP; {left(state)} of this turn's "
                     f"{ALLOWANCE_SP} SP are left (§7.5).", cite.AIRBORNE_SUPPLY, sp=sp, left=left(state))
    adj.emit(AirborneSupplied(units=units, sp=sp, cite=(cite.AIRBORNE_SUPPLY, cite.OUT_OF_SUPPLY, INFANTRY)))
