"""Sequence of Play (L175-197) and Game Length (L199-212): the phases as a state machine.

Game-Turn = Allied Player-Turn (Reinforcement, Airdrop, Supply Judgement, Initial Movement,
Combat, Mechanized Movement, cleanup) then German Player-Turn (the same without the Airdrop
Phase); there are no Allied replacements (Correction L626). A phase in which the phasing player
has nothing to decide is played by the umpire at once (its automatic steps are still recorded),
so players and bots are only asked when there is a choice. Before the first Game-Turn come the
German and the Allied Set-Up (setups.py), each played only when units await set-up.

This module is the driver; what each phase does on entry and exit is the `Hooks` table that
rules.py passes in (the phase modules never call back here: an order that ends its phase says so,
and the rules end it).
"""
from __future__ import annotations

from typing import Callable, Mapping, NamedTuple

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


class Hooks(NamedTuple):
    """What each phase does: on entry (True when the phasing player has a decision to make) and on exit."""

    enter: Mapping[str, Callable[[Adjudication], bool]]
    leave: Mapping[str, Callable[[Adjudication], None]]


def start(adj: Adjudication, hooks: Hooks) -> None:
    """Enter the scenario's first phase (called by the first command of the game)."""
    enter(adj, adj.core.clock, hooks)


def enter(adj: Adjudication, clock: Clock, hooks: Hooks) -> None:
    """Begin a phase; if it holds no decision for the phasing player, play it out and go on."""
    while True:
        dates = adj.ruleset.dates(clock.turn)
        adj.emit(PhaseAdvanced(clock=clock, label=label(clock, dates), cite=(cite.SEQUENCE,)), PhaseBegun())
        if adj.core.finished or hooks.enter[clock.phase](adj):
            return
        nxt = _finish(adj, hooks)
        if nxt is None:
            return
        clock = nxt


def end_phase(adj: Adjudication, hooks: Hooks) -> None:
    """The phasing player ends the current phase (O28)."""
    nxt = _finish(adj, hooks)
    if nxt is not None:
        enter(adj, nxt, hooks)


def _finish(adj: Adjudication, hooks: Hooks) -> Clock | None:
    """Run the current phase's exit steps; return the next phase's clock, or None if the game ended."""
    clock = adj.core.clock
    if clock.phase in hooks.leave:
        hooks.leave[clock.phase](adj)
    if adj.core.finished:
        return None
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
