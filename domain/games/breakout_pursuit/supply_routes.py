"""The Supply Path behind each supply state, for the record (`breakout-pursuit@2`, issue 16).

supply.py finds each unit's path length and source in one breadth-first pass per source class,
which keeps no path. A referee checking a judgement needs the hexes: this module walks, for each
judged unit, a shortest path from its own hex to the source supply.py named (its length is the one
judged: the same hexes may be entered), and says why an isolated unit has none.
"""
from __future__ import annotations

from domain.games.breakout_pursuit.model import GERMAN, ISOLATED, State
from domain.games.breakout_pursuit.supply_steps import steps_to

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


def route(graph, start: str, steps: dict[str, int], rest: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    """The shortest path from `start` to a target that a breadth-first search from `start` walks,
    neighbours in id order (`graph` lists them so), the first target reached winning: the unit's own
    hex may be enemy-controlled, no hex after it but the target (Supply A; the source under option
    supply_source_in_enemy_zoc). `steps` is supply_steps.steps_to for those targets; `rest` keeps
    the path on from each hex walked, for the other units' paths down the same `steps`.

    That search reaches the hexes of each depth in the order of their paths' hex ids, compared hex
    by hex (a hex's parent is its neighbour first reached, and it is reached in its parent's
    neighbour order), so the first target reached ends the least such path among the shortest ones.
    Walking down `steps` from `start`, at each step to the lowest-id neighbour one step nearer a
    target, gives that path without the search. The path on from a hex is the same whichever unit's
    path brought it there (a blocked start, never on another path, is always left the same way)."""
    if steps.get(start) == 0:
        return (start,)
    left = min((steps[n] for n in graph.get(start, ()) if n in steps), default=None)
    if left is None:
        return ()
    walked, here, tail = [], start, rest.get(start)
    while tail is None:
        walked.append(here)
        for n in graph[here]:  # a plain loop: a generator per hex costs twice as much
            if steps.get(n) == left:
                break
        here = n
        tail = (here,) if left == 0 else rest.get(here)
        left -= 1
    path = tuple(walked) + tail
    for i, h in enumerate(walked):
        rest[h] = path[i:]
    return path


def why_isolated(state: State, data, hex_id: str, side: str, blocked: frozenset[str], reach: int) -> str:
    around = list(data.land_graph.get(hex_id, ()))
    if not around or all(n in blocked for n in around):
        return "every adjacent land hex is enemy-occupied or enemy-controlled: no path leaves the hex (Supply A)"
    if side == GERMAN:
        return "no path to the East edge avoids Allied-occupied and Allied-controlled hexes, and the hex is no intact Fortress (Supply D-E)"
    return f"no source within {reach} hexes by a path avoiding German-occupied and German-controlled hexes (Supply A, F)"


def routes(state: State, data, side: str, traces: dict, blocked: frozenset[str], reach: int
           ) -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    """({unit: path hexes} for every unit with a path or a pathless source, {unit: why} for the
    isolated). `reach`: the longest Allied path (F); German paths have any length (D)."""
    paths: dict[str, tuple[str, ...]] = {}
    isolated: dict[str, str] = {}
    rest: dict[str, dict[str, tuple[str, ...]]] = {}  # per source: route()'s path on from each hex walked
    for uid, t in traces.items():
        hex_id = str(state.units[uid].hex)  # judged units are on the map (supply.judged_units)
        if t.state == ISOLATED:
            isolated[uid] = why_isolated(state, data, hex_id, side, blocked, reach)
        elif t.source in NO_PATH:
            paths[uid] = ()
        else:
            limit = None if t.source == "east_edge" else reach
            steps = steps_to(state, data, source_hexes(state, data, t.source), blocked, limit)
            paths[uid] = route(data.sorted_land_graph, hex_id, steps, rest.setdefault(t.source, {}))
    return paths, isolated
