"""Allied Supply Pipeline units: reactivation (Pipeline G, L442; Correction L644; digest O04, PIP-3).

A Pipeline unit is active while a chain of active Pipeline units links it to the one on Bayeux;
a cut chain turns inactive at once (movement.overrun) and does not come back by itself: "active"
is a stored flag (PIP-1). In each Allied Reinforcement & Replacement Phase the Allied player may
turn up to three adjacent inactive Pipeline units face up, provided one of them is next to an
active one, once per phase. "Three adjacent" is read by option `pipeline_reactivation_group`: a
connected group (default) or units each next to every other. The group being linked to an active
unit, every unit turned up is linked to Bayeux again.
"""
from __future__ import annotations

from itertools import combinations

from domain.games.breakout_pursuit import cite
from domain.games.breakout_pursuit.effects import FlagSet, PipelinesReactivated
from domain.games.breakout_pursuit.model import ALLIED, State, Unit
from domain.games.breakout_pursuit.orders import ReactivatePipelines
from domain.kernel.commands import Reject
from domain.kernel.problem import Problem
from domain.kernel.search import component

MAX_GROUP = 3  # "any three adjacent inactive Pipeline units" (G)
DONE = "pipelines_reactivated"  # flag: the Game-Turn of the last reactivation


def _pipelines(state: State, active: bool) -> dict[str, Unit]:
    """Allied Pipeline units on the map, active or inactive, by hex."""
    return {u.hex: u for u in state.units.values()
            if u.side == ALLIED and u.type == "pipeline" and u.hex is not None and u.active == active}


def _linked(hexes: list[str], data, rule: str) -> bool:
    """Is the group adjacent in the option's sense?"""
    if rule == "mutually_adjacent":
        return all(b in data.neighbours[a] for a, b in combinations(hexes, 2))
    return len(component(data.neighbours, hexes[0], hexes)) == len(hexes)


def problem(state: State, data, units: tuple[str, ...]) -> Problem | None:
    """Why these units may not be turned face up now (Pipeline G), or None."""
    if state.flags.get(DONE) == state.core.clock.turn:
        return Problem("already_reactivated", "Pipeline units have already been reactivated in this phase (once per phase).", cite.PIPELINE_G)
    if not 1 <= len(units) <= MAX_GROUP or len(set(units)) != len(units):
        return Problem("group_size", f"Name one to {MAX_GROUP} different inactive Pipeline units.", cite.PIPELINE_G)
    inactive = {u.id: u for u in _pipelines(state, False).values()}
    wrong = [uid for uid in units if uid not in inactive]
    if wrong:
        return Problem("not_inactive_pipeline", f"{', '.join(wrong)}: not an inactive Allied Pipeline unit on the map.", cite.PIPELINE_G)
    hexes = [inactive[uid].hex for uid in units]
    rule = state.core.options.get("pipeline_reactivation_group", "connected")
    if not _linked(hexes, data, rule):
        return Problem("not_adjacent", "The Pipeline units turned up together must be adjacent to each other.", cite.PIPELINE_G)
    active = _pipelines(state, True)
    if not any(n in active for h in hexes for n in data.neighbours[h]):
        return Problem("no_active_neighbour", "One of the Pipeline units turned up must be adjacent to an active Pipeline unit.", cite.PIPELINE_G)
    return None


def legal(state: State, data, side: str) -> list[ReactivatePipelines]:
    """Every group of one to three inactive Pipeline units that may be turned up (few: a chain
    has at most a few dozen units and a group is connected)."""
    if side != ALLIED or state.flags.get(DONE) == state.core.clock.turn:
        return []
    inactive = _pipelines(state, False)
    if not inactive:
        return []
    groups: set[frozenset[str]] = {frozenset((h,)) for h in inactive}
    layer = set(groups)
    for _ in range(MAX_GROUP - 1):  # grow connected groups one neighbour at a time
        layer = {g | {n} for g in layer for h in g for n in data.neighbours[h] if n in inactive and n not in g}
        groups |= layer
    ids = sorted(tuple(sorted(inactive[h].id for h in g)) for g in groups)
    return [ReactivatePipelines(units=g) for g in ids if problem(state, data, g) is None]


def reactivate(adj, seat: str, order: ReactivatePipelines) -> None:
    state, data = adj.state, adj.ruleset.data
    if state.core.layout.side_of(seat) != ALLIED:
        raise Reject("not_allied", "Only the Allied player has Pipeline units.", cite.PIPELINE_G)
    found = problem(state, data, tuple(order.units))
    if found:
        raise found.reject(units=list(order.units))
    rule = cite.ruling("pipeline_reactivation_group", state.core.options.get("pipeline_reactivation_group", "connected"))
    adj.emit(PipelinesReactivated(units=tuple(sorted(order.units)), cite=(cite.PIPELINE_G, cite.PIPELINE_DESTROYED, rule)),
             FlagSet(name=DONE, value=state.core.clock.turn, cite=(cite.PIPELINE_G,)))
