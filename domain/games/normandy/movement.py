"""§4.1.1 On Map Movement with §2.2's terrain and roads and §3's zones of control: a unit pays the
TEC cost of each hex it enters (the road cost instead, along a road or railway hexside, which also
cancels the river), stops on entering an enemy zone of control, pays extra to leave one, never
enters an enemy-occupied hex, and may always move one hex. Arriving units enter by their entry
hex, paying for it (option Q11)."""
from __future__ import annotations

from typing import Any, Callable

from domain.games.normandy import air, cite, stacking, zoc
from domain.games.normandy.data import GameData, data_of
from domain.games.normandy.effects import ControlChanged, FlagSet, UnitMoved
from domain.games.normandy.model import PENDING, State, State4, Unit, confused
from domain.games.normandy.orders import Move
from domain.games.normandy.units import motorised, movement, owns
from domain.kernel.adjudication import Adjudication
from domain.kernel.citation import Citation
from domain.kernel.commands import Reject
from domain.kernel.paths import reachable

def allowance(state: State, data: GameData, u: Unit) -> int:
    """The MP a unit has for its move: its allowance, or (version 4) what a successful overrun left it (§4.3)."""
    if isinstance(state, State4) and u.id in state.left:
        return state.left[u.id]
    return movement(state, data, u)


def going_on(state: State, uid: str) -> bool:
    """A stack going on after a successful overrun (§4.3): its move began earlier, so no new minimum move."""
    return isinstance(state, State4) and uid in state.left


class Snapshot:
    """What every move of one side sees alike, worked out once per listing: where the enemy stands,
    its zone of control, who is in each hex."""

    def __init__(self, state: State, data: GameData, side: str):
        self.enemy_hexes = frozenset(x.hex for x in state.units.values() if x.hex is not None and x.side != side)
        self.ezoc = zoc.ezoc(state, data, side)
        self.occupied = stacking.occupancy(state)
        self.area = data.playable(state.core.scenario)
        self.rubble = air.rubble(state)  # version 3: §9.4's rubble on carpet-bombed towns
        self.confused = confused(state)  # version 4: §6.11, a Confusion hex may be entered, never left by a move


class Context:
    """What one unit's move needs: the side's snapshot, the unit's TEC column and ZOC leaving cost."""

    def __init__(self, state: State, data: GameData, u: Unit, snap: Snapshot | None = None):
        snap = snap or Snapshot(state, data, u.side)
        self.data = data
        self.uid = u.id
        v = data.values[u.id]
        self.col = "motorized" if motorised(state, data, u.id) else "non_motorized"
        self.armored = v.armored
        self.enemy_hexes = snap.enemy_hexes
        self.ezoc = snap.ezoc
        self.occupied = snap.occupied
        self.leave = zoc.leave_cost(data, u.id)
        self.area = snap.area
        self.rubble = snap.rubble
        self.confused = snap.confused
        self.steps = data.step_costs(self.col, self.armored)

    def cost(self, frm: str, to: str, via: str | None = None, _: Any = None) -> int | None:
        if (to in self.enemy_hexes and to not in self.confused) or (self.area is not None and to not in self.area):
            return None
        c = self.steps.get((frm, to)) if frm != to else self.entry_cost(to)
        if c is None:
            return None
        c += self.rubble.get(to, 0)
        return c + self.leave if frm in self.ezoc else c

    def entry_cost(self, h: str) -> int | None:
        """The cost of an entry hex itself (option Q11): its terrain for this movement type."""
        if not self.data.land(h):
            return None
        row = self.data.tec[self.data.hexes[h].terrain]
        c = row[self.col]
        if c is None:
            return None if self.armored else int(row["non_motorized"])
        return int(c)

    def stops(self, h: str, _: Any = None) -> bool:
        return h in self.ezoc or h in self.confused


def destinations(state: State, data: GameData, u: Unit, snap: Snapshot | None = None) -> dict[str, tuple[str, ...]]:
    """Every hex the unit may end its move in (stacking permitting), with one path to it."""
    if u.hex is None:
        return {}
    ctx = Context(state, data, u, snap)
    if u.hex in ctx.confused:
        return {}  # §6.11: the way out is the enemy's elimination, or a special operation (§4.4)
    reach = reachable(data.graph, u.hex, allowance(state, data, u), ctx.cost, stops=ctx.stops, minimum_move=not going_on(state, u.id))
    out = {}
    for h in reach.costs:
        if h != u.hex and stacking.fits(state, data, h, (u.id,), (u.id,), ctx.occupied):
            out[h] = reach.path(h)[1:]
    return out


def entries(state: State, data: GameData, u: Unit, hexes: tuple[str, ...], snap: Snapshot | None = None) -> dict[str, tuple[str, ...]]:
    """An arriving unit's moves from its entry hexes: the entry hex paid from its allowance (Q11)."""
    ctx = Context(state, data, u, snap)
    out: dict[str, tuple[str, ...]] = {}
    for e in hexes:
        if not data.land(e) or e in ctx.enemy_hexes:
            continue
        first = ctx.cost(e, e)
        if first is None:
            continue
        if stacking.fits(state, data, e, (u.id,), occupied=ctx.occupied):
            out.setdefault(e, (e,))
        if e in ctx.ezoc:
            continue
        reach = reachable(data.graph, e, max(0, movement(state, data, u) - first), ctx.cost, stops=ctx.stops)
        for h in reach.costs:
            if h not in out and h != e and stacking.fits(state, data, h, (u.id,), occupied=ctx.occupied):
                out[h] = (e,) + reach.path(h)[1:]
    return out


