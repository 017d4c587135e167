"""§21 Reinforcements and §7.3 drops: ground units enter in their side's movement phase at a hex
of their entry edge (or their scenario hex); airborne units are placed in the Allied Airborne
Assault Phase within the drop distance of their division's DZ marker (the Placement and
Reinforcement Table is not in the text: option `drop_distance`), not in bad weather (§18.1),
not while the marker is off the map, never again once the alternate marker is gone. On the
alternate side each dropped unit rolls on the §7.3 table. Entry may be delayed at will (an
arrival simply waits). A destroyed DZ marker returns on its alternate side two turns later."""
from __future__ import annotations

from domain.games.air_bridge import cite, movement, values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.dice import d10
from domain.games.air_bridge.effects import DropRolled, DZPlaced, FatigueMarked, Placed
from domain.games.air_bridge.losses import lose_step
from domain.games.air_bridge.model import ALLIED, Arrival, State, other
from domain.games.air_bridge.orders import Drop, Enter, Move, PlaceDZ
from domain.games.air_bridge.terrain import step_cost
from domain.games.air_bridge.zoc import zoc_hexes
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject


def due(state: State, seat: str, drop: bool) -> list[Arrival]:
    turn = state.core.clock.turn
    return [a for a in state.arrivals if a.turn <= turn and a.drop == drop and state.units[a.unit].seat == seat]


def entry_hexes(state: State, data: GameData, a: Arrival) -> list[str]:
    side = state.units[a.unit].side
    if a.at is not None:
        cands = [a.at]
    else:
        cands = sorted(h for h in data.map.areas[f"edge_{a.edge}"].hexes) if a.edge else []
    return [h for h in cands if not state.enemies_at(h, side)]


def drop_centre(state: State, data: GameData, a: Arrival) -> str | None:
    """The DZ marker's hex (the scenario's drop hex for a formation without a marker)."""
    div = values.division(data, state.units[a.unit]) or ""
    dz = state.dropzones.get(div)
    if dz is None:  # the Poles: no marker of their own in the pack; they drop around their scenario hex
        return a.at
    if dz.gone:
        return None
    return state.units[dz.marker].hex


def drop_hexes(state: State, data: GameData, a: Arrival) -> list[str]:
    if state.weather == "bad":
        return []
    centre = drop_centre(state, data, a)
    if centre is None:
        return []
    dist = int(state.core.options.get("drop_distance", 2))
    side = state.units[a.unit].side
    out = [h for h in data.board.grid.within(centre, dist) if h in data.map.hexes and not state.enemies_at(h, side)]
    if state.core.options.get("drop_into_enemy_zoc", "allow") == "forbid":  # A23
        zocs = zoc_hexes(state, data, other(side))
        out = [h for h in out if h not in zocs]
    return out


def legal_entries(state: State, data: GameData, seat: str) -> list[Enter]:
    out = [Enter(unit=a.unit, hex=h) for a in due(state, seat, drop=False) for h in entry_hexes(state, data, a)]
    if data.version >= 3:
        out += [e for a in due(state, seat, drop=False) for e in entry_moves(state, data, a)]
    return out


def entry_moves(state: State, data: GameData, a: Arrival) -> list[Enter]:
    """@3, a sample for the listing: the entry followed by one step to each neighbour the unit's
    allowance still pays for (§21 with §4.0), from the first free entry hex."""
    u = state.units[a.unit]
    hexes = entry_hexes(state, data, a)
    if not hexes or values.ma(data, u) == 0:
        return []
    h = hexes[0]
    if h in zoc_hexes(state, data, other(u.side)):
        return []
    left = movement.allowance(data, u) - data.mp_half[h]
    out = []
    for n in data.neighbours(h):
        c = step_cost(state, data, h, n)
        if c is not None and c <= left and not state.enemies_at(n, u.side):
            out.append(Enter(unit=u.id, hex=h, path=(h, n)))
    return out


def legal_drops(state: State, data: GameData, seat: str) -> list[Drop | PlaceDZ]:
    out: list[Drop | PlaceDZ] = [Drop(unit=a.unit, hex=h) for a in due(state, seat, drop=True) for h in drop_hexes(state, data, a)]
    for div, dz in sorted(state.dropzones.items()):
        if state.units[dz.marker].seat == seat and returnable(state, div):
            out += [PlaceDZ(division=div, hex=h) for h in dz_hexes(state, data, div)]
    return out


def returnable(state: State, div: str) -> bool:
    dz = state.dropzones[div]
    return not dz.gone and dz.returns is not None and state.core.clock.turn >= dz.returns and state.units[dz.marker].hex is None


def dz_hexes(state: State, data: GameData, div: str) -> list[str]:
    """Where a returning marker may go is not stated (A15): any hex of the division's original drop
    area within 5 hexes of one of its units, free of enemy units (inferred)."""
    near = [u.hex for u in state.units.values() if u.hex and values.division(data, u) == div and not values.dz(data, u)]
    areas = [a for k, a in data.map.areas.items() if k.startswith(f"dz_{div}_")]
    hexes = sorted({h for a in areas for h in a.hexes})
    return [h for h in hexes if not state.enemies_at(h, ALLIED) and any(data.distance(h, n) <= 5 for n in near)]


