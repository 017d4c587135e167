"""Retreats (§12.3, §10, §6): a retreating stack never enters enemy units, an enemy ZOC (unless
friendly combat units stand there), a river or canal without a usable bridge, or leaves the map.
A defender retreats exactly two hexes; a refusing stack one hex; an attacker one hex."""
from __future__ import annotations

from domain.games.air_bridge import values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.model import State, other
from domain.games.air_bridge.zoc import crossable, zoc_hexes


def open_hex(state: State, data: GameData, side: str, h: str, zocs: frozenset[str]) -> bool:
    if state.enemies_at(h, side):
        return False
    friends = any(u.side == side and values.combat_unit(data, u) for u in state.at(h))
    return h not in zocs or friends


def destinations(state: State, data: GameData, side: str, start: str, distance: int,
                 avoid: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """Hexes exactly `distance` from `start` reachable by a retreat of that many steps."""
    zocs = zoc_hexes(state, data, other(side))
    frontier = {start}
    seen = {start}
    for _ in range(distance):
        nxt = set()
        for h in frontier:
            for n in data.neighbours(h):
                if n in seen or n in avoid or not crossable(state, data, h, n) or not open_hex(state, data, side, n, zocs):
                    continue
                nxt.add(n)
        seen |= nxt
        frontier = nxt
    return sorted(h for h in frontier if data.distance(start, h) == distance)
