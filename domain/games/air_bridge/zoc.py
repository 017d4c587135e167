"""§6 Zones of Control: every ground unit exerts a ZOC into the adjacent hexes, but not across a
river or canal hexside without a usable bridge, nor into a city hex. DZ markers are not units and
exert none (A15)."""
from __future__ import annotations

from domain.games.air_bridge import values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.model import State
from domain.kernel.grid import hexside_id
from domain.kernel.memo import per_state


def crossable(state: State, data: GameData, a: str, b: str) -> bool:
    """A hexside a unit (or a ZOC, a supply line, a retreat) may cross: no water, or an intact or
    repaired bridge (a ferry carries nothing but an engineer's passengers, §17.3)."""
    side = hexside_id(a, b)
    if side not in data.water:
        return True
    br = data.bridges.get(side)
    return br is not None and not br.ferry and state.bridge(side) != "destroyed"


@per_state  # a listing asks it per unit and per stack (a quarter of a campaign game's time): once per state
def zoc_hexes(state: State, data: GameData, side: str) -> frozenset[str]:
    """The hexes in the ZOC of `side`'s units."""
    out: set[str] = set()
    for u in state.units.values():
        if u.hex is None or u.side != side or not values.combat_unit(data, u):
            continue
        for n in data.neighbours(u.hex):
            if data.zoc_into(n) and crossable(state, data, u.hex, n):
                out.add(n)
    return frozenset(out)


def in_enemy_zoc(state: State, data: GameData, hex_id: str, side: str, zocs: frozenset[str] | None = None) -> bool:
    enemy = "german" if side == "allied" else "allied"
    return hex_id in (zocs if zocs is not None else zoc_hexes(state, data, enemy))
