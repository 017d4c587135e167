"""§6.9 Counterattack (`normandy-1944@2`): after an advance without Exploitation the defender may
at once activate one available HQ within 2 hexes of the abandoned hex and attack the stack that
advanced into it; the HQ spends an Offensive marker (§6.9) and is flipped. The counterattackers are
the units under that HQ's control (option Q53) next to the hex: those that retreated from it and
any others adjacent. In version 2 and 3 their one-hex move to close in is not built (only units
already adjacent take part); version 4 builds it: a unit that retreated, or stands next to one that
did, and is not adjacent to the hex may move one hex to a hex next to it (a `counterattack_move`
decision of the defender for each such unit, free of terrain cost and zones of control as any
one-hex move, §4.1.1, never into an enemy or full hex). No Exploitation and no counterattack follow a
counterattack (§6.9); it does not count against the once-a-phase limits of §6.1."""
from __future__ import annotations

from domain.games.normandy import cite, command, errata
from domain.games.normandy.combat import proceed
from domain.games.normandy.data import GameData, data_of
from domain.games.normandy import stacking
from domain.games.normandy.effects import ControlChanged, CounterattackLaunched, UnitAdvanced
from domain.games.normandy.model import Combat, State, State4, confused, rest_of
from domain.games.normandy.orders import Counterattack, CounterattackMove
from domain.games.normandy.units import attack as attack_value, is_hq, motorised, seat_of
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
        stuck = confused(state)  # version 4 (§6.11): units in a Confusion hex fight there only, and do not move out
        units = tuple(x for x in command.controllable(state, data, u.id)
                      if data.grid.adjacent(state.units[x].hex or "", hex_) and attack_value(data, state.units[x]) > 0
                      and state.units[x].hex not in stuck and x not in rest_of(state))  # version 5: a unit in Rest attacks not (§1.1.1.3)
        if units or movers(state, data, u.id, hex_):
            out[u.id] = units
    return out


def closing_in(state: State, data: GameData, uid: str, hex_: str) -> list[str]:
    """Version 4: the hexes next to `hex_` that `uid` may reach with its one-hex move (§6.9)."""
    u = state.units[uid]
    if u.hex is None or u.hex in confused(state):  # §6.11: no move out of a Confusion hex
        return []
    enemy = {x.hex for x in state.units.values() if x.hex is not None and x.side != u.side}
    col = "motorized" if motorised(state, data, uid) else "non_motorized"
    steps = data.step_costs(col, data.values[uid].armored)
    return sorted(n for n in data.neighbours(u.hex) if n != hex_ and data.grid.adjacent(n, hex_) and data.land(n)
                  and n not in enemy and steps.get((u.hex, n)) is not None and stacking.fits(state, data, n, (uid,), (uid,)))


def movers(state: State, data: GameData, hq: str, hex_: str) -> tuple[str, ...]:
    """Version 4 (§6.9): the HQ's units (option Q53) that retreated or stand next to a unit that did,
    not adjacent to the hex yet, with a one-hex move that brings them next to it."""
    if not isinstance(state, State4) or not state.retreated:
        return ()
    back = [state.units[r].hex for r in state.retreated if state.units[r].hex is not None]
    out = []
    for x in command.controllable(state, data, hq):
        h = state.units[x].hex
        if h is None or h in confused(state) or data.grid.adjacent(h, hex_) or attack_value(data, state.units[x]) <= 0 \
                or x in rest_of(state):
            continue
        if (x in state.retreated or any(b is not None and data.grid.adjacent(h, b) for b in back)) and closing_in(state, data, x, hex_):
            out.append(x)
    return tuple(out)


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
    waiting = movers(adj.state, data_of(adj), order.hq, frame.prompt["hex"])
    if waiting:
        ask_move(adj, order.hq, frame.prompt["hex"], waiting)
        return
    launch(adj, order.hq, frame.prompt["hex"])


def ask_move(adj: Adjudication, hq: str, hex_: str, waiting: tuple[str, ...]) -> None:
    """Version 4: the defender moves each unit closing in, one hex, one decision a unit."""
    state: State = adj.state
    data = data_of(adj)
    for i, uid in enumerate(waiting):
        options = closing_in(state, data, uid, hex_)
        if options:
            adj.open_frame("counterattack_move", (owner_seat(state, data, hq),), optional=True,
                           prompt={"hq": hq, "hex": hex_, "unit": uid, "options": options, "then": list(waiting[i + 1:])},
                           cite=(cite.COUNTERATTACK,))
            return
    launch(adj, hq, hex_)


def move_answer(adj: Adjudication, seat: str, order: CounterattackMove, frame: Frame) -> None:
    uid, options = frame.prompt["unit"], frame.prompt["options"]
    if order.to is not None and order.to not in options:
        raise Reject("bad_counterattack_move", f"{uid} moves to one of {', '.join(options)}, or stays.", cite.COUNTERATTACK,
                     options=options)
    adj.close_frame(frame, {seat: order.to}, cite=(cite.COUNTERATTACK,))
    if order.to is not None:
        side = adj.state.units[uid].side
        adj.emit(UnitAdvanced(unit=uid, to=order.to, cite=(cite.COUNTERATTACK, cite.MINIMUM_MOVE)))
        if adj.state.control.get(order.to) != side:
            adj.emit(ControlChanged(hexes=(order.to,), side=side, cite=(cite.COUNTERATTACK,)))
    ask_move(adj, frame.prompt["hq"], frame.prompt["hex"], tuple(frame.prompt["then"]))


def launch(adj: Adjudication, hq: str, hex_: str) -> None:
    state: State = adj.state
    data = data_of(adj)
    units = candidates(state, data, hex_, state.units[hq].side).get(hq, ())
    defenders = tuple(sorted(u.id for u in state.units.values() if u.hex == hex_))
    if not units or not defenders:
        if isinstance(state, State4):  # every unit closing in stayed out: nothing attacks, no marker spent
            adj.cite(cite.COUNTERATTACK)
            return
        raise Reject("counterattack_impossible", "No unit of that HQ can counterattack the hex now.", cite.COUNTERATTACK)
    combat = Combat(hq=hq, attackers=units, hex=hex_, defenders=defenders, counter=True)
    adj.emit(CounterattackLaunched(hq=hq, combat=combat, cite=(cite.COUNTERATTACK, cite.ruling("Q53_counterattackers_controlled", True))))
    proceed(adj)
