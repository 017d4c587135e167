"""Undo (issue 10, item 5; docs/rules-contract.md, "Undo"): a seat takes back its own last order
as a command; the state is again exactly what it was before that order; never across a die roll,
a reveal, an ended phase or anyone else's ruling; and only where the game's version allows it."""
from __future__ import annotations

import msgspec
import pytest

from domain.games.sandbox import SANDBOX, SANDBOX_PACK, SANDBOX_V2
from domain.games.sandbox.model import Attack, EndPhase, Move
from domain.games.sandbox.rules import SandboxV2
from domain.kernel import game, log
from domain.kernel.commands import Accepted, Rejected, Undo
from domain.kernel.effects import OrderTakenBack, UndoRecorded
from domain.kernel.session import Session
from tests.unit.sandbox.test_skirmish import Script, bids, deployed


def session(ruleset=SANDBOX_V2) -> Session:
    script = Script()
    s = Session(ruleset, SANDBOX_PACK, "1", dice=script)
    s.script = script
    bids(deployed(s))  # blue has the initiative: the Blue Movement Phase
    return s


def ok(ruling):
    assert isinstance(ruling, Accepted), ruling
    return ruling


def refused(ruling, code: str) -> Rejected:
    assert isinstance(ruling, Rejected) and ruling.code == code, ruling
    assert ruling.citation is not None and ruling.citation.name == "umpire-undo"
    return ruling


def replayed(s: Session):
    """The state folded again from the log's bytes, as the worker and `umpire verify` fold it."""
    initial = s.ruleset.setup(SANDBOX_PACK, "1", game_id=s.state.core.game_id, options=s.state.core.options)
    return log.fold(s.ruleset, s.codec, initial, ((e.type, e.data) for e in s.log))


def test_a_move_taken_back_leaves_the_state_exactly_as_before_it():
    s = session()
    before = s.state
    moved = ok(s.submit("blue-2", Move(unit="B2", path=("0204", "0205"))))
    point = moved.effects[-1]
    assert isinstance(point, UndoRecorded) and point.vis == "seats:blue-2" and point.point.command == s.version - 3
    assert Undo(command=point.point.command) in s.legal("blue-2") and not any(isinstance(o, Undo) for o in s.legal("blue-1"))

    taken = ok(s.submit("blue-2", Undo(command=point.point.command)))
    assert [type(e) for e in taken.effects] == [OrderTakenBack] and taken.effects[0].vis == "public"
    assert s.state == before  # units, moved flags, the whole Core
    assert replayed(s) == s.state  # and the same from the log's bytes
    ok(s.submit("blue-2", Move(unit="B2", path=("0203",))))  # the unit may move again, elsewhere


def test_only_the_last_order_may_be_taken_back_and_only_once():
    s = session()
    first = ok(s.submit("blue-2", Move(unit="B2", path=("0203",)))).effects[-1].point.command
    second = ok(s.submit("blue-1", Move(unit="B1", path=("0101",)))).effects[-1].point.command
    refused(s.submit("blue-2", Undo(command=first)), "nothing_to_undo")  # blue-1 has ruled since
    r = refused(s.submit("blue-1", Undo(command=first)), "not_last_order")
    assert r.details == {"command": second}
    ok(s.submit("blue-1", Undo(command=second)))
    refused(s.submit("blue-1", Undo(command=second)), "nothing_to_undo")


def test_a_rejected_order_in_between_does_not_end_the_chance_to_take_back():
    s = session()
    point = ok(s.submit("blue-2", Move(unit="B2", path=("0203",)))).effects[-1].point
    assert isinstance(s.submit("blue-2", Move(unit="B2", path=("0204",))), Rejected)  # already moved
    ok(s.submit("blue-2", Undo(command=point.command)))


class EveryOrderUndoable(SandboxV2):
    """A game that would allow any order back: what remains refused is the kernel's own doing."""

    def undoable(self, before, seat, order, effects) -> bool:
        return True


def test_an_order_that_rolled_a_die_cannot_be_taken_back():
    s = session(EveryOrderUndoable())
    ok(s.submit("blue-2", Move(unit="B2", path=("0204", "0205"))))
    ok(s.submit("blue-1", EndPhase()))
    ok(s.submit("blue-2", EndPhase()))
    s.script.queue = [6]
    attack = ok(s.submit("blue-2", Attack(units=("B2",), target="0305")))
    assert attack.effects and not any(isinstance(e, UndoRecorded) for e in attack.effects)
    assert s.state.core.undo is None and not any(isinstance(o, Undo) for o in s.legal("blue-2"))


def test_ending_a_phase_cannot_be_taken_back():
    s = session(EveryOrderUndoable())
    done = ok(s.submit("blue-1", EndPhase())).effects[-1]  # blue-1 is done; blue-2 still moves
    assert isinstance(done, UndoRecorded)
    ended = ok(s.submit("blue-2", EndPhase()))  # the Blue Movement Phase is over
    assert s.state.core.clock.phase == "combat" and not any(isinstance(e, UndoRecorded) for e in ended.effects)
    refused(s.submit("blue-2", Undo(command=s.version - 2 - len(ended.effects))), "nothing_to_undo")


def test_version_1_of_the_sandbox_allows_no_take_back_so_its_recorded_games_rule_as_they_did():
    s = session(SANDBOX)
    moved = ok(s.submit("blue-2", Move(unit="B2", path=("0203",))))
    assert not any(isinstance(e, UndoRecorded) for e in moved.effects)
    refused(s.submit("blue-2", Undo(command=s.version - 2)), "nothing_to_undo")


def test_the_undo_point_is_seen_by_its_seat_alone_and_survives_a_snapshot():
    s = session()
    ok(s.submit("blue-2", Move(unit="B2", path=("0203",))))
    recorded = [e for e in s.log if e.type == "undo.recorded"]
    assert [e.visibility for e in recorded] == ["seats:blue-2"]
    snapshot = msgspec.json.decode(msgspec.json.encode(s.state), type=s.ruleset.state_type)
    assert snapshot == s.state
    taken = game.adjudicate(s.ruleset, snapshot, game.SeatOrder(seat="blue-2", order=Undo(command=s.state.core.undo.command)),
                            s.dice(s.version + 1), version=s.version + 1)
    assert isinstance(taken, Accepted)


@pytest.mark.parametrize("path", [("0203",), ("0204", "0205")])
def test_the_changes_recorded_are_only_what_the_move_changed(path):
    s = session()
    point = ok(s.submit("blue-2", Move(unit="B2", path=path))).effects[-1].point
    touched = {c.path[:2] for c in point.changes}
    assert touched <= {("units", "B2"), ("moved",), ("core", "ledgers")}, touched
