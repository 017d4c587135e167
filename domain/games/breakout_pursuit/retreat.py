"""Retreats after combat (Retreat and Advance J; Explanation of Results Ar, Dr; ZOC L; Stacking M).

Each retreating unit moves exactly one hex, chosen by the opponent. Never across a Sea hexside,
into an Enemy controlled hex (also when friendly units are there, J), into a hex holding enemy
units that bar entry (Movement B), into an intact Fortress for Allied units (German Fortresses),
nor beyond three combat units (M); a unit with no such hex is eliminated. "If a choice of hexes
is possible, the hex or hexes closest to the [retreating side's] source of supply must be used":
closeness is measured along supply paths (`retreat_closest_metric` = supply_path), a hex with no
path ranking after every hex with one, by hex distance; or by hex distance alone (= hex_distance).

Units retreat one after another, in the order the chooser lists them, so that each sees the
hexes the earlier ones filled. A Truck and the unit it carries move together (Truck B).
"""
from __future__ import annotations

from collections import Counter
from itertools import permutations
from typing import Callable

from domain.games.breakout_pursuit import eastward, occupancy, zoc
from domain.games.breakout_pursuit.model import ALLIED, GERMAN, State, Unit, enemy
from domain.games.breakout_pursuit.stacking import STACK_LIMIT
from domain.games.breakout_pursuit.strength import intact_fortress
from domain.kernel.memo import per_state

ORDERED = 4  # up to this many retreating units, answers are listed in every order of the units
NAVAL_USERS = ("UK", "Ca")  # Supply G: only UK and Canadian units use the Naval Supply unit


class RetreatError(ValueError):
    """An answer that breaks the retreat rules; the message says what is allowed."""


def blocking(u: Unit) -> bool:
    """Units that bar enemy entry: combat units and Trucks (Movement B; Non-Combat A)."""
    return u.hex is not None and (u.combat_unit or u.type == "truck")


def hex_barred(state: State, data, side: str, hex_id: str) -> bool:
    if any(s != side for s in occupancy.of(state, data).blockers.get(hex_id, ())):  # blocking units of another side
        return True
    return side == ALLIED and intact_fortress(state, data, hex_id)


def movers(state: State, data, uid: str) -> tuple[str, ...]:
    """A unit and the Truck carrying it, or the Truck and its passenger: they retreat together."""
    u = state.units[uid]
    companion = u.carrying or occupancy.of(state, data).carriers.get(uid)
    return (uid, companion) if companion and state.units[companion].hex is not None else (uid,)


def weight(state: State, data, uid: str) -> int:
    return sum(1 for m in movers(state, data, uid) if state.units[m].combat_unit)


def refusal(state: State, data, uid: str, n: str, filled: Counter, enemy_zoc: frozenset[str]) -> str | None:
    """Why `uid` may not retreat into the neighbouring hex `n` (None: it may), the hexes `filled` by
    the units retreating before it counted: the one test both the ruling and the record use."""
    why, held = _around(state, data, uid, enemy_zoc)[n]
    if why is None and held + filled[n] > STACK_LIMIT:
        return f"would hold more than {STACK_LIMIT} combat units (Stacking M)"
    return why


def legal_hexes(state: State, data, uid: str, filled: Counter, enemy_zoc: frozenset[str]) -> list[str]:
    """The hexes next to `uid` refusal() allows."""
    return [n for n, (why, held) in _around(state, data, uid, enemy_zoc).items() if why is None and held + filled[n] <= STACK_LIMIT]


@per_state  # asked of each hex next to each retreating unit in each order of the units (plans): once a unit
def _around(state: State, data, uid: str, enemy_zoc: frozenset[str]) -> dict[str, tuple[str | None, int]]:
    """For each hex next to `uid`, in data.neighbours' order: why it may not retreat there whatever
    the units before it do (None: it may), and the combat units there with it and its companion."""
    u = state.units[uid]
    held, w = occupancy.of(state, data).stacks, weight(state, data, uid)
    out: dict[str, tuple[str | None, int]] = {}
    for n in data.neighbours[u.hex]:
        why = None
        if not data.enterable(n) or data.sea_between(u.hex, n):
            why = "sea"
        elif n in enemy_zoc:
            why = "enemy-controlled (ZOC L)"
        elif hex_barred(state, data, u.side, n):
            why = "enemy-occupied, or an intact Fortress (Movement B)"
        out[n] = (why, held.get(n, 0) + w)
    return out


