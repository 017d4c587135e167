"""§4 Movement and §4.1 the Mechanized Movement Phase: a unit or stack spends movement points on
the hexes it enters (terrain.py), never more than its allowance (halved when unsupplied, §16)
except the one hex a unit may always move; it stops on entering an enemy ZOC (§6; Allied C/M
units ignore it on turn 1) and never enters an enemy hex but by overrun (§4.2). In the
mechanized phase only C/M units that are neither fatigued nor unsupplied nor in an enemy ZOC
move, and never in the Waal-Neder Rijn zone once bad weather has come (§4.1). Artillery that
moves takes a fire marker (§9.4) but the Allied SP artillery. An Allied unit's first contact with
an 'x' bridge has the German player roll for it (§7.2 method 1); a bridge blown under a moving
stack stops it there, and an overrun ends the move: both are partial acceptances."""
from __future__ import annotations

from typing import NamedTuple

from domain.games.air_bridge import artillery, bridges, cite, overrun, values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.effects import Moved, Overran
from domain.games.air_bridge.losses import eliminate
from domain.games.air_bridge.model import ALLIED, STACK_LIMIT, State, Unit, other
from domain.games.air_bridge.orders import Move
from domain.games.air_bridge.terrain import HALF, points, step_cost
from domain.games.air_bridge.zoc import zoc_hexes
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject
from domain.kernel.grid import hexside_id

OVERRUN_EXTRA = 1 * HALF


class Ctx(NamedTuple):
    state: State
    data: GameData
    side: str
    zocs: set[str]
    mech: bool
    ignore_zoc: bool
    enemy: frozenset[str]  # hexes holding enemy units


def enemy_hexes(state: State, side: str) -> frozenset[str]:
    return frozenset(u.hex for u in state.units.values() if u.hex is not None and u.side != side)


def context(state: State, data: GameData, side: str, movers: list[Unit]) -> Ctx:
    mech = state.core.clock.phase == "mechanized"
    ignore = side == ALLIED and state.core.clock.turn == 1 and all(values.cm(data, u) for u in movers)
    return Ctx(state, data, side, zoc_hexes(state, data, other(side)), mech, ignore, enemy_hexes(state, side))


def cost(a: str, b: str, via: str | None, ctx: Ctx) -> int | None:
    if b in ctx.enemy:
        return None
    if ctx.mech and ctx.state.bad_seen and b in ctx.data.polder:
        return None
    return step_cost(ctx.state, ctx.data, a, b)


def stops(h: str, ctx: Ctx) -> bool:
    return not ctx.ignore_zoc and h in ctx.zocs


