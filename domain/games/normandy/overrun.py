"""§4.3 Overrun (`normandy-1944@4`): a stack of armoured combat units (§0.1.2) enters an enemy-occupied
hex at the cost of 3 more MP. It is declared as soon as the stack is adjacent to the enemy hex and
resolved at once on the CRT (§6.3's procedure) by the overrunning units only; it counts as a
movement, not a combat (no Offensive marker, no HQ support, not an attack of §6.1). Tactical Air
Support joins only for US troops from turn 7 (option Q18, §9.1). Success (the hex emptied: its
defenders retreated, the attacker choosing their path, never into an elimination another path
avoids, or were eliminated): the stack is in the hex and may go on moving with the MP it has left.
Failure (any other result): the stack goes back to the hex it began its move in (option Q24) with
one more level of disorganisation, and its move is over. A lone HQ overrun is captured at once,
without combat (§5.4); a lone Offensive marker cannot be met here (markers ride with their HQ)."""
from __future__ import annotations

from domain.games.normandy import cite, combat, losses, stacking
from domain.games.normandy.data import GameData, data_of
from domain.games.normandy.effects import (
    CombatEnded,
    ControlChanged,
    HQDestroyed,
    OverrunDeclared,
    OverrunEnded,
)
from domain.games.normandy.model import Combat, State, State4, confused, overrun_of, reserve_of
from domain.games.normandy.model import Overrun as Record
from domain.games.normandy.movement import Context, allowance
from domain.games.normandy.orders import Overrun
from domain.games.normandy.units import is_combat, is_hq, owns
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject

EXTRA_MP = 3  # §4.3: "at the cost of three additional MP on-board"
Q24 = "Q24_failed_overrun_returns_to"


def armoured(data: GameData, uid: str) -> bool:
    return is_combat(data, uid) and data.values[uid].armored


def costs(state: State, data: GameData, units: tuple[str, ...], path: tuple[str, ...], target: str) -> dict[str, int | None]:
    """Each unit's MP for the path, the overrun hex's terrain and the overrun's +3 (None: it cannot)."""
    out: dict[str, int | None] = {}
    for uid in units:
        u = state.units[uid]
        ctx = Context(state, data, u)
        here, spent = u.hex or "", 0
        for h in path:
            c = ctx.cost(here, h)
            if c is None:
                out[uid] = None
                break
            spent, here = spent + c, h
        else:
            step = ctx.steps.get((here, target))
            if step is None:
                out[uid] = None
                continue
            out[uid] = spent + step + ctx.rubble.get(target, 0) + (ctx.leave if here in ctx.ezoc else 0) + EXTRA_MP
    return out


def check(state: State, data: GameData, seat: str, order: Overrun) -> Record:
    """The overrun's record, or a refusal saying which part of §4.3 it breaks."""
    if not isinstance(state, State4):
        raise Reject("not_built", "Overrun is ruled from normandy-1944@4.", cite.OVERRUN)
    units = order.units
    if not units or len(set(units)) != len(units):
        raise Reject("no_units", "Name the overrunning units, each once.", cite.OVERRUN)
    side = state.core.layout.side_of(seat)
    start = {state.units[u].hex for u in units if u in state.units}
    for uid in units:
        u = state.units.get(uid)
        if u is None or not owns(state, data, seat, uid) or u.hex is None:
            raise Reject("not_your_unit", f"{uid} is not a unit of yours on the map.", cite.OVERRUN, unit=uid)
        if not armoured(data, uid):
            raise Reject("not_armoured", f"{uid} is not an armoured combat unit: only a pile of them overruns.", cite.OVERRUN,
                         unit=uid)
        if uid in state.moved:
            raise Reject("already_moved", f"{uid}'s move this phase is over.", cite.MOVEMENT, unit=uid)
        if uid in reserve_of(state):
            raise Reject("in_reserve", f"{uid} is in Reserve.", cite.RESERVE, unit=uid)
    if len(start) != 1:
        raise Reject("not_one_stack", "The overrunning units move as one stack, from one hex.", cite.OVERRUN)
    here = start.pop() or ""
    enemy = {u.hex for u in state.units.values() if u.hex is not None and u.side != side}
    if order.hex not in enemy:
        raise Reject("no_enemy", f"No enemy unit in {order.hex}.", cite.OVERRUN)
    muddle = confused(state)  # version 4's Confusion (§6.11): its hexes are left only by the enemy's elimination
    if here in muddle:
        raise Reject("in_confusion", f"The stack is in a Confusion hex ({here}): it leaves only by the enemy's elimination or a "
                     "special operation (§6.11, §4.4).", cite.CONFUSION, at=here)
    if order.hex in muddle:
        raise Reject("not_built", f"{order.hex} is a Confusion hex: an overrun into Confusion is not ruled in normandy-1944@4 "
                     "(§4.3 and §6.11 do not say how they meet); the stack may enter it by a move (§6.11).", cite.OVERRUN,
                     at=order.hex)
    for h in order.path:
        if h in muddle:
            raise Reject("confusion_stop", f"{h} is a Confusion hex: a move that enters it ends there (Art 6.11 errata).",
                         cite.CONFUSION, at=h)
    launch = order.path[-1] if order.path else here
    if not data.grid.adjacent(launch, order.hex):
        raise Reject("not_adjacent", f"{order.hex} is not adjacent to {launch}, where the overrun would start.", cite.OVERRUN)
    ezoc = Context(state, data, state.units[units[0]]).ezoc
    prev = here
    for i, h in enumerate(order.path):
        if not data.grid.adjacent(prev, h):
            raise Reject("not_adjacent", f"{h} is not adjacent to {prev}.", cite.MOVEMENT, at=h)
        if data.grid.adjacent(prev, order.hex):
            raise Reject("declare_when_adjacent", f"The overrun is declared as soon as the stack is adjacent to {order.hex} "
                         f"(at {prev}).", cite.OVERRUN, at=prev)
        if prev in ezoc and i > 0:
            raise Reject("zoc_stop", f"{prev} is in an enemy zone of control: the move stops there.", cite.ZOC, at=prev)
        prev = h
    spent = costs(state, data, units, order.path, order.hex)
    for uid, c in spent.items():
        if c is None:
            raise Reject("prohibited", f"{uid} cannot take that path into {order.hex}.", cite.TERRAIN, unit=uid)
        if c > allowance(state, data, state.units[uid]):
            raise Reject("too_far", f"The path and the overrun cost {uid} {c} MP (3 for the overrun); it has "
                         f"{allowance(state, data, state.units[uid])}.", cite.OVERRUN, unit=uid, cost=c)
    if not stacking.fits(state, data, order.hex, units, units, {order.hex: ()}):
        raise Reject("overstacked", f"The stack would exceed the stacking limits in {order.hex}.", cite.STACKING)
    return Record(units=tuple(sorted(units)), hex=order.hex, launch=launch,
                  began={u: state.began.get(u, here) for u in units},
                  left={u: allowance(state, data, state.units[u]) - (spent[u] or 0) for u in units})


