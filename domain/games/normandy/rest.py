"""§1.1.1.3 Rest and the return to the strategic reserve (`normandy-1944@5`), in the Administration
Phase of turns >= 1.

Rest: 'On-map, units with one or two-step loss, out of enemy ZOC, may be put to rest'; under the
marker a unit 'suffer[s] no adverse effect, except that they can't move or attack'; the marker stays
until its owner lifts it in an Administration Phase or an enemy unit is adjacent, when it goes at
once (option Q10), so none is put where an enemy unit is adjacent (a unit without ZOC, a garrison,
still lifts it) or shares the hex (Confusion). A unit in Rest since an earlier Administration
Phase may regain a step (replacements.py).

Strategic Reserve Rebuilding: the Allies may send an airborne or commando unit (the pack's
`paratroop` and `commando` flags; no ranger counter is in the pack) back to the strategic reserve
'like in a Rest' with no step loss needed (option Q63: on the map, out of enemy ZOC), +1 VP each
(L110). It is kept there for future operations and does not land again in this game (inferred: the
text gives the reserve as its purpose; §11.3's -1 VP a turn counts those left on the map)."""
from __future__ import annotations

from domain.games.normandy import cite, zoc
from domain.games.normandy.data import ALLIED, SPECIAL_TROOPS, GameData, data_of
from domain.games.normandy.effects import RestLifted, RestMarked, ReturnedToReserve
from domain.games.normandy.losses import VP
from domain.games.normandy.model import State, rest_of
from domain.games.normandy.orders import LiftRest, PutToRest, ReturnToReserve
from domain.games.normandy.units import is_combat, owns
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Order, Reject
from domain.kernel.effects import LedgerPosted

Q10 = cite.ruling("Q10_rest_lasts", "until_lifted")
Q63 = cite.ruling("Q63_return_to_reserve", "as_rest_without_loss")
RETURN_VP = 1  # L110: '1 VP per Regiment, Airborne Brigade unit or Ranger / Commando'


def _out_of_contact(state: State, data: GameData, uid: str) -> bool:
    """On the map, out of enemy ZOC, and (or the marker would go at once) with no enemy unit adjacent."""
    u = state.units[uid]
    return u.hex is not None and u.hex not in zoc.ezoc(state, data, u.side) and not enemy_near(state, data, uid)


def enemy_near(state: State, data: GameData, uid: str) -> bool:
    """An enemy unit adjacent to `uid`'s hex, or in it (Confusion)."""
    u = state.units[uid]
    near = {u.hex, *data.neighbours(u.hex or "")}
    return any(x.hex in near and x.side != u.side for x in state.units.values())


def can_rest(state: State, data: GameData, uid: str) -> bool:
    u = state.units[uid]
    return is_combat(data, uid) and 1 <= u.lost <= 2 and uid not in rest_of(state) and _out_of_contact(state, data, uid)


def can_return(state: State, data: GameData, uid: str) -> bool:
    return state.units[uid].side == ALLIED and bool(data.values[uid].flags & set(SPECIAL_TROOPS)) \
        and _out_of_contact(state, data, uid)


def legal(state: State, data: GameData, seat: str) -> list[Order]:
    mine = sorted(uid for uid, u in state.units.items() if u.hex is not None and owns(state, data, seat, uid))
    return ([PutToRest(unit=u) for u in mine if can_rest(state, data, u)]
            + [LiftRest(unit=u) for u in mine if u in rest_of(state)]
            + [ReturnToReserve(unit=u) for u in mine if can_return(state, data, u)])


def _yours(state: State, data: GameData, seat: str, uid: str) -> None:
    if uid not in state.units or not owns(state, data, seat, uid):
        raise Reject("not_your_unit", f"{uid} is not a unit of yours.", cite.REST, unit=uid)


def put(adj: Adjudication, seat: str, order: PutToRest) -> None:
    state: State = adj.state
    data = data_of(adj)
    _yours(state, data, seat, order.unit)
    if not can_rest(state, data, order.unit):
        raise Reject("cannot_rest", f"{order.unit} may not be put to rest: a combat unit on the map with one or two steps "
                     "lost, out of enemy ZOC with no enemy unit adjacent, and not already in Rest (§1.1.1.3).", cite.REST, unit=order.unit)
    adj.emit(RestMarked(unit=order.unit, cite=(cite.REST, Q10)))


def lift(adj: Adjudication, seat: str, order: LiftRest) -> None:
    state: State = adj.state
    _yours(state, data_of(adj), seat, order.unit)
    if order.unit not in rest_of(state):
        raise Reject("not_at_rest", f"{order.unit} is under no Rest marker.", cite.REST, unit=order.unit)
    adj.emit(RestLifted(unit=order.unit, reason="owner", cite=(cite.REST, Q10)))


def send_back(adj: Adjudication, seat: str, order: ReturnToReserve) -> None:
    state: State = adj.state
    data = data_of(adj)
    _yours(state, data, seat, order.unit)
    if not can_return(state, data, order.unit):
        raise Reject("cannot_return", f"{order.unit} may not return to the strategic reserve: an Allied airborne, ranger or "
                     "commando unit on the map, out of enemy ZOC (§1.1.1.3, option Q63).", cite.STRATEGIC_RESERVE, unit=order.unit)
    adj.emit(ReturnedToReserve(unit=order.unit, cite=(cite.STRATEGIC_RESERVE, Q63)))
    adj.emit(LedgerPosted(ledger=VP, owner=ALLIED, kind="credit", amount=RETURN_VP, cite=(cite.STRATEGIC_RESERVE,)))


def tidy(adj: Adjudication) -> None:
    """After every ruling: a Rest marker goes at once when an enemy unit is adjacent (or shares the
    hex), or when its unit left the map."""
    state: State = adj.state
    for uid in sorted(rest_of(state)):
        u = state.units[uid]
        if u.hex is None:
            adj.emit(RestLifted(unit=uid, reason="left_the_map", cite=(cite.REST,)))
        elif enemy_near(state, data_of(adj), uid):
            adj.emit(RestLifted(unit=uid, reason="enemy_adjacent", cite=(cite.REST,)))