def allowance(data: GameData, u: Unit) -> int:
    """Half points: the printed MA, halved (rounded down) when unsupplied (§16)."""
    ma = values.ma(data, u)
    return (ma // 2 if u.unsupplied else ma) * HALF


def may_move(state: State, data: GameData, u: Unit, zocs: set[str] | None = None) -> str | None:
    """Why the unit may not move in this phase (None: it may)."""
    phase = state.core.clock.phase
    if u.hex is None or u.moved or values.dz(data, u) or values.ma(data, u) == 0:
        return "cannot_move"
    if phase == "mechanized":
        if not values.cm(data, u):
            return "not_cm"
        if u.fatigued or u.unsupplied:
            return "fatigued_or_unsupplied"
        if zocs is not None and u.hex in zocs:
            return "in_enemy_zoc"
    if values.artillery(data, u) and not values.sp_artillery(data, u) and artillery.spent(state, u):
        return "artillery_spent"
    return None


def any_may_move(state: State, data: GameData, side: str) -> bool:
    zocs = zoc_hexes(state, data, other(side))
    return any(u.side == side and may_move(state, data, u, zocs) is None for u in state.units.values())


WHY = {
    "cannot_move": ("This unit cannot move now (on the map, not yet moved this phase, with movement points).", cite.MOVEMENT),
    "not_cm": ("Only C/M units move in the mechanized movement phase.", cite.CM_TWICE),
    "fatigued_or_unsupplied": ("Fatigued or unsupplied C/M units do not move in the mechanized movement phase.", cite.MECH_PHASE),
    "in_enemy_zoc": ("C/M units in an enemy ZOC do not move in the mechanized movement phase.", cite.MECHANIZED),
    "artillery_spent": ("This artillery unit has already moved or fired in this phase, or used its moves and fires this turn.",
                        cite.FIRE_LIMITS),
}


def legal(state: State, data: GameData, seat: str, *, unit: str | None = None) -> list[Move]:
    out: list[Move] = []
    side = state.core.layout.side_of(seat)
    enemy_zoc = zoc_hexes(state, data, other(side))
    enemy = enemy_hexes(state, side)
    mech = state.core.clock.phase == "mechanized"
    seen: dict[tuple[str, int, bool], list[tuple[str, ...]]] = {}  # units alike in a hex share their reach
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if u.seat != seat or (unit is not None and u.id != unit) or may_move(state, data, u, enemy_zoc) is not None:
            continue
        assert u.hex is not None
        ignore = side == ALLIED and state.core.clock.turn == 1 and values.cm(data, u)
        key = (u.hex, allowance(data, u), ignore)
        if key not in seen:
            ctx = Ctx(state, data, side, enemy_zoc, mech, ignore, enemy)
            reach = data.board.reachable(u.hex, key[1], cost, ctx, stops=stops, minimum_move=True)
            seen[key] = [reach.path(dest) for dest in sorted(reach.costs) if dest != u.hex]
        out += [Move(units=(u.id,), path=path) for path in seen[key]]
    out += overrun_moves(state, data, seat, unit=unit)
    return out


def overrun_moves(state: State, data: GameData, seat: str, *, unit: str | None = None) -> list[Move]:
    """Stacks of the seat's C/M units that may overrun an adjacent enemy hex now."""
    out = []
    side = state.core.layout.side_of(seat)
    enemy_zoc = zoc_hexes(state, data, other(side))
    hexes = sorted({u.hex for u in state.units.values() if u.seat == seat and u.hex is not None})
    for h in hexes:
        movers = [u for u in state.at(h) if u.seat == seat and values.cm(data, u) and may_move(state, data, u, enemy_zoc) is None]
        if not movers or (unit is not None and unit not in {u.id for u in movers}):
            continue
        if sum(values.stacking(data, u) for u in movers) > STACK_LIMIT:
            continue
        budget = min(allowance(data, u) for u in movers)
        ctx = context(state, data, side, movers)
        for n in data.neighbours(h):
            if not state.enemies_at(n, side) or step_cost(state, data, h, n) is None:
                continue
            if ctx.mech and state.bad_seen and n in data.polder:
                continue
            if (step_cost(state, data, h, n) or 0) + OVERRUN_EXTRA > budget:
                continue
            if overrun.check(state, data, movers, n)[0] is None:
                out.append(Move(units=tuple(sorted(u.id for u in movers)), path=(h, n)))
    return out


def move(adj: Adjudication, data: GameData, seat: str, order: Move) -> None:
    state = adj.state
    side = state.core.layout.side_of(seat)
    if not order.units or len(set(order.units)) != len(order.units) or len(order.path) < 2:
        raise Reject("bad_move", "Name the moving units and a path of at least two hexes.", cite.MOVEMENT)
    movers = []
    for uid in order.units:
        u = state.units.get(uid)
        if u is None or u.seat != seat:
            raise Reject("not_your_unit", f"{uid} is not a unit your seat commands.", cite.PLAYERS)
        if u.hex != order.path[0]:
            raise Reject("not_at_start", f"{uid} does not stand at {order.path[0]}; a stack moves from one hex.", cite.STACKS_MOVE)
        movers.append(u)
    ctx = context(state, data, side, movers)
    for u in movers:
        why = may_move(state, data, u, ctx.zocs)
        if why is not None:
            msg, rule = WHY[why]
            raise Reject(why, f"{u.id}: {msg}", rule)
    if sum(values.stacking(data, u) for u in movers) > STACK_LIMIT:
        raise Reject("stack_too_big", "A moving stack holds at most 8 stacking points.", cite.STACKS_MOVE)
    budgets = {u.id: allowance(data, u) for u in movers}
    spent = 0
    segment = [order.path[0]]
    cites = [cite.MOVEMENT]
    for i in range(1, len(order.path)):
        a, b = order.path[i - 1], order.path[i]
        if not data.board.grid.adjacent(a, b) or b not in data.map.hexes:
            raise Reject("not_adjacent", f"{b} is not next to {a}: a unit never jumps a hex.", cite.MOVEMENT)
        if i > 1 and a in ctx.zocs and not ctx.ignore_zoc:
            raise Reject("zoc_stop", f"The move must stop at {a}, in an enemy ZOC.", cite.ZOC)
        if ctx.mech and state.bad_seen and b in data.polder:
            raise Reject("polder", "No mechanized movement between the Waal and the Neder Rijn since the first bad weather.", cite.POLDER)
        c = step_cost(adj.state, data, a, b)
        if c is None:
            if hexside_id(a, b) in adj.state.bridges and i > 1:  # blown under the stack during this move
                _emit(adj, order.units, segment, spent, cites)
                adj.stop("bridge_destroyed", f"The bridge {a}-{b} was destroyed: the stack stops at {a}.", path=list(order.path[i - 1:]))
                return
            raise Reject("impassable", f"{a} to {b} crosses a river or canal without a usable bridge.", cite.BRIDGES)
        enemies = adj.state.enemies_at(b, side)
        if enemies:
            problem, att, dfc = overrun.check(adj.state, data, movers, b)
            if problem is not None:
                raise problem.reject(hex=b)
            if any(spent + c + OVERRUN_EXTRA > budgets[u.id] for u in movers):
                raise Reject("no_points", f"An overrun of {b} costs its terrain and one more point.", cite.OVERRUN)
            spent += c + OVERRUN_EXTRA
            _emit(adj, order.units, segment, spent, cites, final=False)
            killed = tuple(sorted(u.id for u in enemies))
            adj.emit(Overran(units=order.units, hex=b, attack=att, defence=dfc, eliminated=killed, cite=(cite.OVERRUN,)))
            for uid in killed:
                eliminate(adj, data, uid, "overrun", cite.OVERRUN)
            _artillery(adj, data, movers)
            if i + 1 < len(order.path) and not adj.core.options.get("overrun_continues", False):
                adj.stop("overrun_ends_move", f"The overrun places the stack on {b}; its move ends there.",
                         path=list(order.path[i:]))
            if adj.state.core.clock.side == ALLIED:
                bridges.contact(adj, data, b)
            return
        over = [u for u in movers if spent + c > budgets[u.id]]
        if over and not (i == 1 and len(order.path) == 2 and all(not u.moved for u in movers)):
            raise Reject("no_points", f"{over[0].id} has not the movement points to enter {b}.", cite.MOVEMENT_PROHIBITED)
        spent += c
        segment.append(b)
        if side == ALLIED and any(b in br.hexes and br.x and s not in adj.state.tested for s, br in data.bridges.items()):
            _emit(adj, order.units, segment, spent, cites, final=False)
            segment = [b]
            bridges.contact(adj, data, b)
    _emit(adj, order.units, segment, spent, cites)
    _artillery(adj, data, movers)


def _emit(adj: Adjudication, units: tuple[str, ...], segment: list[str], spent: int, cites: list, final: bool = True) -> None:
    if len(segment) > 1:
        adj.emit(Moved(units=units, path=tuple(segment), cost={u: points(spent) for u in units}, cite=tuple(cites)))


def _artillery(adj: Adjudication, data: GameData, movers: list[Unit]) -> None:
    for u in movers:
        if values.artillery(data, u) and not values.sp_artillery(data, u):
            artillery.mark(adj, u.id)

