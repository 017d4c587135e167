"""A unit's printed values (§2.4) on its current face, and its type flags, read from the pack's
counter: attack, defence, movement points, effectiveness, stacking value, and for artillery its
bombardment value and range. The back face holds the reduced values (§2.3, §8.0)."""
from __future__ import annotations

from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.model import Unit
from domain.kernel.pack.schema import Face


def face(data: GameData, u: Unit) -> Face:
    faces = data.counters[u.id].faces
    return faces[min(len(faces) - 1, max(0, 2 - u.steps))]


def attack(data: GameData, u: Unit) -> int:
    return face(data, u).strength or 0


def defence(data: GameData, u: Unit) -> int:
    return face(data, u).defense or 0


def ma(data: GameData, u: Unit) -> int:
    return face(data, u).movement or 0


def effectiveness(data: GameData, u: Unit) -> int:
    return face(data, u).values.get("effectiveness", 0)


def stacking(data: GameData, u: Unit) -> int:
    return face(data, u).values.get("stacking", 0)


def bombardment(data: GameData, u: Unit) -> int:
    return face(data, u).values.get("bombardment", 0)


def fire_range(data: GameData, u: Unit) -> int:
    return face(data, u).values.get("range", 0)


def flags(data: GameData, u: Unit) -> tuple[str, ...]:
    return data.counters[u.id].flags


def cm(data: GameData, u: Unit) -> bool:
    return "cm" in flags(data, u)


def airborne(data: GameData, u: Unit) -> bool:
    return "airborne" in flags(data, u)


def division(data: GameData, u: Unit) -> str | None:
    return next((f.split(":", 1)[1] for f in flags(data, u) if f.startswith("div:")), None)


def engineer(data: GameData, u: Unit) -> bool:
    return "engineer" in flags(data, u) or "bridge" in flags(data, u) or "engineer" in data.counters[u.id].type


def bridge_engineer(data: GameData, u: Unit) -> bool:
    return "bridge" in flags(data, u) or data.counters[u.id].type == "bridge_engineer"


def artillery(data: GameData, u: Unit) -> bool:
    return bombardment(data, u) > 0


def sp_artillery(data: GameData, u: Unit) -> bool:
    return "sp_artillery" in flags(data, u)


def dz(data: GameData, u: Unit) -> bool:
    return "dz" in flags(data, u)


def classes(data: GameData, u: Unit) -> tuple[str, ...]:
    """§19: the classes the unit may count as (the owner picks one of several per combat)."""
    cls = data.counters[u.id].cls
    return tuple(cls.split("/")) if cls != "marker" else ()


def combat_unit(data: GameData, u: Unit) -> bool:
    """A ground unit that fights and exerts a ZOC (not a DZ marker)."""
    return not dz(data, u)
