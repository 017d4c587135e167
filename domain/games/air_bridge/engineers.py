"""§17.3 Engineers used as ferry: an engineer and a non-motorised unit (or the engineer alone),
both starting the movement phase next to a river or canal hexside and not yet moved, spend all
their movement points and the unit is placed in the hex across that hexside."""
from __future__ import annotations

from domain.games.air_bridge import cite, values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.effects import Moved, Placed
from domain.games.air_bridge.model import State
from domain.games.air_bridge.orders import Ferry
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject
from domain.kernel.grid import hexside_id


def crossings(state: State, data: GameData, hex_id: str, side: str) -> list[str]:
    return [n for n in data.neighbours(hex_id) if hexside_id(hex_id, n) in data.water and not state.enemies_at(n, side)]


def ferry_options(state: State, data: GameData, seat: str) -> list[Ferry]:
    out = []
    for eng in sorted(state.units.values(), key=lambda u: u.id):
        if eng.seat != seat or eng.hex is None or eng.moved or not values.engineer(data, eng):
            continue
        for to in crossings(state, data, eng.hex, eng.side):
            for u in state.at(eng.hex):
                if u.seat == seat and not u.moved and (u.id == eng.id or not values.cm(data, u)) and values.combat_unit(data, u):
                    out.append(Ferry(engineer=eng.id, unit=u.id, to=to))
    return out


def ferry(adj: Adjudication, data: GameData, seat: str, order: Ferry) -> None:
    state = adj.state
    eng, u = state.units.get(order.engineer), state.units.get(order.unit)
    if eng is None or u is None or eng.seat != seat or u.seat != seat:
        raise Reject("not_your_unit", "Name an engineer and a unit of your own seat.", cite.FERRY)
    if not values.engineer(data, eng):
        raise Reject("not_engineer", f"{eng.id} is not an engineer.", cite.FERRY)
    if u.id != eng.id and values.cm(data, u):
        raise Reject("motorised", "Engineers ferry only non-motorised units.", cite.FERRY)
    if eng.moved or u.moved or eng.hex is None or u.hex != eng.hex:
        raise Reject("not_ready", "Both units start the movement phase together, next to the water, and do not move.", cite.FERRY)
    if order.to not in crossings(state, data, eng.hex, eng.side):
        raise Reject("no_crossing", f"{order.to} is not across a river or canal hexside from {eng.hex}.", cite.FERRY)
    adj.emit(Placed(unit=u.id, hex=order.to, how="ferry", cite=(cite.FERRY,)))
    if eng.id != u.id:
        adj.emit(Moved(units=(eng.id,), path=(eng.hex,), cost={eng.id: float(values.ma(data, eng))}, cite=(cite.FERRY,)))
