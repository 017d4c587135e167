"""§2.2 motorised infantry on foot by the player's choice (`normandy-1944@5`, option Q50,
002_c4aea75862ff1a36.txt L158): motorised unless put on foot in the Movement Phase before moving;
the choice lasts the phase; versions 1-4 refuse the order `not_built`. Worked by hand from the pack's
TEC (bocage: motorised 3 MP, on foot 2 MP) for Panzer Lehr's 901st (6 MP) in 1317, whose way to
1220 through 1318 and 1219 crosses three bocage hexes with no road: 9 MP motorised, 6 on foot."""
from __future__ import annotations

from functools import cache

from domain.games.normandy import NORMANDY_4, NORMANDY_5
from domain.games.normandy.effects import PhaseBegun
from domain.games.normandy.orders import Move, OnFoot
from domain.kernel import game
from domain.kernel.commands import Accepted, Begin, Rejected, SeatOrder
from domain.kernel.dice import ScriptedDice
from domain.kernel.seats import PUBLIC
from tests.unit.normandy.helpers import line, pack

LEHR = "de-lehr-901"
THREE_BOCAGE = ("1318", "1219", "1220")


@cache
def bound(ruleset):
    return ruleset.bind(pack())


def movement_phase(ruleset, **fields):
    r = bound(ruleset)
    s = r.setup(r.pack, "2", game_id="t", options=r.resolve_options({}))
    s = game.step(r, s, Begin(), ScriptedDice([], command=1), version=1, visibility=PUBLIC).state
    return r, r.position(s, {"clear": True, "core": {"clock": {"turn": 8, "phase": "movement", "side": "german", "impulse": 1}},
                             "add": {LEHR: {"hex": "1317", **fields}, "de-2-pz-2": {"hex": "1313"}, "de-272-inf": {"hex": "1314"}}})


def rule(r, s, order):
    return game.step(r, s, SeatOrder(seat="german", order=order), ScriptedDice([], command=2), version=2, visibility=PUBLIC)


def test_the_text_cited():
    assert "Motorized infantry units may choose for each phase" in line(158)


def test_on_foot_2_2_is_offered_to_motorised_infantry_only():
    r, s = movement_phase(NORMANDY_5)
    assert [o for o in r.legal(s, "german") if isinstance(o, OnFoot)] == [OnFoot(unit="de-2-pz-2"), OnFoot(unit=LEHR)]
    refused = rule(r, s, OnFoot(unit="de-272-inf"))
    assert isinstance(refused.ruling, Rejected) and refused.ruling.code == "not_motorized_infantry"


def test_on_foot_2_2_three_bocage_hexes_are_9_mp_motorised_6_on_foot():
    r, s = movement_phase(NORMANDY_5)
    refused = rule(r, s, Move(unit=LEHR, path=THREE_BOCAGE))
    assert isinstance(refused.ruling, Rejected)
    walking = rule(r, s, OnFoot(unit=LEHR))
    assert isinstance(walking.ruling, Accepted) and walking.state.on_foot == (LEHR,)
    assert OnFoot(unit=LEHR) not in r.legal(walking.state, "german")
    assert isinstance(rule(r, walking.state, Move(unit=LEHR, path=THREE_BOCAGE)).ruling, Accepted)


def test_on_foot_2_2_not_after_moving_and_not_kept_past_the_phase():
    """'A combination of the two kinds of movement in one phase is not possible.'"""
    r, s = movement_phase(NORMANDY_5)
    moved = rule(r, s, Move(unit=LEHR, path=("1318",))).state
    refused = rule(r, moved, OnFoot(unit=LEHR))
    assert isinstance(refused.ruling, Rejected) and refused.ruling.code == "cannot_go_on_foot"
    walking = rule(r, s, OnFoot(unit=LEHR)).state
    assert r.evolve(walking, PhaseBegun()).on_foot == ()


def test_on_foot_2_2_an_unsupplied_unit_on_foot_keeps_its_allowance():
    """§7.4: unsupplied, a motorised unit moves at half (3 MP: one bocage hex); on foot it keeps 6."""
    r, s = movement_phase(NORMANDY_5, unsupplied=True)
    assert isinstance(rule(r, s, Move(unit=LEHR, path=THREE_BOCAGE[:2])).ruling, Rejected)
    walking = rule(r, s, OnFoot(unit=LEHR)).state
    assert isinstance(rule(r, walking, Move(unit=LEHR, path=THREE_BOCAGE)).ruling, Accepted)


def test_on_foot_is_refused_not_built_before_version_5():
    r, s = movement_phase(NORMANDY_4)
    assert not [o for o in r.legal(s, "german") if isinstance(o, OnFoot)]
    refused = rule(r, s, OnFoot(unit=LEHR))
    assert isinstance(refused.ruling, Rejected) and refused.ruling.code == "not_built"
