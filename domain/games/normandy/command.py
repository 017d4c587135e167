"""§5.1 Control Limits: an HQ controls up to 5 divisions and 3 independent units of its own
nationality (§8), each within four hexes (§5.1, the distance limit is command's only, Art 7.3.1);
the 79th Armoured is always controlled and not counted; a unit is controlled by one HQ a turn.
This version derives the control when the HQ activates (digest §1.3 #19): the nearest units first."""
from __future__ import annotations

from domain.games.normandy.data import GameData
from domain.games.normandy.model import State
from domain.games.normandy.units import is_combat

RADIUS = 4
DIVISIONS, INDEPENDENTS = 5, 3
EXEMPT = "79th_armoured"


def controllable(state: State, data: GameData, hq: str) -> tuple[str, ...]:
    h = state.units[hq].hex
    if h is None:
        return ()
    nat = data.values[hq].nat
    near = sorted((data.distance(h, u.hex), u.id) for u in state.units.values()
                  if u.hex is not None and u.side == state.units[hq].side and is_combat(data, u.id)
                  and data.values[u.id].nat == nat and data.values[u.id].cls == "combat"
                  and state.controlled.get(u.id, hq) == hq and data.distance(h, u.hex) <= RADIUS)
    divisions: set[str] = set()
    independents = 0
    out = []
    for _, uid in near:
        v = data.values[uid]
        if EXEMPT in v.flags:
            out.append(uid)
        elif v.division is not None:
            if v.division in divisions or len(divisions) < DIVISIONS:
                divisions.add(v.division)
                out.append(uid)
        elif independents < INDEPENDENTS:
            independents += 1
            out.append(uid)
    return tuple(sorted(out))
