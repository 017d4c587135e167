"""§3 Zone of Control: combat units of stacking value 1 or more exert a ZOC into the six adjacent
hexes (garrisons none, §0.1.2); entering an EZOC stops a move; leaving one costs 2 MP, 1 for
paratroopers and elite units, nothing for commandos."""
from __future__ import annotations

from domain.games.normandy.data import GameData
from domain.games.normandy.model import State
from domain.games.normandy.units import is_combat

LEAVE_COST = {"commando": 0, "paratroop": 1, "elite": 1}
LEAVE_COST_OTHER = 2


def exerts(data: GameData, uid: str) -> bool:
    v = data.values[uid]
    return is_combat(data, uid) and v.sv >= 1 and "no_zoc" not in v.flags


def ezoc(state: State, data: GameData, side: str) -> frozenset[str]:
    """The hexes in the zone of control of `side`'s enemies."""
    out: set[str] = set()
    for u in state.units.values():
        if u.hex is not None and u.side != side and exerts(data, u.id):
            out.update(n for n in data.neighbours(u.hex) if data.land(n))
    return frozenset(out)


def leave_cost(data: GameData, uid: str) -> int:
    flags = data.values[uid].flags
    return min((c for f, c in LEAVE_COST.items() if f in flags), default=LEAVE_COST_OTHER)
