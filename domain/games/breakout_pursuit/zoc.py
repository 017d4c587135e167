"""Zones of Control (ZOC G-L, L214-226; Corrections L628, L630, L642, L658).

Mechanized and non-mechanized combat units control the six hexes around them (G), also hexes
held by the other side's units (Retreat J). Not across a sea hexside, nor across the hexside of
an intact German fortress (G), either way: German units on it exert none (Fortress B), Allied
ZOC never enters it (Correction L628), nor does German ZOC from outside (G). A destroyed
fortress is an ordinary city (Fortress D).
A Truck exerts ZOC only while carrying a non-mechanized combat unit (Correction L642). Friendly
units never negate enemy ZOC (H).
"""
from __future__ import annotations

from domain.games.breakout_pursuit.model import ALLIED, GERMAN, State, Unit
from domain.kernel.memo import per_state


def exerts(u: Unit, state: State) -> bool:
    if u.hex is None:
        return False
    if u.type == "truck":
        passenger = state.units.get(u.carrying) if u.carrying else None
        return passenger is not None and passenger.cls == "non_mechanized"
    return u.combat_unit and state.fortresses.get(u.hex) != "intact"


@per_state  # asked several times per ruling (moves, supply, retreats, delays): computed once per state
def controlled(state: State, data, side: str) -> frozenset[str]:
    """The hexes in the ZOC of `side`'s units."""
    out: set[str] = set()
    for u in state.units.values():
        if u.side == side and exerts(u, state):
            out.update(data.across_land[u.hex])
    return frozenset(out - {h for h, s in state.fortresses.items() if s == "intact"})


def enemy_controlled(state: State, data, side: str) -> frozenset[str]:
    """The hexes where `side`'s units are in an enemy ZOC."""
    return controlled(state, data, GERMAN if side == ALLIED else ALLIED)
