"""§7.5 Airborne Supply (`normandy-1944@5`, 002_c4aea75862ff1a36.txt L359-360): on a clear or
overcast turn, in the Logistics Phase, the Allies lift "Out of supply" markers of infantry units, up
to 4 SP a turn; versions 1-4 still refuse the order `not_built`. Cases worked by hand from the text
(the pack's stacking values: an infantry division 3 SP, a regiment 1 SP)."""
from __future__ import annotations

from functools import cache

from domain.games.normandy import NORMANDY_4, NORMANDY_5
from domain.games.normandy.orders import AirborneSupply, EndPhase, GiveMarker
from domain.kernel import game
from domain.kernel.commands import Accepted, Begin, Rejected, SeatOrder
from domain.kernel.dice import ScriptedDice
from domain.kernel.seats import PUBLIC
from tests.unit.normandy.helpers import line, pack

CUT_OFF = {"us-4-inf": {"hex": "1306", "unsupplied": True}, "us-4-inf-8": {"hex": "1307", "unsupplied": True},
           "us-4-inf-12": {"hex": "1308", "unsupplied": True}, "us-2-arm-cca": {"hex": "1309", "unsupplied": True},
           "us-9-inf": {"hex": "1310"}, "us-vii-corps": {"hex": "1206", "unsupplied": True}}


@cache
def bound(ruleset):
    return ruleset.bind(pack())


def supply_phase(ruleset, weather="clear", markers_due=None):
    r = bound(ruleset)
    s = r.setup(r.pack, "2", game_id="t", options=r.resolve_options({}))
    s = game.step(r, s, Begin(), ScriptedDice([], command=1), version=1, visibility=PUBLIC).state
    return r, r.position(s, {"clear": True, "weather": weather, "core": {"clock": {"turn": 8, "phase": "markers", "side": "allied"}},
                             "add": CUT_OFF, "markers_due": markers_due or {"allied": 0}})


def rule(r, s, seat, order, dice=()):
    return game.step(r, s, SeatOrder(seat=seat, order=order), ScriptedDice(list(dice), command=2), version=2, visibility=PUBLIC)


def test_the_text_cited():
    assert "up to 4 SP" in line(360) and "clear or overcast" in line(360)


def test_airborne_supply_7_5_lists_the_unsupplied_infantry_only():
    """Armour and HQs are not infantry; a supplied unit has no marker to lift."""
    r, s = supply_phase(NORMANDY_5)
    flown = [o for o in r.legal(s, "us") if isinstance(o, AirborneSupply)]
    assert flown == [AirborneSupply(units=(u,)) for u in ("us-4-inf", "us-4-inf-12", "us-4-inf-8")]
    for uid, code in (("us-2-arm-cca", "not_infantry"), ("us-vii-corps", "not_infantry"), ("us-9-inf", "not_unsupplied")):
        refused = rule(r, s, "us", AirborneSupply(units=(uid,)))
        assert isinstance(refused.ruling, Rejected) and refused.ruling.code == code


def test_airborne_supply_7_5_lifts_up_to_4_sp_a_turn():
    """3 SP (a division) + 1 SP (a regiment) = 4 SP: the last regiment stays unsupplied; the
    division's values are whole again (§7.4 halves them no more)."""
    r, s = supply_phase(NORMANDY_5)
    refused = rule(r, s, "us", AirborneSupply(units=("us-4-inf", "us-4-inf-8", "us-4-inf-12")))
    assert isinstance(refused.ruling, Rejected) and refused.ruling.code == "airborne_allowance"
    assert refused.ruling.details == {"sp": 5, "left": 4}
    first = rule(r, s, "us", AirborneSupply(units=("us-4-inf",)))
    assert isinstance(first.ruling, Accepted) and not first.state.units["us-4-inf"].unsupplied
    assert [o for o in r.legal(first.state, "us") if isinstance(o, AirborneSupply)] == [
        AirborneSupply(units=("us-4-inf-12",)), AirborneSupply(units=("us-4-inf-8",))]
    second = rule(r, first.state, "us", AirborneSupply(units=("us-4-inf-8",)), dice=[3] * 8)  # the Administration Phase's rolls
    assert isinstance(second.ruling, Accepted) and second.state.airborne == (8, 4)
    assert second.state.units["us-4-inf-12"].unsupplied
    # nothing more to do for the Allies: their Logistics Phase is over (the Germans' markers follow)
    assert second.state.core.clock.phase != "markers" or second.state.core.clock.side != "allied"


def test_airborne_supply_7_5_only_in_clear_or_overcast_weather():
    r, s = supply_phase(NORMANDY_5, weather="overcast")
    assert isinstance(rule(r, s, "us", AirborneSupply(units=("us-4-inf",))).ruling, Accepted)
    r, s = supply_phase(NORMANDY_5, weather="rain")
    assert not [o for o in r.legal(s, "us") if isinstance(o, AirborneSupply)]
    refused = rule(r, s, "us", AirborneSupply(units=("us-4-inf",)))
    assert isinstance(refused.ruling, Rejected) and refused.ruling.code == "no_airborne_supply"


def test_airborne_supply_7_5_waits_for_markers_and_the_end_of_the_phase():
    """With a marker still to give, flying supply does not end the Allies' turn; EndPhase forgoes the rest."""
    r, s = supply_phase(NORMANDY_5, markers_due={"allied": 1})
    s = rule(r, s, "us", AirborneSupply(units=("us-4-inf-8",))).state
    assert (s.core.clock.phase, s.core.clock.side) == ("markers", "allied")
    assert GiveMarker(hq="us-vii-corps") not in r.legal(s, "us")  # an unsupplied HQ takes none (§7.3.2)
    assert EndPhase() in r.legal(s, "us")


def test_airborne_supply_is_refused_not_built_before_version_5():
    r, s = supply_phase(NORMANDY_4)
    assert not [o for o in r.legal(s, "us") if isinstance(o, AirborneSupply)]
    refused = rule(r, s, "us", AirborneSupply(units=("us-4-inf",)))
    assert isinstance(refused.ruling, Rejected) and refused.ruling.code == "not_built"
