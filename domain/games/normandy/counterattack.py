"""§6.9 Counterattack (`normandy-1944@2`): after an advance without Exploitation the defender may
at once activate one available HQ within 2 hexes of the abandoned hex and attack the stack that
advanced into it; the HQ spends an Offensive marker (§6.9) and is flipped. The counterattackers are
the units under that HQ's control (option Q53) next to the hex: those that retreated from it and
any others adjacent (their one-hex move to close in is not built: only units already adjacent
take part). No Exploitation and no counterattack follow a counterattack (§6.9); it does not count
against the once-a-phase limits of §6.1."""
from __future__ import annotations

from domain.games.normandy import cite, command, errata
from domain.games.normandy.combat import proceed
from domain.games.normandy.data import GameData, data_of
from domain.games.normandy.effects import CounterattackLaunched
from domain.games.normandy.model import Combat, State
from domain.games.normandy.orders import Counterattack
from domain.games.normandy.units import attack as attack_value, is_hq, seat_of
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject
from domain.kernel.core import Frame

RANGE = 2  # §6.9: an HQ in a 2-hex range of the abandoned hex
CITE = cite.COUNTERATTACK


def candidates(state: State, data: GameData, hex_: str, side: str) -> dict[str, tuple[str, ...]]:
    """Each HQ of `side` that may counterattack into `hex_`, with the units that would attack."""
    out: dict[str, tuple[str, ...]] = {}
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if u.side != side or u.hex is None or not is_hq(data, u.id) or u.finished or u.markers <= 0:
            continue
        if data.distance(u.hex, hex_) > RANGE:
            continue
        units = tuple(x for x in command.controllable(state, data, u.id)
                      if data.grid.adjacent(state.units[x].hex or "", hex_) and attack_value(data, state.units[x]) > 0)
        if units:
            out[u.id] = units
    return out


def owner_seat(state: State, data: GameData, hq: str) -> str:
    return seat_of(state, data, hq)


def offer(adj: Adjudication, hex_: str, side: str) -> None:
    """§6.9: the defender may counterattack the stack that advanced (a decision frame, optional)."""
    data = data_of(adj)
    options = candidates(adj.state, data, hex_, side) if side else {}
    if not options:
        return
    seats = tuple(dict.fromkeys(owner_seat(adj.state, data, h) for h in options))
    adj.open_frame("counterattack", seats, optional=True, prompt={"hex": hex_, "options": list(options)},
                   cite=(cite.COUNTERATTACK,))


def answer(adj: Adjudication, seat: str, order: Counterattack, frame: Frame) -> None:
    from_seat = lambda h: owner_seat(adj.state, data_of(adj), h)  # noqa: E731
    if order.hq is not None and (order.hq not in frame.prompt["options"] or from_seat(order.hq) != seat):
        raise Reject("bad_counterattack", f"Counterattack with one of your HQs of {', '.join(frame.prompt['options'])}, "
                     "or decline.", cite.COUNTERATTACK)
    adj.close_frame(frame, {seat: order.hq}, cite=(cite.COUNTERATTACK, errata.cite_of("B3")))
    if order.hq is None:
        return
    state: State = adj.state
    data = data_of(adj)
    hex_ = frame.prompt["hex"]
    units = candidates(state, data, hex_, state.units[order.hq].side).get(order.hq, ())
    defenders = tuple(sorted(u.id for u in state.units.values() if u.hex == hex_))
    if not units or not defenders:
        raise Reject("counterattack_impossible", "No unit of that HQ can counterattack the hex now.", cite.COUNTERATTACK)
    combat = Combat(hq=order.hq, attackers=units, hex=hex_, defenders=defenders, counter=True)
    adj.emit(CounterattackLaunched(hq=order.hq, combat=combat, cite=(cite.COUNTERATTACK, cite.ruling("Q53_counterattackers_controlled", True))))
    proceed(adj)
