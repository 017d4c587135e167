"""Changes to map features during a game: a destroyed bridge, rubble, a road downgraded by weather.

The pack's map never changes; a `MapOverlay` in the game state records what play added to or
removed from a hex or hexside, and `Board.features` merges the two, so cost functions read one
answer. Features are kept as sorted tuples so the state encodes the same bytes on every run.
"""
from __future__ import annotations

import msgspec


class FeatureChange(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()


class MapOverlay(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Hex or hexside id -> features added and removed by play (later changes win)."""

    changes: dict[str, FeatureChange] = {}

    def add(self, node: str, *features: str) -> MapOverlay:
        ch = self.changes.get(node, FeatureChange())
        added = set(ch.added) | set(features)
        removed = set(ch.removed) - set(features)
        return self._with(node, added, removed)

    def remove(self, node: str, *features: str) -> MapOverlay:
        ch = self.changes.get(node, FeatureChange())
        added = set(ch.added) - set(features)
        removed = set(ch.removed) | set(features)
        return self._with(node, added, removed)

    def apply(self, node: str, base: frozenset[str]) -> frozenset[str]:
        ch = self.changes.get(node)
        if ch is None:
            return base
        return (base | frozenset(ch.added)) - frozenset(ch.removed)

    def _with(self, node: str, added: set[str], removed: set[str]) -> MapOverlay:
        changes = dict(self.changes)
        changes[node] = FeatureChange(tuple(sorted(added)), tuple(sorted(removed)))
        return MapOverlay(changes)
