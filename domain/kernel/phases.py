"""The phase driver every game shares: begin a phase, and while it holds no decision for anyone,
play it out and go on to the next.

A game hands the driver its `Phases`: what each phase does on entry (True when a player has a
decision to make there) and on exit, how a phase is announced (the clock effect and the game's own
facts), and what comes next after a phase (`following`): a fixed list of phases (Breakout &
Pursuit), a chit drawn from a cup, an impulse count. The driver never imports a game's modules,
so the game's rules modules never call back into it: an order that ends its phase says so, and
the game's ruleset calls `end_phase`.
"""
from __future__ import annotations

from typing import Callable, Mapping, NamedTuple

from domain.kernel.adjudication import Adjudication
from domain.kernel.core import Clock


class Phases(NamedTuple):
    enter: Mapping[str, Callable[[Adjudication], bool]]
    leave: Mapping[str, Callable[[Adjudication], None]]
    announce: Callable[[Adjudication, Clock], None]
    # The clock after the phase `clock` (its exit steps done), or None once the game has ended.
    following: Callable[[Adjudication, Clock], Clock | None]


def start(adj: Adjudication, phases: Phases) -> None:
    """Enter the scenario's first phase (ruled on the first command of the game)."""
    enter(adj, adj.core.clock, phases)


def enter(adj: Adjudication, clock: Clock, phases: Phases) -> None:
    """Begin a phase; if it holds no decision, play it out and go on."""
    while True:
        phases.announce(adj, clock)
        if adj.core.finished or phases.enter[clock.phase](adj):
            return
        nxt = _finish(adj, phases)
        if nxt is None:
            return
        clock = nxt


def end_phase(adj: Adjudication, phases: Phases) -> None:
    """The current phase is over: its exit steps, then the next phase."""
    nxt = _finish(adj, phases)
    if nxt is not None:
        enter(adj, nxt, phases)


def _finish(adj: Adjudication, phases: Phases) -> Clock | None:
    clock = adj.core.clock
    if clock.phase in phases.leave:
        phases.leave[clock.phase](adj)
    if adj.core.finished:
        return None
    return phases.following(adj, clock)
