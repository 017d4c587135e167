"""What a moving unit does at points of its path (`Move.events`, digest O13, O25).

* Trucks carry passengers (Allied Truck Units B-D, L430-434; Correction L642; Transfer Movement,
  L652): during its move in the Initial Movement Phase a Truck may pick up ("embark") a unit in the
  hex it is in, and drop it off ("disembark") in a later hex, one passenger at a time, as often as
  its movement points allow. A passenger is a Supply unit (no cost) or a non-mechanized combat unit
  of MA 5 or 6 that has not moved and still has five of its own movement points: boarding costs it
  and the Truck five each. Dropping off is free. A Supply unit so carried is Transferred: by one
  Truck only, at most fifteen hexes, never after a Shuttle (supply_units.method_problem). A
  non-mechanized passenger dropped off keeps what its own allowance has left after the five
  (option passenger_mp_after_drop; allowance.budget); one still aboard moves only with its Truck.
* Exit (Victory E, L559): a supplied Allied division moves off the map from the "D" edge hex its
  path ends on, paying `exit_map_cost` movement points, while Victory E is still to be scored.

A move with events is recorded as its legs: `UnitMoved` for each stretch between events (the
passenger aboard moves with the Truck), `PassengerEmbarked` / `PassengerDisembarked` between them,
and `UnitPlaced` in the box "exited" for an exit. The one-hex minimum move (Movement C) is not
combined with events: a move with events stays within the movement points.

`legal()` does not list every combination (a Truck of MA 15 reaches hundreds of hexes and could
carry any of dozens of units to any of them): for each Truck it lists, for its nearest eligible
passengers, the pick-up followed by a drop-off at each of the few hexes farthest away and by a
carry to the farthest while staying aboard, and, for a Truck already carrying, a drop-off at its
farthest destinations; for each unit that may exit, every exit. Each listed order is checked by
the same `plan` that judges a submitted one; any other well-formed move is judged on its merits.
"""
from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from msgspec.structs import replace

from domain.games.breakout_pursuit import cite, provenance, stacking
from domain.games.breakout_pursuit.allowance import BOARD_MP, INITIAL, budget, own_unit
from domain.games.breakout_pursuit.costs import Query, step, walk
from domain.games.breakout_pursuit.effects import PassengerDisembarked, PassengerEmbarked, UnitMoved, UnitPlaced
from domain.games.breakout_pursuit.model import ALLIED, EXITED, SUPPLIED, State, Unit
from domain.games.breakout_pursuit.move_effects import consequences
from domain.games.breakout_pursuit.orders import Move, MoveEvent
from domain.games.breakout_pursuit.stacking import STACK_LIMIT
from domain.games.breakout_pursuit.supply_units import TRANSFER_HEXES, method_problem
from domain.kernel.commands import Reject
from domain.kernel.grid import hexside_id

PASSENGER_MA = (5, 6)  # "Non-Mechanized units with a Movement Allowance of five or six" (Truck B)
EDGE_D = "edge_D"
CANDIDATES, DROPS = 8, 3  # legal(): passengers offered per Truck, drop-off hexes per passenger


class Plan(NamedTuple):
    steps: tuple  # ("leg", frm, hexes, cost) | ("embark", unit, hex, cost) | ("disembark", unit, hex, carried) | ("exit", hex)
    cost: int
    allowance: int
    cites: tuple


def exit_open(state: State, data) -> bool:
    """Victory E is in play and not yet scored (it does not apply in the Pursuit scenarios)."""
    return bool(data.pack.scenarios[state.core.scenario].victory.get("breakout_exit")) and "breakout_scored" not in state.flags


def exit_cost(state: State) -> int:
    return int(state.core.options.get("exit_map_cost", 1))


def passenger_problem(state: State, data, truck: Unit, p: Unit | None, uid: str) -> str | None:
    """Why `truck` may not pick up `p` now, or None (the hex is checked by the caller)."""
    if p is None or p.side != ALLIED or p.hex is None:
        return f"{uid!r} is not an Allied unit on the map"
    if state.carrier(p.id) is not None:
        return f"{p.id} is already aboard a Truck"
    if p.type == "supply":
        why = method_problem(state, p.id, truck.id)
        return f"{p.id} may not be Transferred: {why}" if why else None
    if p.cls != "non_mechanized" or p.ma not in PASSENGER_MA:
        return f"{p.id} is neither a Supply unit nor a non-mechanized unit with a Movement Allowance of five or six"
    if p.id in state.moved:
        return f"{p.id} has moved this phase"
    b = budget(state, data, p)
    if b.stop is not None:
        return f"{p.id} may not move: {b.stop.message}"
    if b.points < BOARD_MP:
        return f"{p.id} has {b.points} movement points; boarding takes {BOARD_MP}"
    return None


