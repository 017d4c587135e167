"""§6.5 the defender's withholding (`normandy-1944@5`, 002_c4aea75862ff1a36.txt L266-272) with option
Q25: who is asked, what may be left out, and versions 1-4 unchanged. The worked cases are conformance
cases (conformance/combat.toml, nm-combat-withholding-*)."""
from __future__ import annotations

from functools import cache

from domain.games.normandy import NORMANDY_4, NORMANDY_5
from domain.games.normandy.orders import ActivateHQ, Attack, Withhold
from domain.kernel import game
from domain.kernel.commands import Accepted, Begin, Rejected, SeatOrder
from domain.kernel.dice import ScriptedDice
from domain.kernel.seats import PUBLIC
from tests.unit.normandy.helpers import pack


@cache
def bound(ruleset):
    return ruleset.bind(pack())


def attacked(ruleset, us: dict, **options):
    """The 21. Panzer and the 272. attack 1306, held by `us` (no US HQ near: no defensive support)."""
    r = bound(ruleset)
    s = r.setup(r.pack, "2", game_id="t", options=r.resolve_options(options))
    s = game.step(r, s, Begin(), ScriptedDice([], command=1), version=1, visibility=PUBLIC).state
    s = r.position(s, {"clear": True, "core": {"clock": {"turn": 8, "phase": "combat", "side": "german", "impulse": 1}},
                       "add": {**us, "de-21-pz": {"hex": "1305"}, "de-272-inf": {"hex": "1406"},
                               "de-lxxxiv-korps": {"hex": "1303", "markers": 1}}})
    s = rule(r, s, "german", ActivateHQ(hq="de-lxxxiv-korps", action="combat")).state
    return r, rule(r, s, "german", Attack(units=("de-21-pz", "de-272-inf"), hex="1306"), dice=[1])


def rule(r, s, seat, order, dice=()):
    return game.step(r, s, SeatOrder(seat=seat, order=order), ScriptedDice(list(dice), command=2), version=2, visibility=PUBLIC)


TWO_D = {"us-4-inf": {"hex": "1306", "d": 1}, "us-2-arm-cca": {"hex": "1306", "d": 2}}


def test_withholding_6_5_lists_each_d_unit_but_never_every_defender():
    """L269: 'at least one unit must defend a hex when attacked': with both units disorganised each
    may be left out alone, never both; the default answer withholds nothing."""
    r, ruled = attacked(NORMANDY_5, TWO_D)
    frame = ruled.state.core.top()
    assert frame is not None and frame.kind == "withhold" and frame.prompt["options"] == ["us-2-arm-cca", "us-4-inf"]
    assert {o.units for o in r.legal(ruled.state, "us")} == {(), ("us-2-arm-cca",), ("us-4-inf",)}
    assert r.default_answer(ruled.state, "us") == Withhold(frame=frame.id)
    refused = rule(r, ruled.state, "us", Withhold(frame=frame.id, units=("us-2-arm-cca", "us-4-inf")), dice=[1])
    assert isinstance(refused.ruling, Rejected) and refused.ruling.code == "one_must_defend"
    assert isinstance(rule(r, ruled.state, "us", Withhold(frame=frame.id, units=("us-4-inf",)), dice=[1]).ruling, Accepted)


def test_withholding_6_5_not_asked_of_a_lone_unit_nor_without_d_units():
    for us in ({"us-4-inf": {"hex": "1306", "d": 2}}, {"us-4-inf": {"hex": "1306"}, "us-2-arm-cca": {"hex": "1306"}}):
        _, ruled = attacked(NORMANDY_5, us)
        assert any(type(e).__name__ == "AttackResolved" for e in ruled.ruling.effects)  # resolved at once, nobody asked


def test_withholding_option_q25_false_never_asks():
    _, ruled = attacked(NORMANDY_5, TWO_D, Q25_defender_may_withhold_d=False)
    assert any(type(e).__name__ == "AttackResolved" for e in ruled.ruling.effects)


def test_withholding_is_refused_not_built_and_never_asked_in_version_4():
    r, ruled = attacked(NORMANDY_4, TWO_D)
    assert any(type(e).__name__ == "AttackResolved" for e in ruled.ruling.effects)
    refused = rule(r, ruled.state, "german", Withhold(frame=9))
    assert isinstance(refused.ruling, Rejected) and refused.ruling.code == "not_built"
