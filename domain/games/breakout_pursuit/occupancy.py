"""Who is on each hex, indexed once per state: a retreat's answers are listed in every order of its
units (retreat.plans), and each asks, for each hex next to each unit, how many combat units stand
there (Stacking M), whether enemy units bar it (Movement B) and which Truck carries the unit
(Truck B): questions about every unit on the map, asked hundreds of times of one state.
"""
from __future__ import annotations

from typing import NamedTuple

from domain.games.breakout_pursuit.model import State
from domain.kernel.memo import per_state


class Occupancy(NamedTuple):
    stacks: dict[str, int]  # hex -> combat units on it (stacking.stack_count)
    blockers: dict[str, frozenset[str]]  # hex -> the sides with a combat unit or a Truck on it
    carriers: dict[str, str]  # unit -> the Truck on the map carrying it (the first, in the units' order)


@per_state  # a pure function of the state: `data` only scopes the entry
def of(state: State, data) -> Occupancy:
    stacks: dict[str, int] = {}
    blockers: dict[str, set[str]] = {}
    carriers: dict[str, str] = {}
    for u in state.units.values():
        if u.hex is None:
            continue
        if u.combat_unit:
            stacks[u.hex] = stacks.get(u.hex, 0) + 1
        if u.combat_unit or u.type == "truck":
            blockers.setdefault(u.hex, set()).add(u.side)
        if u.carrying:
            carriers.setdefault(u.carrying, u.id)
    return Occupancy(stacks, {h: frozenset(s) for h, s in blockers.items()}, carriers)
