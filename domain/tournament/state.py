"""A tournament as the fold of its stream (`domain.tournament.events`): who is entered, the rounds
paired, the games finished. Pure; the service folds the stored events through `fold`."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from domain.tournament.events import (
    EntrantRegistered, EntrantWithdrawn, Event, GameFinishedInTournament, PairedGame, RoundPaired, TournamentCreated,
    TournamentFinished,
)
from domain.tournament.pairing import round_robin


@dataclass
class Tournament:
    created: TournamentCreated
    entrants: dict[str, EntrantRegistered] = field(default_factory=dict)  # in registration order
    withdrawn: dict[str, EntrantWithdrawn] = field(default_factory=dict)
    rounds: list[RoundPaired] = field(default_factory=list)
    results: dict[str, GameFinishedInTournament] = field(default_factory=dict)  # by game id
    finished: bool = False

    @property
    def id(self) -> str:
        return self.created.id

    def games(self) -> dict[str, tuple[int, PairedGame]]:
        return {g.id: (r.round, g) for r in self.rounds for g in r.games}

    def open_games(self) -> list[tuple[int, PairedGame]]:
        return [(r.round, g) for r in self.rounds for g in r.games if g.id not in self.results]

    def active(self) -> list[str]:
        return [e for e in self.entrants if e not in self.withdrawn]

    def schedule(self) -> list[list[Any]]:
        """A round robin's rounds, fixed by the entrants registered when round 1 is paired."""
        first = self.rounds[0] if self.rounds else None
        entrants = (sorted({e for g in first.games for e in g.sides} | set(first.byes),
                           key=list(self.entrants).index) if first else list(self.entrants))
        return round_robin(entrants, double=self.created.double)

    def planned_rounds(self) -> int:
        if self.created.format == "swiss":
            return self.created.rounds or 0
        return len(self.schedule()) if len(self.entrants) >= 2 else 0

    def scenario_of(self, round_number: int) -> str:
        scenarios = self.created.scenarios
        return scenarios[(round_number - 1) % len(scenarios)] if scenarios else self.created.scenario

    def entrant_games(self, entrant: str) -> dict[str, tuple[str, ...]]:
        """game id -> the seats this entrant holds in it (every seat of its side)."""
        return {g.id: tuple(s for s, e in g.seats.items() if e == entrant)
                for r in self.rounds for g in r.games if entrant in g.sides}


def fold(events: Iterable[Event]) -> Tournament:
    it = iter(events)
    first = next(it)
    if not isinstance(first, TournamentCreated):
        raise ValueError("a tournament stream starts with tournament.created")
    t = Tournament(created=first)
    for e in it:
        apply(t, e)
    return t


def apply(t: Tournament, e: Event) -> None:
    if isinstance(e, EntrantRegistered):
        t.entrants[e.entrant] = e
    elif isinstance(e, EntrantWithdrawn):
        t.withdrawn[e.entrant] = e
    elif isinstance(e, RoundPaired):
        t.rounds.append(e)
    elif isinstance(e, GameFinishedInTournament):
        t.results[e.game] = e
    elif isinstance(e, TournamentFinished):
        t.finished = True
    else:
        raise ValueError(f"not an event after the first: {type(e).__name__}")
