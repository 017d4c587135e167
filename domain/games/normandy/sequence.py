"""§1 Sequence of Play as a state machine (the detailed sequence §1.1.1-§1.1.5; Appendix B8):

    [Scenario 2: German set-up, Allied set-up]
    weather -> logistics -> markers (Allied, German) -> administration
    -> phase A: storm -> Player 1 movement, combat -> Player 2 movement, combat -> phase end
    -> phase B: the same -> turn end (reorganisation, scoring, the last turn)

`impulse` on the clock is 1 in phase A and 2 in phase B. A phase in which nobody has a decision
is played by the umpire at once (its automatic steps are still recorded). The kernel's phase driver
plays the phases (phase_tables.PHASE_TABLE); this module says how a phase is announced and what follows."""
from __future__ import annotations

from domain.games.normandy import cite
from domain.games.normandy.data import ALLIED, GERMAN, date_of
from domain.games.normandy.effects import PhaseBegun
from domain.games.normandy.units import enemy
from domain.kernel.adjudication import Adjudication
from domain.kernel.core import Clock
from domain.kernel.effects import PhaseAdvanced

NAMES = {"setup": "Set-Up", "weather": "Weather and Air Availability Phase",
         "air": "Air Availability Phase (air superiority)", "logistics": "Logistics Phase",
         "markers": "Offensive markers", "administration": "Administration Phase", "storm": "Allied aerial phase (storm test)",
         "movement": "Movement Phase", "combat": "Combat Phase", "phase_end": "Phase End", "turn_end": "Turn End"}
PLAYER_PHASES = ("movement", "combat")
CITES = {"setup": cite.SCENARIOS, "weather": cite.WEATHER, "air": cite.AIR_AVAILABILITY, "logistics": cite.LOGISTICS, "markers": cite.LOGISTICS,
         "administration": cite.INITIATIVE, "storm": cite.STORM, "movement": cite.MOVEMENT_PHASE, "combat": cite.COMBAT_PHASE,
         "phase_end": cite.PHASE_END, "turn_end": cite.TURN_END}


def label(clock: Clock, date: str = "") -> str:
    when = f" ({date})" if date else ""
    part = f", Phase {'AB'[clock.impulse - 1]}" if clock.impulse else ""
    side = f", {clock.side.capitalize()}" if clock.side else ""
    return f"Turn {clock.turn}{when}{part}{side} {NAMES.get(clock.phase, clock.phase)}"


def announce(adj: Adjudication, clock: Clock) -> None:
    date = date_of(adj, clock.turn)
    adj.emit(PhaseAdvanced(clock=clock, label=label(clock, date), cite=(cite.SEQUENCE, CITES[clock.phase])), PhaseBegun())


def following(adj: Adjudication, clock: Clock) -> Clock | None:
    t, first = clock.turn, adj.state.first
    match clock.phase:
        case "setup":
            return Clock(turn=t, phase="setup", side=ALLIED) if clock.side == GERMAN else Clock(turn=t, phase="weather")
        case "weather":
            return Clock(turn=t, phase="logistics")
        case "logistics":
            return Clock(turn=t, phase="markers", side=ALLIED)
        case "markers":
            return Clock(turn=t, phase="markers", side=GERMAN) if clock.side == ALLIED else Clock(turn=t, phase="administration")
        case "administration":
            return Clock(turn=t, phase="storm", impulse=1)
        case "storm":
            return Clock(turn=t, phase="movement", side=first, impulse=clock.impulse)
        case "movement":
            return Clock(turn=t, phase="combat", side=clock.side, impulse=clock.impulse)
        case "combat":
            if clock.side == first:
                return Clock(turn=t, phase="movement", side=enemy(first), impulse=clock.impulse)
            return Clock(turn=t, phase="phase_end", impulse=clock.impulse)
        case "phase_end":
            return Clock(turn=t, phase="storm", impulse=2) if clock.impulse == 1 else Clock(turn=t, phase="turn_end")
        case "turn_end":
            return None if adj.core.finished else Clock(turn=t + 1, phase="weather")
    raise ValueError(clock.phase)


def following_3(adj: Adjudication, clock: Clock) -> Clock | None:
    """Version 3: the Allies' Air Availability Phase between the weather and the Logistics Phase (§1.1.1.1)."""
    if clock.phase == "weather":
        return Clock(turn=clock.turn, phase="air", side=ALLIED)
    if clock.phase == "air":
        return Clock(turn=clock.turn, phase="logistics")
    return following(adj, clock)


def following_5(adj: Adjudication, clock: Clock) -> Clock | None:
    """Version 5: the Administration Phase's Rest and Replacement orders (§1.1.1.3), the Allies' then
    the Germans', after its automatic steps."""
    if clock.phase == "administration" and clock.side is None:
        return Clock(turn=clock.turn, phase="administration", side=ALLIED)
    if clock.phase == "administration" and clock.side == ALLIED:
        return Clock(turn=clock.turn, phase="administration", side=GERMAN)
    if clock.phase == "administration":
        return Clock(turn=clock.turn, phase="storm", impulse=1)
    return following_3(adj, clock)
