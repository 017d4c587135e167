"""Steps from each hex to the nearest of some source hexes along a Supply Path (Supply A): one
breadth-first search from the sources, stepping only into hexes a path may enter. The Supply
Judgement measures German paths with it (D: any length to the East edge), and the Supply Path
record (supply_routes.py) walks each unit's path down it; in one state both ask the same search
when every East-edge hex is a usable source, and it runs once (per_state). `labelled` is the same
search keeping each hex's nearest source (Allied sources, F-G).

Both search the land graph by numbers (data.land_numbered): a list cell costs half a dict lookup
by hex id, and a search crosses the map.
"""
from __future__ import annotations

from domain.kernel.memo import per_state


@per_state  # a pure function of the data and the arguments: the state only scopes the entry's life
def steps_to(state, data, targets: frozenset[str], blocked: frozenset[str], limit: int | None) -> dict[str, int]:
    """{hex: steps to the nearest target} over data.land_graph for every hex from which a path
    reaches a target within `limit` steps (all of them with None). A target may be blocked (a
    source in enemy ZOC, A); no other hex on a path may be. The targets are at 0."""
    hexes, number, graph = data.land_numbered
    dist = _unreached(state, data, blocked).copy()
    order = [number[h] for h in targets if h in number]
    for i in order:
        dist[i] = 0
    for i in order:  # the list grows as hexes are reached: a queue without a deque's calls
        d = dist[i] + 1
        if limit is not None and d > limit:
            break
        for j in graph[i]:
            if dist[j] == -1:
                dist[j] = d
                order.append(j)
    out = dict.fromkeys(targets, 0)  # a target off the land graph too
    out.update((hexes[i], dist[i]) for i in order)
    return out


def labelled(state, data, sources: dict[str, str], blocked: frozenset[str], limit: int | None) -> dict[str, tuple[int, str]]:
    """{hex: (steps to the nearest source, its label)} as kernel.search.spread finds them over
    data.land_graph from `sources` (hex -> label) taken in hex-id order, entering no blocked hex:
    each hex keeps the label of the hex it was first reached from, the queue taken in order."""
    hexes, number, graph = data.land_numbered
    dist = _unreached(state, data, blocked).copy()
    label: list[str] = [""] * len(hexes)
    seeds = sorted(sources.items())
    order = [number[h] for h, _ in seeds if h in number]
    for h, name in seeds:
        if h in number:
            dist[number[h]], label[number[h]] = 0, name
    for i in order:
        d = dist[i] + 1
        if limit is not None and d > limit:
            break
        for j in graph[i]:
            if dist[j] == -1:
                dist[j], label[j] = d, label[i]
                order.append(j)
    out = {h: (0, name) for h, name in seeds}  # a source off the land graph too
    out.update((hexes[i], (dist[i], label[i])) for i in order)
    return out


@per_state  # the searches of one side in one state (a judgement's sources, a record's) share what blocks them
def _unreached(state, data, blocked: frozenset[str]) -> list[int]:
    """A search's starting marks by hex number: -2 blocked, -1 not reached yet. Copied, never changed."""
    hexes, number, _ = data.land_numbered
    dist = [-1] * len(hexes)
    for h in blocked:
        i = number.get(h)
        if i is not None:
            dist[i] = -2
    return dist
