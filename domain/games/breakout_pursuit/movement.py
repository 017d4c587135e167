"""Movement A-F, the Terrain Effects Chart, Stacking M-N: the two movement phases.

A move is one order: the unit and the hexes it enters, in order. It is judged whole (every step
adjacent and allowed, the total within the unit's allowance or the one-hex minimum move, the end
hex within the stacking limit) and is final once made (Movement, Procedure). The costs are in
`costs.py` (with `walk`, which prices a path and names the rule that forbids a step), who may
move and how far in `allowance.py`, the stacking limit in `stacking.py`, what a move does besides
moving in `move_effects.py`, a move with events (a Truck's passengers, an exit) in `move_events.py`.
"""
from __future__ import annotations

from typing import NamedTuple

from domain.games.breakout_pursuit import cite, logistics, move_events, provenance, stacking
from domain.games.breakout_pursuit.allowance import (  # allowance: part of this module's contract
    FROZEN, INITIAL, ISOLATED_MOVED, allowance, budget, frozen_at_start, own_unit, special_rule_a, special_rule_g, why_not,
)
from domain.games.breakout_pursuit.costs import Query, minimum_step, step, walk
from domain.games.breakout_pursuit.effects import DisruptionEnded, FlagSet, UnitEliminated, UnitMoved, UnitPlaced
from domain.games.breakout_pursuit.model import ALLIED, ISOLATED, STAGING, State, Unit
from domain.games.breakout_pursuit.move_effects import consequences, eliminate
from domain.games.breakout_pursuit.orders import Move, MoveToStaging
from domain.games.breakout_pursuit.stacking import STACK_LIMIT
from domain.kernel.commands import Reject
from domain.kernel.grid import hexside_id


class Dest(NamedTuple):
    cost: int
    path: tuple[str, ...]  # the hexes entered, in order
    minimum_move: bool


# --- phase hooks -------------------------------------------------------------------------------------


def enter(adj) -> bool:
    """Begin a movement phase; True when the phasing player has a unit that can move."""
    data = adj.ruleset.data
    if special_rule_g(adj.state) and FROZEN not in adj.state.flags:
        # The first movement phase of the game: the units Special Rule G holds are where they started.
        coast = cite.ruling("special_rule_g_coast", adj.state.core.options.get("special_rule_g_coast"))
        adj.emit(FlagSet(name=FROZEN, value=list(frozen_at_start(adj.state, data)), cite=(cite.SPECIAL_RULE_G, coast)))
    if special_rule_a(adj.state, data):
        # The phase passes with nothing moved; the flag puts the reason in the log.
        adj.emit(FlagSet(name="special_rule_a", value=adj.state.core.clock.turn, cite=(cite.SPECIAL_RULE_A,)))
        return False
    logistics.enter(adj)
    state = adj.state
    side = state.core.clock.side
    q = Query(state, data, side)
    return any(destinations(state, data, u, q) or may_go_to_staging(state, data, u)
               for u in _units(state, side)) or bool(logistics.legal(state, data, side))


def leave(adj) -> None:
    """End a movement phase: stacking (Stacking M), Delay markers stacked with Allied units (Delay
    C), and, after an Initial Movement Phase, the end of disruption (Ad)."""
    logistics.leave(adj)
    _stacking(adj)
    _delay_markers(adj)
    state = adj.state
    clock = state.core.clock
    if clock.phase != INITIAL:
        return
    ended = tuple(sorted(u.id for u in state.units.values() if u.side == clock.side and 0 < u.disrupted < clock.turn))
    if ended:
        # Ad: stationary through the next Mechanized and the following Initial Movement Phase.
        adj.emit(DisruptionEnded(units=ended, cite=(cite.RESULT_AD,)))
    if state.core.options.get("isolated_mech_move") == "one_hex_per_player_turn":
        moved = [m for m in state.moved if state.units[m].cls == "mechanized" and state.supply.get(m) == ISOLATED]
        if moved:
            adj.emit(FlagSet(name=ISOLATED_MOVED, value={"turn": clock.turn, "side": clock.side, "units": sorted(moved)},
                             cite=(cite.SUPPLY_CHART_ISOLATED, cite.ruling("isolated_mech_move", "one_hex_per_player_turn"))))


