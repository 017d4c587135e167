"""§16 Supply, the three tracers, judged for both sides in every Initial Phase (A3):

* German units: a line of at most their movement allowance in movement points to a city they
  control or a map-edge hex, or to a road of unlimited length free of enemy units and ZOC leading
  to one;
* Allied airborne units: at most 10 hexes (5 from an alternate DZ) free of enemy units and ZOC
  to their own division's DZ marker; with the division's DZ gone, as ground units;
* Allied non-airborne units: at most their allowance in movement points to a hex of the main
  road that is free of German units and ZOC all the way to its south-western end.

Friendly units cancel enemy ZOC for supply lines; a line never crosses unbridged water or a
destroyed bridge. The Polish brigade has no DZ marker of its own in the pack: it traces to the
1st Airborne's (inferred)."""
from __future__ import annotations

import heapq

from domain.games.air_bridge import cite, values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.effects import SupplyTraced
from domain.games.air_bridge.model import ALLIED, GERMAN, SIDES, State, Unit, other
from domain.games.air_bridge.terrain import step_cost
from domain.games.air_bridge.zoc import crossable, zoc_hexes
from domain.kernel import search
from domain.kernel.adjudication import Adjudication

DZ_OF = {"pol": "1abn"}


class Lines:
    """One side's view of the board for tracing: where a line may pass."""

    def __init__(self, state: State, data: GameData, side: str):
        self.state, self.data, self.side = state, data, side
        enemy_zoc = zoc_hexes(state, data, other(side))
        friendly = {u.hex for u in state.units.values() if u.hex and u.side == side and values.combat_unit(data, u)}
        enemy = {u.hex for u in state.units.values() if u.hex and u.side != side}
        self.blocked = enemy | (enemy_zoc - friendly)

    def open(self, h: str) -> bool:
        return h not in self.blocked

    def neighbours(self, h: str) -> list[str]:
        return [n for n in self.data.neighbours(h) if crossable(self.state, self.data, h, n)]


def _road_graph(lines: Lines, main_only: bool) -> dict[str, list[str]]:
    data = lines.data
    out: dict[str, list[str]] = {}
    sides = data.main_road_sides if main_only else data.road_sides
    for s in sides:
        a, b = s.split("/")
        if crossable(lines.state, data, a, b):
            out.setdefault(a, []).append(b)
            out.setdefault(b, []).append(a)
    return {k: sorted(v) for k, v in out.items()}


def reaches(lines: Lines, start: str, budget: int, goals: set[str]) -> bool:
    """A line of at most `budget` half points from `start` to a goal, every hex entered open (a
    Dijkstra bounded by the allowance, stopping at the first goal)."""
    if start in goals:
        return True
    state, data = lines.state, lines.data
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        d, a = heapq.heappop(heap)
        if d > best[a]:
            continue
        for b in data.neighbours(a):
            if not lines.open(b):
                continue
            c = step_cost(state, data, a, b)
            if c is None or d + c > budget or d + c >= best.get(b, 1 << 30):
                continue
            if b in goals:
                return True
            best[b] = d + c
            heapq.heappush(heap, (d + c, b))
    return False


def german_sources(lines: Lines) -> set[str]:
    data, state = lines.data, lines.state
    base = {h for h in data.edges if lines.open(h)} | {h for h in data.cities if state.control.get(h) == GERMAN and lines.open(h)}
    roads = _road_graph(lines, main_only=False)
    reach = search.distances(roads, sorted(h for h in base if h in roads), enters=lines.open)
    return base | set(reach)


def main_road_clear(lines: Lines) -> set[str]:
    """Main-road hexes from which the road is free of German units and ZOC to its SW end."""
    roads = _road_graph(lines, main_only=True)
    seeds = [h for h in lines.data.main_road_sw if lines.open(h)]
    return set(search.distances(roads, seeds, enters=lines.open))


def supplied(state: State, data: GameData, u: Unit, cache: dict[str, object]) -> bool:
    lines = cache.setdefault(f"lines:{u.side}", Lines(state, data, u.side))
    assert isinstance(lines, Lines)
    if u.side == GERMAN:
        if "german" not in cache:
            cache["german"] = german_sources(lines)
        goals = cache["german"]
        assert isinstance(goals, set) and u.hex is not None
        return reaches(lines, u.hex, values.ma(data, u) * 2, goals)
    if values.airborne(data, u):
        div = values.division(data, u) or ""
        dz = state.dropzones.get(DZ_OF.get(div, div))
        if dz is not None and not dz.gone:
            marker = state.units[dz.marker]
            if marker.hex is None:
                return False
            radius = int(data.rows("dz")[dz.face]["supply_radius"])
            key = f"dz:{marker.hex}:{radius}"
            if key not in cache:
                area = {h: lines.neighbours(h) for h in data.board.grid.within(marker.hex, radius) if h in data.map.hexes}
                cache[key] = search.distances(area, [marker.hex], enters=lines.open, limit=radius)
            reach = cache[key]
            assert isinstance(reach, dict) and u.hex is not None
            return u.hex in reach
    if "road" not in cache:
        cache["road"] = main_road_clear(lines)
    road = cache["road"]
    assert isinstance(road, set) and u.hex is not None
    return reaches(lines, u.hex, values.ma(data, u) * 2, road)


def judge(adj: Adjudication, data: GameData) -> None:
    state = adj.state
    for side in SIDES:
        cache: dict[str, object] = {}
        bad, good = [], []
        for u in sorted(state.on_map(side), key=lambda x: x.id):
            if not values.combat_unit(data, u):
                continue
            ok = supplied(state, data, u, cache)
            if ok and u.unsupplied:
                good.append(u.id)
            elif not ok and not u.unsupplied:
                bad.append(u.id)
        c = {GERMAN: cite.SUPPLY_GERMAN, ALLIED: cite.SUPPLY_GROUND}[side]
        adj.emit(SupplyTraced(side=side, unsupplied=tuple(bad), supplied=tuple(good),
                              cite=(cite.SUPPLY, c, cite.SUPPLY_ZOC) + ((cite.SUPPLY_AIRBORNE, cite.DZ_SUPPLY) if side == ALLIED else ())))

