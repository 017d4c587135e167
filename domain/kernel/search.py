"""Breadth-first searches over a node graph, for the rules that count steps rather than movement
points: supply paths, lines of communication, chains of linked units, closeness to a source.

`spread` is the one search: from seed nodes, each with a value, outwards step by step through the
nodes `enters` admits, expanding a reached node only while `expands` allows and its depth is below
`limit`; each node reached keeps its depth and a value `extend` derives from its parent's (the
nearest seed's label, the path so far). Seeds are taken in the order given and neighbours in the
graph's order, so the same query always gives the same answer. `distances`, `component` and
`paths` are its common forms. Searches weighted by movement points are in `paths.py`.
"""
from __future__ import annotations

from collections import deque
from typing import Callable, Iterable, Mapping, TypeVar

T = TypeVar("T")
Graph = Mapping[str, Iterable[str]]  # node -> its neighbours; a node absent from it has none


def spread(graph: Graph, seeds: Mapping[str, T], *, enters: Callable[[str], bool] | None = None,
           expands: Callable[[str], bool] | None = None, limit: int | None = None,
           extend: Callable[[T, str], T] | None = None) -> dict[str, tuple[int, T]]:
    """node -> (steps from the nearest seed, value), in the order the nodes were reached. The seeds
    themselves need not be enterable."""
    reach = {n: (0, v) for n, v in seeds.items()}
    todo = deque(reach)
    while todo:
        h = todo.popleft()
        d, v = reach[h]
        if (limit is not None and d >= limit) or (expands is not None and not expands(h)):
            continue
        for n in graph.get(h, ()):
            if n not in reach and (enters is None or enters(n)):
                reach[n] = (d + 1, v if extend is None else extend(v, n))
                todo.append(n)
    return reach


def distances(graph: Graph, sources: Iterable[str], *, enters: Callable[[str], bool] | None = None,
              expands: Callable[[str], bool] | None = None, limit: int | None = None) -> dict[str, int]:
    """Steps from the nearest of `sources` to every node reached."""
    reach = spread(graph, dict.fromkeys(sources, None), enters=enters, expands=expands, limit=limit)
    return {n: d for n, (d, _) in reach.items()}


def component(graph: Graph, start: str, within: Iterable[str] | frozenset[str] | set[str]) -> set[str]:
    """The nodes of `within` linked to `start` through nodes of `within` (`start` included)."""
    inside = within if isinstance(within, (set, frozenset)) else set(within)
    return set(spread(graph, {start: None}, enters=inside.__contains__))


def paths(graph: Graph, start: str, *, enters: Callable[[str], bool] | None = None,
          limit: int | None = None) -> dict[str, tuple[str, ...]]:
    """Each node reached from `start` with one shortest path to it (the nodes entered, in order)."""
    seed: dict[str, tuple[str, ...]] = {start: ()}
    reach = spread(graph, seed, enters=enters, limit=limit, extend=lambda p, n: p + (n,))
    return {n: p for n, (_, p) in reach.items()}
