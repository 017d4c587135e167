"""Normandy 1944's phase tables: what each phase of the Sequence of Play does on entry and on leaving
(the kernel's phase driver, `kernel/phases.py`, plays them), for version 1 (`PHASE_TABLE`), version 3's
Air Availability Phase (`PHASE_TABLE_3`) and version 5's ports, airborne supply and Administration
Phase (`PHASE_TABLE_5`). The ruleset classes (rules.py, rules_v3.py, rules_v5.py) hand them to the driver."""
from __future__ import annotations

from domain.games.normandy import administration, air, airborne, cite, logistics, ports, sequence, victory, weather
from domain.games.normandy.data import data_of
from domain.games.normandy.effects import HQsReset, Reorganised
from domain.games.normandy.model import SETUP, State
from domain.kernel import phases
from domain.kernel.adjudication import Adjudication


def _enter_setup(adj: Adjudication) -> bool:
    s: State = adj.state
    side = s.core.clock.side
    return any(u.box == SETUP and u.side == side for u in s.units.values()) or s.markers_due.get(side or "", 0) > 0


def _enter_markers(adj: Adjudication) -> bool:
    s: State = adj.state
    side = s.core.clock.side or ""
    if s.markers_due.get(side, 0) and not any(logistics.takers(s, data_of(adj), seat) for seat in s.core.layout.seats_of(side)):
        logistics.forfeit(adj, side)
    return adj.state.markers_due.get(side, 0) > 0


def _enter_markers_5(adj: Adjudication) -> bool:
    """Version 5: the Allies' turn also stops for airborne supply (§7.5) when some marker may be lifted."""
    markers = _enter_markers(adj)
    return markers or airborne.possible(adj.state, data_of(adj), adj.state.core.clock.side or "")


def _leave_markers(adj: Adjudication) -> None:
    logistics.forfeit(adj, adj.state.core.clock.side or "")


def _auto(*steps):
    def enter(adj: Adjudication) -> bool:
        for step in steps:
            step(adj)
        return False
    return enter


PHASE_TABLE = phases.Phases(
    enter={
        "setup": _enter_setup,
        "weather": _auto(weather.roll, weather.air_not_ruled),
        "logistics": _auto(logistics.check_supply, logistics.airborne_not_ruled, logistics.receive),
        "markers": _enter_markers,
        "administration": _auto(administration.initiative, administration.returning_hqs, administration.not_ruled),
        "storm": _auto(weather.storm_test),
        "movement": lambda adj: True,
        "combat": lambda adj: True,
        "phase_end": _auto(lambda adj: adj.emit(_reset())),
        "turn_end": _auto(lambda adj: adj.emit(_reorganise()), victory.turn_end),
    },
    leave={"setup": _leave_markers, "markers": _leave_markers},
    announce=sequence.announce,
    following=sequence.following,
)


# Version 3: the Air Availability Phase after the weather (§1.1.1.1), a storm cancelling the air
# missions, the air counters back in their cups at the turn end (§1.1.5).
PHASE_TABLE_3 = PHASE_TABLE._replace(
    enter={**PHASE_TABLE.enter,
           "weather": _auto(weather.roll),
           "air": air.availability,
           "storm": _auto(weather.storm_test, air.storm),
           "turn_end": _auto(air.turn_end, lambda adj: adj.emit(_reorganise()), victory.turn_end)},
    following=sequence.following_3,
)


# Version 5: the Allied player builds the ports first in the Logistics Phase (§1.1.1.2, §7.1); the
# Administration Phase's Rest and Replacement orders, the Allies' then the Germans' (§1.1.1.3).
PHASE_TABLE_5 = PHASE_TABLE_3._replace(
    enter={**PHASE_TABLE_3.enter, "logistics": _auto(ports.construct, logistics.check_supply, logistics.receive),
           "markers": _enter_markers_5,
           "administration": administration.enter_5},
    following=sequence.following_5,
)


def _reset() -> HQsReset:
    return HQsReset(cite=(cite.PHASE_END, cite.ruling("Q01_hq_reset", "end_of_phase")))


def _reorganise() -> Reorganised:
    return Reorganised(cite=(cite.TURN_END,))
