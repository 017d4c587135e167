"""11.82C Zeppelin bases (@2, zeppelins.py): one Zeppelin a base, at least one off-map, the off-map
bases' entry costs; a Zeppelin removed from play frees its base."""
from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from domain.games.hbtlf import HBTLF_2, zeppelins
from domain.games.hbtlf.orders import BaseZeppelin, ZeppelinOperation
from domain.kernel.commands import Accepted, Rejected
from domain.kernel.dice import ScriptedDice
from domain.kernel.session import Session
from infra.packs import load_pack_dir

Z5, Z7 = "German Strategic: Z-5", "German Strategic: Z-7"


@pytest.fixture(scope="module")
def pack():
    return load_pack_dir(HBTLF_2.pack_dir)


def _s7(pack) -> Session:
    s = Session(HBTLF_2, pack, "7", dice=lambda v: ScriptedDice([random.Random(f"{v}:{i}").randint(1, 6) for i in range(60)], command=v))
    s.submit("german", next(o for o in s.legal("german") if getattr(o, "days", None)))  # GT O's impulses
    return s


def test_11_82c_friedrichshafen_entry_hex_not_printed_so_range_is_attested(pack):
    s = _s7(pack)
    assert isinstance(s.submit("german", BaseZeppelin(zeppelin=Z5, base="Friedrichshafen")), Accepted)
    far = s.submit("german", ZeppelinOperation(zeppelin=Z5, target="E:7099"))
    assert isinstance(far, Accepted)  # Freiburg's hex is not in the text: the 30 hexes left are the players' to keep


def test_11_82c_a_zeppelin_out_of_play_frees_its_base(pack):
    s = _s7(pack)
    assert isinstance(s.submit("german", BaseZeppelin(zeppelin=Z5, base="Metz")), Accepted)
    taken = s.submit("german", BaseZeppelin(zeppelin=Z7, base="Metz"))
    assert isinstance(taken, Rejected) and taken.code == "base_taken"
    gone = replace(s.state, withdrawn=s.state.withdrawn + (Z5,))
    assert zeppelins.may_base(gone, pack, pack.scenarios["7"], Z7, "Metz") is None


def test_11_82c_legal_offers_a_basing_the_umpire_accepts(pack):
    s = _s7(pack)
    offer = next(o for o in s.legal("german") if isinstance(o, BaseZeppelin))
    assert isinstance(s.submit("german", offer), Accepted)