def _stacking(adj) -> None:
    """Stacking M: at most three Mechanized and/or Non-Mechanized units per hex at the end of a
    movement phase. Moves may not end over the limit, so an excess here is of units placed this
    Game-Turn (reinforcements may over-stack until the end of the Initial Movement Phase) that
    the player did not move away. Allied ones delay their arrival to the Staging Area (Allied
    Reinforcements, L684); any other excess is eliminated, as Stacking M does with units that
    would over-stack in a retreat."""
    state = adj.state
    turn = state.core.clock.turn
    stacks: dict[str, list[Unit]] = {}
    for u in state.units.values():
        if u.hex is not None and u.combat_unit:
            stacks.setdefault(u.hex, []).append(u)
    for h in sorted(stacks):
        here = stacks[h]
        if len(here) <= STACK_LIMIT:
            continue
        excess = sorted(here, key=lambda u: (u.placed != turn, u.id))[:len(here) - STACK_LIMIT]
        why = (cite.STACKING_M, cite.ruling("reinforcement_overstack", state.core.options.get("reinforcement_overstack")))
        if adj.ruleset.data.fidelity:  # under end_of_phase, moves may have left it over the limit too
            why += (cite.ruling("stacking_checked", state.core.options.get("stacking_checked")),)
        for u in excess:
            if u.side == ALLIED and u.placed == turn:
                adj.emit(UnitPlaced(unit=u.id, at=STAGING, reason="over_stacked", cite=why + (cite.ALLIED_REINFORCEMENTS,)))
            else:
                eliminate(adj, [u.id], "over_stacked", why)


def _delay_markers(adj) -> None:
    """Delay C: a Delay marker stacked with an Allied unit at the end of an Allied movement phase is eliminated."""
    state = adj.state
    if state.core.clock.side != ALLIED:
        return
    allied = {u.hex for u in state.units.values() if u.side == ALLIED and u.hex is not None}
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if u.type == "delay_marker" and u.hex in allied:
            adj.emit(UnitEliminated(unit=u.id, hex=u.hex, cause="occupied", cite=(cite.DELAY_C,)))


# --- legal moves --------------------------------------------------------------------------------------


def legal(state: State, data, side: str, unit: str | None = None) -> list:
    """Every move of every unit that may move: each reachable hex with one cheapest path, the
    minimum move, and the Staging Area for Allied units that began the phase on Cherbourg."""
    if unit is not None:
        u = state.units.get(unit)
        units = [u] if u is not None and u.side == side else []
    else:
        units = _units(state, side)
    q = Query(state, data, side)
    orders: list = []
    for u in units:
        dests = destinations(state, data, u, q)
        orders += [Move(unit=u.id, path=dests[h].path) for h in sorted(dests)]
        if may_go_to_staging(state, data, u):
            orders.append(MoveToStaging(unit=u.id))
    return orders + logistics.legal(state, data, side, unit)


def _units(state: State, side: str) -> list[Unit]:
    return sorted((u for u in state.units.values() if u.side == side and u.hex is not None), key=lambda u: u.id)


def destinations(state: State, data, u: Unit, q: Query | None = None) -> dict[str, Dest]:
    """Where `u` may end a move now: hex -> the cheapest cost, one cheapest path, and whether it
    is the one-hex minimum move. Hexes that would end over-stacked are left out (Stacking M)."""
    b = budget(state, data, u)
    if b.stop is not None:
        return {}
    q = (q or Query(state, data, u.side)).for_unit(u)
    after = state.core.options.get("minimum_move") == "after_spending"
    out = _search(data, q, u.hex, b.points, b.minimum_move, after)
    weight = state.stack_weight(u)
    if weight:  # a combat unit, or a Truck carrying one
        return {h: d for h, d in out.items() if stacking.room(state, data, h, q.stacks[h], weight, u.id)}
    return dict(out)


# Searches already made, by everything they depend on. Within a movement phase only the phasing
# side's units move, and its own units change neither the enemy ZOC nor the hexes it may enter, so
# listing every unit's moves after each move repeats the same searches: remembered, they are made
# once per unit and phase. A pure function's memo: it changes no result.
_SEARCHES: dict[tuple, dict[str, Dest]] = {}
_SEARCHES_KEPT = 512


def _search(data, q: Query, start: str, points: int, minimum_move: bool, after: bool) -> dict[str, Dest]:
    """Every hex a unit on `start` with `points` may end its move on (stacking aside)."""
    key = (data, q.key(), start, points, minimum_move, after)
    found = _SEARCHES.get(key)
    if found is not None:
        return found
    reach = data.board.reachable(start, points, step, q)
    paths: dict[str, tuple[str, ...]] = {start: ()}
    for h in sorted(reach.costs, key=reach.costs.__getitem__):  # a hex's parent is cheaper: its path is known
        if h != start:
            paths[h] = paths[reach.previous[h]] + (h,)
    out = {h: Dest(c, paths[h], False) for h, c in reach.costs.items() if h != start and c <= points}
    if minimum_move:
        starts = [h for h, c in reach.costs.items() if c <= points] if after else [start]
        extra: dict[str, Dest] = {}
        for frm in starts:
            for n in data.neighbours[frm]:
                via = hexside_id(frm, n)
                if n in out or n == start or not minimum_step(frm, n, via, q):
                    continue
                cost = reach.costs[frm] + step(frm, n, via, q)
                if n not in extra or cost < extra[n].cost:
                    extra[n] = Dest(cost, paths[frm] + (n,), True)
        out.update(extra)
    if len(_SEARCHES) >= _SEARCHES_KEPT:
        _SEARCHES.clear()
    _SEARCHES[key] = out
    return out


