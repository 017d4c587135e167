"""Time banks with increment (issue 20, item 5; house rule umpire-clock): each seat's bank is a fold
of the kernel's `clock.started` / `clock.stopped` effects at the times the log recorded them, the
increment once per turn, and `clock.extended`. A turn is charged from the ruling that started the
clock to the command that ended the turn (not to its ruling: the umpire's own delay is nobody's)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import msgspec

from infra.eventstore import StoredEvent
from services.timekeeping import Banks, parse_time

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


class Log:
    """A game's log as the store gives it back, with the times chosen by the test."""

    def __init__(self):
        self.events: list[StoredEvent] = []

    def add(self, at: float, type_: str, data: dict | None = None, adjudicates: int | None = None) -> int:
        version = len(self.events) + 1
        when = (T0 + timedelta(seconds=at)).isoformat().replace("+00:00", "Z")
        self.events.append(StoredEvent(game_id="g", version=version, position=version, type=type_, schema_version=1,
                                       visibility="public", data=msgspec.json.encode(data or {"type": type_}),
                                       metadata=b"{}", salt=b"", link=b"", adjudicates=adjudicates, recorded_at=when))
        return version

    def ruled(self, at: float, command: int, *effects: tuple[str, str]) -> None:
        self.add(at, "ruling", {"verdict": "accepted"}, adjudicates=command)
        for type_, seat in effects:
            self.add(at, type_, {"type": type_, "seat": seat})


def t(at: float) -> float:
    return T0.timestamp() + at


def banks(log: Log, bank: float = 60, increment: float = 5) -> Banks:
    b = Banks(bank_seconds=bank, increment_seconds=increment, seats=("red", "blue"))
    b.feed(log.events)
    return b


def begun(log: Log) -> None:
    genesis = log.add(0, "game.created")
    log.ruled(1, genesis, ("clock.started", "red"))


def test_a_running_clock_charges_the_seat_to_act_only():
    log = Log()
    begun(log)
    b = banks(log)
    assert b.remaining("red", t(11)) == 50 and b.remaining("blue", t(11)) == 60
    assert b.due() == {"red": t(61)}


def test_a_turn_is_charged_up_to_the_seat_s_command_and_credited_the_increment():
    log = Log()
    begun(log)
    order = log.add(21, "order.submitted")  # red acts 20 s after its clock started
    log.ruled(24, order, ("clock.stopped", "red"), ("clock.started", "blue"))  # ruled 3 s later
    b = banks(log)
    assert b.left["red"] == 60 - 20 + 5  # the umpire's 3 s are not red's
    assert b.remaining("red", t(100)) == 45  # stopped: no longer charged
    assert b.due() == {"blue": t(24 + 60)}  # blue's clock runs from when it could know


def test_a_bank_run_out_is_not_carried_over_below_zero():
    log = Log()
    begun(log)
    late = log.add(75, "system.command")  # the deadline command, the tick 14 s after red's bank ran out
    log.ruled(75, late, ("clock.stopped", "red"))
    assert banks(log).left["red"] == 0 + 5


def test_an_extension_goes_to_its_seat_or_to_every_running_clock():
    log = Log()
    begun(log)
    log.add(2, "clock.extended", {"type": "clock.extended", "seconds": 30, "seat": None, "by": "organiser:o"})
    log.add(3, "clock.extended", {"type": "clock.extended", "seconds": 10, "seat": "blue", "by": "organiser:o"})
    b = banks(log)
    assert b.left == {"red": 90, "blue": 70}
    assert b.due() == {"red": t(91)}


def test_the_fold_goes_on_from_where_it_stopped():
    log = Log()
    begun(log)
    whole = banks(log)
    b = Banks(bank_seconds=60, increment_seconds=5, seats=("red", "blue"))
    b.feed(log.events[:1])
    b.feed(log.events[1:])
    assert (b.left, b.running, b.version) == (whole.left, whole.running, whole.version)


def test_two_seats_to_act_at_once_each_run_their_own_clock():
    log = Log()
    genesis = log.add(0, "game.created")
    log.ruled(1, genesis, ("clock.started", "red"), ("clock.started", "blue"))
    sealed = log.add(11, "order.submitted")
    log.ruled(11, sealed, ("clock.stopped", "red"))
    b = banks(log, increment=0)
    assert b.left["red"] == 50 and b.remaining("blue", t(31)) == 30
    assert parse_time(log.events[-1].recorded_at) == t(11)
