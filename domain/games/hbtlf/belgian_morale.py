"""12.61A second paragraph (@2): after the end of Game-Turn 2, every Belgian unit more than two hexes
from Antwerp (W:1109) makes a special Morale Check, +3, at the start of each friendly movement and
counter-movement phase, and one that fails retreats three hexes toward Antwerp. The check and the
retreat are the Standard Rules' (attested: the retreat is a declared move); the umpire lists the units
that owe it, from their confirmed hexes (the 4 division exempt, 12.61A1; read as ending with the
Belgian Army's release, 12.61B: inferred). A unit whose place is not a single hex is not listed."""
from __future__ import annotations

from domain.games.hbtlf import belgium, cite, hexes
from domain.games.hbtlf.model import State

CITE = cite.rule("12.61A Retreat of the Belgian Army (special Morale Check)", 1004, 1004)
MODIFIER = 3


def checks_due(state: State, pack) -> list[str]:
    if state.core.clock.turn <= belgium.LAST_RETIRE_GT or not belgium.applies(state):
        return []
    at = belgium.antwerp(pack)
    out = []
    for u in belgium.units(state):
        here = state.positions.get(u, "")
        if u.split(": ", 1)[-1] in belgium.EXEMPT or not hexes.is_hex(here):
            continue
        d = hexes.distance(here, at)
        if d is None or d > belgium.RADIUS:
            out.append(u)
    return out
