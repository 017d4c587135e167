"""HBTLF's own sentences (Ruleset.describe): every effect tag the ruleset can emit has one, and
effects of a random Scenario 7 game read in the booklet's words, a line each."""
from __future__ import annotations

import random
import typing

import msgspec
import pytest

from domain.games.hbtlf import HBTLF, describe
from domain.games.hbtlf.effects import HbtlfEffect
from domain.games.hbtlf.orders import EndSegment, Withdraw
from domain.kernel.commands import Accepted, Confirm, Dispute
from domain.kernel.dice import ScriptedDice
from domain.kernel.session import Session
from infra.packs import load_pack_dir


def test_every_effect_tag_has_a_sentence_of_its_own():
    tags = {t.__struct_config__.tag for t in typing.get_args(HbtlfEffect)}
    assert tags == set(describe.SAY)


def test_weather_and_initiative_read_as_the_booklet_says_them():
    weather = {"type": "hbtlf.weather", "roll": {"value": 5}, "drm": 1, "modified": 6, "weather": "heavy_rain", "effects": {}}
    assert HBTLF.describe(weather, {}) == "Weather: die 5 +1 for the month = 6: heavy rain"
    ini = {"type": "hbtlf.initiative", "side": "allied", "automatic": False, "drm": {"allied": 1},
           "rolls": [[{"value": 3}, {"value": 3}], [{"value": 2}, {"value": 4}]]}
    assert HBTLF.describe(ini, {}) == "Allied wins the initiative: dice German 3, Allied 3; then German 2, Allied 4 (modifiers Allied +1)"
    assert HBTLF.describe({"type": "hbtlf.game_turn", "gt": 0, "first_day": "1914-08-02"}, {}).startswith("GT O begins")


def test_a_random_scenario_7_reads_line_by_line():
    pack = load_pack_dir(HBTLF.pack_dir)
    rng = random.Random(7)
    s = Session(HBTLF, pack, "7", dice=lambda v: ScriptedDice([random.Random(f"7:{v}:{i}").randint(1, 6) for i in range(60)], command=v))
    for _ in range(400):
        for seat in ("german", "allied"):
            for o in s.legal(seat):
                if isinstance(o, Confirm):
                    s.submit(seat, o)
        seats = s.to_act()
        if not seats:
            break
        legal = [o for o in s.legal(seats[0]) if not isinstance(o, (Confirm, Dispute))]
        ends = [o for o in legal if isinstance(o, (EndSegment, Withdraw))]
        assert isinstance(s.submit(seats[0], ends[0] if ends and rng.random() < 0.6 else rng.choice(legal)), Accepted)
    said = {}
    for e in s.log:
        if e.type.startswith("hbtlf."):
            text = HBTLF.describe({**msgspec.json.decode(e.data), "type": e.type}, {})
            assert text and len(text) <= 400 and "{" not in text, (e.type, text)
            said.setdefault(e.type, text)
    assert {"hbtlf.game_turn", "hbtlf.initiative", "hbtlf.impulse", "hbtlf.weather", "hbtlf.other_theaters", "hbtlf.arrived"} <= set(said)
