"""How much time each seat of a timed game has, read from its log (issue 20, item 5). Nothing here
writes: the tick (services/clocks.py) appends the deadline commands, the views show the figures.

A game is timed by its genesis (`time_control`, `deadline_policy`: a tournament's, or POST
/v1/games'); a tournament game created before genesis carried them falls back on its tournament's.

- `phase_seconds`: whoever is to act has that long from the game's last logged event (a ruling, a
  key revealed), plus every `clock.extended` granted since.
- `bank_seconds` + `increment_seconds`: each seat's bank is a fold of its `clock.started` /
  `clock.stopped` effects (ruled by the kernel: domain/kernel/game.py) at the times the log
  recorded them, and of `clock.extended`. A seat's clock starts when the ruling that made it a
  seat to act was recorded (when it could first know) and stops when the command that ended its
  turn was recorded (when it acted, not when the umpire got round to ruling it); the bank is charged
  the time between, never below zero (a miss is ruled, not carried over), and credited the increment
  once per turn. An extension with no seat goes to every seat whose clock is running.

Everything comes from recorded times, so the figures survive a restart of any process.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Iterable

import msgspec

from domain.kernel.log import COMMAND_TYPES
from domain.kernel.timecontrol import DeadlinePolicy, TimeControl
from infra.eventstore import StoredEvent

WINDOW = 50  # events read back from the head to find a phase's start (clock.extended events after it)


class Extended(msgspec.Struct, frozen=True, kw_only=True):
    """The data of a `clock.extended` event in a game's log."""

    seconds: float
    seat: str | None = None  # None: whoever is to act
    by: str = ""
    type: str = "clock.extended"  # as every event's data, it names its type


class _Seat(msgspec.Struct, frozen=True):
    seat: str


def parse_time(text: str) -> float:
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def deadline_of(events: list[StoredEvent], phase_seconds: float, to_act: list[str]) -> tuple[float, int]:
    """Under `phase_seconds`: (the deadline, the version it runs from): the last event that is not
    an extension, plus the phase, plus the extensions granted after it to a seat to act (or to whoever is)."""
    extra = 0.0
    for e in reversed(events):
        if e.type != "clock.extended":
            return parse_time(e.recorded_at) + phase_seconds + extra, e.version
        x = msgspec.json.decode(e.data, type=Extended)
        if x.seat is None or x.seat in to_act:
            extra += x.seconds
    raise ValueError("a game's log starts with its genesis, never an extension")


@dataclass
class Banks:
    """Every seat's bank, folded from a game's log up to `version` (feed it the events after)."""

    bank_seconds: float
    increment_seconds: float
    seats: tuple[str, ...]
    left: dict[str, float] = field(default_factory=dict)  # seat -> seconds banked (at its clock's start, if running)
    running: dict[str, float] = field(default_factory=dict)  # seat -> when its clock started
    version: int = 0
    _commands: dict[int, str] = field(default_factory=dict)  # command version -> recorded_at, until ruled
    _acted: float | None = None  # when the command whose ruling is being read was recorded

    def __post_init__(self) -> None:
        self.left = {s: self.bank_seconds for s in self.seats} | self.left

    def feed(self, events: Iterable[StoredEvent]) -> None:
        for e in events:
            self.version = e.version
            if e.type in COMMAND_TYPES:
                self._commands[e.version] = e.recorded_at
            elif e.type == "ruling" and e.adjudicates is not None:
                self._acted = parse_time(self._commands.pop(e.adjudicates, e.recorded_at))
            elif e.type == "clock.started":
                self.running[msgspec.json.decode(e.data, type=_Seat).seat] = parse_time(e.recorded_at)
            elif e.type == "clock.stopped":
                self._stop(msgspec.json.decode(e.data, type=_Seat).seat, e)
            elif e.type == "clock.extended":
                x = msgspec.json.decode(e.data, type=Extended)
                for seat in [x.seat] if x.seat is not None else list(self.running):
                    self.left[seat] = self.left.get(seat, 0.0) + x.seconds

    def _stop(self, seat: str, e: StoredEvent) -> None:
        started = self.running.pop(seat, None)
        if started is None:
            return
        stopped = max(started, self._acted if self._acted is not None else parse_time(e.recorded_at))
        self.left[seat] = max(0.0, self.left.get(seat, 0.0) - (stopped - started)) + self.increment_seconds

    def remaining(self, seat: str, now: float) -> float:
        """Seconds left in `seat`'s bank now (negative: it ran out and the tick is due)."""
        left = self.left.get(seat, 0.0)
        return left - (now - self.running[seat]) if seat in self.running else left

    def due(self) -> dict[str, float]:
        """seat -> when its bank runs out, for every seat whose clock is running."""
        return {s: t + self.left.get(s, 0.0) for s, t in self.running.items()}


