"""Stacking M-N: at most three Mechanized and/or Non-Mechanized units in a hex, "only at the end of
a Movement Phase, and throughout a Combat Phase" (markers, Supply and Pipeline units do not count).

Option `stacking_checked` says when a move is held to it: `each_move` (@1's only choice) refuses
any move ending over the limit; `end_of_phase` (@2's default, the literal text) lets a move end on
a full hex while units there that have not moved yet can still leave it in the phase, so two full
stacks may exchange units; what is still over the limit when the phase ends is settled then
(movement.leave)."""
from __future__ import annotations

from domain.games.breakout_pursuit.allowance import why_not
from domain.games.breakout_pursuit.model import State

STACK_LIMIT = 3  # Stacking M


def stack_count(state: State, hex_id: str) -> int:
    """Units that count for stacking in a hex: Mechanized and Non-Mechanized units (Stacking M-N)."""
    return sum(1 for u in state.units.values() if u.hex == hex_id and u.combat_unit)


def each_move(state: State) -> bool:
    return state.core.options.get("stacking_checked", "each_move") == "each_move"


def relief(state: State, data, hex_id: str, mover: str) -> int:
    """Combat units on `hex_id`, the mover aside, that have not moved this phase and may still move."""
    return sum(1 for u in state.units.values()
               if u.hex == hex_id and u.combat_unit and u.id != mover and u.id not in state.moved
               and u.side == state.core.clock.side and why_not(state, data, u) is None)


def room(state: State, data, hex_id: str, there: int, weight: int, mover: str) -> bool:
    """May a move end with `weight` more combat units on a hex already holding `there`?"""
    if there + weight <= STACK_LIMIT:
        return True
    return not each_move(state) and there + weight - STACK_LIMIT <= relief(state, data, hex_id, mover)


def ruling(state: State) -> str:
    return f"stacking_checked={state.core.options.get('stacking_checked', 'each_move')}"
