"""Leaders who arrive without a formation (@2, leader_arrivals.py): 12.73's British leaders set up in
scenarios that begin after GT3 with the BEF in play, and Allenby joining the Cavalry (C) Corps when
it arrives; 12.11's leaders are offered by /legal and @1 refuses them."""
from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from domain.games.hbtlf import HBTLF, HBTLF_2, leader_arrivals
from domain.games.hbtlf.orders import PlaceLeader
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Accepted, Rejected
from domain.kernel.dice import ScriptedDice
from domain.kernel.session import Session
from infra.packs import load_pack_dir


@pytest.fixture(scope="module")
def pack():
    return load_pack_dir(HBTLF_2.pack_dir)


def _session(ruleset, pack, sc):
    pack = pack if ruleset is HBTLF_2 else load_pack_dir(ruleset.pack_dir)  # @1 plays its frozen pack_v1
    return Session(ruleset, pack, sc, dice=lambda v: ScriptedDice([random.Random(f"{v}:{i}").randint(1, 6) for i in range(60)], command=v))


@pytest.mark.parametrize("scenario", ["5", "10"])
def test_12_73_british_leaders_set_up_when_the_bef_begins_in_play(pack, scenario):
    s = _session(HBTLF_2, pack, scenario)
    assert s.state.leaders_placed == {"Smith-Dorrien": "II Corps", "Allenby": "1 cavalry (1c) division"}


def test_12_73_british_leaders_not_set_up_in_scenario_2(pack):
    assert _session(HBTLF_2, pack, "2").state.leaders_placed == {}  # 13.23's note: not yet with their formations


def test_12_73b_allenby_joins_the_cavalry_corps_when_it_arrives(pack):
    s = _session(HBTLF_2, pack, "10")
    adj = Adjudication(HBTLF_2.bind(pack), s.state, ScriptedDice([], command=99), command=99)
    leader_arrivals.after_arrival(adj, pack, ("British: Cavalry (C) Corps",))
    assert adj.state.leaders_placed["Allenby"] == "Cavalry (C) Corps"


def test_12_11_v1_refuses_place_leader(pack):
    s = _session(HBTLF, pack, "7")
    s.state = replace(s.state, core=replace(s.state.core, clock=replace(s.state.core.clock, turn=2, phase="impulse", side="allied", impulse=1)))
    r = s.submit("allied", PlaceLeader(leader="Hache", formation="III Corps"))
    assert isinstance(r, Rejected) and r.code == "not_in_this_ruleset_version"
    assert not any(isinstance(o, PlaceLeader) for o in s.legal("allied"))


def test_12_11_legal_offers_a_placement_the_umpire_accepts(pack):
    s = _session(HBTLF_2, pack, "7")
    s.state = replace(s.state, core=replace(s.state.core, clock=replace(s.state.core.clock, turn=2, phase="impulse", side="allied", impulse=1)),
                      impulses=(7,), order=("allied", "german"))
    offer = next(o for o in s.legal("allied") if isinstance(o, PlaceLeader))
    assert isinstance(s.submit("allied", offer), Accepted)
