"""Deadlines under a tournament's policy (issue 20, item 5; house rule umpire-tournament-deadline,
"no moves received"): each seat's miss is ruled as `deadline.missed`, cited; `end_phase` then
imposes the seat's default answer, and `forfeit` ends the game on the miss that reaches the limit.
A deadline without a policy is ruled exactly as before (no `deadline.missed`)."""
from __future__ import annotations

from domain.kernel.commands import Accepted, DeadlineReached
from tests.unit.kernel.test_undo import session


def ruled(s, command):
    before = len(s.log)
    ruling = s.command(command)
    assert isinstance(ruling, Accepted), ruling
    return [e.type for e in s.log[before:]], s.log[before:]


def test_end_phase_records_the_miss_cited_then_the_default_answer():
    s = session()
    due = s.to_act()
    types, entries = ruled(s, DeadlineReached(seats=due, deadline="2026-01-01T00:00:00Z", policy="end_phase"))
    assert types.count("deadline.missed") == len(due)
    missed = [e for e in entries if e.type == "deadline.missed"]
    assert b"umpire-tournament-deadline" in missed[0].data and b"2026-01-01T00:00:00Z" in missed[0].data
    # Then each seat's default answer (the sandbox's: done with the phase), and the phase ends.
    assert types[types.index("deadline.missed") + len(due):][:len(due)] == ["sandbox.seat_done"] * len(due)
    assert "phase.advanced" in types
    assert not s.state.core.finished


def test_forfeit_after_the_limit_ends_the_game_for_the_other_side():
    s = session()
    seat = s.to_act()[0]
    side = s.state.core.layout.side_of(seat)
    types, _ = ruled(s, DeadlineReached(seats=(seat,), deadline="d1", policy="forfeit", forfeit_after=2,
                                        misses={seat: 0}))
    assert "game.ended" not in types and not s.state.core.finished
    seat = s.to_act()[0]
    side = s.state.core.layout.side_of(seat)
    types, _ = ruled(s, DeadlineReached(seats=(seat,), deadline="d2", policy="forfeit", forfeit_after=2,
                                        misses={seat: 1}))
    assert types[-1] == "game.ended" and s.state.core.finished
    result = s.state.core.result
    assert result.level == "Forfeit" and result.winner not in (None, side)


def test_a_deadline_without_a_policy_rules_no_miss():
    s = session()
    types, _ = ruled(s, DeadlineReached(seats=s.to_act()))
    assert "deadline.missed" not in types
