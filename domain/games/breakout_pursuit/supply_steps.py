"""Steps from each hex to the nearest of some source hexes along a Supply Path (Supply A): one
breadth-first search from the sources, stepping only into hexes a path may enter. The Supply
Judgement measures German paths with it (D: any length to the East edge), and the Supply Path
record (supply_routes.py) walks each unit's path down it; in one state both ask the same search
when every East-edge hex is a usable source, and it runs once (per_state).
"""
from __future__ import annotations

from domain.kernel.memo import per_state


@per_state  # a pure function of the data and the arguments: the state only scopes the entry's life
def steps_to(state, data, targets: frozenset[str], blocked: frozenset[str], limit: int | None) -> dict[str, int]:
    """{hex: steps to the nearest target} over data.land_graph for every hex from which a path
    reaches a target within `limit` steps (all of them with None). A target may be blocked (a
    source in enemy ZOC, A); no other hex on a path may be. The targets are at 0."""
    graph = data.land_graph
    dist = dict.fromkeys(targets, 0)
    order = list(dist)
    for h in order:  # the list grows as hexes are reached: a queue without a deque's calls
        d = dist[h] + 1
        if limit is not None and d > limit:
            break
        for n in graph.get(h, ()):
            if n not in dist and n not in blocked:
                dist[n] = d
                order.append(n)
    return dist
