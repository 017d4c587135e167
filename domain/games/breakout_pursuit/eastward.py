"""The fewest steps from one hex to the East edge, searched from that hex: German supply paths
(Supply D) and retreats towards the source of supply (Retreat) ask it for a few hexes at a time,
where a breadth-first search from the whole edge would cross the map for each.

A* guided by each hex's distance to the edge on the open map (data.east_edge_distance): that
distance ignores whatever blocks a path, so it never overestimates, and neighbouring hexes differ
by at most one, so the first goal taken from the queue is a nearest one: the answer is exactly the
breadth-first search's.
"""
from __future__ import annotations

import heapq
from typing import Callable, Container, Mapping


def steps(data, start: str, goals: Container[str], graph: Mapping[str, tuple[str, ...]],
          passable: Callable[[str], bool]) -> int | None:
    """Steps from `start` to a hex of `goals` (East-edge hexes), each step along `graph` into a goal
    or a hex `passable` allows; None when there is no such path. `start` itself may be impassable."""
    return guided(start, goals, graph, passable, data.east_edge_distance.get)


def guided(start: str, goals: Container[str], graph: Mapping[str, tuple[str, ...]],
           passable: Callable[[str], bool], guide: Callable[[str], int | None]) -> int | None:
    """`steps` towards any goals, given `guide`: for each hex a lower bound of its steps to a goal
    (None: no path from it), differing by at most one between neighbours, 0 on a goal. The first
    goal taken from the queue is then a nearest one (the search is A*; the answer is exactly the
    breadth-first search's)."""
    if start in goals:
        return 0
    first = guide(start)
    if first is None:
        return None
    best = {start: 0}
    # Among hexes as promising, the one furthest from the start first: the search runs down one of
    # the many shortest paths of the open map instead of widening over all of them. Any order of
    # ties keeps the first goal taken a nearest one (the guide never overestimates, steps cost one).
    todo = [(first, 0, start)]  # (steps taken + guide, -steps taken, hex)
    while todo:
        _, back, h = heapq.heappop(todo)
        taken = -back
        if h in goals:
            return taken
        if taken > best[h]:
            continue
        for n in graph.get(h, ()):
            if taken + 1 < best.get(n, taken + 2) and (n in goals or passable(n)):
                left = guide(n)
                if left is None:
                    continue
                best[n] = taken + 1
                heapq.heappush(todo, (taken + 1 + left, -taken - 1, n))
    return None