# --- closeness to the source of supply --------------------------------------------------------


def sources(state: State, data, u: Unit) -> frozenset[str]:
    """The retreating side's sources of supply: the East edge for German units (Supply D); for Allied
    units Cherbourg, Bayeux, active Pipelines, Supply units and, for UK and Canadian units, a face-up
    Naval Supply unit on a coastal hex (Supply G; the Supply Effects Chart's list)."""
    if u.side == GERMAN:
        return data.east_edge
    return _allied_sources(state, data, u.nat in NAVAL_USERS)


@per_state  # asked for each unit of a retreat in each order of them
def _allied_sources(state: State, data, naval: bool) -> frozenset[str]:
    out = {data.cherbourg, data.bayeux}
    for s in state.units.values():
        if s.side != ALLIED or s.hex is None:
            continue
        if (s.type == "pipeline" and s.active) or s.type == "supply":
            out.add(s.hex)
        elif s.type == "naval_supply" and s.active and naval and data.hex_has(s.hex, "coastal"):
            out.add(s.hex)
    return frozenset(out)


@per_state  # a forced retreat is listed, checked and weighed on one state: each hex searched once
def path_lengths(state: State, data, side: str, origins: frozenset[str]) -> Callable[[str], int | None]:
    """The length of the supply path of `side` from a hex to the nearest of `origins` (None if
    there is none): no Sea hexside, no enemy-occupied or enemy-controlled hex on the way (Supply A),
    no intact Fortress for Allied paths (`fortress_blocks_allied_supply`). Each hex asked is searched
    on its own, towards the origins (eastward.py): guided towards the East edge by the open-map
    distance to it, towards Allied sources by the hex distance to the nearest (a lower bound of any
    path's steps, differing by at most one between neighbours), so a retreat's few candidate hexes
    never cost a search of the whole map; the lengths are the breadth-first search's."""
    options = state.core.options
    enemy_zoc = zoc.controlled(state, data, enemy(side))
    closed = enemy_zoc | {u.hex for u in state.units.values() if blocking(u) and u.side != side}
    if side == ALLIED and options.get("fortress_blocks_allied_supply", True):
        closed |= {h for h in data.fortress_hexes if intact_fortress(state, data, h)}

    def passable(h: str) -> bool:
        return h in data.land_hexes and h not in closed

    start = frozenset(h for h in origins if h in data.map.hexes and (passable(h) or (
        options.get("supply_source_in_enemy_zoc", True) and h in enemy_zoc and not hex_barred(state, data, side, h))))
    if origins == data.east_edge:
        guide = data.east_edge_distance.get
    else:
        cubes, near = data.cubes, [data.cubes[s] for s in start]

        def guide(h: str) -> int:
            q, r, t = cubes[h]
            return min(max(abs(q - a), abs(r - b), abs(t - c)) for a, b, c in near)
    if not start:
        return lambda h: None
    known: dict[str, int | None] = {}  # answers walked in every order ask each hex again; filled, never changed

    def length(h: str) -> int | None:
        if h not in known:
            known[h] = eastward.guided(h, start, data.across_land, passable, guide) if h in start or passable(h) else None
        return known[h]
    return length


def closeness(state: State, data, u: Unit, hexes: list[str]) -> dict[str, tuple[int, int]]:
    """A sort key per candidate hex: smaller is closer to the unit's source of supply."""
    srcs = sources(state, data, u)
    if not srcs:
        return {h: (0, 0) for h in hexes}
    by_path = state.core.options.get("retreat_closest_metric", "supply_path") == "supply_path"
    lengths = path_lengths(state, data, u.side, srcs) if by_path else None
    out = {}
    for h in hexes:
        length = lengths(h) if lengths is not None else None
        out[h] = (0, length) if length is not None else (1 if by_path else 0, min(data.grid.distance(h, s) for s in srcs))
    return out


