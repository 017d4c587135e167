"""What a step of movement costs (Movement B-F, Terrain Effects Chart, ZOC J-K, Delay A-D).

`Terrain` reads the Terrain Effects Chart and the map once per pack: the entry cost of each hex,
the sea and river hexsides, the West Wall. `Query` is what one movement query needs of a state,
computed once for the moving side (enemy ZOC, hexes it may not enter, Zones of Delay, stacks);
`step(from, to, hexside, query.for_unit(u)) -> MP | None` is the kernel path search's cost function.

The cost of entering `to` from `frm` (digest MOV-6):
    the hex's TEC entry cost (1 for every printed terrain)
  + river hexside: German +2, Allied +1 (TEC)
  + West Wall hex, Allied units: +1 (TEC; Correction L658)
  + ZOC payers (mechanized units, Allied motorized infantry of MA 16, Trucks): +2 to enter and
    +1 to leave an enemy-controlled hex (ZOC J; Correction L642); the others pay nothing but may
    never step from one enemy-controlled hex to another (ZOC K)
  + Allied units: +2 to enter and +1 to leave a Zone of Delay, except where German ZOC also
    reaches (Delay A, D; Correction L660; option `delay_suppressed_by_zoc`).
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

from domain.games.breakout_pursuit import cite, zoc
from domain.games.breakout_pursuit.data import TEC_ROW, MissingData
from domain.games.breakout_pursuit.model import ALLIED, GERMAN, State, Unit
from domain.kernel.commands import Reject
from domain.kernel.grid import hexside_id
from domain.kernel.problem import Problem

NOT_ENTERABLE = ("sea",)  # an all-sea hex (Movement B: units may never cross a sea hexside)

# Allied units that German units may overrun (Movement B's exception; Non-Combat A).
OVERRUN_TYPES = ("supply", "pipeline", "naval_supply")


class Terrain:
    """The movement part of the Terrain Effects Chart laid over the map (built once per pack)."""

    def __init__(self, data):
        tec = data.terrain_effects
        self.entry: dict[str, int] = {}  # hex -> MP to enter; hexes not here may not be entered
        for h, x in data.map.hexes.items():
            if x.terrain in NOT_ENTERABLE:
                continue
            row = tec.get(TEC_ROW.get(x.terrain, x.terrain))
            if row is None or "mp" not in row:
                raise MissingData(f"the Terrain Effects Chart has no movement cost for terrain {x.terrain!r} (hex {h})")
            self.entry[h] = int(row["mp"])
        sides = data.map.hexsides
        self.sea = frozenset(s for s, x in sides.items() if "sea" in x.features)
        self.river = frozenset(s for s, x in sides.items() if "river" in x.features)
        river = tec.get("river_hexside", {})
        self.river_extra = {GERMAN: int(river.get("german_extra_mp", 0)), ALLIED: int(river.get("allied_extra_mp", 0))}
        self.west_wall = data.west_wall
        self.west_wall_extra = int(tec.get("west_wall", {}).get("allied_extra_mp", 0))


@lru_cache(maxsize=8)
def terrain(data) -> Terrain:
    return Terrain(data)


def zoc_payer(u: Unit) -> bool:
    """ZOC J: mechanized units and Allied Motorized Infantry (MA 16); Trucks (Correction L642)."""
    return u.cls == "mechanized" or u.type == "truck" or (u.side == ALLIED and u.type == "motorized_infantry")


def blocks(u: Unit, mover_side: str) -> bool:
    """Does enemy unit `u` keep `mover_side`'s units out of its hex (Movement B)? Allied Supply,
    Pipeline and Naval Supply units do not stop German units; German Delay markers do not stop
    Allied units; markers are not units. A Truck does (Non-Combat A)."""
    return u.side != mover_side and (u.combat_unit or u.type == "truck")


class Query:
    """One movement query's view of the state, for units of `side`."""

    def __init__(self, state: State, data, side: str):
        t = terrain(data)
        self.side = side
        self.entry, self.sea, self.river = t.entry, t.sea, t.river
        self.river_extra = t.river_extra[side]
        self.west_wall = t.west_wall if side == ALLIED else frozenset()
        self.west_wall_extra = t.west_wall_extra
        self.zoc = zoc.enemy_controlled(state, data, side)
        enemy = [u for u in state.units.values() if u.hex is not None and blocks(u, side)]
        self.enemy = frozenset(u.hex for u in enemy)
        self.trucks = frozenset(u.hex for u in enemy if u.type == "truck")
        # Allied units may not occupy an intact German fortress (Fortresses, General Rule).
        self.fortresses = frozenset(h for h, s in state.fortresses.items() if s == "intact") if side == ALLIED else frozenset()
        self.blocked = self.enemy | self.fortresses
        self.delay = delay_zone(state, data) if side == ALLIED else frozenset()
        self.delay_all_zoc = state.core.options.get("delay_suppressed_by_zoc", "literal") == "literal"
        self.stacks = Counter(u.hex for u in state.units.values() if u.hex is not None and u.combat_unit)
        self.payer = False

    def key(self) -> tuple:
        """Everything `step` and `minimum_step` read that a state can change (the terrain comes
        with the pack): two queries with equal keys price every step alike. Keep it in step
        with `step`."""
        return (self.side, self.payer, self.zoc, self.blocked, self.delay, self.delay_all_zoc)

    def for_unit(self, u: Unit) -> Query:
        """This query for one unit: whether it pays ZOC costs."""
        q = object.__new__(Query)
        q.__dict__.update(self.__dict__)
        q.payer = zoc_payer(u)
        return q


