"""Clocks as umpire events (issue 20, item 5; house rule umpire-clock): in a game whose genesis has a
time control, the kernel's rulings record `clock.started` when they make a seat one to act and
`clock.stopped` when they end its turn, for every ruleset; a game without one rules exactly as before."""
from __future__ import annotations

import msgspec

from domain.games.sandbox import SANDBOX_PACK, SANDBOX_V2
from domain.games.sandbox.model import EndPhase, Move
from domain.kernel import game, log
from domain.kernel.commands import Accepted, DeadlineReached, EndRequested, Undo
from domain.kernel.effects import ClockStarted, ClockStopped, UndoRecorded
from domain.kernel.session import Session
from domain.kernel.timecontrol import TimeControl
from tests.unit.sandbox.test_skirmish import Script, bids, deployed

BANK = TimeControl(bank_seconds=60, increment_seconds=5)


def session(tc: TimeControl | None = BANK) -> Session:
    s = Session(SANDBOX_V2, SANDBOX_PACK, "1", dice=Script(), time_control=tc)
    s.script = s.dice
    return s


def ready(tc: TimeControl | None = BANK) -> Session:
    """Deployed and bid: blue has the initiative, its two seats move (the Blue Movement Phase)."""
    s = session(tc)
    bids(deployed(s))
    return s


def clocks(ruling) -> list[tuple[str, str]]:
    assert isinstance(ruling, Accepted), ruling
    return [(e.__struct_config__.tag, e.seat) for e in ruling.effects if isinstance(e, (ClockStarted, ClockStopped))]


def test_the_genesis_ruling_starts_the_clock_of_every_seat_to_act_cited():
    s = session()
    assert clocks(s.begun) == [("clock.started", seat) for seat in s.to_act()]
    started = [e for e in s.begun.effects if isinstance(e, ClockStarted)]
    assert all(c.name == "umpire-clock" for e in started for c in e.cite)


def test_an_order_that_ends_a_turn_stops_its_clock_and_starts_the_next_seat_s():
    s = ready()
    blue = s.to_act()
    assert clocks(s.submit(blue[0], EndPhase())) == [("clock.stopped", blue[0])]  # the other blue seat still moves
    # The last one ends the phase: the Blue Combat Phase makes both blue seats to act again. A seat
    # that stays to act keeps its clock running (its turn goes on); the one that had ended starts again.
    assert clocks(s.submit(blue[1], EndPhase())) == [("clock.started", blue[0])]
    assert s.to_act() == blue and s.state.core.clock.phase == "combat"


def test_an_order_within_a_turn_leaves_the_clocks_running_and_may_still_be_taken_back():
    s = ready()
    moved = s.submit("blue-2", Move(unit="B2", path=("0203",)))
    assert clocks(moved) == [] and isinstance(moved.effects[-1], UndoRecorded)
    assert isinstance(s.submit("blue-2", Undo(command=moved.effects[-1].point.command)), Accepted)


def test_a_missed_deadline_stops_the_clock_of_the_seat_whose_phase_it_ended():
    s = ready()
    seat = s.to_act()[0]
    ruled = s.command(DeadlineReached(seats=(seat,), deadline="2026-01-01T00:00:00Z", policy="end_phase"))
    assert ("clock.stopped", seat) in clocks(ruled)


def test_the_end_of_the_game_stops_every_running_clock():
    s = ready()
    running = s.to_act()
    assert clocks(s.command(EndRequested(by="referee", reason="test"))) == [("clock.stopped", x) for x in running]


def test_a_game_without_a_time_control_records_no_clock_and_its_state_is_unchanged():
    timed, plain = ready(), ready(None)
    assert not [e for e in plain.log if e.type.startswith("clock.")]
    assert [e.type for e in timed.log if not e.type.startswith("clock.")] == [e.type for e in plain.log]
    # The untimed state encodes without the field: recorded games' initial-state digests stand.
    assert b"time_control" not in msgspec.json.encode(plain.state)
    assert b"time_control" in msgspec.json.encode(timed.state)


def test_the_clock_effects_replay_from_the_log_as_the_worker_folds_it():
    s = ready()
    genesis = msgspec.json.decode(s.log[0].data, type=log.GameCreated)
    assert genesis.time_control == BANK
    initial = game.initial(s.ruleset, SANDBOX_PACK, genesis)
    assert log.fold(s.ruleset, s.codec, initial, ((e.type, e.data) for e in s.log)) == s.state
