"""Combat: one die, a differential table from the pack, the defender's retreat decision."""
from __future__ import annotations

from itertools import combinations

from domain.games.sandbox import cite
from domain.games.sandbox.model import Attack, AttackDeclared, CombatResolved, Retreat, UnitEliminated, UnitRetreated, UnitRevealed
from domain.games.sandbox.movement import MAP, NEIGHBOURS, crossing, hexside_features
from domain.games.sandbox.pack import CRT
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject
from domain.kernel.crt import CrtTable
from domain.kernel.effects import LedgerPosted



def visible_enemy_at(state, side: str, hex_: str):
    return next((u for u in state.units.values() if u.hex == hex_ and u.side != side and not u.concealed), None)


def attack_options(state, seat: str) -> list[Attack]:
    own = [u for u in state.units.values() if u.owner == seat and u.hex and not u.dummy and u.id not in state.attacked]
    targets = sorted({n for u in own for n in NEIGHBOURS[u.hex] if n not in state.hit_hexes and visible_enemy_at(state, u.side, n)})
    out = []
    for t in targets:
        near = [u.id for u in own if t in NEIGHBOURS[u.hex]]
        for k in range(1, len(near) + 1):
            out += [Attack(units=c, target=t) for c in combinations(near, k)]
    return out


def attack(adj: Adjudication, seat: str, order: Attack) -> None:
    state = adj.state
    if not order.units or len(set(order.units)) != len(order.units):
        raise Reject("bad_attackers", "Name each attacking unit once.", cite.ATTACK)
    attackers = []
    for uid in order.units:
        u = state.units.get(uid)
        if u is None or u.owner != seat or u.hex is None or u.dummy:
            raise Reject("not_your_unit", f"{seat} has no unit {uid!r} that can attack.", cite.OWN)
        if uid in state.attacked:
            raise Reject("already_attacked", f"{uid} has already attacked this phase.", cite.ATTACK)
        if order.target not in NEIGHBOURS[u.hex]:
            raise Reject("not_adjacent", f"{uid} is not next to {order.target}.", cite.ATTACK)
        attackers.append(u)
    if order.target in state.hit_hexes:
        raise Reject("already_attacked_hex", f"{order.target} has already been attacked this phase.", cite.ATTACK)
    defender = visible_enemy_at(state, attackers[0].side, order.target)
    if defender is None:
        raise Reject("no_enemy", f"There is no enemy unit you can see in {order.target}.", cite.ATTACK)
    for u in attackers:
        if u.marker or u.concealed:
            adj.emit(UnitRevealed(unit=u.id, hex=u.hex, cite=(cite.DUMMY,)))
    adj.emit(AttackDeclared(units=order.units, target=order.target, cite=(cite.ATTACK,)))
    if defender.marker:
        adj.emit(UnitRevealed(unit=defender.id, hex=defender.hex, dummy=defender.dummy, cite=(cite.DUMMY,)))
    if defender.dummy:
        adj.emit(UnitEliminated(unit=defender.id, hex=defender.hex, cite=(cite.DUMMY,)))
        return
    _resolve(adj, attackers, defender)


def _resolve(adj: Adjudication, attackers, defender) -> None:
    att = sum(u.strength for u in attackers)
    mods = {}
    if MAP.hexes[defender.hex].terrain == "woods":
        mods["woods"] = -1
    if all("river" in hexside_features(u.hex, defender.hex) for u in attackers):
        mods["brook"] = -1
    roll = adj.roll(6, "combat")
    table = CrtTable(CRT)  # read when the attack is ruled: a later version's table (tests patch it) is the one in force
    modified = table.clamp(roll.value + att - defender.strength + sum(mods.values()))
    result = table.result("any", modified)
    adj.emit(CombatResolved(attackers=tuple(u.id for u in attackers), target=defender.hex, attack=att, defence=defender.strength,
                            modifiers=mods, roll=roll, modified=modified, result=result, cite=(cite.CRT,)))
    if result == "DE":
        eliminate(adj, defender, credit=attackers[0].owner)
    elif result == "DR":
        options = retreat_hexes(adj.state, defender)
        if not options:
            eliminate(adj, defender, credit=attackers[0].owner)
        else:
            adj.open_frame("retreat", (defender.owner,), prompt={"unit": defender.id, "from": defender.hex, "options": options}, cite=(cite.RETREAT,))


def eliminate(adj: Adjudication, unit, *, credit: str) -> None:
    adj.emit(UnitEliminated(unit=unit.id, hex=unit.hex, cite=(cite.CRT,)))
    adj.emit(LedgerPosted(ledger="vp", owner=credit, kind="credit", amount=2, cite=(cite.VICTORY,)))


def retreat_hexes(state, unit) -> list[str]:
    occupied = {u.hex for u in state.units.values() if u.hex}
    return [n for n in NEIGHBOURS[unit.hex] if n not in occupied and crossing(state, unit.hex, n) is None]


def retreat(adj: Adjudication, seat: str, order: Retreat) -> None:
    frame = adj.core.top()
    if frame is None or frame.kind != "retreat" or frame.id != order.frame:
        raise Reject("no_such_decision", f"There is no retreat decision {order.frame} open.", cite.RETREAT)
    if order.to not in frame.prompt["options"]:
        raise Reject("bad_retreat", f"{order.to} is not a legal retreat hex; choose one of {', '.join(frame.prompt['options'])}.", cite.RETREAT)
    adj.emit(UnitRetreated(unit=frame.prompt["unit"], frm=frame.prompt["from"], to=order.to, cite=(cite.RETREAT,)))
    adj.close_frame(frame, {seat: order.to})
