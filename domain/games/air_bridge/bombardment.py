"""§9.1 Offensive bombardment (and the Bombardment/Support Table that §9.2 and §9.3 share): the
phasing player totals the bombardment values of his artillery (each fires at one hex, within
range, §9.0, under §9.4-§9.5) and the air points he adds (§15), rolls a d10 on the column of the
total; a number divided by the target's terrain defence (fractions dropped) is the steps it loses,
which its owner allocates (A11). A DZ marker is never hurt by bombardment (§7.3)."""
from __future__ import annotations

from domain.games.air_bridge import air, artillery, cite, values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.dice import d10
from domain.games.air_bridge.effects import Bombarded
from domain.games.air_bridge.model import State
from domain.games.air_bridge.orders import Bombard
from domain.games.air_bridge.tables import cell_cite, total_column
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject
from domain.kernel.dice import Roll


def table_result(data: GameData, points: int, roll: int) -> tuple[str | None, int]:
    """(column, numeric result; 0 for '-') on the Bombardment/Support Table."""
    col = total_column(data.bombardment, points)
    if col is None:
        return None, 0
    res = data.bombardment.result(col, roll)
    return col, 0 if res in ("-", "0") else int(res)


def legal(state: State, data: GameData, seat: str) -> list[Bombard]:
    side = state.core.layout.side_of(seat)
    out = []
    points = air.available(state, side)
    for t in sorted({u.hex for u in state.units.values() if u.hex and u.side != side and values.combat_unit(data, u)}):
        guns = tuple(u.id for u in sorted(state.units.values(), key=lambda x: x.id)
                     if u.seat == seat and artillery.may_bombard(state, data, u, t))
        strike = points if points and air.may_strike(state, data, side, t) else 0
        if guns:
            out.append(Bombard(target=t, artillery=guns))
        if strike:
            out.append(Bombard(target=t, artillery=guns, air=strike))
    return out


def bombard(adj: Adjudication, data: GameData, seat: str, order: Bombard) -> tuple[str, int]:
    """Rolls and records the bombardment; returns (target, steps to allocate)."""
    state = adj.state
    side = state.core.layout.side_of(seat)
    targets = [u for u in state.enemies_at(order.target, side) if values.combat_unit(data, u)]
    if not targets:
        raise Reject("no_target", f"{order.target} holds no enemy unit to bombard.", cite.BOMBARDMENT)
    if len(set(order.artillery)) != len(order.artillery):
        raise Reject("twice", "An artillery unit fires once, with its whole value, into one hex.", cite.ARTILLERY)
    for uid in order.artillery:
        u = state.units.get(uid)
        if u is None or u.seat != seat:
            raise Reject("not_your_unit", f"{uid} is not a unit your seat commands.", cite.PLAYERS)
        if not artillery.may_bombard(state, data, u, order.target):
            why = cite.FATIGUED_ARTILLERY if u.fatigued else cite.FIRE_LIMITS if artillery.spent(state, u) else cite.TARGETING
            raise Reject("may_not_fire", f"{uid} may not bombard {order.target} (in range, not fatigued, fire left, §9.5).", why)
    if order.air < 0 or order.air > air.available(state, side):
        raise Reject("air_points", f"Spend at most the {air.available(state, side)} air points left.", cite.AIR_POINTS)
    if order.air and not air.may_strike(state, data, side, order.target):
        raise Reject("air_radius", "Allied air points strike only within 5 hexes of a non-airborne Allied unit.", cite.AIR_POINTS)
    points = sum(values.bombardment(data, state.units[u]) for u in order.artillery) + order.air
    if points <= 0:
        raise Reject("no_points", "Commit artillery or air points.", cite.BOMBARDMENT)
    for uid in order.artillery:
        artillery.mark(adj, uid)
    air.spend(adj, side, order.air)
    r = d10(adj, f"bombardment of {order.target}")
    steps = record(adj, data, order.target, points, r, divisor=data.defence(order.target), why=cite.BOMBARDMENT)
    return order.target, steps


def record(adj: Adjudication, data: GameData, target: str, points: int, r: Roll, *, divisor: int, why: object) -> int:
    col, result = table_result(data, points, r.value)
    steps = result // max(1, divisor)
    assert col is not None
    adj.emit(Bombarded(target=target, points=points, column=col, roll=r, result=str(result or "-"), divisor=divisor,
                       steps=steps, cite=(why, cell_cite(data.bombardment, "bombardment", col, r.value))))  # type: ignore[arg-type]
    return steps
