"""Stacking M-N: at most three Mechanized and/or Non-Mechanized units in a hex, at the end of every
move and throughout a Combat Phase (markers, Supply and Pipeline units do not count)."""
from __future__ import annotations

from domain.games.breakout_pursuit.model import State

STACK_LIMIT = 3  # Stacking M


def stack_count(state: State, hex_id: str) -> int:
    """Units that count for stacking in a hex: Mechanized and Non-Mechanized units (Stacking M-N)."""
    return sum(1 for u in state.units.values() if u.hex == hex_id and u.combat_unit)
