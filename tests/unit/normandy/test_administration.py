"""§1.1.1.3 the Administration Phase for turns >= 1 (`normandy-1944@5`, 002_c4aea75862ff1a36.txt
L100-110, §6.10 L300-307): what a Rest marker forbids and when it goes, the Cadre box to the Rest
box and back as a reinforcement, Scenario 1 without replacements, and version 4 unchanged. The worked
cases are conformance cases (conformance/administration.toml)."""
from __future__ import annotations

from functools import cache

import pytest

from domain.games.normandy import NORMANDY_4, NORMANDY_5
from domain.games.normandy.orders import EnterFromRest, Move, PutToRest, Rebuild
from domain.kernel import game
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Accepted, Begin, Reject, Rejected, SeatOrder
from domain.kernel.dice import ScriptedDice
from domain.kernel.seats import PUBLIC
from tests.unit.normandy.helpers import pack


@cache
def bound(ruleset):
    return ruleset.bind(pack())


def position(ruleset, clock: dict, add: dict, scenario: str = "2", **fields):
    r = bound(ruleset)
    s = r.setup(r.pack, scenario, game_id="t", options=r.resolve_options({}))
    if scenario == "2":  # Scenario 1 begins with the weather's dice: its position is taken before
        s = game.step(r, s, Begin(), ScriptedDice([], command=1), version=1, visibility=PUBLIC).state
    return r, r.position(s, {"clear": True, "core": {"clock": clock}, "add": add, **fields})


def rule(r, s, seat, order, dice=()):
    return game.step(r, s, SeatOrder(seat=seat, order=order), ScriptedDice(list(dice), command=2), version=2, visibility=PUBLIC)


ADMIN_US = {"turn": 8, "phase": "administration", "side": "allied"}


def test_rest_1_1_1_3_a_unit_under_the_marker_does_not_move():
    """L107: 'they can't move or attack for the turn' (option Q10: while the marker stays)."""
    rest = {"us-4-inf": 8}
    r, s = position(NORMANDY_5, {"turn": 8, "phase": "movement", "side": "allied", "impulse": 1},
                    {"us-4-inf": {"hex": "1306", "lost": 1}, "de-272-inf": {"hex": "1609"}}, rest=rest)
    assert not any(getattr(o, "unit", None) == "us-4-inf" for o in r.legal(s, "us"))
    refused = rule(r, s, "us", Move(unit="us-4-inf", path=("1307",)))
    assert isinstance(refused.ruling, Rejected) and refused.ruling.code == "at_rest"
    # It never attacks either: an enemy unit next to it lifts the marker first (L108), and eligible
    # attackers leave out the units in Rest (combat.eligible_attackers).


def test_rest_1_1_1_3_marker_removed_at_once_when_an_enemy_unit_is_adjacent():
    r, s = position(NORMANDY_5, {"turn": 8, "phase": "movement", "side": "german", "impulse": 1},
                    {"us-4-inf": {"hex": "1306", "lost": 1}, "de-272-inf": {"hex": "1406"}}, rest={"us-4-inf": 8})
    ruled = rule(r, s, "german", Move(unit="de-272-inf", path=("1305",)))
    assert isinstance(ruled.ruling, Accepted) and "us-4-inf" not in ruled.state.rest
    assert any(type(e).__name__ == "RestLifted" and e.reason == "enemy_adjacent" for e in ruled.ruling.effects)


def test_rest_box_1_1_1_3_cadre_to_rest_rebuilt_then_enters_as_a_reinforcement():
    """L104-105: the Destroyed box's units move to the Rest box, regain steps, and enter when full."""
    r, s = position(NORMANDY_5, ADMIN_US, {"us-4-inf": {"box": "rest", "lost": 1}, "us-9-inf": {"box": "rest", "lost": 3}})
    ruled = rule(r, s, "us", Rebuild(unit="us-4-inf"))
    assert isinstance(ruled.ruling, Accepted) and ruled.state.units["us-4-inf"].lost == 0
    assert EnterFromRest(unit="us-4-inf") in r.legal(ruled.state, "us") and EnterFromRest(unit="us-9-inf") not in r.legal(ruled.state, "us")
    entered = rule(r, ruled.state, "us", EnterFromRest(unit="us-4-inf"))
    assert entered.state.units["us-4-inf"].box == "strategic_reserve"


def test_replacements_are_not_used_in_scenario_1():
    """§11.1 L467: 'Replacement rules ... are not used': no rebuilding (Rest itself stays)."""
    r, s = position(NORMANDY_5, {"turn": 2, "phase": "administration", "side": "allied"}, {"us-4-inf": {"hex": "0617", "lost": 1}},
                    scenario="1", rest={"us-4-inf": 1})
    with pytest.raises(Reject) as refused:  # ruled directly: the scenario's start needs the weather's dice
        r.rule(Adjudication(r, s, ScriptedDice([]), command=1), "us", Rebuild(unit="us-4-inf"))
    assert refused.value.ruling.code == "cannot_rebuild" and "Scenario 1" in refused.value.ruling.message


def test_version_4_still_logs_the_administration_as_not_ruled_and_refuses_rest():
    r, s = position(NORMANDY_4, {"turn": 8, "phase": "movement", "side": "allied", "impulse": 1}, {"us-4-inf": {"hex": "1306", "lost": 1}})
    refused = rule(r, s, "us", PutToRest(unit="us-4-inf"))
    assert isinstance(refused.ruling, Rejected) and refused.ruling.code == "not_built"
