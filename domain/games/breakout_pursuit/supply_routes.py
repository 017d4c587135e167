"""The Supply Path behind each supply state, for the record (`breakout-pursuit@2`, issue 16).

supply.py finds each unit's path length and source in one breadth-first pass per source class,
which keeps no path. A referee checking a judgement needs the hexes: this module walks, for each
judged unit, a shortest path from its own hex to the source supply.py named (its length is the one
judged: the same hexes may be entered), and says why an isolated unit has none.
"""
from __future__ import annotations

from collections import deque
from typing import Callable

from domain.games.breakout_pursuit.model import GERMAN, ISOLATED, State

# Sources that need no path (supply.fixed): a Truck (L642), a paratroop on its drop turn (L640), a
# German unit on an intact Fortress (Fortress C).
NO_PATH = ("truck", "airdrop", "fortress")


def source_hexes(state: State, data, source: str) -> frozenset[str]:
    if source == "east_edge":
        return frozenset(data.east_edge)
    if source in ("cherbourg", "bayeux"):
        return frozenset({getattr(data, source)})
    u = state.units.get(source)  # a Pipeline, Supply or Naval Supply unit
    return frozenset({u.hex}) if u is not None and u.hex is not None else frozenset()


def route(graph, start: str, targets: frozenset[str], blocked: frozenset[str], *, bound: int | None = None,
          guide: Callable[[str], int | None] = lambda h: 0) -> tuple[str, ...]:
    """A shortest path from `start` to a target: the unit's own hex and the source's may be
    enemy-controlled (Supply A; the source under option supply_source_in_enemy_zoc), no hex between.

    Breadth-first, neighbours in id order, the first target reached wins. With `bound` (a length
    at least the shortest path's: the judged one) the search skips every hex that cannot lie on a
    path of that length: `guide` gives a lower bound of a hex's steps to a target (None: no path),
    and neighbouring hexes' bounds differ by at most one, so every hex a skipped hex could have
    led to is skipped too and the hexes kept are reached in the same order from the same parents:
    the path is the unbounded search's, found without crossing the map."""
    if start in targets:
        return (start,)
    if bound is not None:
        found = _walk(graph, start, targets, blocked, bound, guide)
        if found:
            return found
    return _walk(graph, start, targets, blocked, None, guide)


def _walk(graph, start: str, targets: frozenset[str], blocked: frozenset[str], bound: int | None,
          guide: Callable[[str], int | None]) -> tuple[str, ...]:
    came: dict[str, str | None] = {start: None}
    todo = deque([(start, 0)])
    while todo:
        h, depth = todo.popleft()
        for n in graph.get(h, ()):
            if n in came or (n in blocked and n not in targets):
                continue
            if bound is not None:
                left = guide(n)
                if left is None or depth + 1 + left > bound:
                    continue
            came[n] = h
            if n in targets:
                out = [n]
                while came[out[-1]] is not None:
                    out.append(str(came[out[-1]]))
                return tuple(reversed(out))
            todo.append((n, depth + 1))
    return ()


def why_isolated(state: State, data, hex_id: str, side: str, blocked: frozenset[str], reach: int) -> str:
    around = list(data.land_graph.get(hex_id, ()))
    if not around or all(n in blocked for n in around):
        return "every adjacent land hex is enemy-occupied or enemy-controlled: no path leaves the hex (Supply A)"
    if side == GERMAN:
        return "no path to the East edge avoids Allied-occupied and Allied-controlled hexes, and the hex is no intact Fortress (Supply D-E)"
    return f"no source within {reach} hexes by a path avoiding German-occupied and German-controlled hexes (Supply A, F)"


def routes(state: State, data, side: str, traces: dict, blocked: frozenset[str], reach: int
           ) -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    """({unit: path hexes} for every unit with a path or a pathless source, {unit: why} for the isolated)."""
    paths: dict[str, tuple[str, ...]] = {}
    isolated: dict[str, str] = {}
    for uid, t in traces.items():
        hex_id = str(state.units[uid].hex)  # judged units are on the map (supply.judged_units)
        if t.state == ISOLATED:
            isolated[uid] = why_isolated(state, data, hex_id, side, blocked, reach)
        elif t.source in NO_PATH:
            paths[uid] = ()
        else:
            # German paths lead to the East edge: its open-map distance bounds the steps left (eastward.py).
            guide = data.east_edge_distance.get if t.source == "east_edge" else (lambda h: 0)
            paths[uid] = route(data.sorted_land_graph, hex_id, source_hexes(state, data, t.source), blocked,
                               bound=t.length, guide=guide)
    return paths, isolated
