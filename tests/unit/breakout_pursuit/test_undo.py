"""Undo in Breakout & Pursuit (rules.UNDOABLE; the kernel's Undo): a move or a placement that
revealed nothing may be taken back by its player before anything else is ruled; an attack (it
rolls) never."""
from __future__ import annotations

import random

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT
from domain.games.breakout_pursuit.orders import Attack, Move
from domain.kernel import log
from domain.kernel.commands import Accepted, Undo
from domain.kernel.dice import ScriptedDice
from domain.kernel.effects import UndoRecorded
from domain.kernel.session import Session
from tests.unit.breakout_pursuit.random_games import pack


def until(s: Session, rng: random.Random, wanted: type) -> tuple[str, list]:
    """Random listed orders (never an Undo) until a seat may give an order of type `wanted`."""
    while True:
        seat = rng.choice(s.to_act())
        legal = s.legal(seat)
        found = [o for o in legal if isinstance(o, wanted)]
        if found:
            return seat, found
        assert isinstance(s.submit(seat, rng.choice([o for o in legal if not isinstance(o, Undo)])), Accepted)


def game() -> Session:
    return Session(BREAKOUT_PURSUIT, pack(), "1.1", dice=lambda v: ScriptedDice([4] * 8, command=v), game_id="undo")


def test_a_move_taken_back_leaves_the_position_as_it_was():
    s, rng = game(), random.Random(5)
    seat, moves = until(s, rng, Move)
    before = s.state
    moved = s.submit(seat, moves[-1])
    point = moved.effects[-1]
    assert isinstance(point, UndoRecorded) and point.vis == f"seats:{seat}"
    assert {c.path[0] for c in point.point.changes} <= {"units", "moved", "control", "core"}
    assert isinstance(s.submit(seat, Undo(command=point.point.command)), Accepted)
    assert s.state == before
    initial = s.ruleset.setup(s.ruleset.pack, "1.1", game_id="undo", options=s.state.core.options)
    assert log.fold(s.ruleset, s.codec, initial, ((e.type, e.data) for e in s.log)) == s.state


def test_an_attack_rolls_and_so_cannot_be_taken_back():
    s, rng = game(), random.Random(11)
    seat, attacks = until(s, rng, Attack)
    ruling = s.submit(seat, attacks[0])
    assert isinstance(ruling, Accepted) and not any(isinstance(e, UndoRecorded) for e in ruling.effects)
    assert not any(isinstance(o, Undo) for o in s.legal(seat))
