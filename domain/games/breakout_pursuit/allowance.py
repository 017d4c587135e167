"""Which units may move in a movement phase, and how far (Movement A-E, Supply Effects Chart,
German Reinforcements, Explanation of Results "Ad", Special Rules A and G).

`budget(state, data, unit)` is the whole answer: the movement points for this phase, whether
the one-hex minimum move (Movement C) is open to the unit, the rules that set them, and, when the
unit may not move at all, why (a code, a sentence and the rule).
"""
from __future__ import annotations

from functools import cache
from typing import NamedTuple

from domain.games.breakout_pursuit import cite
from domain.games.breakout_pursuit.model import ALLIED, GERMAN, ISOLATED, SUPPLIED, UNSUPPLIED, State, Unit
from domain.kernel.citation import Citation
from domain.kernel.commands import Reject
from domain.kernel.problem import Problem

INITIAL, MECHANIZED = "initial_movement", "mechanized_movement"

# Special Rule G (L908): the places that freeze German units, and the area whose entry lifts it.
G_PLACES = ("Rotterdam", "Amsterdam")
G_TOWN_TERRAIN = ("town", "city")
G_RELEASE_AREA = "north_of_seine"  # with "above the 2000 row" read as a printed row below 20 (digest REI-5)
FROZEN, LIFTED = "special_rule_g_frozen", "special_rule_g_lifted"
ISOLATED_MOVED = "isolated_moved_initial"  # option isolated_mech_move = one_hex_per_player_turn
BOARD_MP = 5  # a non-mechanized unit boarding a Truck spends five movement points (Allied Truck Units C)


class Budget(NamedTuple):
    points: int  # movement points this phase
    minimum_move: bool  # Movement C: one hex whatever it costs
    cites: tuple[Citation, ...]  # the rules that set the allowance
    stop: Problem | None = None  # why the unit may not move at all


def allowance(state: State, data, u: Unit) -> int:
    """The movement points `u` may spend in the current phase (0 when it may not move)."""
    b = budget(state, data, u)
    return 0 if b.stop else b.points


def budget(state: State, data, u: Unit) -> Budget:
    stop = why_not(state, data, u)
    if stop is not None:
        return Budget(0, False, (stop.citation,), stop)
    points, cites = u.ma, [cite.MOVEMENT_E]
    phase = state.core.clock.phase
    supply = SUPPLIED if u.type == "truck" else state.supply.get(u.id, SUPPLIED)  # Trucks: Correction L642
    if supply == UNSUPPLIED:
        points //= 2
        cites += [cite.SUPPLY_CHART_UNSUPPLIED, cite.SUPPLY_MA_ROUNDING]
    elif supply == ISOLATED and isolation_hinders(state, u):
        cites.append(cite.SUPPLY_CHART_ISOLATED)
        if u.side == GERMAN:
            cites.append(cite.ruling("german_isolated_effects", state.core.options.get("german_isolated_effects")))
        if u.cls == "mechanized":  # "Mechanized: one hex": the one-hex move of Movement C is all it has
            points = 0
            cites.append(cite.ruling("isolated_mech_move", state.core.options.get("isolated_mech_move")))
        else:
            points //= 2
            cites.append(cite.SUPPLY_MA_ROUNDING)
    if u.combat_unit and u.id in state.hauled:
        # dropped off by a Truck this phase: what its own allowance has left after boarding (Truck C)
        rule = state.core.options.get("passenger_mp_after_drop", "own_remaining")
        points = max(0, points - BOARD_MP) if rule == "own_remaining" else 0
        return Budget(points, False, tuple(cites) + (cite.TRUCK_C, cite.TRUCKS_SUPPLIED,
                                                      cite.ruling("passenger_mp_after_drop", rule)))
    if u.side == GERMAN and phase == INITIAL and u.placed == state.core.clock.turn:
        points = max(0, points - 1)  # "German units must 'move onto' the map" (L690)
        cites.append(cite.GERMAN_REINFORCEMENTS)
    return Budget(points, True, tuple(cites))


def isolation_hinders(state: State, u: Unit) -> bool:
    """The chart prints isolated effects for Allied units only; option german_isolated_effects."""
    return u.side == ALLIED or state.core.options.get("german_isolated_effects") == "as_allied_isolated"


