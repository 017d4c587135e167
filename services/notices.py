"""What an entrant (or a seat) is told without polling (issue 20, item 6): `round_paired`,
`game_started`, `your_turn` (game, seat, deadline), `game_finished` and `tournament_finished`, each once, with a key that
names it (`your_turn:<game>:<version>`), so a reconnecting reader or a second delivery can tell a
notice it has seen. A `Watch` derives them from the tournament's stream and the games' summaries:
it reads, it never writes. `GET /v1/me/stream` sends them as Server-Sent Events."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from services.timekeeping import iso
from services.queries import Queries


@dataclass
class Notice:
    kind: str
    key: str
    data: dict[str, Any]


@dataclass
class Watch:
    """The notices of one reader: an entrant of a tournament, or the seat of one game."""

    queries: Queries
    tournament_id: str | None = None
    entrant_id: str | None = None
    game_id: str | None = None
    seat: str | None = None
    seen: set[str] = field(default_factory=set)

    def poll(self) -> list[Notice]:
        out: list[Notice] = []
        games: dict[str, tuple[str, ...]] = {}
        finished = False
        if self.tournament_id is not None and self.entrant_id is not None:
            t = self.queries.tournaments.log.get(self.tournament_id)
            for r in t.rounds:
                mine = [g for g in r.games if self.entrant_id in g.sides]
                out.append(Notice("round_paired", f"round_paired:{self.tournament_id}:{r.round}", {
                    "tournament": self.tournament_id, "round": r.round, "bye": self.entrant_id in r.byes,
                    "games": [{"id": g.id, "seats": [s for s, e in g.seats.items() if e == self.entrant_id],
                               "side": g.sides[self.entrant_id]} for g in mine]}))
            games = t.entrant_games(self.entrant_id)
            finished = t.finished
        elif self.tournament_id is not None:  # the organiser: every round and game, nobody's turn
            t = self.queries.tournaments.log.get(self.tournament_id)
            for r in t.rounds:
                out.append(Notice("round_paired", f"round_paired:{self.tournament_id}:{r.round}", {
                    "tournament": self.tournament_id, "round": r.round, "byes": list(r.byes),
                    "games": [{"id": g.id, "seats": g.seats} for g in r.games]}))
            games = {g.id: () for r in t.rounds for g in r.games}
            finished = t.finished
        elif self.game_id is not None and self.seat is not None:
            games = {self.game_id: (self.seat,)}
        for game_id, seats in games.items():
            s = self.queries.summary(game_id)
            if s["adjudicated_version"] >= 1:
                out.append(Notice("game_started", f"game_started:{game_id}", {"game": game_id, "seats": list(seats)}))
            if s["status"] == "finished":
                out.append(Notice("game_finished", f"game_finished:{game_id}", {"game": game_id, "result": s["result"]}))
            elif s["status"] == "active":
                for seat in seats:
                    if seat in s["to_act"]:
                        out.append(Notice("your_turn", f"your_turn:{game_id}:{s['version']}:{seat}", {
                            "game": game_id, "seat": seat, "version": s["version"], "turn": s["turn"],
                            "phase": s["phase"], "deadline": self._deadline(game_id, seat)}))
        if finished:  # last: a reader may stop here
            out.append(Notice("tournament_finished", f"tournament_finished:{self.tournament_id}",
                              {"tournament": self.tournament_id}))
        fresh = [n for n in out if n.key not in self.seen]
        self.seen.update(n.key for n in fresh)
        return fresh

    def _deadline(self, game_id: str, seat: str) -> str | None:
        """When the seat's time runs out (ISO-8601 UTC), where the game is timed: its own bank's
        end under a bank, the phase's deadline under phase deadlines."""
        clock = (self.queries.tournaments.game_clock(self.tournament_id, game_id) if self.tournament_id is not None
                 else self.queries.summary(game_id))
        banks, left = clock.get("banks"), clock.get("time_left")
        if banks and seat in banks:
            left = banks[seat]
        return iso(time.time() + left) if left is not None else None