def overrun(adj: Adjudication, seat: str, order: Overrun) -> None:
    state: State = adj.state
    data = data_of(adj)
    rec = check(state, data, seat, order)
    side = state.units[rec.units[0]].side
    defenders = tuple(sorted(u.id for u in state.units.values() if u.hex == rec.hex and u.side != side))
    c = Combat(hq="", attackers=rec.units, hex=rec.hex, defenders=defenders)
    spent = {u: allowance(state, data, state.units[u]) - rec.left[u] for u in rec.units}
    adj.emit(OverrunDeclared(path=order.path, cost=spent, combat=c, overrun=rec,
                             cite=(cite.OVERRUN, cite.ZOC, cite.ruling("overrun_support", "tas_only", "inferred"))))
    taken = tuple(h for h in order.path if adj.state.control.get(h) != side)
    if taken:
        adj.emit(ControlChanged(hexes=taken, side=side, cite=(cite.rb("§0.2.2 Control Markers", 56, 57),)))
    if all(is_hq(data, d) or not is_combat(data, d) for d in defenders):  # a lone HQ is captured, no combat
        for d in defenders:
            if is_hq(data, d):
                adj.emit(HQDestroyed(hq=d, returns=state.core.clock.turn + 1, cite=(cite.OVERRUN, cite.HQ_DESTRUCTION)))
        finish(adj)
    else:
        combat.proceed(adj)
    if overrun_of(adj.state) is None and any(adj.state.units[u].hex != rec.hex for u in rec.units if adj.state.units[u].hex):
        back = next((adj.state.units[u].hex for u in rec.units if adj.state.units[u].hex), "")
        adj.stop("overrun_failed", f"The overrun of {rec.hex} failed: the stack is back in {back} and its move is over.",
                 at=back)


def finish(adj: Adjudication) -> None:
    """After the result (and the retreats): success if the hex is empty of enemy units (§4.3)."""
    state: State = adj.state
    rec = overrun_of(state)
    assert rec is not None
    alive = tuple(u for u in rec.units if state.units[u].hex is not None)
    side = state.units[rec.units[0]].side
    held = any(u.hex == rec.hex and u.side != side for u in state.units.values())
    q24 = str(state.core.options.get(Q24, "move_start"))
    if state.combat is not None:
        adj.emit(CombatEnded(cite=(cite.OVERRUN,)))
    if not held and alive:
        adj.emit(OverrunEnded(success=True, units=alive, to=rec.hex, cite=(cite.OVERRUN,)))
        if adj.state.control.get(rec.hex) != side:
            adj.emit(ControlChanged(hexes=(rec.hex,), side=side, cite=(cite.OVERRUN,)))
        return
    back = rec.began.get(alive[0], rec.launch) if alive and q24 == "move_start" else rec.launch
    adj.emit(OverrunEnded(success=False, units=alive, to=back, cite=(cite.OVERRUN, cite.ruling(Q24, q24))))
    for u in alive:
        losses.disorganise(adj, u, (cite.OVERRUN, cite.DISORGANISED))


def legal(state: State, data: GameData, seat: str) -> list[Overrun]:
    """The overruns a stack may launch from where it stands (paths that reach an enemy hex first are
    accepted too, but not listed: there are too many)."""
    if not isinstance(state, State4) or state.overrun is not None:
        return []
    side = state.core.layout.side_of(seat)
    enemy = {u.hex for u in state.units.values() if u.hex is not None and u.side != side}
    stacks: dict[str, list[str]] = {}
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if (u.hex is not None and u.side == side and owns(state, data, seat, u.id) and armoured(data, u.id)
                and u.id not in state.moved and u.id not in reserve_of(state)):
            stacks.setdefault(u.hex, []).append(u.id)
    out: list[Overrun] = []
    for h, units in sorted(stacks.items()):
        for n in data.neighbours(h):
            if n in enemy:
                order = Overrun(units=tuple(units), hex=n)
                try:
                    check(state, data, seat, order)
                except Reject:
                    continue
                out.append(order)
    return out
