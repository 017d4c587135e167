"""§8.0 Unit Effectiveness: in a maneuver combat the side with the higher average effectiveness
(fractions kept) shifts the table one column (difference under 3) or two (3 or more) in its
favour; in an assault and in refusal and reaction tests a d10 at most the value passes (§8.0,
§10, §11)."""
from __future__ import annotations

from fractions import Fraction

from domain.games.air_bridge import values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.model import Unit


def average(data: GameData, units: list[Unit]) -> Fraction:
    return Fraction(sum(values.effectiveness(data, u) for u in units), len(units)) if units else Fraction(0)


def shift(data: GameData, attackers: list[Unit], defenders: list[Unit]) -> int:
    """Columns in the attacker's favour (negative: the defender's)."""
    a, d = average(data, attackers), average(data, defenders)
    diff = abs(a - d)
    rows = data.rows("effectiveness_shift")
    n = 0 if diff == 0 else int(rows["under_3"]["columns"]) if diff < 3 else int(rows["3_or_more"]["columns"])
    return n if a > d else -n


def highest(data: GameData, units: list[Unit]) -> int:
    return max((values.effectiveness(data, u) for u in units), default=0)
