"""Where a piece can be: a hex, a hexside, a box, a track slot, a pool, or aboard another unit.

`Location` is a tagged union; the tags ("hex", "hexside", "box", "slot", "pool", "transit") are
wire names stored in logs and never renamed. Occupancy and control are kept apart on purpose:
several games let both sides share a hex (Normandy's Confusion, an assault in Air Bridge), and
control of a hex or box outlives the units that took it (the last side through, in Normandy's
off-map boxes).
"""
from __future__ import annotations

from typing import Callable, Iterable

import msgspec


class OnHex(msgspec.Struct, frozen=True, tag_field="kind", tag="hex"):
    hex: str


class OnHexside(msgspec.Struct, frozen=True, tag_field="kind", tag="hexside"):
    """A bridge marker, a pontoon unit: pieces that sit on the side between two hexes."""

    hexside: str


class InBox(msgspec.Struct, frozen=True, tag_field="kind", tag="box"):
    """An off-map box of the pack's map (MapData.boxes)."""

    box: str


class OnTrack(msgspec.Struct, frozen=True, tag_field="kind", tag="slot"):
    """A slot of a chart or track: the turn track (slot = turn), a VP track, a corps track."""

    track: str
    slot: int | str


class InPool(msgspec.Struct, frozen=True, tag_field="kind", tag="pool"):
    """A holding place with no geometry: "eliminated", "staging", "replacements"."""

    pool: str


class InTransit(msgspec.Struct, frozen=True, tag_field="kind", tag="transit"):
    """Carried by another unit (a passenger on a truck); it is wherever its carrier is."""

    carrier: str


Location = OnHex | OnHexside | InBox | OnTrack | InPool | InTransit

Where = Callable[[str], Location]  # a unit's own location, as recorded


def ground(loc: Location, where: Where) -> Location:
    """The location of a piece after following carriers (`where(unit)` gives a unit's location)."""
    seen: set[str] = set()
    while isinstance(loc, InTransit):
        if loc.carrier in seen:
            raise ValueError(f"units carry each other in a loop: {sorted(seen)}")
        seen.add(loc.carrier)
        loc = where(loc.carrier)
    return loc


class Occupancy:
    """Which units of which side are at each location (passengers count where their carrier is)."""

    __slots__ = ("_at", "_where")

    def __init__(self, units: Iterable[tuple[str, str, Location]]):
        rows = list(units)
        placed = {u: loc for u, _, loc in rows}
        at: dict[Location, dict[str, list[str]]] = {}
        where: dict[str, Location] = {}
        for unit, side, loc in rows:
            g = ground(loc, placed.__getitem__)
            where[unit] = g
            at.setdefault(g, {}).setdefault(side, []).append(unit)
        self._at = {loc: {s: tuple(sorted(us)) for s, us in sides.items()} for loc, sides in at.items()}
        self._where = where

    def where(self, unit: str) -> Location:
        """The ground location of a unit (its carrier's, if carried)."""
        return self._where[unit]

    def sides(self, loc: Location) -> frozenset[str]:
        return frozenset(self._at.get(loc, ()))

    def units(self, loc: Location, side: str | None = None) -> tuple[str, ...]:
        by_side = self._at.get(loc, {})
        if side is not None:
            return by_side.get(side, ())
        return tuple(sorted(u for us in by_side.values() for u in us))

    def enemy_present(self, loc: Location, side: str) -> bool:
        return any(s != side for s in self._at.get(loc, ()))

    def contested(self, loc: Location) -> bool:
        return len(self._at.get(loc, ())) > 1

    def hexes(self, side: str) -> frozenset[str]:
        """Hexes where `side` has at least one unit (the input to ZOC and supply rules)."""
        return frozenset(loc.hex for loc, by in self._at.items() if isinstance(loc, OnHex) and side in by)


class Control(msgspec.Struct, frozen=True):
    """Who controls each hex or box id; None where nobody does. Part of game state."""

    owners: dict[str, str] = {}

    def controller(self, node: str) -> str | None:
        return self.owners.get(node)

    def with_owner(self, node: str, side: str | None) -> Control:
        owners = dict(self.owners)
        if side is None:
            owners.pop(node, None)
        else:
            owners[node] = side
        return Control(owners)

    def held_by(self, side: str) -> frozenset[str]:
        return frozenset(n for n, s in self.owners.items() if s == side)
