"""§19 Armor and Anti-Tank Effects: a side's category is the set of classes present among its
units in the combat (one unit is enough), a unit of several classes counting as the one its
owner picks for that combat; the pack's Armor/Anti-Tank tables give the maneuver DRM and the two
assault DRMs by (attacker category, defender category). Two cells are printed (§19.1, §19.2
examples); the rest are placeholders."""
from __future__ import annotations

from itertools import product

from domain.games.air_bridge import values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.model import Unit

ORDER = ("inf", "armor", "at")


def category(classes: set[str]) -> str:
    return "/".join(c for c in ORDER if c in classes) or "inf"


def choices(data: GameData, units: list[Unit]) -> list[str]:
    """The categories the owner may make of these units (one per pick of each multi-class unit)."""
    fixed: set[str] = set()
    multi: list[tuple[str, ...]] = []
    for u in units:
        cls = values.classes(data, u)
        if len(cls) == 1:
            fixed.add(cls[0])
        elif cls:
            multi.append(cls)
    if not multi:
        return [category(fixed)]
    return sorted({category(fixed | set(pick)) for pick in product(*multi)}, key=lambda c: (c.count("/"), c))


def maneuver_drm(data: GameData, attacker: str, defender: str) -> int:
    return int(data.rows("armor_maneuver")[f"{attacker}|{defender}"]["drm"])


def assault_drms(data: GameData, attacker: str, defender: str) -> tuple[int, int]:
    row = data.rows("armor_assault")[f"{attacker}|{defender}"]
    return int(row["attacker_drm"]), int(row["defender_drm"])