def enter(adj: Adjudication, data: GameData, seat: str, order: Enter) -> None:
    a = next((x for x in due(adj.state, seat, drop=False) if x.unit == order.unit), None)
    if a is None:
        raise Reject("not_due", f"{order.unit} is not a ground reinforcement of your seat due by now.", cite.REINFORCEMENTS)
    if order.hex not in entry_hexes(adj.state, data, a):
        raise Reject("bad_entry", f"{order.unit} enters at {a.at or 'its ' + str(a.edge) + ' edge'}, in a hex free of enemy units.",
                     cite.REINFORCEMENTS, hexes=entry_hexes(adj.state, data, a)[:10])
    if order.path and data.version < 3:
        raise Reject("not_in_this_ruleset_version", "A reinforcement moving on from its entry hex is ruled from "
                     "air-bridge-to-victory@3 on; here its entry ends its move.", cite.REINFORCEMENTS)
    if order.path and order.path[0] != order.hex:
        raise Reject("bad_move", f"The move goes on from the entry hex {order.hex}.", cite.REINFORCEMENTS)
    adj.emit(Placed(unit=order.unit, hex=order.hex, how="enter", cite=(cite.REINFORCEMENTS, cite.PLACEMENT_TABLE)))
    if len(order.path) > 1:  # @3, §21: entering is not the end of the unit's move
        move_on(adj, data, adj.core.layout.side_of(seat), order)


def move_on(adj: Adjudication, data: GameData, side: str, order: Enter) -> None:
    u = adj.state.units[order.unit]
    walk = Move(units=(u.id,), path=order.path)
    if values.ma(data, u) == 0:
        raise Reject("cannot_move", f"{u.id} has no movement points.", cite.MOVEMENT)
    ctx = movement.context(adj.state, data, side, [u])
    if order.hex in ctx.zocs and not ctx.ignore_zoc:
        raise Reject("zoc_stop", f"The move must stop at {order.hex}, in an enemy ZOC.", cite.ZOC)
    entry = data.mp_half[order.hex]  # the entry hex's terrain (house rule entry_hex_cost)
    movement.travel(adj, data, side, walk, [u], ctx, spent0={u.id: entry},
                    why=(cite.REINFORCEMENTS, cite.ENTRY_COST))


def drop(adj: Adjudication, data: GameData, seat: str, order: Drop) -> None:
    state = adj.state
    a = next((x for x in due(state, seat, drop=True) if x.unit == order.unit), None)
    if a is None:
        raise Reject("not_due", f"{order.unit} is not an airborne reinforcement of your seat due by now.", cite.REINFORCEMENTS)
    if state.weather == "bad":
        raise Reject("bad_weather", "No airborne reinforcements in bad weather; they come on the next clear turn.", cite.BAD_WEATHER)
    if drop_centre(state, data, a) is None:
        raise Reject("no_dz", "The division's DZ marker is not on the map: its units cannot be dropped.", cite.DZ)
    if order.hex not in drop_hexes(state, data, a):
        if (state.core.options.get("drop_into_enemy_zoc", "allow") == "forbid"
                and order.hex in zoc_hexes(state, data, other(state.units[order.unit].side))):
            raise Reject("enemy_zoc", f"Under drop_into_enemy_zoc=forbid no unit drops into an enemy ZOC, as {order.hex} is.",
                         cite.ruling("drop_into_enemy_zoc", "forbid", "A23: the text is silent on drops into an enemy ZOC"))
        raise Reject("too_far", f"Drop within {state.core.options.get('drop_distance', 2)} hexes of the DZ marker, not on enemy units.",
                     cite.PLACEMENT_TABLE)
    dist = state.core.options.get("drop_distance", 2)
    adj.emit(Placed(unit=order.unit, hex=order.hex, how="drop", cite=(cite.DROP, cite.ruling("drop_distance", dist))))
    div = values.division(data, state.units[order.unit]) or ""
    dz = state.dropzones.get(div)
    if dz is not None and dz.face == "alternate":
        r = d10(adj, f"drop on the alternate DZ: {order.unit}")
        result = next(str(row.values["result"]) for row in data.chart("alternate_dz").rows
                      if row.values["roll"][0] <= r.value <= row.values["roll"][1])
        adj.emit(DropRolled(unit=order.unit, roll=r, result=result, cite=(cite.DROP_ROLL,)))
        if result.startswith("scattered"):
            adj.emit(FatigueMarked(unit=order.unit, cause="scattered", cite=(cite.DROP_ROLL,)))
        elif result.startswith("bad"):
            lose_step(adj, data, order.unit, "bad landing", cite.DROP_ROLL)


def place_dz(adj: Adjudication, data: GameData, seat: str, order: PlaceDZ) -> None:
    dz = adj.state.dropzones.get(order.division)
    if dz is None or adj.state.units[dz.marker].seat != seat or not returnable(adj.state, order.division):
        raise Reject("dz_not_returning", "Only a DZ marker destroyed two turns ago or more returns.", cite.DZ_DESTROYED)
    if order.hex not in dz_hexes(adj.state, data, order.division):
        raise Reject("bad_dz_hex", "Place the marker in its division's drop area, near its units, free of enemy units.", cite.DZ_DESTROYED)
    adj.emit(DZPlaced(division=order.division, hex=order.hex, cite=(cite.DZ_DESTROYED,)))