def _events(order: Move) -> list[MoveEvent]:
    events = list(order.events)
    if any(not 0 <= e.at <= len(order.path) for e in events) or [e.at for e in events] != sorted(e.at for e in events):
        raise Reject("bad_events", f"Each event's `at` counts the hexes entered before it (0 to {len(order.path)}), in "
                     "path order.", cite.MOVEMENT_PROCEDURE)
    exits = [e for e in events if e.kind == "exit"]
    if exits and (len(exits) > 1 or events[-1].kind != "exit" or exits[0].at != len(order.path)):
        raise Reject("bad_exit", "An exit is the move's last event, after its last hex.", cite.VICTORY_E)
    if not order.path and not (len(events) == 1 and exits):
        raise Reject("empty_path", "A move lists at least one hex to enter.", cite.MOVEMENT_GENERAL)
    return events


def _exit_problem(state: State, data, u: Unit, end: str) -> str | None:
    if not exit_open(state, data):
        return "no unit leaves the map in this scenario now (Victory E does not apply, or has been scored)"
    if u.side != ALLIED or not u.combat_unit or not u.division:
        return f"{u.id} is not an Allied division"
    if state.supply.get(u.id) != SUPPLIED:
        return f"{u.id} is not in a supplied state"
    if end not in data.area(EDGE_D):
        return f"{end} is not a map edge hex marked \"D\""
    return None


