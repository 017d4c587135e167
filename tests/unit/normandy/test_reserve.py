"""§4.1.1 Reserve (`normandy-1944@4`, 002_c4aea75862ff1a36.txt L172) with option Q52: which units the
listing offers, how the Reserve keeps them out of the normal combat, and versions 1-3 unchanged.
The worked cases are conformance cases (conformance/reserve.toml)."""
from __future__ import annotations

from functools import cache

from domain.games.normandy import NORMANDY_3, NORMANDY_4
from domain.games.normandy.orders import ActivateHQ, Attack, Move, SetReserve
from domain.kernel import game
from domain.kernel.commands import Accepted, Begin, Rejected, SeatOrder
from domain.kernel.dice import ScriptedDice
from domain.kernel.seats import PUBLIC
from tests.unit.normandy.helpers import pack


@cache
def bound(ruleset):
    return ruleset.bind(pack())


def position(ruleset, clock: dict, add: dict, **fields):
    r = bound(ruleset)
    s = r.setup(r.pack, "2", game_id="t", options=r.resolve_options({}))
    s = game.step(r, s, Begin(), ScriptedDice([], command=1), version=1, visibility=PUBLIC).state
    return r, r.position(s, {"clear": True, "core": {"clock": clock}, "add": add, **fields})


def rule(r, s, seat, order, dice=()):
    return game.step(r, s, SeatOrder(seat=seat, order=order), ScriptedDice(list(dice), command=2), version=2, visibility=PUBLIC)


MOVEMENT = {"turn": 8, "phase": "movement", "side": "allied", "impulse": 1}


def test_reserve_4_1_1_listed_for_armour_and_panzergrenadiers_within_one_hex():
    """L172: armoured or Panzergrenadier units, moved at most one hex; infantry never."""
    r, s = position(NORMANDY_4, MOVEMENT, {"us-4-arm": {"hex": "1106"}, "us-2-arm-cca": {"hex": "1107"},
                                           "us-4-inf": {"hex": "1006"}, "de-272-inf": {"hex": "1609"}})
    listed = {o.unit for o in r.legal(s, "us") if isinstance(o, SetReserve)}
    assert listed == {"us-4-arm", "us-2-arm-cca"}
    s = rule(r, s, "us", Move(unit="us-2-arm-cca", path=("1207", "1307"))).state
    s = rule(r, s, "us", Move(unit="us-4-arm", path=("1206",))).state
    assert {o.unit for o in r.legal(s, "us") if isinstance(o, SetReserve)} == {"us-4-arm"}


def test_reserve_q52_reserve_units_are_not_offered_in_the_normal_combat():
    """Option Q52: Reserve units wait for an Exploitation; the listed attacks leave them out."""
    r, s = position(NORMANDY_4, {"turn": 8, "phase": "combat", "side": "allied", "impulse": 1},
                    {"us-4-arm": {"hex": "1207"}, "us-4-inf": {"hex": "1305"}, "us-vii-corps": {"hex": "1105", "markers": 1},
                     "de-272-inf": {"hex": "1306"}}, reserve=["us-4-arm"])
    s = rule(r, s, "us", ActivateHQ(hq="us-vii-corps", action="combat")).state
    attacks = [o for o in r.legal(s, "us") if isinstance(o, Attack)]
    assert attacks == [Attack(units=("us-4-inf",), hex="1306")]


def test_reserve_4_1_1_still_not_built_in_version_3():
    """Games recorded under @3 keep their rulings: `set_reserve` is refused there as before."""
    r, s = position(NORMANDY_3, MOVEMENT, {"us-4-arm": {"hex": "1106"}, "de-272-inf": {"hex": "1609"}})
    ruled = rule(r, s, "us", SetReserve(unit="us-4-arm"))
    assert isinstance(ruled.ruling, Rejected) and ruled.ruling.code == "not_built"
    assert not any(isinstance(o, SetReserve) for o in r.legal(s, "us"))


def test_reserve_4_1_1_refused_outside_the_movement_phase():
    r, s = position(NORMANDY_4, {"turn": 8, "phase": "combat", "side": "allied", "impulse": 1},
                    {"us-4-arm": {"hex": "1106"}, "de-272-inf": {"hex": "1609"}})
    ruled = rule(r, s, "us", SetReserve(unit="us-4-arm"))
    assert isinstance(ruled.ruling, Rejected) and ruled.ruling.code == "wrong_phase"


def test_reserve_4_1_1_accepted_order_replays_to_the_same_state():
    r, s = position(NORMANDY_4, MOVEMENT, {"us-4-arm": {"hex": "1106"}, "de-272-inf": {"hex": "1609"}})
    ruled = rule(r, s, "us", SetReserve(unit="us-4-arm"))
    assert isinstance(ruled.ruling, Accepted)
    assert ruled.state.reserve == ("us-4-arm",) and "us-4-arm" in ruled.state.moved
