"""§2.1 Stacking: up to 5 stacking points a hex, plus one unit of stacking value 0 and one HQ;
American and British units never share a hex (§8). Limits come from the pack's stacking chart.
The limits are counted for one side: in a Confusion hex (version 4, §6.11) each side has its own 5
points; anywhere else a hex holds one side only, so counting one side changes nothing."""
from __future__ import annotations

from collections import defaultdict
from typing import Iterable, Mapping

from domain.games.normandy.data import GameData
from domain.games.normandy.model import State
from domain.games.normandy.units import is_hq


def occupancy(state: State) -> dict[str, list[str]]:
    """hex -> the ids of the units in it (worked out once for a listing of many moves)."""
    out: dict[str, list[str]] = defaultdict(list)
    for u in state.units.values():
        if u.hex is not None:
            out[u.hex].append(u.id)
    return out


def fits(state: State, data: GameData, h: str, arriving: tuple[str, ...], leaving: tuple[str, ...] = (),
         occupied: Mapping[str, Iterable[str]] | None = None, side: str | None = None) -> bool:
    """Would the hex be within the limits of the arriving side (or `side`) with `arriving` in it and
    `leaving` gone?"""
    lim = data.stacking_limits
    here = occupied.get(h, ()) if occupied is not None else [u.id for u in state.units.values() if u.hex == h]
    side = side or (state.units[arriving[0]].side if arriving else None)
    units = state.units
    ids = [x for x in here if x not in leaving and x not in arriving and (side is None or units[x].side == side)] + list(arriving)
    sp = sv0 = hqs = 0
    groups = set()
    for uid in ids:
        v = data.values[uid]
        if v.nat != "german":
            groups.add(v.nat)
        if is_hq(data, uid):
            hqs += 1
        elif v.sv == 0:
            sv0 += 1
        else:
            sp += v.sv
    return sp <= lim["stacking_points"] and sv0 <= lim["sv0_units"] and hqs <= lim["hq"] and len(groups) <= 1


def overstacked(state: State, data: GameData, side: str) -> list[str]:
    occupied = occupancy(state)
    hexes = sorted({u.hex for u in state.units.values() if u.hex is not None and u.side == side})
    return [h for h in hexes if not fits(state, data, h, (), occupied=occupied, side=side)]
