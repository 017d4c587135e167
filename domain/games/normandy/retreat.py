"""§6.6 Retreat and §6.7 Advance After Combat. Every unit of a hex with a retreat result retreats
(§6.4, option Q23; garrisons ignore retreats, §0.1.2), one hex (option Q21), each on the path its
owner chooses: never into an enemy-occupied or full hex (§6.6: it would have to go on, and this
version offers only hexes where the stack fits); into an enemy zone of control at the cost of a
step; with no hex open it is eliminated for good (captured). Then the attacker may advance one
attacking stack into the vacated hex, free (§6.7)."""
from __future__ import annotations

from domain.games.normandy import cite, losses, stacking, tas, zoc
from domain.games.normandy.data import GameData, data_of
from domain.games.normandy.effects import CombatEnded, HQDestroyed, ControlChanged, RetreatBegun, StepNotRuled, UnitAdvanced, UnitRetreated
from domain.games.normandy.model import State, overrun_of
from domain.games.normandy.orders import Advance, Retreat
from domain.games.normandy.units import is_combat, seat_of
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject
from domain.kernel.core import Frame


def begin(adj: Adjudication) -> None:
    state: State = adj.state
    data: GameData = data_of(adj)
    c = state.combat
    assert c is not None
    who = tuple(d for d in c.defenders if state.units[d].hex == c.hex and "ignores_retreat" not in data.values[d].flags)
    adj.emit(RetreatBegun(units=who, cite=(cite.RETREAT, cite.ruling("Q23_withheld_also_retreat", True))))
    ask_next(adj)


def options(state: State, data: GameData, uid: str) -> tuple[list[str], list[str]]:
    """The hexes `uid` may retreat to, and those of them in an enemy zone of control."""
    u = state.units[uid]
    assert u.hex is not None
    enemy = {x.hex for x in state.units.values() if x.hex is not None and x.side != u.side}
    ez = zoc.ezoc(state, data, u.side)
    ok = [n for n in data.neighbours(u.hex) if data.land(n) and n not in enemy and stacking.fits(state, data, n, (uid,))
          and (data.tec.get(data.hexes[n].terrain, {}).get("motorized") is not None or not data.values[uid].armored)]
    return sorted(ok), sorted(n for n in ok if n in ez)


def ask_next(adj: Adjudication) -> None:
    while True:
        state: State = adj.state
        data: GameData = data_of(adj)
        c = state.combat
        assert c is not None
        if not c.retreating:
            vacated(adj)
            return
        uid = c.retreating[0]
        hexes, in_zoc = options(state, data, uid)
        chooser = seat_of(state, data, uid)
        if overrun_of(state) is not None:  # §4.3: the attacker picks the path, never into an avoidable elimination
            chooser = seat_of(state, data, c.attackers[0]) if c.attackers else chooser
            v, u = data.values[uid], state.units[uid]
            safe = [h for h in hexes if h not in in_zoc]
            if is_combat(data, uid) and v.steps - u.lost <= 1 and safe:
                hexes, in_zoc = safe, []
        if hexes:
            adj.open_frame("retreat", (chooser,), prompt={"unit": uid, "options": hexes, "ezoc": in_zoc},
                           cite=(cite.RETREAT,) + ((cite.OVERRUN,) if overrun_of(state) is not None else ()))
            return
        if not is_combat(data, uid):  # an HQ with nowhere to go is captured (§5.4)
            adj.emit(HQDestroyed(hq=uid, returns=state.core.clock.turn + 1, cite=(cite.HQ_DESTRUCTION, cite.RETREAT)))
            continue
        while adj.state.units[uid].hex is not None:  # §6.6: a unit that cannot retreat is eliminated
            losses.one_step(adj, uid, retreat=True)


def answer(adj: Adjudication, seat: str, order: Retreat, frame: Frame) -> None:
    uid = frame.prompt["unit"]
    if order.to not in frame.prompt["options"]:
        raise Reject("bad_retreat", f"{uid} retreats to one of {', '.join(frame.prompt['options'])}.", cite.RETREAT,
                     options=frame.prompt["options"])
    adj.close_frame(frame, {seat: order.to}, cite=(cite.RETREAT,))
    adj.emit(UnitRetreated(unit=uid, to=order.to, cite=(cite.RETREAT, cite.ruling("Q21_retreat_length", 1))))
    if adj.state.control.get(order.to) != adj.state.units[uid].side:
        adj.emit(ControlChanged(hexes=(order.to,), side=adj.state.units[uid].side, cite=(cite.RETREAT,)))
    if order.to in frame.prompt.get("ezoc", []) and is_combat(data_of(adj), uid):
        losses.one_step(adj, uid, retreat=True)
    if is_combat(data_of(adj), uid):
        tas.after_retreat(adj, uid)
    ask_next(adj)


def vacated(adj: Adjudication) -> None:
    """After the result: the attacker may advance if the defending hex is empty (§6.7)."""
    state: State = adj.state
    data: GameData = data_of(adj)
    c = state.combat
    assert c is not None
    after = getattr(adj.ruleset, "after_result", None)  # version 4: an overrun goes on with its move, no advance
    if after is not None and after(adj):
        return
    if any(u.hex == c.hex for u in state.units.values()):
        adj.emit(CombatEnded(cite=(cite.RESULTS,)))
        return
    stacks = sorted({h for h in (state.units[a].hex for a in c.attackers) if h is not None})
    if not stacks:
        adj.emit(CombatEnded(cite=(cite.RESULTS,)))
        return
    adj.open_frame("advance", (seat_of(state, data, c.attackers[0]),), optional=True,
                   prompt={"hex": c.hex, "options": stacks}, cite=(cite.ADVANCE,))


def advance(adj: Adjudication, seat: str, order: Advance, frame: Frame) -> str | None:
    """The advance, then the hex a counterattack may be offered on (§6.9, version 2), if any."""
    if order.stack is not None and order.stack not in frame.prompt["options"]:
        raise Reject("bad_advance", f"Advance from one of {', '.join(frame.prompt['options'])}, or decline.", cite.ADVANCE)
    adj.close_frame(frame, {seat: order.stack}, cite=(cite.ADVANCE,))
    state: State = adj.state
    data: GameData = data_of(adj)
    c = state.combat
    assert c is not None
    if order.stack is not None:
        moved: list[str] = []
        for a in c.attackers:
            u = adj.state.units[a]
            if u.hex == order.stack and stacking.fits(adj.state, data, c.hex, (a,)):
                adj.emit(UnitAdvanced(unit=a, to=c.hex, cite=(cite.ADVANCE,)))
                moved.append(a)
        if moved:
            adj.emit(ControlChanged(hexes=(c.hex,), side=adj.state.units[moved[0]].side, cite=(cite.ADVANCE,)))
            if getattr(adj.ruleset, "counterattacks", False):
                adj.emit(StepNotRuled(step="advance_second_hex", reason="the second hex of an advance (§6.7, Q&A 38) "
                                      "is not built in this version", cite=(cite.ADVANCE_ERRATA,)))
                adj.emit(CombatEnded(cite=(cite.ADVANCE,)))
                return c.hex if not c.counter and not c.exploitation else None
            adj.emit(StepNotRuled(step="advance_second_hex_and_counterattack",
                                  reason="the second hex of an advance (§6.7, Q&A 38) and the defender's counterattack "
                                         "(§6.9) are not built in this version",
                                  cite=(cite.ADVANCE_ERRATA, cite.COUNTERATTACK)))
    adj.emit(CombatEnded(cite=(cite.ADVANCE,)))
    return None
