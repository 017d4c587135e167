"""Sequence of Play (L175-197) and Game Length (L199-212): the phases as a state machine.

Game-Turn = Allied Player-Turn (Reinforcement, Airdrop, Supply Judgement, Initial Movement,
Combat, Mechanized Movement, cleanup) then German Player-Turn (the same without the Airdrop
Phase); there are no Allied replacements (Correction L626). A phase in which the phasing player
has nothing to decide is played by the umpire at once (its automatic steps are still recorded),
so players and bots are only asked when there is a choice. Before the first Game-Turn come the
German and the Allied Set-Up (setups.py), each played only when units await set-up.

The kernel's phase driver (kernel/phases.py) plays the phases; this module says how a phase is
announced and what follows it (`announce`, `following`); rules.py hands both to the driver with
the table of what each phase does (`rules.PHASE_TABLE`).
"""
from __future__ import annotations

from domain.games.breakout_pursuit import cite, victory
from domain.games.breakout_pursuit.effects import PhaseBegun, PlayerTurnEnded
from domain.games.breakout_pursuit.model import ALLIED, GERMAN
from domain.kernel.adjudication import Adjudication
from domain.kernel.core import Clock
from domain.kernel.effects import PhaseAdvanced

PHASES = {
    ALLIED: ("reinforcement", "airdrop", "supply", "initial_movement", "combat", "mechanized_movement"),
    GERMAN: ("reinforcement", "supply", "initial_movement", "combat", "mechanized_movement"),
}
PHASE_NAMES = {
    "setup": "Set-Up",
    "reinforcement": "Reinforcement & Replacement Phase",
    "airdrop": "Airdrop Phase",
    "supply": "Supply Judgement Phase",
    "initial_movement": "Initial Movement Phase",
    "combat": "Combat Phase",
    "mechanized_movement": "Mechanized Movement Phase",
}
MOVEMENT_PHASES = ("initial_movement", "mechanized_movement")
SETUP = "setup"  # before the first Game-Turn: the German Set-Up, then the Allied Set-Up (Setting Up, L678)


def label(clock: Clock, dates: str = "") -> str:
    when = f" ({dates})" if dates else ""
    if clock.phase == SETUP:
        return f"{(clock.side or '').capitalize()} Set-Up, before Game-Turn {clock.turn}{when}"
    side = f"{clock.side.capitalize()} " if clock.side else ""
    return f"Game-Turn {clock.turn}{when}, {side}{PHASE_NAMES.get(clock.phase, clock.phase)}"


def announce(adj: Adjudication, clock: Clock) -> None:
    """A phase begins: the clock and its label, with the dates of its Game-Turn."""
    dates = adj.ruleset.dates(clock.turn)
    adj.emit(PhaseAdvanced(clock=clock, label=label(clock, dates), cite=(cite.SEQUENCE,)), PhaseBegun())


def following(adj: Adjudication, clock: Clock) -> Clock | None:
    """What comes after the phase `clock`: the next phase of the Player-Turn; at the end of a
    Player-Turn its victory checks, then the other player's turn or the next Game-Turn; None once
    the game has ended."""
    if clock.phase == SETUP:  # the German player sets up first, then the Allied player (Setting Up, L678)
        if clock.side == GERMAN:
            return Clock(turn=clock.turn, phase=SETUP, side=ALLIED)
        return Clock(turn=clock.turn, phase=PHASES[ALLIED][0], side=ALLIED)
    phases = PHASES[clock.side]
    i = phases.index(clock.phase)
    if i + 1 < len(phases):
        return Clock(turn=clock.turn, phase=phases[i + 1], side=clock.side)
    adj.emit(PlayerTurnEnded(side=clock.side, cite=(cite.SEQUENCE,)))
    victory.end_of_player_turn(adj, clock.side)
    if adj.core.finished:
        return None
    if clock.side == ALLIED:
        return Clock(turn=clock.turn, phase=PHASES[GERMAN][0], side=GERMAN)
    if clock.turn >= adj.ruleset.last_turn(adj.state):
        victory.finish(adj, "the last Game-Turn was played")
        return None
    return Clock(turn=clock.turn + 1, phase=PHASES[ALLIED][0], side=ALLIED)