def arriving(state: State, u: Unit, boxed: Callable[[Unit], bool] | None = None) -> bool:
    """A unit off the map that may enter it this phase: a reinforcement due (§1.1.2.1), or, from
    version 4, a unit in a coloured box of the Strategic Movement Map (`boxed`)."""
    return (u.box == PENDING and u.due <= state.core.clock.turn) or (boxed is not None and boxed(u))


def legal(state: State, data: GameData, seat: str, arrivals: Callable[[Unit], tuple[str, ...]], unit: str | None = None,
          boxed: Callable[[Unit], bool] | None = None) -> list[Move]:
    orders: list[Move] = []
    snap = Snapshot(state, data, state.core.layout.side_of(seat))
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if (unit is not None and u.id != unit) or u.id in state.moved or not owns(state, data, seat, u.id):
            continue
        if data.values[u.id].cls == "garrison" or movement(state, data, u) <= 0 and u.hex is not None:
            continue
        if u.hex is not None:
            orders += [Move(unit=u.id, path=p) for _, p in sorted(destinations(state, data, u, snap).items())]
        elif arriving(state, u, boxed):
            orders += [Move(unit=u.id, path=p) for _, p in sorted(entries(state, data, u, arrivals(u), snap).items())]
    return orders


def move(adj: Adjudication, seat: str, order: Move, arrivals: Callable[[Unit], tuple[str, ...]],
         boxed: Callable[[Unit], bool] | None = None) -> None:
    state: State = adj.state
    data: GameData = data_of(adj)
    u = state.units.get(order.unit)
    if u is None or not owns(state, data, seat, u.id):
        raise Reject("not_your_unit", f"{order.unit} is not a unit of yours.", cite.MOVEMENT)
    if u.id in state.moved:
        raise Reject("already_moved", f"{u.id} has moved this phase; a unit's move is completed before the next.", cite.MOVEMENT)
    if not order.path:
        raise Reject("empty_path", "Name the hexes the unit enters.", cite.MOVEMENT)
    ctx = Context(state, data, u)
    if u.hex is not None and u.hex in ctx.confused:
        raise Reject("in_confusion", f"{u.id} is in a Confusion hex: it leaves only by the enemy's elimination or a special "
                     "operation (§4.4).", cite.CONFUSION, at=u.hex)
    mp = allowance(state, data, u)
    if u.hex is None:
        if not arriving(state, u, boxed):
            raise Reject("not_arrived", f"{u.id} is not on the map and not due to arrive.", cite.ARRIVAL)
        if order.path[0] not in arrivals(u):
            raise Reject("not_an_entry_hex", f"{u.id} enters by one of {', '.join(arrivals(u))}.", cite.ARRIVAL,
                         entries=list(arrivals(u)))
        start, steps = order.path[0], order.path[1:]
        spent = ctx.cost(start, start)
        if spent is None:
            raise Reject("entry_blocked", f"{start} cannot be entered (enemy-occupied or prohibited).", cite.ARRIVAL)
        minimum = False
    else:
        start, steps, spent, minimum = u.hex, order.path, 0, len(order.path) == 1 and not going_on(state, u.id)
    here = start
    for i, h in enumerate(steps):
        if not data.grid.adjacent(here, h):
            raise Reject("not_adjacent", f"{h} is not adjacent to {here}.", cite.MOVEMENT, at=h)
        if here in ctx.confused and here != start:
            raise Reject("confusion_stop", f"{here} is a Confusion hex: the move ends there.", cite.CONFUSION, at=here)
        if here in ctx.ezoc and here != start:
            raise Reject("zoc_stop", f"{here} is in an enemy zone of control: the move stops there.", cite.ZOC, at=here)
        c = ctx.cost(here, h)
        if c is None:
            code = "enemy_occupied" if h in ctx.enemy_hexes else "prohibited"
            raise Reject(code, f"{h} may not be entered.", cite.NO_ENEMY_HEX if code == "enemy_occupied" else cite.TERRAIN, at=h)
        spent += c
        here = h
    if spent > mp and not (minimum and u.hex is not None):
        raise Reject("too_far", f"The path costs {spent} MP; {u.id} has {mp}.", cite.MOVEMENT, cost=spent, allowance=mp)
    dest = order.path[-1]
    if not stacking.fits(state, data, dest, (u.id,), (u.id,)):
        raise Reject("overstacked", f"{dest} would exceed the stacking limits (5 SP, one SV-0 unit, one HQ, no US with British).",
                     cite.STACKING, at=dest)
    full = ((u.hex,) if u.hex else ()) + order.path
    citations: tuple[Citation, ...] = (cite.MOVEMENT, cite.TERRAIN) + ((cite.MINIMUM_MOVE,) if spent > mp else ()) + \
                ((cite.ARRIVAL, cite.ruling("Q11_entry_cost", "entry_hex_paid")) if u.hex is None else ())
    if any(h in ctx.rubble for h in order.path):
        citations += (cite.CARPET_BOMBING,)
    if going_on(state, u.id):
        citations += (cite.OVERRUN,)
    if dest in ctx.confused:
        citations += (cite.CONFUSION, cite.CONFUSION_ERRATA)
    adj.emit(UnitMoved(unit=u.id, path=full, cost=spent, allowance=mp, minimum_move=spent > mp, cite=citations))
    taken = tuple(h for h in order.path if state.control.get(h) != u.side and h not in ctx.confused)
    if taken:
        adj.emit(ControlChanged(hexes=taken, side=u.side, cite=(cite.rb("§0.2.2 Control Markers", 56, 57),)))
    if u.side == "german" and "0617" in order.path and not state.flags.get("german_entered_utah"):
        adj.emit(FlagSet(name="german_entered_utah", cite=(cite.SCENARIO_1_VICTORY,)))