def plan(state: State, data, u: Unit, path: tuple[str, ...], events: list[MoveEvent], q: Query | None = None) -> Plan:
    """Judge a move with events; Reject at the first thing the rules forbid. `q`: the moving side's
    movement query, when the caller has one for this state."""
    b = budget(state, data, u)
    if b.stop is not None:
        raise b.stop.reject(unit=u.id)
    carrying_kinds = [e for e in events if e.kind != "exit"]
    if carrying_kinds and (u.type != "truck" or state.core.clock.phase != INITIAL):
        raise Reject("not_a_truck", "Only a Truck picks up and drops off units, in the Initial Movement Phase.", cite.TRUCK_B)
    if path and path[0] == u.hex:
        raise Reject("path_includes_start", f"List only the hexes entered, beginning next to {u.hex}.", cite.MOVEMENT_GENERAL)
    q = (q or Query(state, data, u.side)).for_unit(u)
    costs, why = walk(data, u, path, q)
    hexes = (u.hex,) + tuple(path)
    stacks = Counter(q.stacks)
    aboard = state.units[u.carrying] if u.carrying else None
    stacks[u.hex] -= state.stack_weight(u)  # the mover (and its passenger) leave the hex they start from
    carried: Counter = Counter()
    where: dict[str, str] = {}  # passengers dropped earlier in this move
    out: list = []
    spent, frm, leg, leg_cost = 0, u.hex, [], 0
    cites = list(b.cites) + why
    for i in range(len(hexes)):
        here = hexes[i]
        for e in (e for e in events if e.at == i):
            if leg:
                out.append(("leg", frm, tuple(leg), leg_cost))
                frm, leg, leg_cost = leg[-1], [], 0
            if e.kind == "embark":
                p = state.units.get(e.unit or "")
                if aboard is not None:
                    raise Reject("truck_full", f"{u.id} already carries {aboard.id}: one passenger at a time.", cite.TRUCK_B)
                if p is not None and p.id in where:
                    if p.type != "supply":
                        raise Reject("boards_once", f"{p.id} has no five movement points left to board again.", cite.TRUCKS_SUPPLIED)
                    at = where.pop(p.id)
                else:
                    why_not = passenger_problem(state, data, u, p, e.unit or "")
                    if why_not:
                        raise Reject("bad_passenger", f"{u.id} may not pick up {e.unit}: {why_not}.", cite.TRUCK_B, unit=e.unit)
                    at = p.hex
                if at != here:
                    raise Reject("not_here", f"{p.id} is in {at}, not in {here} where {u.id} is then.", cite.TRUCK_B, unit=p.id)
                cost = 0 if p.type == "supply" else BOARD_MP
                spent += cost
                stacks[here] -= int(p.combat_unit)
                aboard = p
                out.append(("embark", p.id, here, cost))
                cites += [cite.TRUCK_B, cite.TRUCK_C] + ([cite.TRANSFER_MOVEMENT] if cost == 0 else [cite.TRUCKS_SUPPLIED])
            elif e.kind == "disembark":
                if aboard is None:
                    raise Reject("nothing_aboard", f"{u.id} carries no unit to drop off at {here}.", cite.TRUCK_B)
                if aboard.combat_unit and stacks[here] >= STACK_LIMIT:
                    raise Reject("over_stacked", f"{here} already holds {stacks[here]} combat units: {aboard.id} may not be "
                                 "dropped off there.", cite.STACKING_M, hex=here)
                stacks[here] += int(aboard.combat_unit)
                where[aboard.id] = here
                out.append(("disembark", aboard.id, here, carried[aboard.id]))
                cites += [cite.TRUCK_C]
                aboard = None
            else:
                problem = _exit_problem(state, data, u, here)
                if problem:
                    raise Reject("bad_exit", f"{u.id} may not move off the map: {problem}.", cite.VICTORY_E, unit=u.id)
                spent += exit_cost(state)
                out.append(("exit", here))
                cites += [cite.VICTORY_E, cite.ruling("exit_map_cost", exit_cost(state))]
        if i < len(path):
            leg.append(hexes[i + 1])
            leg_cost += costs[i]
            spent += costs[i]
            if aboard is not None:
                carried[aboard.id] += 1
    if leg:
        out.append(("leg", frm, tuple(leg), leg_cost))
    if spent > b.points:
        raise Reject("too_far", f"That move costs {spent} movement points (boarding and exit included); {u.id} has "
                     f"{b.points} this phase.", cite.TRUCK_C if carrying_kinds else cite.MOVEMENT_E, cost=spent,
                     allowance=b.points)
    far = [p for p, n in carried.items() if state.units[p].type == "supply" and n > TRANSFER_HEXES]
    if far:
        raise Reject("transfer_too_far", f"{far[0]} would be Transferred {carried[far[0]]} hexes; at most "
                     f"{TRANSFER_HEXES} in a Movement Phase.", cite.TRANSFER_MOVEMENT, unit=far[0])
    exiting = any(s[0] == "exit" for s in out)
    weight = int(u.combat_unit) + int(aboard is not None and aboard.combat_unit)
    if weight and not exiting and path and not stacking.room(state, data, path[-1], stacks[path[-1]], weight, u.id):
        raise Reject("over_stacked", f"{path[-1]} already holds {stacks[path[-1]]} combat units: a move may not end over "
                     "the stacking limit of three.", cite.STACKING_M, hex=path[-1])
    return Plan(tuple(out), spent, b.points, tuple(dict.fromkeys(cites)))


def leg_cites(data, u: Unit, leg: tuple[str, ...], q: Query, allowance: tuple) -> tuple:
    """The rules one leg of a move met: the allowance's own (Movement E, L250, and whatever halved or
    capped it, as a plain Move cites), the river, West Wall, ZOC or Zone of Delay of its own steps,
    and the traced rivers it crossed as `pack` citations."""
    _, why = walk(data, u, leg, q)
    hexes = (u.hex,) + leg
    rivers = provenance.hexsides(data, [hexside_id(a, b) for a, b in zip(hexes, hexes[1:]) if data.river_between(a, b)])
    return tuple(dict.fromkeys((*allowance, *why, *rivers)))


