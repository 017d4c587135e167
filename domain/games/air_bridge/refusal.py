"""§10 Refusing Combat (the sequence of play, E): a stack of only C/M units that is the target of a
declared combat, not of both a maneuver combat and an assault, and not unsupplied (§16), may try
to refuse: one d10 per hex against the highest effectiveness there (A26). On a pass it withdraws
one hex, never into a hex that is itself a target, and the attacker may advance up to 8 stacking
points of the units that attacked it."""
from __future__ import annotations

from domain.games.air_bridge import cite, values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.model import State
from domain.games.air_bridge.retreat import destinations


def kinds_at(state: State, hex_id: str) -> set[str]:
    return {c.kind for c in state.declared if c.target == hex_id and c.status == "declared"}


def eligible(state: State, data: GameData, hex_id: str) -> bool:
    units = [u for u in state.at(hex_id)]
    if not units or len(kinds_at(state, hex_id)) != 1:
        return False
    return all(values.cm(data, u) and not u.unsupplied and values.combat_unit(data, u) for u in units)


def withdrawals(state: State, data: GameData, hex_id: str) -> list[str]:
    side = state.at(hex_id)[0].side
    targets = {c.target for c in state.declared if c.status == "declared"}
    return destinations(state, data, side, hex_id, 1, avoid=targets)


CITE = cite.REFUSE
