"""The Reinforcement Schedules of 13.x6 as data (6.1): arrivals when and where printed, a scenario
that starts inside a Game-Turn receiving that Game-Turn's Strategic Phase arrivals at once,
withdrawals due by the end of the impulse printed, conditional withdrawals left to the player,
British REPs on their own ledger, and the Strategic Phase withdrawals the umpire makes itself."""
from __future__ import annotations

import random

import pytest

from domain.games.hbtlf import HBTLF
from domain.games.hbtlf.orders import DeclareImpulses, EndSegment, UseReplacements, Withdraw
from domain.kernel.commands import Accepted, Rejected
from domain.kernel.dice import ScriptedDice
from domain.kernel.session import Session
from infra.packs import load_pack_dir


@pytest.fixture(scope="module")
def pack():
    return load_pack_dir(HBTLF.pack_dir)


def _session(pack, sid: str) -> Session:
    return Session(HBTLF, pack, sid, dice=lambda v: ScriptedDice([random.Random(f"{sid}:{v}:{i}").randint(1, 6) for i in range(60)], command=v))


def _step(s: Session) -> None:
    """One plain step of the calendar: the longest impulse structure, or the end of a segment."""
    seat = s.to_act()[0]
    legal = s.legal(seat)
    structures = [o for o in legal if isinstance(o, DeclareImpulses) and o.first == seat]
    order = structures[0] if structures else next(o for o in legal if isinstance(o, (EndSegment, Withdraw)))
    assert isinstance(s.submit(seat, order), Accepted)


def _until(s: Session, turn: int, impulse: int = 1) -> None:
    c = s.state.core.clock
    while (c.turn, c.impulse if c.phase == "impulse" else 0) < (turn, impulse) or c.phase != "impulse":
        _step(s)
        c = s.state.core.clock


def test_13_26_a_mid_turn_start_receives_its_game_turns_arrivals(pack):
    """Scenario 2 starts in GT2's last impulse: GT2's arrivals (the British III Corps, the East
    Prussia reinforcements at a Rhine city) are in play at once, "during the last impulse" ones too."""
    s = _session(pack, "2")
    p = s.state.positions
    assert p["British: III Corps"] == "any hex containing a British infantry division on the West map"
    assert p["German: IX Reserve (IX R) Corps"] == "any city on the Rhine river"
    assert p["British: marine brigade"] == "any French or Belgian port"


def test_13_26_british_replacements_on_their_own_ledger(pack):
    """13.26 GT4: 6 British Infantry REPs, which only British units use (6.21)."""
    s = _session(pack, "2")
    french_inf = s.state.core.ledger("rep_inf", "allied").balance
    _until(s, 4)
    assert s.state.core.ledger("rep_inf_british", "allied").balance == 6
    assert s.state.core.ledger("rep_inf", "allied").balance == french_inf + 24  # the French 12 of GT3 and GT4 (13.26)
    seat = s.to_act()[0]
    if seat == "allied":
        r = s.submit("allied", UseReplacements(kind="inf", amount=7, unit="British Expeditionary Force Army: 5 infantry division"))
        assert isinstance(r, Rejected) and r.code == "insufficient_replacements" and "British" in r.message


def test_13_66_withdrawal_due_in_the_last_impulse_of_gt4(pack):
    """Scenario 6 starts in GT4's last impulse, in which the 17 infantry division must withdraw."""
    s = _session(pack, "6")
    while tuple(s.to_act()) != ("allied",):
        _step(s)
    r = s.submit("allied", EndSegment())
    assert isinstance(r, Rejected) and r.code == "withdrawal_due" and "17 infantry division" in r.message
    assert isinstance(s.submit("allied", Withdraw(units=("Allied Strategic: 17 infantry division",))), Accepted)
    assert "Allied Strategic: 17 infantry division" in s.state.withdrawn


def test_13_76_strategic_phase_withdrawal_and_conditional_ones(pack):
    """Scenario 7, GT8: the IV Reserve Corps (with its divisions) leaves in the Strategic Phase; the
    GT4 withdrawal of the cd'alp brigade waits for its condition and is the player's to make."""
    s = _session(pack, "7")
    _until(s, 4)
    while tuple(s.to_act()) != ("allied",):
        _step(s)
    legal = s.legal("allied")
    assert Withdraw(units=("French: chasseurs d'alpine mountain (cd'alp) infantry brigade",)) in legal
    assert isinstance(s.submit("allied", EndSegment()), Accepted)  # not forced
    _until(s, 8)
    gone = {u for u in s.state.withdrawn if "IV Reserve" in u or s.state.groups.get(u) == "IV Reserve (IV R) Corps"}
    assert "Allied Strategic: IV Reserve (IV R) Corps" in gone and len(gone) == 4
