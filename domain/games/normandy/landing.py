"""§4.2 Landing: in his movement phase the Allied player lands units from the Strategic Reserve
at an operational depot, US units at the US beaches and ports, British/Canadian at theirs (§7.1,
§8); never in a storm (§1.1.1.1); the landed units stop (Q&A 56). A depot's landing capacity is
printed on its counter, which the text does not hold: it is not checked, and each landing says so."""
from __future__ import annotations

from typing import Callable

from domain.games.normandy import cite, stacking, supply
from domain.games.normandy.data import ALLIED, GameData, data_of
from domain.games.normandy.effects import ControlChanged, StepNotRuled, UnitMoved
from domain.games.normandy.model import RESERVE, State, Unit
from domain.games.normandy.orders import Land
from domain.games.normandy.units import owns
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject

Q56 = cite.errata("Q&A 56", 438)


def sites(state: State, data: GameData, u: Unit, fixed: Callable[[Unit], tuple[str, ...]]) -> list[str]:
    if state.storm:
        return []
    nat = data.values[u.id].nat
    open_depots = supply.depots(state, data, ALLIED)
    only = fixed(u)
    return sorted(h for h, d in state.depots.items() if d.side == ALLIED and d.nat == nat and h in open_depots
                  and (not only or h in only) and stacking.fits(state, data, h, (u.id,)))


def legal(state: State, data: GameData, seat: str, fixed: Callable[[Unit], tuple[str, ...]]) -> list[Land]:
    out = []
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if u.box == RESERVE and u.due <= state.core.clock.turn and u.id not in state.moved and owns(state, data, seat, u.id):
            out += [Land(unit=u.id, at=h) for h in sites(state, data, u, fixed)]
    return out


def land(adj: Adjudication, seat: str, order: Land, fixed: Callable[[Unit], tuple[str, ...]]) -> None:
    state: State = adj.state
    data: GameData = data_of(adj)
    u = state.units.get(order.unit)
    if u is None or not owns(state, data, seat, u.id) or u.box != RESERVE or u.due > state.core.clock.turn:
        raise Reject("not_in_reserve", f"{order.unit} is not a unit of yours waiting in the Strategic Reserve.", cite.LANDING)
    if state.storm:
        raise Reject("storm", "No landing during a storm.", cite.STORM)
    if u.id in state.moved:
        raise Reject("already_moved", f"{u.id} has moved this phase.", cite.MOVEMENT)
    if order.at not in sites(state, data, u, fixed):
        raise Reject("not_a_landing_site", f"{u.id} lands at an operational depot of its nationality with room: "
                     f"{', '.join(sites(state, data, u, fixed)) or 'none now'}.", cite.ALLIED_DEPOTS)
    adj.emit(UnitMoved(unit=u.id, path=(order.at,), cost=0, allowance=0, cite=(cite.LANDING, cite.ALLIED_DEPOTS, cite.INTER_ALLIED, Q56)))
    if state.control.get(order.at) != ALLIED:
        adj.emit(ControlChanged(hexes=(order.at,), side=ALLIED, cite=(cite.LANDING,)))
    adj.emit(StepNotRuled(step="landing_capacity", reason="the depot counter's landing capacity (§4.2) is not printed "
                          "in the text; it is not checked", cite=(cite.LANDING,)))