def step(frm: str, to: str, via: str | None, q: Query) -> int | None:
    """The MP cost of one step for `q`'s unit, or None if the step is prohibited (the kernel's
    cost function: `q` is the `state` argument of `Board.reachable`)."""
    base = q.entry.get(to)
    if base is None or via in q.sea or to in q.blocked:
        return None
    cost = base
    if via in q.river:
        cost += q.river_extra
    if to in q.west_wall:
        cost += q.west_wall_extra
    zf, zt = frm in q.zoc, to in q.zoc
    if q.payer:
        cost += 2 * zt + zf
    elif zf and zt:
        return None
    if q.delay:
        cost += 2 * (to in q.delay and not (zt and (q.payer or q.delay_all_zoc)))
        cost += frm in q.delay and not (zf and (q.payer or q.delay_all_zoc))
    return cost


def minimum_step(frm: str, to: str, via: str | None, q: Query) -> bool:
    """Movement C: a one-hex move never enters an enemy-occupied hex, crosses a sea hexside or
    goes directly from one enemy-controlled hex to another, whatever the unit."""
    return step(frm, to, via, q) is not None and not (frm in q.zoc and to in q.zoc)


def delay_zone(state: State, data) -> frozenset[str]:
    """Hexes in a Zone of Delay: a German Delay marker's hex and the six around it (Delay A)."""
    out: set[str] = set()
    for u in state.units.values():
        if u.type == "delay_marker" and u.hex is not None:
            out.add(u.hex)
            out.update(data.neighbours[u.hex])
    return frozenset(out)


def walk(data, u: Unit, path: tuple[str, ...], q: Query) -> tuple[list[int], list]:
    """The cost of each step of a path, and the rules that priced it; Reject at the first step
    that is not allowed, naming the rule."""
    steps: list[int] = []
    why: list = []
    here = u.hex
    for n in path:
        if n not in data.map.hexes:
            raise Reject("off_map", f"{n} is not a hex of the map.", cite.MOVEMENT_GENERAL, hex=n)
        if n not in data.neighbours[here]:
            raise Reject("not_adjacent", f"{n} is not next to {here}: units move hex by hex.", cite.MOVEMENT_GENERAL, hex=n)
        via = hexside_id(here, n)
        c = step(here, n, via, q)
        if c is None:
            raise _prohibited(here, n, via, q).reject(frm=here, hex=n)
        if via in q.river:
            why.append(cite.TEC_RIVER)
        if n in q.west_wall:
            why += [cite.TEC_WEST_WALL, cite.WEST_WALL]
        if q.payer and (here in q.zoc or n in q.zoc):
            why += [cite.ZOC_J] + ([cite.TRUCKS_SUPPLIED] if u.type == "truck" else [])
        if here in q.delay or n in q.delay:
            why += [cite.DELAY_A, cite.DELAY_D, cite.DELAY_ALL_ALLIED,
                    cite.ruling("delay_suppressed_by_zoc", "literal" if q.delay_all_zoc else "zoc_payers_only")]
        steps.append(c)
        here = n
    return steps, why


def _prohibited(frm: str, to: str, via: str, q: Query) -> Problem:
    """Why `step` refused a step."""
    if via in q.sea:
        return Problem("sea_hexside", f"Units may never cross the sea hexside between {frm} and {to}.", cite.MOVEMENT_B)
    if to not in q.entry:
        return Problem("sea_hex", f"{to} is an all-sea hex.", cite.MOVEMENT_B)
    if to in q.trucks:
        return Problem("truck", f"{to} holds an Allied Truck: German units may not enter it; it must be attacked.", cite.NON_COMBAT_A)
    if to in q.enemy:
        return Problem("enemy_occupied", f"{to} is occupied by enemy units.", cite.MOVEMENT_B)
    if to in q.fortresses:
        return Problem("fortress", f"{to} is an intact German fortress: Allied units may not enter it.", cite.FORTRESS_GENERAL)
    return Problem("zoc_to_zoc", f"{frm} and {to} are both in enemy ZOC: this unit may only leave an enemy-controlled hex "
                   "for an uncontrolled one.", cite.ZOC_K)
