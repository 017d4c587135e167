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
def packs():
    return {r: load_pack_dir(r.pack_dir) for r in (HBTLF, HBTLF_2)}


def _session(ruleset, packs, sc):
    return Session(ruleset, packs[ruleset], sc, dice=lambda v: ScriptedDice([random.Random(f"{v}:{i}").randint(1, 6) for i in range(60)], command=v))


def _kaisers(state):
    return sorted(u for u in state.positions if kaiser.is_kaiser(u))


@pytest.mark.parametrize("scenario", ["6", "10"])
def test_5_1_kaiser_set_up_on_map_is_the_one_kaiser_in_v2(packs, scenario):
    s = _session(HBTLF_2, packs, scenario)
    assert _kaisers(s.state) == ["Sixth Army: Kaiser Wilhelm"]
    assert s.state.kaiser_on_map and kaiser.in_play(s.state) == "Sixth Army: Kaiser Wilhelm"


def test_5_1_kaiser_v1_keeps_its_recorded_second_counter(packs):
    s = _session(HBTLF, packs, "6")
    assert _kaisers(s.state) == ["Kaiser Wilhelm II", "Sixth Army: Kaiser Wilhelm"]


def test_13_46_kaiser_arrives_at_the_sixth_army_headquarters_hex(packs):
    s = _session(HBTLF_2, packs, "4")
    assert kaiser.arrival_hex(s.state, kaiser.HQ_PLACE) == "E:4016"
    assert kaiser.arrival_hex(s.state, "any city in Germany") == "any city in Germany"
