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
    zocs: frozenset[str]
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


def may_move(state: State, data: GameData, u: Unit, zocs: frozenset[str] | None = None) -> str | None:
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
    if data.version >= 3:
        out += [m for m in stack_moves(state, data, seat) if unit is None or unit in m.units]
    return out


def _step_ok(ctx: Ctx, a: str, b: str) -> int | None:
    """The cost of a plain step a -> b (None: not one a listed stack move takes)."""
    if b in ctx.enemy or (ctx.mech and ctx.state.bad_seen and b in ctx.data.polder):
        return None
    return step_cost(ctx.state, ctx.data, a, b)


def stack_moves(state: State, data: GameData, seat: str) -> list[Move]:
    """@3 (§4.0), a sample for the listing (every path is too many): for two movable units of the seat
    in neighbouring hexes, the first unit picks the second up on its way one hex further; for two in
    one hex, the stack moves two hexes and drops the second after the first. Never through an
    enemy ZOC, each unit within its own allowance, at most 8 stacking points."""
    side = state.core.layout.side_of(seat)
    zocs = zoc_hexes(state, data, other(side))
    movable = sorted((u for u in state.units.values() if u.seat == seat and may_move(state, data, u, zocs) is None),
                     key=lambda u: u.id)
    out: list[Move] = []
    ctx = Ctx(state, data, side, zocs, state.core.clock.phase == "mechanized", False, enemy_hexes(state, side))
    for u in movable:
        for v in movable:
            if v.id == u.id or values.stacking(data, u) + values.stacking(data, v) > STACK_LIMIT:
                continue
            assert u.hex is not None and v.hex is not None
            together = u.hex == v.hex
            if not together and not data.board.grid.adjacent(u.hex, v.hex):
                continue
            if together and u.id > v.id:
                continue
            m = _two_step(ctx, u, v, together)
            if m is not None:
                out.append(m)
    return out


def _two_step(ctx: Ctx, u: Unit, v: Unit, together: bool) -> Move | None:
    """u picks v up at its hex and both go one hex on; or u and v leave together and v stays after one hex."""
    a = u.hex
    assert a is not None and v.hex is not None
    firsts = [v.hex] if not together else list(ctx.data.neighbours(a))
    for b in firsts:
        c1 = _step_ok(ctx, a, b)
        if c1 is None or b in ctx.zocs:
            continue
        for c in ctx.data.neighbours(b):
            c2 = _step_ok(ctx, b, c)
            if c == a or c2 is None:
                continue
            if together and c1 <= allowance(ctx.data, v) and c1 + c2 <= allowance(ctx.data, u):
                return Move(units=(u.id, v.id), path=(a, b, c), leaves={v.id: 1})
            if not together and c1 + c2 <= allowance(ctx.data, u) and c2 <= allowance(ctx.data, v):
                return Move(units=(u.id, v.id), path=(a, b, c), joins={v.id: 1})
    return None


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
    if (order.joins or order.leaves) and data.version < 3:
        raise Reject("not_in_this_ruleset_version", "Picking up or dropping units along the path is ruled from "
                     "air-bridge-to-victory@3 on.", cite.STACKS_MOVE)
    parts = legs(order)
    movers = []
    for uid in order.units:
        u = state.units.get(uid)
        if u is None or u.seat != seat:
            raise Reject("not_your_unit", f"{uid} is not a unit your seat commands.", cite.PLAYERS)
        if u.hex != order.path[parts[uid][0]]:
            raise Reject("not_at_start", f"{uid} does not stand at {order.path[parts[uid][0]]}; a stack moves from one hex "
                         "and picks units up where they stand.", cite.STACKS_MOVE)
        movers.append(u)
    ctx = context(state, data, side, movers)
    for u in movers:
        why = may_move(state, data, u, ctx.zocs)
        if why is not None:
            msg, rule = WHY[why]
            raise Reject(why, f"{u.id}: {msg}", rule)
    travel(adj, data, side, order, movers, ctx)


def legs(order: Move) -> dict[str, tuple[int, int]]:
    """Each unit's part of the path (the index where it joins the stack, the one where it is dropped),
    checked: in the order's units, within the path, at least one hex, the stack never empty (§4.0)."""
    last = len(order.path) - 1
    if not set(order.joins) | set(order.leaves) <= set(order.units):
        raise Reject("bad_move", "Units picked up or dropped must be among the moving units.", cite.STACKS_MOVE)
    parts = {u: (order.joins.get(u, 0), order.leaves.get(u, last)) for u in order.units}
    if any(not 0 <= j < lv <= last for j, lv in parts.values()):
        raise Reject("bad_move", "A unit joins the stack at a hex of its path before the one where it is dropped.",
                     cite.STACKS_MOVE)
    if any(not any(j < i <= lv for j, lv in parts.values()) for i in range(1, last + 1)):
        raise Reject("bad_move", "Some unit must be moving on every hex of the path.", cite.STACKS_MOVE)
    return parts


