"""§9.4 Limits on Artillery Movement and Fire: an artillery unit moves or fires twice a game turn,
never twice in a phase (1st fire, then final fire marker); the Allied SP artillery takes a marker
only when it fires; unsupplied artillery only once a turn; fatigued artillery never fires; an
artillery unit in a hex attacked this phase gives no defensive fire. §9.5: what it may target."""
from __future__ import annotations

from domain.games.air_bridge import cite, values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.effects import ArtilleryActed
from domain.games.air_bridge.evolve import phase_key
from domain.games.air_bridge.model import State, Unit
from domain.kernel.adjudication import Adjudication


def spent(state: State, u: Unit) -> bool:
    return u.fires >= (1 if u.unsupplied else 2) or u.acted == phase_key(state)


def may_fire(state: State, data: GameData, u: Unit) -> bool:
    return u.hex is not None and values.artillery(data, u) and not u.fatigued and not spent(state, u)


def mark(adj: Adjudication, uid: str) -> None:
    u = adj.state.units[uid]
    marker = "first_fire" if u.fires == 0 else "final_fire"
    adj.emit(ArtilleryActed(unit=uid, marker=marker, cite=(cite.FIRE_LIMITS,) + ((cite.UNSUPPLIED_ARTILLERY,) if u.unsupplied else ())))


def in_range(data: GameData, u: Unit, target: str) -> bool:
    """Range counts the target hex, not the firing one (§9.0)."""
    return u.hex is not None and data.distance(u.hex, target) <= values.fire_range(data, u)


def near_ground(state: State, data: GameData, side: str, target: str, radius: int = 5) -> bool:
    """§9.5 / §15: a non-airborne friendly unit within 5 hexes of the target."""
    return any(v.hex is not None and v.side == side and not values.airborne(data, v) and values.combat_unit(data, v)
               and data.distance(v.hex, target) <= radius for v in state.units.values())


def may_bombard(state: State, data: GameData, u: Unit, target: str) -> bool:
    """§9.5 Bombardment: airborne artillery at any hex in range; other artillery only at enemy units
    within 5 hexes of a non-airborne unit."""
    if not (may_fire(state, data, u) and in_range(data, u, target)):
        return False
    return values.airborne(data, u) or near_ground(state, data, u.side, target)


def may_support(state: State, data: GameData, u: Unit, target: str, involved: list[Unit], attacked: set[str]) -> bool:
    """§9.5 Support fire: airborne artillery only in a combat with a unit of its division, other
    artillery only in one with a non-airborne unit; §9.4: not from a hex attacked this phase."""
    if not (may_fire(state, data, u) and in_range(data, u, target)) or u.hex in attacked:
        return False
    if values.airborne(data, u):
        div = values.division(data, u)
        return any(values.division(data, v) == div for v in involved if v.side == u.side)
    return any(not values.airborne(data, v) for v in involved if v.side == u.side)
