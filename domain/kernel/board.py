"""The map as the rules read it: a pack's MapData, its search graph, and the features in play.

Build a `Board` once per pack and keep it (the neighbour table costs a few milliseconds); a game
state's `MapOverlay` is laid over it with `with_overlay`, which shares everything else. The
search graph spans hexes and off-map boxes: box links (`Box.links`) are steps with `via=None`,
and whether one may be taken, and at what cost, is the cost function's call like any step.
"""
from __future__ import annotations

from typing import Any

from domain.kernel.grid import Grid
from domain.kernel.overlay import MapOverlay
from domain.kernel.pack.schema import MapData
from domain.kernel.paths import Cost, Graph, Reach, Stops, reachable, shortest_path

_EMPTY: frozenset[str] = frozenset()


class Board:
    __slots__ = ("map", "grid", "graph", "overlay", "_features")
    grid: Grid
    graph: Graph
    _features: dict[str, frozenset[str]]

    def __init__(self, map: MapData, overlay: MapOverlay | None = None, *, _shared: Board | None = None):
        self.map = map
        self.overlay = overlay or MapOverlay()
        if _shared is not None:
            self.grid, self.graph, self._features = _shared.grid, _shared.graph, _shared._features
            return
        self.grid = Grid(map.grid)
        links = [(name, to) for name, box in sorted(map.boxes.items()) for to in box.links]
        self.graph = Graph.of_hexes(self.grid, map.hexes).with_links(links)
        feats = {h: frozenset(x.features) for h, x in map.hexes.items()}
        feats.update({s: frozenset(x.features) for s, x in map.hexsides.items()})
        self._features = feats

    def with_overlay(self, overlay: MapOverlay) -> Board:
        return Board(self.map, overlay, _shared=self)

    # --- what is where -------------------------------------------------------------------------

    def on_map(self, hex_id: str) -> bool:
        return hex_id in self.map.hexes

    def terrain(self, hex_id: str) -> str:
        return self.map.hexes[hex_id].terrain

    def features(self, node: str) -> frozenset[str]:
        """Features of a hex or hexside id: the pack's, changed by the overlay."""
        return self.overlay.apply(node, self._features.get(node, _EMPTY))

    def neighbours(self, node: str) -> tuple[str, ...]:
        """Map hexes adjacent to a hex, and nodes linked to a box or hex, in search order."""
        ids = self.graph.ids
        return tuple(ids[j] for j, _ in self.graph.adj[self.graph.index[node]])

    def sides_of(self, hex_id: str) -> tuple[str, ...]:
        """The six (or fewer, at a numbering edge) hexside ids of a hex."""
        return self.grid.hexsides(hex_id)

    def place(self, name: str) -> frozenset[str]:
        return frozenset(self.map.places[name].hexes)

    def area(self, name: str) -> frozenset[str]:
        return frozenset(self.map.areas[name].hexes)

    def box_ancestors(self, box: str) -> tuple[str, ...]:
        """The boxes enclosing `box`, innermost first (Festung St Nazaire lies inside Rennes)."""
        out: list[str] = []
        parent = self.map.boxes[box].parent
        while parent is not None:
            if parent in out or parent == box:
                raise ValueError(f"boxes nest in a loop at {parent!r}")
            out.append(parent)
            parent = self.map.boxes[parent].parent
        return tuple(out)

    def box_contains(self, outer: str, inner: str) -> bool:
        return outer in self.box_ancestors(inner)

    # --- search --------------------------------------------------------------------------------

    def reachable(self, start: str, budget: int, cost: Cost, state: Any = None, *,
                  stops: Stops | None = None, minimum_move: bool = False) -> Reach:
        return reachable(self.graph, start, budget, cost, state, stops=stops, minimum_move=minimum_move)

    def shortest_path(self, start: str, goal: str, cost: Cost, state: Any = None, *,
                      stops: Stops | None = None, min_step: int = 0,
                      budget: int | None = None) -> tuple[int, tuple[str, ...]] | None:
        return shortest_path(self.graph, start, goal, cost, state, stops=stops, min_step=min_step, budget=budget)
