"""12.27 and 12.52E (@2, isolation.py): claims checked before they open; @1 refuses them."""
from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from domain.games.hbtlf import HBTLF, HBTLF_2
from domain.games.hbtlf.orders import ClaimIsolation, ClaimNoPursuit
from domain.kernel.commands import Rejected
from domain.kernel.dice import ScriptedDice
from domain.kernel.session import Session
from infra.packs import load_pack_dir


def _s8(ruleset) -> Session:
    s = Session(ruleset, load_pack_dir(ruleset.pack_dir), "8",
                dice=lambda v: ScriptedDice([random.Random(f"{v}:{i}").randint(1, 6) for i in range(60)], command=v))
    s.state = replace(s.state, core=replace(s.state.core, clock=replace(s.state.core.clock, turn=3, phase="impulse", side="allied", impulse=1)),
                      impulses=(7,), order=("allied", "german"))
    return s


@pytest.mark.parametrize("order, code", [
    (ClaimIsolation(hq="French Fifth Army: X Corps", army="Belgian Army", nation="Belgium"), "not_a_french_army"),
    (ClaimIsolation(hq="French Fifth Army: 10 infantry division", army="French Fifth Army", nation="Belgium"), "not_a_corps_hq"),
    (ClaimIsolation(hq="French Fifth Army: X Corps", army="French Fifth Army", nation="Narnia"), "bad_nation"),
])
def test_12_27_isolation_claim_checked(order, code):
    r = _s8(HBTLF_2).submit("allied", order)
    assert isinstance(r, Rejected) and r.code == code


def test_12_52e_not_before_game_turn_3():
    s = _s8(HBTLF_2)
    s.state = replace(s.state, core=replace(s.state.core, clock=replace(s.state.core.clock, turn=2)), retire={"French Fifth Army": (4, 10)})
    r = s.submit("allied", ClaimNoPursuit(army="French Fifth Army"))
    assert isinstance(r, Rejected) and r.code == "too_early"


def test_12_27_v1_refuses_isolation_claims():
    r = _s8(HBTLF).submit("allied", ClaimIsolation(hq="French Fifth Army: X Corps", army="French Fifth Army", nation="Belgium"))
    assert isinstance(r, Rejected) and r.code == "not_in_this_ruleset_version"