def travel(adj: Adjudication, data: GameData, side: str, order: Move, movers: list[Unit], ctx: Ctx,
           spent0: dict[str, int] | None = None, why: tuple = ()) -> None:
    """Walk the path: each unit pays the hexes of its own part, the stack of the moment never holds
    more than 8 stacking points; ZOC stops, overruns, bridge contacts and blown bridges as they
    come. `spent0`: points already spent (a reinforcement's entry hex)."""
    state = adj.state
    parts = legs(order)
    budgets = {u.id: allowance(data, u) for u in movers}
    spent = {u.id: (spent0 or {}).get(u.id, 0) for u in movers}
    by_id = {u.id: u for u in movers}
    cites = [cite.MOVEMENT] + ([cite.STACKS_MOVE] if order.joins or order.leaves else []) + list(why)
    segment = [order.path[0]]
    group: tuple[str, ...] = ()
    for i in range(1, len(order.path)):
        a, b = order.path[i - 1], order.path[i]
        active = tuple(u for u in order.units if parts[u][0] < i <= parts[u][1])
        if active != group:  # units picked up or dropped at `a`
            _emit(adj, group, segment, spent, cites)
            segment, group = [a], active
        stack = [by_id[u] for u in active]
        if sum(values.stacking(data, u) for u in stack) > STACK_LIMIT:
            raise Reject("stack_too_big", "A moving stack holds at most 8 stacking points.", cite.STACKS_MOVE)
        if not data.board.grid.adjacent(a, b) or b not in data.map.hexes:
            raise Reject("not_adjacent", f"{b} is not next to {a}: a unit never jumps a hex.", cite.MOVEMENT)
        if i > 1 and a in ctx.zocs and not ctx.ignore_zoc:
            raise Reject("zoc_stop", f"The move must stop at {a}, in an enemy ZOC.", cite.ZOC)
        if ctx.mech and state.bad_seen and b in data.polder:
            raise Reject("polder", "No mechanized movement between the Waal and the Neder Rijn since the first bad weather.", cite.POLDER)
        c = step_cost(adj.state, data, a, b)
        if c is None:
            if hexside_id(a, b) in adj.state.bridges and i > 1:  # blown under the stack during this move
                _emit(adj, group, segment, spent, cites)
                adj.stop("bridge_destroyed", f"The bridge {a}-{b} was destroyed: the stack stops at {a}.", path=list(order.path[i - 1:]))
                return
            raise Reject("impassable", f"{a} to {b} crosses a river or canal without a usable bridge.", cite.BRIDGES)
        enemies = adj.state.enemies_at(b, side)
        if enemies:
            problem, att, dfc = overrun.check(adj.state, data, stack, b)
            if problem is not None:
                raise problem.reject(hex=b)
            if any(spent[u] + c + OVERRUN_EXTRA > budgets[u] for u in active):
                raise Reject("no_points", f"An overrun of {b} costs its terrain and one more point.", cite.OVERRUN)
            for u in active:
                spent[u] += c + OVERRUN_EXTRA
            _emit(adj, group, segment, spent, cites)
            killed = tuple(sorted(u.id for u in enemies))
            adj.emit(Overran(units=active, hex=b, attack=att, defence=dfc, eliminated=killed, cite=(cite.OVERRUN,)))
            for uid in killed:
                eliminate(adj, data, uid, "overrun", cite.OVERRUN)
            _artillery(adj, data, movers)
            if i + 1 < len(order.path) and not adj.core.options.get("overrun_continues", False):
                adj.stop("overrun_ends_move", f"The overrun places the stack on {b}; its move ends there.",
                         path=list(order.path[i:]))
            if adj.state.core.clock.side == ALLIED:
                bridges.contact(adj, data, b)
            return
        # a unit may always move one hex (§4.0): its whole part is this hex and it has spent nothing
        over = [u for u in active if spent[u] + c > budgets[u] and (parts[u] != (i - 1, i) or spent[u])]
        if over:
            raise Reject("no_points", f"{over[0]} has not the movement points to enter {b}.", cite.MOVEMENT_PROHIBITED)
        for u in active:
            spent[u] += c
        segment.append(b)
        if side == ALLIED and any(b in br.hexes and br.x and s not in adj.state.tested for s, br in data.bridges.items()):
            _emit(adj, group, segment, spent, cites)
            segment = [b]
            bridges.contact(adj, data, b)
    _emit(adj, group, segment, spent, cites)
    _artillery(adj, data, movers)


def _emit(adj: Adjudication, units: tuple[str, ...], segment: list[str], spent: dict[str, int], cites: list) -> None:
    if units and len(segment) > 1:
        adj.emit(Moved(units=units, path=tuple(segment), cost={u: points(spent[u]) for u in units}, cite=tuple(cites)))


def _artillery(adj: Adjudication, data: GameData, movers: list[Unit]) -> None:
    for u in movers:
        if values.artillery(data, u) and not values.sp_artillery(data, u):
            artillery.mark(adj, u.id)

