"""§4.3 Overrun (`normandy-1944@4`, 002_c4aea75862ff1a36.txt L187-195) with options Q18 and Q24: the
listing, the versions that do not rule it, TAS for British troops, and the effects replaying to the
ruled state. The worked cases are conformance cases (conformance/overrun.toml)."""
from __future__ import annotations

import msgspec

from domain.games.normandy import NORMANDY_3, NORMANDY_4
from domain.games.normandy.orders import Overrun
from domain.kernel import evolve
from domain.kernel.commands import Accepted, Rejected
from tests.unit.normandy.test_reserve import MOVEMENT, position, rule


def test_overrun_4_3_listed_for_armoured_stacks_next_to_an_enemy_hex():
    """L188: a pile of armoured units next to the enemy hex; infantry is left out of the pile."""
    r, s = position(NORMANDY_4, MOVEMENT, {"us-4-arm": {"hex": "1206"}, "us-2-arm-cca": {"hex": "1206"},
                                           "us-4-inf": {"hex": "1305"}, "de-272-inf": {"hex": "1306"}})
    overruns = [o for o in r.legal(s, "us") if isinstance(o, Overrun)]
    assert overruns == [Overrun(units=("us-2-arm-cca", "us-4-arm"), hex="1306")]


def test_overrun_4_3_still_not_built_in_version_3():
    r, s = position(NORMANDY_3, MOVEMENT, {"us-4-arm": {"hex": "1206"}, "de-272-inf": {"hex": "1306"}})
    ruled = rule(r, s, "us", Overrun(units=("us-4-arm",), hex="1306"))
    assert isinstance(ruled.ruling, Rejected) and ruled.ruling.code == "not_built"


def test_overrun_q18_no_tas_for_british_troops():
    """§9.1 L374, option Q18: the Armored Column Cover was the US's; a British overrun has no TAS."""
    r, s = position(NORMANDY_4, MOVEMENT, {"br-7-arm": {"hex": "1206"}, "de-272-inf": {"hex": "1306", "lost": 1}},
                    air={"at": {"fb-br-1": "available"}})
    ruled = rule(r, s, "british", Overrun(units=("br-7-arm",), hex="1306"), dice=[1])
    assert isinstance(ruled.ruling, Accepted)
    assert not any(type(e).__name__ == "FrameOpened" and e.frame.kind == "tas" for e in ruled.ruling.effects)
    assert any(type(e).__name__ == "AttackResolved" for e in ruled.ruling.effects)


def test_overrun_4_3_effects_replay_to_the_ruled_state():
    r, s = position(NORMANDY_4, MOVEMENT, {"us-4-arm": {"hex": "1106"}, "us-2-arm-cca": {"hex": "1106"},
                                           "de-272-inf": {"hex": "1306", "lost": 1}})
    ruled = rule(r, s, "us", Overrun(units=("us-2-arm-cca", "us-4-arm"), hex="1306", path=("1206",)), dice=[2])
    assert isinstance(ruled.ruling, Accepted) and ruled.ruling.partial is not None
    replayed = s
    for e in ruled.ruling.effects:
        replayed = evolve.apply(r, replayed, e)
    assert msgspec.json.encode(replayed) == msgspec.json.encode(ruled.state)
