"""Clocks (issue 20, item 5): the tick that enforces every timed game's deadlines, and runs
tournaments unattended.

A game is timed by its genesis (services/timekeeping.py says how the deadlines and banks are read
from the log). When a deadline passes, or a seat's bank runs out, with no command waiting to be
ruled, the tick appends `{"type": "deadline", ...}` naming the seats out of time, the deadline and
the game's policy, and the umpire rules it (`deadline.missed`, then the default answer or a
forfeit: domain/kernel/game.py). Everything is read from the log's recorded times, so a deadline
survives a restart of any process; the command's Idempotency-Key names the version the deadline
runs from, so two ticks (beat and a second scheduler, or a tick retried) append it once.

The tick runs on Celery beat in server mode (`umpire.tournaments`) and on the embedded runner's
own thread in `make run` mode (`services.worker.ticker`). Each tick also records the games that
finished in each tournament and, for a tournament with `auto_rounds`, pairs the next round once
the last one is over: an organiser's tournament runs unattended.
"""
from __future__ import annotations

import logging
import time
from typing import Callable

import msgspec

from domain.kernel.commands import DeadlineReached
from domain.kernel.log import COMMAND_TYPES
from infra.eventstore import Conflict
from services.timekeeping import Timekeeper, Timing, iso
from services.tournaments import TournamentError, Tournaments

log = logging.getLogger("umpire.clocks")
SYSTEM = "system:clock"
ACTIVE_LIMIT = 100_000  # active games looked at per tick


class Clocks:
    def __init__(self, tournaments: Tournaments, *, now: Callable[[], float] = time.time):
        self.tournaments = tournaments
        self.games = tournaments.games
        self.store = tournaments.store
        self.keeper = Timekeeper(tournaments.games)
        self.now = now

    def tick(self) -> list[str]:
        """One pass over every tournament, then every other timed game; returns the games it
        appended a command to (to nudge)."""
        touched: list[str] = []
        seen: set[str] = set()
        for tid in self.store.projections_by_status("tournament", limit=100_000):
            try:
                touched += self._tournament(tid, seen)
            except Conflict:
                pass  # the tournament or a game moved under the tick: the next tick looks again
            except Exception:
                log.exception("tick of tournament %s failed; the next tick retries", tid)
        for game_id in self.store.projections_by_status("active", limit=ACTIVE_LIMIT):
            if game_id in seen:
                continue
            try:
                timing = self.keeper.timing(game_id)
                if timing is not None and self._deadline(game_id, timing):
                    touched.append(game_id)
            except Conflict:
                pass
            except Exception:
                log.exception("tick of game %s failed; the next tick retries", game_id)
        return touched

    def _tournament(self, tid: str, seen: set[str]) -> list[str]:
        self.tournaments.record_finished(tid)
        t = self.tournaments.log.get(tid)
        if t.finished:
            return []
        touched = []
        c = t.created
        fallback = Timing(c.time_control, c.deadline_policy) if c.time_control is not None else None
        for _, g in t.open_games():
            seen.add(g.id)
            timing = self.keeper.timing(g.id, fallback)
            if timing is not None and self._deadline(g.id, timing):
                touched.append(g.id)
        if c.auto_rounds and t.rounds and not t.open_games():
            try:
                r, _ = self.tournaments.pair_round(tid, principal=SYSTEM, key=f"auto-round-{len(t.rounds) + 1}")
                touched += [g.id for g in r.games]
            except TournamentError as e:
                if e.code not in ("no_more_rounds", "round_open"):
                    log.warning("tournament %s: round not paired: %s", tid, e)
        return touched

    def _deadline(self, game_id: str, timing: Timing) -> bool:
        proj = self.store.projection(game_id)
        head = self.store.head(game_id)
        if proj.status != "active" or head is None:
            return False
        if proj.version < head.version and any(e.type in COMMAND_TYPES for e in self.store.read(game_id, after=proj.version)):
            return False  # a command is waiting to be ruled: nobody is late yet (an extension is no command)
        to_act = msgspec.json.decode(proj.summary).get("to_act", []) if proj.summary not in (b"", b"{}") else []
        if not to_act:
            return False
        late = self.keeper.out_of_time(game_id, timing, to_act, head.version, self.now())
        if late is None or not late[1]:
            return False
        due, seats, since = late
        policy = timing.policy
        misses: dict[str, int] = {}
        if policy.on_miss == "forfeit":
            for e in self.store.read(game_id, upto=head.version):
                if e.type == "deadline.missed":
                    seat = msgspec.json.decode(e.data).get("seat")
                    misses[seat] = misses.get(seat, 0) + 1
        command = DeadlineReached(seats=seats, deadline=iso(due), policy=policy.on_miss,
                                  forfeit_after=policy.forfeit_after if policy.on_miss == "forfeit" else 0,
                                  misses={s: misses.get(s, 0) for s in seats} if policy.on_miss == "forfeit" else {})
        self.games.submit_command(game_id, command, principal=SYSTEM, key=f"deadline:{game_id}:{since}")
        log.info("game %s: deadline %s passed for %s (%s)", game_id, iso(due), seats, policy.on_miss)
        return True