def may_go_to_staging(state: State, data, u: Unit) -> bool:
    """Paratroop C: an Allied unit that starts the Initial Movement Phase on Cherbourg may go to the
    Staging Area instead of any other move (a unit that has not moved this phase started it there)."""
    clock = state.core.clock
    return (u.side == ALLIED and clock.phase == INITIAL and u.hex is not None and why_not(state, data, u) is None
            and u.hex == data.cherbourg)


# --- orders --------------------------------------------------------------------------------------------


def move(adj, seat: str, order: Move) -> None:
    if order.events:  # a Truck's passengers, an exit off the map
        move_events.move(adj, seat, order)
        return
    state, data = adj.state, adj.ruleset.data
    u = own_unit(state, seat, order.unit)
    b = budget(state, data, u)
    if b.stop is not None:
        raise b.stop.reject(unit=u.id)
    if not order.path:
        raise Reject("empty_path", "A move lists at least one hex to enter.", cite.MOVEMENT_GENERAL)
    if order.path[0] == u.hex:
        raise Reject("path_includes_start", f"List only the hexes entered, beginning next to {u.hex}.", cite.MOVEMENT_GENERAL)
    q = Query(state, data, u.side).for_unit(u)
    steps, why = walk(data, u, order.path, q)
    total = sum(steps)
    minimum = False
    if total > b.points:
        after = state.core.options.get("minimum_move") == "after_spending"
        last_from = (u.hex,) + order.path
        minimum = b.minimum_move and (len(steps) == 1 or (after and total - steps[-1] <= b.points)) and minimum_step(
            last_from[-2], order.path[-1], hexside_id(last_from[-2], order.path[-1]), q)
        if not minimum:
            if b.minimum_move and len(steps) == 1:
                raise Reject("minimum_move_zoc", "The one-hex move may not go directly from one enemy-controlled hex to "
                             f"another; entering {order.path[0]} costs {total} MP and {u.id} has {b.points}.",
                             cite.MOVEMENT_C, cost=total, allowance=b.points)
            raise Reject("too_far", f"That path costs {total} movement points; {u.id} has {b.points} this phase.",
                         cite.MOVEMENT_E, cost=total, allowance=b.points)
        why.append(cite.MOVEMENT_C)
        why.append(cite.ruling("minimum_move", state.core.options.get("minimum_move")))
    end = order.path[-1]
    weight = state.stack_weight(u)  # a Truck's combat passenger moves with it
    there = q.stacks[end] - (end == u.hex) * weight
    if weight and not stacking.room(state, data, end, there, weight, u.id):
        relieved = "" if stacking.each_move(state) else " and no unit there that has not moved can still relieve it"
        raise Reject("over_stacked", f"{end} already holds {there} combat units{relieved}: a move may not end over the "
                     "stacking limit of three.", cite.STACKING_M, hex=end, ruling=stacking.ruling(state))
    if data.fidelity:  # the map's rivers the cost turned on are traced, not printed: cited as such
        hexes = (u.hex,) + tuple(order.path)
        why += provenance.hexsides(data, [hexside_id(a, b) for a, b in zip(hexes, hexes[1:]) if data.river_between(a, b)])
    if weight and there + weight > STACK_LIMIT:  # over the limit for now: to be relieved before the phase ends
        why += [cite.STACKING_M, cite.ruling("stacking_checked", state.core.options.get("stacking_checked"))]
    adj.emit(UnitMoved(unit=u.id, path=(u.hex,) + tuple(order.path), cost=total, allowance=b.points, minimum_move=minimum,
                       cite=tuple(dict.fromkeys(b.cites + tuple(why)))))
    consequences(adj, u, tuple(order.path))


def to_staging(adj, seat: str, order: MoveToStaging) -> None:
    state, data = adj.state, adj.ruleset.data
    u = own_unit(state, seat, order.unit)
    stop = why_not(state, data, u)
    if stop is not None:
        raise stop.reject(unit=u.id)
    if u.side != ALLIED or u.hex != data.cherbourg:
        raise Reject("not_on_cherbourg", f"Only an Allied unit that starts the Initial Movement Phase on Cherbourg "
                     f"({data.cherbourg}) may go to the Staging Area.", cite.STAGING_C, unit=u.id)
    adj.emit(UnitPlaced(unit=u.id, at=STAGING, reason="staging", cite=(cite.STAGING_C,)))
