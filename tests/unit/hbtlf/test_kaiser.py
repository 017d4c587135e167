"""The Kaiser outside Scenario 7 (5.1 and the schedules of 13.46-13.106; kaiser.py): @2 keeps one
Kaiser counter, on the map from a set-up that places him; @1 replays its two counters as recorded."""
from __future__ import annotations

import random

import pytest

from domain.games.hbtlf import HBTLF, HBTLF_2, kaiser
from domain.kernel.dice import ScriptedDice
from domain.kernel.session import Session
from infra.packs import load_pack_dir


@pytest.fixture(scope="module")
def pack():
    return load_pack_dir(HBTLF.pack_dir)


def _session(ruleset, pack, sc):
    return Session(ruleset, pack, sc, dice=lambda v: ScriptedDice([random.Random(f"{v}:{i}").randint(1, 6) for i in range(60)], command=v))


def _kaisers(state):
    return sorted(u for u in state.positions if kaiser.is_kaiser(u))


@pytest.mark.parametrize("scenario", ["6", "10"])
def test_5_1_kaiser_set_up_on_map_is_the_one_kaiser_in_v2(pack, scenario):
    s = _session(HBTLF_2, pack, scenario)
    assert _kaisers(s.state) == ["Sixth Army: Kaiser Wilhelm"]
    assert s.state.kaiser_on_map and kaiser.in_play(s.state) == "Sixth Army: Kaiser Wilhelm"


def test_5_1_kaiser_v1_keeps_its_recorded_second_counter(pack):
    s = _session(HBTLF, pack, "6")
    assert _kaisers(s.state) == ["Kaiser Wilhelm II", "Sixth Army: Kaiser Wilhelm"]


def test_13_46_kaiser_arrives_at_the_sixth_army_headquarters_hex(pack):
    s = _session(HBTLF_2, pack, "4")
    assert kaiser.arrival_hex(s.state, kaiser.HQ_PLACE) == "E:4016"
    assert kaiser.arrival_hex(s.state, "any city in Germany") == "any city in Germany"
