"""Path search over a map with a cost function the rules supply.

A `Graph` is built once per map (and per set of box links): node ids are printed hex ids or box
ids, and each node's neighbours are a fixed table of (node index, via) pairs, where `via` is the
hexside id crossed, or None for a box link. The inner loop of a search then does no id parsing
and no geometry: it only calls the rules' cost function.

The cost function is `cost(from_id, to_id, via, state) -> int | None`: the movement points one
step costs, None if the step is prohibited. It sees the hex left and the hex entered, so ZOC
leave/enter costs and "never from one enemy-controlled hex to another" fit in it; `state` is
whatever the caller passes (the game state, or a movement context prepared once per query).
`stops(id, state)` names the nodes a move must end in once entered (an enemy ZOC in most games);
the start node is never stopped. Costs are never negative.

Ties are broken by node order, so the same query on the same pack always returns the same path.
"""
from __future__ import annotations

from heapq import heappop, heappush
from typing import Any, Callable, Iterable

import msgspec

from domain.kernel.grid import DIRECTIONS, Grid, cube_distance, hexside_id

Cost = Callable[[str, str, str | None, Any], int | None]
Stops = Callable[[str, Any], bool]


class Graph:
    """A fixed neighbour table over printed ids."""

    __slots__ = ("ids", "index", "adj", "cubes", "has_links")

    def __init__(self, ids: tuple[str, ...], adj: tuple[tuple[tuple[int, str | None], ...], ...],
                 cubes: tuple[tuple[int, int, int] | None, ...], has_links: bool):
        self.ids = ids
        self.index = {n: i for i, n in enumerate(ids)}
        self.adj = adj
        self.cubes = cubes
        self.has_links = has_links

    @classmethod
    def of_hexes(cls, grid: Grid, hex_ids: Iterable[str]) -> Graph:
        """The adjacency of a set of hexes (the map): steps only between hexes of the set.

        The ids must be canonical (the pack validator checks that map keys are).
        """
        ids = tuple(sorted(hex_ids))
        cubes = tuple(grid.cube_of(*grid.parse(h)) for h in ids)
        at = {c: i for i, c in enumerate(cubes)}
        adj = []
        for i, c in enumerate(cubes):
            row = []
            for d in DIRECTIONS:
                j = at.get((c[0] + d[0], c[1] + d[1], c[2] + d[2]))
                if j is not None:
                    row.append((j, hexside_id(ids[i], ids[j])))
            adj.append(tuple(row))
        return cls(ids, tuple(adj), cubes, False)

    def with_links(self, links: Iterable[tuple[str, str]]) -> Graph:
        """This graph plus nodes that are not hexes (boxes) and undirected links (via None)."""
        ids = list(self.ids)
        index = dict(self.index)
        extra: dict[int, list[tuple[int, str | None]]] = {}
        for a, b in links:
            for n in (a, b):
                if n not in index:
                    index[n] = len(ids)
                    ids.append(n)
            ia, ib = index[a], index[b]
            extra.setdefault(ia, []).append((ib, None))
            extra.setdefault(ib, []).append((ia, None))
        adj = []
        for i in range(len(ids)):
            base = self.adj[i] if i < len(self.adj) else ()
            adj.append(base + tuple(sorted(set(extra.get(i, ())))))  # a link named twice is one step
        cubes = self.cubes + (None,) * (len(ids) - len(self.cubes))
        return Graph(tuple(ids), tuple(adj), cubes, self.has_links or bool(extra))

    def __contains__(self, node: str) -> bool:
        return node in self.index


class Reach(msgspec.Struct, frozen=True):
    """Every node a move can reach: its cheapest cost and one cheapest path."""

    start: str
    costs: dict[str, int]
    previous: dict[str, str]

    def path(self, node: str) -> tuple[str, ...]:
        if node not in self.costs:
            raise KeyError(f"{node} is not reachable from {self.start}")
        out = [node]
        while out[-1] != self.start:
            out.append(self.previous[out[-1]])
        return tuple(reversed(out))


def reachable(graph: Graph, start: str, budget: int, cost: Cost, state: Any = None, *,
              stops: Stops | None = None, minimum_move: bool = False) -> Reach:
    """Dijkstra: all nodes reachable from start spending at most `budget`.

    `minimum_move` is the common "a unit may always move one hex" rule: a single permitted step
    from the start is allowed even when it costs more than the budget, and ends the move; its
    reported cost is the step's cost (so it exceeds the budget).
    """
    ids, adj = graph.ids, graph.adj
    s = graph.index[start]
    best: dict[int, int] = {s: 0}
    prev: dict[int, int] = {}
    forced: set[int] = set()  # reached only by an over-budget first step
    heap = [(0, s)]
    while heap:
        d, u = heappop(heap)
        if d > best[u]:
            continue
        here = ids[u]
        if u != s and stops is not None and stops(here, state):
            continue
        for v, via in adj[u]:
            c = cost(here, ids[v], via, state)
            if c is None:
                continue
            if c < 0:
                raise ValueError(f"negative cost {c} from {here} to {ids[v]}")
            nd = d + c
            old = best.get(v)
            if nd > budget:
                if minimum_move and u == s and old is None:
                    best[v], prev[v] = nd, u
                    forced.add(v)
                continue
            if old is None or nd < old:
                best[v], prev[v] = nd, u
                forced.discard(v)
                heappush(heap, (nd, v))
    return Reach(start, {ids[i]: c for i, c in best.items()}, {ids[i]: ids[p] for i, p in prev.items()})


def shortest_path(graph: Graph, start: str, goal: str, cost: Cost, state: Any = None, *,
                  stops: Stops | None = None, min_step: int = 0,
                  budget: int | None = None) -> tuple[int, tuple[str, ...]] | None:
    """A*: the cheapest path from start to goal as (cost, path), or None if there is none.

    `min_step` is a lower bound on the cost of any step; with it, hex distance guides the search.
    It is ignored on graphs with box links (a link may jump across the map).
    """
    ids, adj, cubes = graph.ids, graph.adj, graph.cubes
    s, g = graph.index[start], graph.index[goal]
    goal_cube = cubes[g]
    guided = min_step > 0 and not graph.has_links and goal_cube is not None

    def h(i: int) -> int:
        c = cubes[i]
        return min_step * cube_distance(c, goal_cube) if guided and c is not None else 0  # type: ignore[arg-type]

    best: dict[int, int] = {s: 0}
    prev: dict[int, int] = {}
    heap = [(h(s), 0, s)]
    while heap:
        _, d, u = heappop(heap)
        if d > best[u]:
            continue
        if u == g:
            path = [u]
            while path[-1] != s:
                path.append(prev[path[-1]])
            return d, tuple(ids[i] for i in reversed(path))
        here = ids[u]
        if u != s and stops is not None and stops(here, state):
            continue
        for v, via in adj[u]:
            c = cost(here, ids[v], via, state)
            if c is None:
                continue
            if c < 0:
                raise ValueError(f"negative cost {c} from {here} to {ids[v]}")
            nd = d + c
            if budget is not None and nd > budget:
                continue
            old = best.get(v)
            if old is None or nd < old:
                best[v], prev[v] = nd, u
                heappush(heap, (nd + h(v), nd, v))
    return None
