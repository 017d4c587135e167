"""§12.0 / §13.0 the Combat Declaration Phase: maneuver combats and assaults are declared against
hexes of enemy units next to the attacking units, always voluntarily. Fatigued units never attack
(§14), artillery never attacks an adjacent hex (§9.0), unsupplied units never assault (§16), no
unit takes part in both kinds in a turn, an assault takes at most 8 stacking points (§13.0), and
a unit does not attack across a river or canal without a usable bridge (A18)."""
from __future__ import annotations

from domain.games.air_bridge import cite, values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.effects import CombatDeclared
from domain.games.air_bridge.model import STACK_LIMIT, Declared, State, Unit
from domain.games.air_bridge.orders import Declare
from domain.games.air_bridge.zoc import crossable
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject


def committed(state: State) -> set[str]:
    return {u for c in state.declared for u in c.units}


def may_attack(state: State, data: GameData, u: Unit, kind: str) -> bool:
    return (u.hex is not None and values.combat_unit(data, u) and not u.fatigued and not values.artillery(data, u)
            and values.attack(data, u) > 0 and not (kind == "assault" and u.unsupplied))


def targets(state: State, data: GameData, seat: str) -> list[str]:
    side = state.core.layout.side_of(seat)
    own = {u.hex for u in state.units.values() if u.seat == seat and u.hex}
    return sorted({n for h in own for n in data.neighbours(h) if state.enemies_at(n, side)})


def attackers(state: State, data: GameData, seat: str, target: str, kind: str) -> list[Unit]:
    busy = committed(state)
    return [u for u in sorted(state.units.values(), key=lambda x: x.id)
            if u.seat == seat and u.id not in busy and may_attack(state, data, u, kind) and u.hex is not None
            and data.board.grid.adjacent(u.hex, target) and crossable(state, data, u.hex, target)]


def legal(state: State, data: GameData, seat: str, *, unit: str | None = None) -> list[Declare]:
    out = []
    declared = {(c.kind, c.target) for c in state.declared}
    for t in targets(state, data, seat):
        for kind in ("maneuver", "assault"):
            if (kind, t) in declared:
                continue
            units = attackers(state, data, seat, t, kind)
            if kind == "assault":
                picked, sp = [], 0
                for u in units:
                    if sp + values.stacking(data, u) <= STACK_LIMIT:
                        picked.append(u)
                        sp += values.stacking(data, u)
                units = picked
            if units and (unit is None or unit in {u.id for u in units}):
                out.append(Declare(kind=kind, target=t, units=tuple(u.id for u in units)))
    return out


def declare(adj: Adjudication, data: GameData, seat: str, order: Declare) -> None:
    state = adj.state
    side = state.core.layout.side_of(seat)
    c = cite.MANEUVER if order.kind == "maneuver" else cite.ASSAULT
    if not state.enemies_at(order.target, side):
        raise Reject("no_enemy", f"{order.target} holds no enemy unit.", c)
    if any(x.kind == order.kind and x.target == order.target for x in state.declared):
        raise Reject("already_declared", f"A {order.kind} against {order.target} is already declared.", c)
    if not order.units or len(set(order.units)) != len(order.units):
        raise Reject("no_attackers", "Name the attacking units, each once.", c)
    allowed = {u.id for u in attackers(state, data, seat, order.target, order.kind)}
    for uid in order.units:
        u = state.units.get(uid)
        if u is None or u.seat != seat:
            raise Reject("not_your_unit", f"{uid} is not a unit your seat commands.", cite.PLAYERS)
        if uid in committed(state):
            raise Reject("already_attacking", f"{uid} already takes part in a combat this turn.", c)
        if uid not in allowed:
            why = (cite.FATIGUE if u.fatigued else cite.ARTILLERY if values.artillery(data, u)
                   else cite.SUPPLY if u.unsupplied and order.kind == "assault" else c)
            raise Reject("may_not_attack", f"{uid} may not take part in this {order.kind} (next to the hex, able to cross to it, "
                         "not fatigued, not artillery, supplied for an assault).", why)
    if order.kind == "assault" and sum(values.stacking(data, state.units[u]) for u in order.units) > STACK_LIMIT:
        raise Reject("assault_too_big", "An assault takes at most 8 stacking points.", cite.ASSAULT)
    origins = {u: state.units[u].hex or "" for u in order.units}
    adj.emit(CombatDeclared(combat=Declared(kind=order.kind, target=order.target, units=tuple(order.units), origins=origins),
                            cite=(cite.DECLARATION, c)))
