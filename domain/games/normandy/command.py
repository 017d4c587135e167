"""§5.1 Control Limits: an HQ controls up to 5 divisions and 3 independent units of its own
nationality (§8), each within four hexes (§5.1, the distance limit is command's only, Art 7.3.1);
the 79th Armoured is always controlled and not counted; a unit is controlled by one HQ a turn.
This version derives the control when the HQ activates (digest §1.3 #19): the nearest units first.
Version 4 adds §5.1's off-map case (units in the same or an adjacent box) and the HQ in a
Confusion hex or box, which controls only the units in it."""
from __future__ import annotations

from domain.games.normandy.data import GameData
from domain.games.normandy.model import State, Unit, confused
from domain.games.normandy.units import is_combat

RADIUS = 4
DIVISIONS, INDEPENDENTS = 5, 3
EXEMPT = "79th_armoured"


def _distance(data: GameData, at: str, u: Unit, here: frozenset[str]) -> int | None:
    """The unit's distance for command, None when out of reach: within 4 hexes on the map; the same
    (0) or an adjacent (1) box off it; the same place only for an HQ in Confusion (§5.1)."""
    where = u.hex if u.hex is not None else u.box
    if where is None:
        return None
    if at in here:
        return 0 if where == at else None
    if u.hex is not None and at in data.hexes:
        d = data.distance(at, u.hex)
        return d if d <= RADIUS else None
    if u.box is not None and at in data.box_links:
        return 0 if u.box == at else (1 if u.box in data.box_links[at] else None)
    return None


def controllable(state: State, data: GameData, hq: str) -> tuple[str, ...]:
    h = state.units[hq]
    at = h.hex if h.hex is not None else (h.box if h.box in data.box_links else None)
    if at is None:
        return ()
    here = confused(state)
    nat = data.values[hq].nat
    near = sorted((d, u.id) for u in state.units.values()
                  if u.side == h.side and is_combat(data, u.id)
                  and data.values[u.id].nat == nat and data.values[u.id].cls == "combat"
                  and state.controlled.get(u.id, hq) == hq and (d := _distance(data, at, u, here)) is not None)
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
