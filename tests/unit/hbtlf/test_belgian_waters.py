"""12.63 Belgian flooding and 12.69 the Antwerp waterworks (@2, belgian_waters.py); @1 refuses the orders."""
from __future__ import annotations

import random

from msgspec.structs import replace

from domain.games.hbtlf import HBTLF
from domain.games.hbtlf.orders import ClaimFlooding, ClaimWaterworksBarrage
from domain.kernel.commands import Rejected
from domain.kernel.dice import ScriptedDice
from domain.kernel.session import Session
from infra.packs import load_pack_dir


def test_12_63_12_69_v1_refuses_flooding_and_the_waterworks_barrage():
    s = Session(HBTLF, load_pack_dir(HBTLF.pack_dir), "8",
                dice=lambda v: ScriptedDice([random.Random(f"{v}:{i}").randint(1, 6) for i in range(60)], command=v))
    s.state = replace(s.state, core=replace(s.state.core, clock=replace(s.state.core.clock, turn=3, phase="impulse", side="allied", impulse=1)),
                      impulses=(7,), order=("allied", "german"), weather="heavy_rain")
    r = s.submit("allied", ClaimFlooding(unit="Belgian Army: 2 infantry division", river="Yser"))
    assert isinstance(r, Rejected) and r.code == "not_in_this_ruleset_version"
    r = s.submit("allied", ClaimWaterworksBarrage(artillery="x"))
    assert isinstance(r, Rejected) and r.code == "not_in_this_ruleset_version"
