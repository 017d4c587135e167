"""12.45A-C, the Army of Paris's own orders (@2, paris_orders.py): formation sizes read from the
tokens, and @1 refusing the orders it never had."""
from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from domain.games.hbtlf import HBTLF, HBTLF_2, paris_orders
from domain.games.hbtlf.orders import ClaimTaxi
from domain.kernel.commands import Rejected
from domain.kernel.dice import ScriptedDice
from domain.kernel.session import Session
from infra.packs import load_pack_dir


@pytest.mark.parametrize("token, size", [
    ("French Paris Army: 52 reserve (52r) infantry division", "division"),
    ("French Paris Army: 185 territorial (185 t) infantry brigade", "brigade"),
    ("French Paris Army: Paris (PARIS) Fortress Corps", "corps"),
    ("French Paris Army: Paris headquarters", None),
])
def test_12_45a_substitute_size_read_from_the_token(token, size):
    assert paris_orders.size(token) == size


def test_12_45b_v1_refuses_the_taxis():
    s = Session(HBTLF, load_pack_dir(HBTLF.pack_dir), "8",
                dice=lambda v: ScriptedDice([random.Random(f"{v}:{i}").randint(1, 6) for i in range(60)], command=v))
    s.state = replace(s.state, core=replace(s.state.core, clock=replace(s.state.core.clock, turn=3, phase="impulse", side="allied", impulse=1)),
                      impulses=(7,), order=("allied", "german"))
    r = s.submit("allied", ClaimTaxi(unit="French Paris Army: 185 territorial (185 t) infantry brigade", sp=3))
    assert isinstance(r, Rejected) and r.code == "not_in_this_ruleset_version"


def test_12_45d_paris_entrenchments_3_then_5_with_gallieni():
    pack = load_pack_dir(HBTLF_2.pack_dir)
    state = HBTLF_2.bind(pack).setup(pack, "7", game_id="e", options=HBTLF_2.resolve_options({}))
    assert paris_orders.entrenchments(state) == 3
    assert paris_orders.entrenchments(replace(state, leaders_in=("Gallieni",))) == 5