def why_not(state: State, data, u: Unit) -> Problem | None:
    """Why `u` may not move at all in the current phase, or None."""
    clock = state.core.clock
    if u.hex is None:
        return Problem("not_on_map", f"{u.id} is not on the map.", cite.MOVEMENT_GENERAL)
    if u.side != clock.side or clock.phase not in (INITIAL, MECHANIZED):
        return Problem("not_phasing", "Only the phasing player's units move, in his movement phases.", cite.MOVEMENT_A)
    if u.id in state.moved:
        return Problem("already_moved", f"{u.id} has already moved this phase; a finished move is final.", cite.MOVEMENT_PROCEDURE)
    if u.type == "pipeline":
        return Problem("pipeline_never_moves", "Supply Pipeline units once placed may never be moved.", cite.PIPELINE_H)
    if u.type == "supply":
        return Problem("supply_unit_movement", "Supply units have no Movement Allowance: they move by Pipeline Movement "
                    "(order pipeline_move), Shuttle Movement (order shuttle) or aboard a Truck (Transfer).",
                    cite.SUPPLY_UNITS_MOVE)
    if u.type == "naval_supply":
        return Problem("naval_supply_movement", "The Naval Supply unit moves from coast to coast by its own order "
                    "(move_naval_supply).", cite.NAVAL_SUPPLY_M)
    carrier = state.carrier(u.id)
    if carrier is not None:
        return Problem("carried", f"{u.id} is aboard {carrier.id}: it moves with the Truck, which drops it off during its "
                    "own move.", cite.TRUCK_B)
    if u.type == "truck" and not u.active:
        return Problem("truck_shuttling", f"{u.id} is inverted: a Truck that Shuttles a Supply unit does not move this "
                    "Player-Turn.", cite.SUPPLY_UNITS_MOVE)
    if u.cls == "marker":
        return Problem("marker", f"{u.id} is a marker, not a unit that moves.", cite.DELAY_A)
    if clock.phase == MECHANIZED and u.cls != "mechanized":
        return Problem("not_mechanized", "Only Mechanized units move in the Mechanized Movement Phase (Trucks and motorized "
                    "infantry are not Mechanized units).", cite.MECHANIZED_PHASE)
    if u.disrupted:
        return Problem("disrupted", f"{u.id} is disrupted (Ad on Game-Turn {u.disrupted}): it stays put through its next "
                    "Mechanized and Initial Movement Phases.", cite.RESULT_AD)
    if special_rule_a(state, data):
        return Problem("special_rule_a", "No Allied unit may move in the Initial Movement Phase of the first Allied Player-Turn.",
                    cite.SPECIAL_RULE_A)
    if u.id in frozen(state):
        return Problem("special_rule_g", f"{u.id} started on or next to a coastal city or fortress, or on Rotterdam or Amsterdam: "
                    "it may not move until an Allied combat unit moves North of the Seine above the 2000 row.",
                    cite.SPECIAL_RULE_G)
    if clock.phase == INITIAL and u.side == ALLIED and not u.combat_unit and any(
            state.units[m].combat_unit for m in state.moved if m in state.units):
        return Problem("non_combat_first", "Non-Combat units are moved first in the Initial Movement Phase; a combat unit has "
                    "already moved.", cite.NON_COMBAT_FIRST)
    if clock.phase == MECHANIZED and u.id in isolated_moved(state):
        return Problem("isolated_one_hex", f"{u.id} is isolated and already made its one-hex move this Player-Turn.",
                    cite.ruling("isolated_mech_move", "one_hex_per_player_turn"))
    return None


def isolated_moved(state: State) -> tuple[str, ...]:
    rec = state.flags.get(ISOLATED_MOVED)
    clock = state.core.clock
    return tuple(rec["units"]) if rec and rec["turn"] == clock.turn and rec["side"] == clock.side else ()


# --- Special Rule A ---------------------------------------------------------------------------------


def special_rule_a(state: State, data) -> bool:
    """L900: no Allied unit moves in the Initial Movement Phase of the first Allied Player-Turn."""
    clock = state.core.clock
    return ("A" in state.flags.get("special_rules", ()) and clock.side == ALLIED and clock.phase == INITIAL
            and clock.turn == data.pack.scenarios[state.core.scenario].start.turn)


# --- Special Rule G ---------------------------------------------------------------------------------


def special_rule_g(state: State) -> bool:
    return "G" in state.flags.get("special_rules", ())


def frozen(state: State) -> frozenset[str]:
    """German units Special Rule G still holds (recorded when the first movement phase began)."""
    if not special_rule_g(state) or state.flags.get(LIFTED):
        return frozenset()
    return frozenset(state.flags.get(FROZEN, ()))


def frozen_at_start(state: State, data) -> tuple[str, ...]:
    """L908: German units on or adjacent to a coastal city or coastal fortress hex, or on
    Rotterdam or Amsterdam. A town counts as a city: the Terrain Effects Chart has one "Town or
    City" row. Option special_rule_g_coast: only the coast North of the Seine (default)."""
    coast = {h for h, x in data.map.hexes.items()
             if "coastal" in x.features and (x.terrain in G_TOWN_TERRAIN or "fortress" in x.features)}
    if state.core.options.get("special_rule_g_coast") == "north_of_seine":
        coast &= data.area(G_RELEASE_AREA)
    near = set(coast)
    for h in coast:
        near.update(data.neighbours[h])
    for name in G_PLACES:
        near.update(data.place(name))
    return tuple(sorted(u.id for u in state.units.values() if u.side == GERMAN and u.hex in near and u.cls != "marker"))


@cache
def release_area(data) -> frozenset[str]:
    """Where an Allied combat unit's move lifts Special Rule G: North of the Seine, above the 2000 row."""
    return frozenset(h for h in data.area(G_RELEASE_AREA) if int(h[:-2]) < 20)


def own_unit(state: State, seat: str, uid: str) -> Unit:
    """The seat's unit `uid`, or Reject: a player moves only his own units (Movement A)."""
    u = state.units.get(uid)
    if u is None or u.side != state.core.layout.side_of(seat):
        raise Reject("not_your_unit", f"{seat} has no unit {uid!r}.", cite.MOVEMENT_A, unit=uid)
    return u
