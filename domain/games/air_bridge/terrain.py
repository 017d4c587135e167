"""§7 Terrain and §7.1 Roads: what entering a hex costs, in half movement points (the main road
costs half a point a hex in the pack's chart). A step along a road hexside pays the road; the
main road between B4215 and B3216 (the pack's `waterlogged_highway` area) is a secondary road
from the first bad-weather turn; a river or canal hexside is crossed only at a usable bridge
(§7.2), and a bridge repaired this phase costs one more point (§17.1)."""
from __future__ import annotations

from fractions import Fraction

from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.model import State
from domain.games.air_bridge.zoc import crossable
from domain.kernel.grid import hexside_id

HALF = 2  # costs are counted in half points


def step_cost(state: State, data: GameData, a: str, b: str) -> int | None:
    """Half points to step from a to b (None: the hexside cannot be crossed)."""
    if not crossable(state, data, a, b):
        return None
    side = hexside_id(a, b)
    if side in data.road_sides:
        main = side in data.main_road_sides and not (state.bad_seen and a in data.waterlogged and b in data.waterlogged)
        half = data.road_half[main]
    else:
        half = data.mp_half[b]
    if side in state.repaired_now:
        half += HALF
    return half


def points(half: int) -> float:
    return float(Fraction(half, HALF))
