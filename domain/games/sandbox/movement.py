"""Movement, judged on what the moving side knows; a concealed unit stops the move and is revealed."""
from __future__ import annotations

import heapq

from domain.games.sandbox import cite
from domain.games.sandbox.model import MarkerMoved, Move, UnitMoved, UnitRevealed
from domain.games.sandbox.pack import BRIDGE, PACK
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject
from domain.kernel.grid import Grid, hexside_id
from domain.kernel.seats import to_seats

MAP = PACK.map
GRID = Grid(MAP.grid)
NEIGHBOURS = {h: tuple(n for n in GRID.neighbour_ids(h) if n in MAP.hexes) for h in MAP.hexes}


def known_occupied(state, mover) -> set[str]:
    """Hexes the mover's side knows to be occupied by other units: its own, and the enemy's it can see."""
    return {u.hex for u in state.units.values() if u.hex and u.id != mover.id and (u.side == mover.side or not u.concealed)}


def hexside_features(a: str, b: str) -> tuple[str, ...]:
    side = MAP.hexsides.get(hexside_id(a, b))
    return side.features if side else ()


def crossing(state, a: str, b: str) -> str | None:
    """Why the side between a and b cannot be crossed now, or None."""
    side = hexside_id(a, b)
    if "river" not in hexside_features(a, b):
        return None
    if side != BRIDGE:
        return "brook"
    if state.bridge != "intact":
        return "bridge_down"
    att = state.core.attestations.get("bridge_demolished")
    if att is not None and att.state not in ("settled", "confirmed"):
        return "awaiting_attestation"
    return None


def step_cost(to: str) -> int:
    return 2 if MAP.hexes[to].terrain == "woods" else 1


def reachable(state, unit) -> dict[str, tuple[int, tuple[str, ...]]]:
    """Every hex the unit may end its move in, with the cost and one cheapest path."""
    blocked = known_occupied(state, unit)
    best: dict[str, tuple[int, tuple[str, ...]]] = {}
    queue = [(0, unit.hex, ())]
    while queue:
        cost, here, path = heapq.heappop(queue)
        if here in best and best[here][0] <= cost:
            continue
        best[here] = (cost, path)
        for n in NEIGHBOURS[here]:
            c = cost + step_cost(n)
            if c <= unit.ma and n not in blocked and crossing(state, here, n) is None and (n not in best or best[n][0] > c):
                heapq.heappush(queue, (c, n, path + (n,)))
    best.pop(unit.hex)
    return best


def move(adj: Adjudication, seat: str, order: Move) -> None:
    state = adj.state
    unit = state.units.get(order.unit)
    if unit is None or unit.owner != seat:
        raise Reject("not_your_unit", f"{seat} has no unit {order.unit!r}.", cite.OWN)
    if unit.hex is None:
        raise Reject("not_on_map", f"{order.unit} is not on the map.", cite.OWN)
    if order.unit in state.moved:
        raise Reject("already_moved", f"{order.unit} has already moved this phase.", cite.MOVE)
    if not order.path:
        raise Reject("empty_path", "A move needs at least one hex.", cite.MOVE)
    blocked = known_occupied(state, unit)
    here, cost = unit.hex, 0
    for n in order.path:
        if n not in MAP.hexes:
            raise Reject("off_map", f"{n} is not a hex of this map.", cite.MOVE)
        if n not in NEIGHBOURS[here]:
            raise Reject("not_adjacent", f"{n} is not next to {here}.", cite.MOVE)
        why = crossing(state, here, n)
        if why == "awaiting_attestation":
            raise Reject(why, "Crossing the bridge waits until the bridge attestation is settled.", cite.BRIDGE)
        if why:
            raise Reject("brook", f"The brook between {here} and {n} can be crossed only at an intact bridge.", cite.BROOK)
        if n in blocked:
            raise Reject("occupied", f"{n} is occupied.", cite.OCCUPIED)
        cost += step_cost(n)
        here = n
    if cost > unit.ma:
        raise Reject("too_far", f"That path costs {cost} movement points; {order.unit} has {unit.ma}.", cite.MOVE, cost=cost, allowance=unit.ma)
    _execute(adj, unit, order.path)


def _execute(adj: Adjudication, unit, path: tuple[str, ...]) -> None:
    hidden = [u for u in adj.state.units.values() if u.concealed and u.side != unit.side and u.hex]
    travelled: list[str] = []
    met = None
    here = unit.hex
    for n in path:
        met = next((h for h in hidden if h.hex == n), None)
        if met:
            break
        travelled.append(n)
        here = n
        met = next((h for h in hidden if h.hex in NEIGHBOURS[n]), None)
        if met:
            break
    cost = sum(step_cost(h) for h in travelled)
    if travelled:
        _moved(adj, unit, tuple(travelled), cost)
    if met:
        adj.emit(UnitRevealed(unit=met.id, hex=met.hex, cite=(cite.CONCEALED,)))
        adj.stop("stopped_by_concealed_unit", f"{unit.id} stopped at {here}: a concealed enemy unit was revealed at {met.hex}.",
                 at=here, revealed=met.hex)
    adj.cite(cite.MOVE)


def _moved(adj: Adjudication, unit, path: tuple[str, ...], cost: int) -> None:
    if unit.marker or unit.concealed:
        adj.emit(UnitMoved(unit=unit.id, path=path, cost=cost, vis=to_seats(*adj.core.layout.seats_of(unit.side)), cite=(cite.MOVE,)))
        if unit.marker:
            adj.emit(MarkerMoved(frm=unit.hex, to=path[-1], cite=(cite.MOVE,)))
    else:
        adj.emit(UnitMoved(unit=unit.id, path=path, cost=cost, cite=(cite.MOVE,)))
