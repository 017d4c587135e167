"""The Sequence of Play (§3.0): the Strategic Interphase on AM turns but turn 1, the first
player's turn, the second player's turn (the Airborne Assault Phase only in Allied turns), the
Administrative Interphase. The kernel's phase driver plays the phases; this module says how a
phase is announced and what follows it."""
from __future__ import annotations

from domain.games.air_bridge import cite, victory
from domain.games.air_bridge.effects import PhaseBegun
from domain.games.air_bridge.model import ALLIED, other
from domain.kernel.adjudication import Adjudication
from domain.kernel.core import Clock
from domain.kernel.effects import PhaseAdvanced

STRATEGIC = "strategic_interphase"
ADMIN = "administrative_interphase"
PLAYER_PHASES = ("initial", "airborne", "movement", "declaration", "refuse", "reaction", "bombardment", "maneuver",
                 "assault", "mechanized")
PHASE_NAMES = {
    STRATEGIC: "Strategic Interphase",
    "initial": "Initial Phase",
    "airborne": "Airborne Assault Phase",
    "movement": "Movement Phase",
    "declaration": "Combat Declaration Phase",
    "refuse": "Refuse Combat Phase",
    "reaction": "Defender Reaction Phase",
    "bombardment": "Bombardment Phase",
    "maneuver": "Maneuver Combat Phase",
    "assault": "Assault Phase",
    "mechanized": "Mechanized Movement Phase",
    ADMIN: "Administrative Interphase",
}
MOVEMENT_PHASES = ("movement", "mechanized")


def is_am(turn: int) -> bool:
    return turn % 2 == 1


def date(turn: int) -> str:
    """Turn 1 = 17 September AM (§18), two turns a day."""
    return f"{17 + (turn - 1) // 2} Sep {'AM' if is_am(turn) else 'PM'}"


def label(clock: Clock) -> str:
    side = f"{clock.side.capitalize()} " if clock.side else ""
    return f"Turn {clock.turn} ({date(clock.turn)}), {side}{PHASE_NAMES.get(clock.phase, clock.phase)}"


def announce(adj: Adjudication, clock: Clock) -> None:
    adj.emit(PhaseAdvanced(clock=clock, label=label(clock), cite=(cite.SEQUENCE,)), PhaseBegun())


def phases_of(side: str) -> tuple[str, ...]:
    return PLAYER_PHASES if side == ALLIED else tuple(p for p in PLAYER_PHASES if p != "airborne")


def following(adj: Adjudication, clock: Clock) -> Clock | None:
    state = adj.state
    if clock.phase == STRATEGIC:
        return Clock(turn=clock.turn, phase="initial", side=state.first)
    if clock.phase == ADMIN:
        assert adj.ruleset.pack is not None
        last = adj.ruleset.pack.scenarios[state.core.scenario].end.turn
        if clock.turn >= last:
            victory.finish(adj, "the last game turn was played")
            return None
        turn = clock.turn + 1
        if is_am(turn):
            return Clock(turn=turn, phase=STRATEGIC)
        return Clock(turn=turn, phase="initial", side=state.first)
    assert clock.side is not None
    phases = phases_of(clock.side)
    i = phases.index(clock.phase)
    if i + 1 < len(phases):
        return Clock(turn=clock.turn, phase=phases[i + 1], side=clock.side)
    if clock.side == state.first:
        return Clock(turn=clock.turn, phase="initial", side=other(clock.side))
    return Clock(turn=clock.turn, phase=ADMIN)
