"""§9.1 Tactical Air Support (`normandy-1944@3`): before the odds are read (option Q19: before the
shifts), the Allies may take a fighter-bomber of the combat's nationality (§8) from the Available
box to support an attack or a defence: one column in their favour, the counter to Finished at the
end of the combat; German units retreating from that combat take one more level of
disorganisation (option Q20, Q&A 40). Terrain that forbids TAS is the TEC's (`tas_forbidden`, a
placeholder pack with no such row: no terrain forbids it), cited as such. In an overrun or an
Exploitation (version 4) option Q18 restricts it to US troops from turn 7."""
from __future__ import annotations

from domain.games.normandy import air, bombardment, cite, losses
from domain.games.normandy.data import GERMAN, GameData, data_of
from domain.games.normandy.effects import AirAsked, TacticalAirSupport
from domain.games.normandy.model import State, air_of, exploitation_of, overrun_of
from domain.games.normandy.orders import CommitTAS
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Order, Reject
from domain.kernel.core import Frame

TAS_SHIFT = 1  # §9.1: 1 CS in favour of the Allied player


def forbidden(data: GameData, h: str) -> bool:
    hx = data.hexes[h]
    return any(bool(data.tec.get(t, {}).get("tas_forbidden")) for t in (hx.terrain, *hx.features))


def fighters(state: State, data: GameData) -> list[str]:
    a = air_of(state)
    c = state.combat
    if a is None or c is None or state.storm or "tas" in a.asked or forbidden(data, c.hex):
        return []
    who = bombardment.allied_in(state, data, c)
    if who and (overrun_of(state) is not None or exploitation_of(state) is not None) and not moving_tas(state, who[1]):
        return []
    return air.where(a, air.AVAILABLE, nat=who[1], use="FB") if who else []


def moving_tas(state: State, nat: str) -> bool:
    """§9.1 with option Q18 (version 4): an overrun or an Exploitation has TAS only for US troops,
    from turn 7."""
    return nat == "us" and state.core.clock.turn >= int(state.core.options.get("Q18_tas_overrun_from_turn", 7))


def offer(adj: Adjudication) -> bool:
    state: State = adj.state
    data = data_of(adj)
    options = fighters(state, data)
    if not options:
        return False
    c = state.combat
    assert c is not None
    adj.open_frame("tas", (air.owner(state, options[0]),), optional=True, prompt={"hex": c.hex, "options": options},
                   cite=(cite.TAS, cite.ruling("Q19_tas_timing", "before_shifts")))
    return True


def legal(frame: Frame) -> list[Order]:
    return [CommitTAS(frame=frame.id, counter=c) for c in [None, *frame.prompt["options"]]]


def answer(adj: Adjudication, seat: str, order: CommitTAS, frame: Frame) -> None:
    if order.counter is not None and order.counter not in frame.prompt["options"]:
        raise Reject("bad_tas", f"Tactical Air Support comes from one of {', '.join(frame.prompt['options'])} or none.", cite.TAS)
    adj.close_frame(frame, {seat: order.counter}, cite=(cite.TAS,))
    if order.counter is None:
        adj.emit(AirAsked(step="tas", cite=(cite.TAS,)))
        return
    adj.emit(TacticalAirSupport(counter=order.counter, cite=(cite.TAS, cite.INTER_ALLIED, air.datum(order.counter),
                                                             cite.datum("table:tec:tas_forbidden", "placeholder"))))


def shift(state: State) -> int:
    """The TAS column shift of the combat under way, from the attacker's side: +1 when the Allies attack."""
    a = air_of(state)
    c = state.combat
    if a is None or a.tas is None or c is None:
        return 0
    return -TAS_SHIFT if state.units[c.attackers[0]].side == GERMAN else TAS_SHIFT


def after_retreat(adj: Adjudication, uid: str) -> None:
    """Option Q20: a German unit retreating from a combat with TAS takes one more level of disorganisation."""
    a = air_of(adj.state)
    if a is None or a.tas is None or adj.state.units[uid].side != GERMAN:
        return
    losses.disorganise(adj, uid, (cite.TAS, cite.errata("Q&A 40", 377),
                                  cite.ruling("Q20_tas_retreat_disorganises", "combat_with_tas")))