def move(adj, seat: str, order: Move) -> None:
    """Rule a Move with events (movement.move hands it over)."""
    state, data = adj.state, adj.ruleset.data
    u = own_unit(state, seat, order.unit)
    p = plan(state, data, u, tuple(order.path), _events(order))
    q = Query(state, data, u.side).for_unit(u) if data.fidelity else None
    allowance = budget(state, data, u).cites
    for s in p.steps:
        if s[0] == "leg":
            # @2: a leg cites what its own hexes met, not the whole move's (@1 copied the move's onto each leg)
            why = leg_cites(data, replace(u, hex=s[1]), s[2], q, allowance) if q is not None else p.cites
            adj.emit(UnitMoved(unit=u.id, path=(s[1],) + s[2], cost=s[3], allowance=p.allowance, cite=why))
        elif s[0] == "embark":
            adj.emit(PassengerEmbarked(truck=u.id, unit=s[1], hex=s[2], cost=s[3], cite=(cite.TRUCK_B, cite.TRUCK_C)))
        elif s[0] == "disembark":
            adj.emit(PassengerDisembarked(truck=u.id, unit=s[1], hex=s[2], carried=s[3], cite=(cite.TRUCK_B, cite.TRUCK_C)))
        else:
            adj.emit(UnitPlaced(unit=u.id, at=EXITED, reason="exit_map",
                                cite=(cite.VICTORY_E, cite.ruling("exit_map_cost", exit_cost(state)))))
    if order.path:
        consequences(adj, u, tuple(order.path))


# --- legal orders --------------------------------------------------------------------------------------


def _ok(state: State, data, u: Unit, path: tuple[str, ...], events: tuple[MoveEvent, ...], q: Query) -> Move | None:
    try:
        plan(state, data, u, path, list(events), q)
    except Reject:
        return None
    return Move(unit=u.id, path=path, events=events)


def _far(data, reach, start: str, n: int) -> list[str]:
    """The `n` hexes of a reach farthest from `start` (ties: lower hex number)."""
    hexes = [h for h in reach.costs if h != start]
    return sorted(hexes, key=lambda h: (-data.grid.distance(start, h), h))[:n]


def legal(state: State, data, side: str, unit: str | None = None) -> list[Move]:
    if side != ALLIED:
        return []
    out: list = []
    q0 = Query(state, data, side)
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if u.side != side or u.hex is None or unit not in (None, u.id):
            continue
        b = budget(state, data, u)
        if b.stop is not None:
            continue
        q = q0.for_unit(u)
        if exit_open(state, data) and u.division and u.combat_unit and state.supply.get(u.id) == SUPPLIED \
                and min(data.grid.distance(u.hex, h) for h in data.area(EDGE_D)) + exit_cost(state) <= b.points:
            reach = data.board.reachable(u.hex, b.points - exit_cost(state), step, q)
            for h in sorted(set(reach.costs) & data.area(EDGE_D)):
                path = reach.path(h)[1:]
                out.append(_ok(state, data, u, path, (MoveEvent(at=len(path), kind="exit"),), q))
        if u.type == "truck" and state.core.clock.phase == INITIAL:
            out += _truck_moves(state, data, u, b.points, q)
    return [m for m in out if m is not None]


def _truck_moves(state: State, data, u: Unit, points: int, q: Query) -> list[Move | None]:
    reach = data.board.reachable(u.hex, points, step, q)
    if u.carrying:
        return [_ok(state, data, u, reach.path(d)[1:], (MoveEvent(at=len(reach.path(d)) - 1, kind="disembark"),), q)
                for d in _far(data, reach, u.hex, CANDIDATES)]
    out: list[Move | None] = []
    near = sorted((p for p in state.units.values() if p.hex in reach.costs and p.id != u.id),
                  key=lambda p: (reach.costs[p.hex], p.id))
    offered = 0
    for p in near:
        if offered == CANDIDATES:
            break
        if passenger_problem(state, data, u, p, p.id) is not None:
            continue
        offered += 1
        to_p = reach.path(p.hex)[1:]
        left = points - reach.costs[p.hex] - (0 if p.type == "supply" else BOARD_MP)
        if left < 0:
            continue
        onward = data.board.reachable(p.hex, left, step, q)
        embark = MoveEvent(at=len(to_p), kind="embark", unit=p.id)
        far = _far(data, onward, p.hex, DROPS)
        for d in far:
            rest = onward.path(d)[1:]
            out.append(_ok(state, data, u, to_p + rest, (embark, MoveEvent(at=len(to_p) + len(rest), kind="disembark")), q))
        if far:
            out.append(_ok(state, data, u, to_p + onward.path(far[0])[1:], (embark,), q))
    return out
