"""§7.3 Supply Lines and §7.4: a unit is supplied when it traces a path of hexes that allow
motorised movement and lie outside any EZOC (a friendly unit cancels the EZOC of its hex) to a
supplied HQ of its nationality (option Q28); an HQ is supplied when stacked with an Offensive marker
or when it traces a road path to an operational friendly depot (option `hq_road_access` lets the
path leave the reconstructed roads at each end). The status holds for the turn (§7.4). Turns 0 and
1: everything is supplied (§10)."""
from __future__ import annotations

from domain.games.normandy import zoc
from domain.games.normandy.data import GERMAN, GameData
from domain.games.normandy.model import State, offmap_of
from domain.games.normandy.units import is_hq
from domain.kernel.search import distances, spread


def blocked(state: State, data: GameData, side: str) -> frozenset[str]:
    """Hexes a supply line of `side` may not cross: in an EZOC with no friendly unit, or enemy-held."""
    friendly = {u.hex for u in state.units.values() if u.hex is not None and u.side == side}
    enemy = {u.hex for u in state.units.values() if u.hex is not None and u.side != side}
    return frozenset((zoc.ezoc(state, data, side) - friendly) | enemy)


def passable(data: GameData, h: str) -> bool:
    if not data.land(h):
        return False
    row = data.tec.get(data.hexes[h].terrain, {})
    return row.get("motorized") is not None


def depots(state: State, data: GameData, side: str) -> frozenset[str]:
    """Operational depots of `side`: open and outside any EZOC (§7.1); the German off-map depots
    are reached through the hexes the strategic boxes link to (§7.2, option Q29)."""
    ez = zoc.ezoc(state, data, side)
    enemy = {u.hex for u in state.units.values() if u.hex is not None and u.side != side}
    out = {h for h, d in state.depots.items() if d.side == side and h not in ez and h not in enemy}
    if side == GERMAN:
        out |= {h for h in german_box_access(state, data) if h not in enemy}
    return frozenset(out)


def german_box_access(state: State, data: GameData) -> frozenset[str]:
    """The hexes joined to the strategic boxes through which the German off-map depots supply. Before
    version 4 every such hex (option Q29). From version 4 (§7.2, §7.3.1, options Q29, Q58): the hexes
    of a box from which the box lines (roads for supply) reach a depot still standing, through boxes
    free of Allied units, the depot's box not in Confusion."""
    om = offmap_of(state)
    if om is None:
        return data.box_entry_hexes
    allied = {u.box for u in state.units.values() if u.box and u.side != GERMAN}
    live = [b for b in om.depots if b not in om.confusion and b not in allied]
    reach = spread(data.box_links, dict.fromkeys(live, None), enters=lambda b: b not in allied)
    return frozenset(h for b in reach for h in data.box_hexes.get(b, ()))


def hq_supplied(state: State, data: GameData, side: str, access: int) -> frozenset[str]:
    """The HQs of `side` in supply (§7.3.2)."""
    bad = blocked(state, data, side)
    ok = lambda h: data.land(h) and h not in bad  # noqa: E731
    targets = depots(state, data, side)
    near_depot = distances(data.graph_neighbours, targets, enters=ok, limit=access) if access else dict.fromkeys(targets, 0)
    goal = {h for h in near_depot if h in data.road_hexes} | set(targets)
    road_reach = set(distances(data.road_graph, goal & data.road_hexes, enters=ok))
    out = set()
    for u in state.units.values():
        if u.hex is None or u.side != side or not is_hq(data, u.id):
            continue
        if u.markers > 0 or u.hex in goal or u.hex in road_reach:
            out.add(u.id)
            continue
        if access:
            near = distances(data.graph_neighbours, [u.hex], enters=ok, limit=access)
            if any(h in road_reach or h in targets for h in near):
                out.add(u.id)
    return frozenset(out)


def unsupplied(state: State, data: GameData, access: int) -> tuple[str, ...]:
    """Every unit on the map out of supply now (HQs included)."""
    out: list[str] = []
    for side in ("allied", GERMAN):
        hqs = hq_supplied(state, data, side, access)
        bad = blocked(state, data, side)
        by_group: dict[str, list[str]] = {}
        for hq in hqs:
            by_group.setdefault(data.values[hq].nat, []).append(state.units[hq].hex or "")
        reach = {g: set(spread(data.graph_neighbours, dict.fromkeys(hexes, None),
                               enters=lambda h: passable(data, h) and h not in bad)) for g, hexes in by_group.items()}
        boxes = offmap_supplied(state, data, side, reach) if offmap_of(state) is not None else None
        for u in state.units.values():
            if u.side != side:
                continue
            if u.hex is None:
                if boxes is not None and (u.box in data.box_links or u.box in data.festungs) and \
                        u.box not in boxes.get(data.values[u.id].nat, ()) and not (is_hq(data, u.id) and u.markers > 0):
                    out.append(u.id)
                continue
            if is_hq(data, u.id):
                if u.id not in hqs:
                    out.append(u.id)
            elif u.hex not in reach.get(data.values[u.id].nat, set()):
                out.append(u.id)
    return tuple(sorted(out))


def offmap_supplied(state: State, data: GameData, side: str, reach: dict[str, set[str]]) -> dict[str, frozenset[str]]:
    """Version 4 (§7.3.1 with option Q29, §7.4, §0.1.2): the boxes where a unit of each nationality
    is supplied. The lines between boxes are roads; a line runs through boxes free of enemy units
    (and out of any box in Confusion) to a German depot box still standing, or to a box joined to a
    map hex that the side's supply network of that nationality reaches. A Festung and its units are
    always supplied. (A unit on the strategic map traces to the network directly: the HQ step of
    §7.3.1 is read as met by the network, inferred.)"""
    om = offmap_of(state)
    assert om is not None
    enemy = {u.box for u in state.units.values() if u.box and u.side != side}
    free = lambda b: b not in enemy and b not in om.confusion  # noqa: E731
    out: dict[str, frozenset[str]] = {}
    for nat, hexes in reach.items():
        seeds = [b for b, hs in data.box_hexes.items() if free(b) and any(h in hexes for h in hs)]
        if side == GERMAN:
            seeds += [b for b in om.depots if free(b)]
        got = set(spread(data.box_links, dict.fromkeys(seeds, None), enters=free)) if seeds else set()
        out[nat] = frozenset(got | set(data.festungs if side == GERMAN else ()))
    if side == GERMAN and "german" not in out:  # no German HQ in supply on the map: the depots alone
        seeds = [b for b in om.depots if free(b)]
        out["german"] = frozenset(set(spread(data.box_links, dict.fromkeys(seeds, None), enters=free)) | set(data.festungs))
    return out
