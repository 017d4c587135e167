"""The read side of tournaments: a tournament's page, its standings, an entrant's games (its export:
`services.export.tournament_lines`).
Nothing here writes: a game that finished since the stream last recorded it counts in the standings
as it will be recorded (`scoring.score` on its result), so they are current between sweeps."""
from __future__ import annotations

import csv
import io
from typing import Any, Callable

import msgspec

from domain.tournament.scoring import score
from domain.tournament.standings import csv_rows, standings
from domain.tournament.state import Tournament
from infra.eventstore import EventStore
from services.timekeeping import Timing
from services.tournaments import TournamentLog


class TournamentQueries:
    def __init__(self, store: EventStore, summary: Callable[[str], dict[str, Any]],
                 timing_view: Callable[[str, dict[str, Any], Timing | None], dict[str, Any]]):
        self.store = store
        self.log = TournamentLog(store)
        self._summary = summary
        self._timing_view = timing_view

    def current(self, tid: str) -> Tournament:
        """The stream's state with the games finished since it last recorded them, scored."""
        t = self.log.get(tid)
        pending = []
        for number, g in t.open_games():
            p = self.store.projection(g.id)
            if p.status == "finished":
                pending.append(score(t.created.points, number, g, msgspec.json.decode(p.summary).get("result") or {}))
        if not pending:
            return t
        return Tournament(created=t.created, entrants=t.entrants, withdrawn=t.withdrawn, rounds=t.rounds,
                          results={**t.results, **{e.game: e for e in pending}}, finished=t.finished)

    def standings(self, tid: str) -> dict[str, Any]:
        t = self.current(tid)
        return {"tournament": tid, "rounds": len(t.rounds), "finished": t.finished, "tiebreaks": list(t.created.tiebreaks),
                "standings": standings(t)}

    def standings_csv(self, tid: str) -> str:
        t = self.current(tid)
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows(csv_rows(standings(t), t.created.tiebreaks))
        return out.getvalue()

    def body(self, tid: str) -> dict[str, Any]:
        version, recorded = self.log.load(tid)
        t = self.current(tid)
        head = self.store.head(tid)
        c = t.created
        rounds = []
        for r in t.rounds:
            games = []
            for g in r.games:
                s = self._summary(g.id)
                games.append({"id": g.id, "seats": g.seats, "scenario": g.scenario, "status": s["status"],
                              "turn": s["turn"], "label": s["label"], "to_act": s["to_act"],
                              "to_act_entrants": [g.seats[x] for x in s["to_act"] if x in g.seats],
                              **self._clock(g.id, c, s),
                              "result": s["result"], "recorded": g.id in recorded.results})
            rounds.append({"round": r.round, "byes": list(r.byes), "manual": r.manual, "games": games})
        return {"id": tid, "name": c.name, "scenario": c.scenario, "format": c.format, "double": c.double,
                "rounds_planned": t.planned_rounds(), "points": c.points, "tiebreaks": list(c.tiebreaks),
                "entrants": [{"id": e.entrant, "name": e.name, "kind": e.kind, "rating": e.rating,
                              "withdrawn": e.entrant in t.withdrawn} for e in t.entrants.values()],
                "rounds": rounds, "finished": t.finished, "version": version,
                "time_control": msgspec.to_builtins(c.time_control), "deadline_policy": msgspec.to_builtins(c.deadline_policy),
                "head_link": head.link.hex() if head else None}

    def _clock(self, game_id: str, c: Any, summary: dict[str, Any]) -> dict[str, Any]:
        """`time_left` and `banks` of a game (services/queries.py `timing_view`): the game's genesis
        says its time control; a game paired before genesis carried one runs on the tournament's."""
        if "time_left" in summary:
            return {"time_left": summary["time_left"], "banks": summary["banks"]}
        fallback = Timing(c.time_control, c.deadline_policy) if c.time_control is not None else None
        return self._timing_view(game_id, summary, fallback)

    def game_clock(self, tid: str, game_id: str) -> dict[str, Any]:
        return self._clock(game_id, self.log.get(tid).created, self._summary(game_id))

    def entrant_games(self, tid: str, entrant: str) -> dict[str, tuple[str, ...]]:
        """game id -> the seats the entrant holds in it."""
        return self.log.get(tid).entrant_games(entrant)