@dataclass(frozen=True)
class Timing:
    time_control: TimeControl
    policy: DeadlinePolicy


class Timekeeper:
    """The time control of each game and its banks, folded incrementally (one per process)."""

    def __init__(self, games: Any):
        self.games = games
        self.store = games.store
        self._banks: dict[str, Banks] = {}

    def timing(self, game_id: str, fallback: Timing | None = None) -> Timing | None:
        g = self.games.context(game_id).genesis
        if isinstance(g.time_control, TimeControl):
            policy = g.deadline_policy if isinstance(g.deadline_policy, DeadlinePolicy) else DeadlinePolicy()
            return Timing(g.time_control, policy)
        return fallback

    def banks(self, game_id: str, tc: TimeControl, upto: int) -> Banks:
        """The banks after event `upto` (read on from the last fold of them)."""
        b = self._banks.get(game_id)
        if b is None or b.version > upto:
            seats = self.games.context(game_id).genesis.layout.seat_ids()
            b = Banks(bank_seconds=tc.bank_seconds or 0.0, increment_seconds=tc.increment_seconds or 0.0, seats=seats)
            self._banks[game_id] = b
        if b.version < upto:
            b.feed(self.store.read(game_id, after=b.version, upto=upto))
        return b

    def due(self, game_id: str, timing: Timing, to_act: list[str], head: int) -> tuple[float, tuple[str, ...], int]:
        """(when the first deadline falls, the seats whose deadline it is, the version it runs from)."""
        tc = timing.time_control
        if tc.phase_seconds is not None:
            events = self.store.read(game_id, after=max(0, head - WINDOW), upto=head)
            at, since = deadline_of(events, tc.phase_seconds, to_act)
            return at, tuple(to_act), since
        due = self.banks(game_id, tc, head).due()
        if not due:
            return float("inf"), (), head
        first = min(due.values())
        return first, tuple(s for s, t in due.items() if t <= first), head

    def out_of_time(self, game_id: str, timing: Timing, to_act: list[str], head: int, now: float
                    ) -> tuple[float, tuple[str, ...], int] | None:
        """The deadline that has passed by `now`, with every seat it caught, or None."""
        first, seats, since = self.due(game_id, timing, to_act, head)
        if now < first:
            return None
        if timing.time_control.banked:
            due = self.banks(game_id, timing.time_control, head).due()
            seats = tuple(s for s, t in due.items() if t <= now)
        return first, seats, since

    def time_left(self, game_id: str, timing: Timing, to_act: list[str], head: int, now: float) -> float:
        """Seconds before the first deadline of whoever is to act (negative: passed, the tick is due)."""
        return self.due(game_id, timing, to_act, head)[0] - now

    def remaining(self, game_id: str, timing: Timing, head: int, now: float) -> dict[str, float] | None:
        """Under a bank: seat -> seconds left in its bank now; None under phase deadlines."""
        tc = timing.time_control
        if not tc.banked:
            return None
        b = self.banks(game_id, tc, head)
        return {s: round(b.remaining(s, now), 1) for s in b.seats}