def closest(state: State, data, uid: str, filled: Counter, enemy_zoc: frozenset[str]) -> list[str]:
    legal = legal_hexes(state, data, uid, filled, enemy_zoc)
    if not legal:
        return []
    keys = closeness(state, data, state.units[uid], legal)
    best = min(keys.values())
    return [h for h in legal if keys[h] == best]


# --- the chooser's answer ------------------------------------------------------------------------


def plan(state: State, data, units: tuple[str, ...], moves: dict[str, str]) -> list[tuple[str, str | None]]:
    """Check an answer and return each unit's hex (None: eliminated, no retreat route). Units named
    in `moves` retreat in that order, then the others; a unit that can still retreat must be named."""
    unknown = [u for u in moves if u not in units]
    if unknown:
        raise RetreatError(f"{', '.join(unknown)} do not retreat in this combat; the retreating units are {', '.join(units)}.")
    side = state.units[units[0]].side
    enemy_zoc = zoc.enemy_controlled(state, data, side)
    filled: Counter = Counter()
    out: list[tuple[str, str | None]] = []
    for uid in list(moves) + [u for u in units if u not in moves]:
        best = closest(state, data, uid, filled, enemy_zoc)
        if not best:
            out.append((uid, None))
            continue
        if uid not in moves:
            raise RetreatError(f"{uid} can retreat: name its hex, one of {', '.join(best)}.")
        if moves[uid] not in best:
            raise RetreatError(f"{uid} must retreat to one of {', '.join(best)} (legal and closest to its source of supply), "
                               f"not {moves[uid]}.")
        out.append((uid, moves[uid]))
        step(state, data, uid, moves[uid], filled, +1)
    return out


def weighed(state: State, data, chosen: list[tuple[str, str | None]]) -> list[dict]:
    """For the record (@2): each retreating unit's neighbours as `plan` judged them, in its order,
    the hexes filled by the units before it counted: refused (why) or candidates (how close)."""
    side = state.units[chosen[0][0]].side
    enemy_zoc = zoc.enemy_controlled(state, data, side)
    filled: Counter = Counter()
    out = []
    for uid, to in chosen:
        u = state.units[uid]
        why = {n: refusal(state, data, uid, n, filled, enemy_zoc) for n in sorted(data.neighbours[u.hex])}
        refused = {n: r for n, r in why.items() if r is not None}
        legal = [n for n, r in why.items() if r is None]
        keys = closeness(state, data, u, legal)
        out.append({"unit": uid, "frm": u.hex, "to": to, "refused": refused,
                    "path": {h: k[1] for h, k in keys.items() if k[0] == 0},
                    "no_path": {h: k[1] for h, k in keys.items() if k[0] == 1}})
        if to is not None:
            step(state, data, uid, to, filled, +1)
    return out


def step(state: State, data, uid: str, to: str, filled: Counter, sign: int) -> None:
    """Count a retreat (sign +1) or undo it (-1): the destination fills, the hex left empties."""
    filled[to] += sign * weight(state, data, uid)
    filled[state.units[uid].hex] -= sign * weight(state, data, uid)


def plans(state: State, data, units: tuple[str, ...], limit: int) -> list[dict[str, str]]:
    """Distinct legal answers, at most `limit`: each unit to each of its closest hexes, the units taken
    in every order when there are at most ORDERED of them (which unit gets a hex with room for one is
    the chooser's choice too), else in the given order."""
    side = state.units[units[0]].side
    enemy_zoc = zoc.enemy_controlled(state, data, side)
    found: dict[frozenset, dict[str, str]] = {}

    def walk(order: tuple[str, ...], i: int, filled: Counter, chosen: dict[str, str]) -> None:
        if len(found) >= limit:
            return
        if i == len(order):
            found.setdefault(frozenset(chosen.items()), dict(chosen))
            return
        uid = order[i]
        best = closest(state, data, uid, filled, enemy_zoc)
        if not best:
            walk(order, i + 1, filled, chosen)
        for h in best:
            step(state, data, uid, h, filled, +1)
            walk(order, i + 1, filled, {**chosen, uid: h})
            step(state, data, uid, h, filled, -1)

    for order in (permutations(units) if len(units) <= ORDERED else [units]):
        walk(tuple(order), 0, Counter(), {})
    return list(found.values())
