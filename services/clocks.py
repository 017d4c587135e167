"""Tournament clocks (issue 20, item 5): deadlines that live in the log, and the tick that enforces them.

A game of a tournament with `time_control.phase_seconds` gives each seat to act that long from
the game's last event (a ruling, a key revealed) to answer, plus every `clock.extended` granted
since (POST /v1/games/{id}/add-time). When the deadline passes with no command of the seat's in
the log, the tick appends `{"type": "deadline", ...}` naming the seats, the deadline and the
tournament's policy, and the umpire rules it (`deadline.missed`, then the default answer or a
forfeit: domain/kernel/game.py). Everything is read from the log's recorded times, so a deadline
survives a restart of any process; the command's Idempotency-Key is the game's version, so two
ticks (beat and a second scheduler, or a tick retried) append it once.

The tick runs on Celery beat in server mode (`umpire.tournaments`) and on the embedded runner's
own thread in `make run` mode (`services.worker.ticker`). Each tick also records the games that
finished in each tournament and, for a tournament with `auto_rounds`, pairs the next round once
the last one is over: an organiser's tournament runs unattended.
"""
from __future__ import annotations

import logging
import time
from datetime import datetime, timezone
from typing import Callable

import msgspec

from domain.kernel.commands import DeadlineReached
from domain.kernel.log import COMMAND_TYPES
from domain.tournament.events import DeadlinePolicy
from infra.eventstore import Conflict, StoredEvent
from services.tournaments import TournamentError, Tournaments

log = logging.getLogger("umpire.clocks")
SYSTEM = "system:clock"
WINDOW = 50  # events read back from the head to find the clock's start (clock.extended events after it)


class Extended(msgspec.Struct, frozen=True, kw_only=True):
    """The data of a `clock.extended` event in a game's log."""

    seconds: float
    seat: str | None = None  # None: whoever is to act
    by: str = ""
    type: str = "clock.extended"  # as every event's data, it names its type


def parse_time(text: str) -> float:
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def deadline_of(events: list[StoredEvent], phase_seconds: float, to_act: list[str]) -> tuple[float, int]:
    """(the deadline, the version it runs from): the last event that is not an extension, plus the phase,
    plus the extensions granted after it to a seat to act (or to whoever is)."""
    extra = 0.0
    for e in reversed(events):
        if e.type != "clock.extended":
            return parse_time(e.recorded_at) + phase_seconds + extra, e.version
        x = msgspec.json.decode(e.data, type=Extended)
        if x.seat is None or x.seat in to_act:
            extra += x.seconds
    raise ValueError("a game's log starts with its genesis, never an extension")


class Clocks:
    def __init__(self, tournaments: Tournaments, *, now: Callable[[], float] = time.time):
        self.tournaments = tournaments
        self.games = tournaments.games
        self.store = tournaments.store
        self.now = now

    def tick(self) -> list[str]:
        """One pass over every tournament; returns the games it appended a command to (to nudge)."""
        touched: list[str] = []
        for tid in self.store.projections_by_status("tournament", limit=100_000):
            try:
                touched += self._tournament(tid)
            except Conflict:
                pass  # the tournament or a game moved under the tick: the next tick looks again
            except Exception:
                log.exception("tick of tournament %s failed; the next tick retries", tid)
        return touched

    def _tournament(self, tid: str) -> list[str]:
        self.tournaments.record_finished(tid)
        t = self.tournaments.log.get(tid)
        if t.finished:
            return []
        touched = []
        tc = t.created.time_control
        if tc is not None and tc.phase_seconds is not None:
            for _, g in t.open_games():
                if self._deadline(g.id, tc.phase_seconds, t.created.deadline_policy):
                    touched.append(g.id)
        if t.created.auto_rounds and t.rounds and not t.open_games():
            try:
                r, _ = self.tournaments.pair_round(tid, principal=SYSTEM, key=f"auto-round-{len(t.rounds) + 1}")
                touched += [g.id for g in r.games]
            except TournamentError as e:
                if e.code not in ("no_more_rounds", "round_open"):
                    log.warning("tournament %s: round not paired: %s", tid, e)
        return touched

    def _deadline(self, game_id: str, phase_seconds: float, policy: DeadlinePolicy) -> bool:
        proj = self.store.projection(game_id)
        head = self.store.head(game_id)
        if proj.status != "active" or head is None:
            return False
        if proj.version < head.version and any(e.type in COMMAND_TYPES for e in self.store.read(game_id, after=proj.version)):
            return False  # a command is waiting to be ruled: nobody is late yet (an extension is no command)
        to_act = msgspec.json.decode(proj.summary).get("to_act", []) if proj.summary not in (b"", b"{}") else []
        if not to_act:
            return False
        events = self.store.read(game_id, after=max(0, head.version - WINDOW), upto=head.version)
        due, since = deadline_of(events, phase_seconds, to_act)
        if self.now() < due:
            return False
        misses: dict[str, int] = {}
        if policy.on_miss == "forfeit":
            for e in self.store.read(game_id, upto=head.version):
                if e.type == "deadline.missed":
                    seat = msgspec.json.decode(e.data).get("seat")
                    misses[seat] = misses.get(seat, 0) + 1
        command = DeadlineReached(seats=tuple(to_act), deadline=iso(due), policy=policy.on_miss,
                                  forfeit_after=policy.forfeit_after if policy.on_miss == "forfeit" else 0,
                                  misses={s: misses.get(s, 0) for s in to_act} if policy.on_miss == "forfeit" else {})
        self.games.submit_command(game_id, command, principal=SYSTEM, key=f"deadline:{game_id}:{since}")
        log.info("game %s: deadline %s passed for %s (%s)", game_id, iso(due), to_act, policy.on_miss)
        return True


def remaining(events: list[StoredEvent], phase_seconds: float, to_act: list[str], now: float) -> float:
    """Seconds left before the deadline (negative: passed), for the tournament page."""
    due, _ = deadline_of(events, phase_seconds, to_act)
    return due - now

