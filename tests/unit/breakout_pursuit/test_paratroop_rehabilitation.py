"""Optional Rules A, Allied Paratroop Rehabilitation (L596; digest O26, PAR-7, C14), Campaign 3.1."""
from __future__ import annotations

from domain.games.breakout_pursuit import paratroops
from domain.games.breakout_pursuit.effects import FlagSet, ParatroopRehabilitated
from domain.games.breakout_pursuit.orders import AirdropUnit, EndPhase, MoveToStaging, RehabilitateParatroop
from domain.kernel import game
from domain.kernel.commands import Accepted, Rejected
from tests.unit.breakout_pursuit.air_helpers import SIXTH, SIXTH_10_6, at, legal, of, ruleset, submit

ON = {"optional_rule_a": True}
IN_STAGING = {SIXTH: {"box": "staging"}}


def staged_since(since: int, turn: int, **kw):
    """The 7-6 in the Staging Area since Game-Turn `since`, at the Allied Initial Movement Phase of `turn`."""
    return at(IN_STAGING, turn=turn, phase="initial_movement", scenario="3.1", flags={paratroops.FLAG: {SIXTH: since}}, **kw)


def test_each_allied_airdrop_phase_records_the_first_whole_game_turn_in_staging():
    """Optional Rules A (L596): ten consecutive Game-Turns. The 7-6 goes to the Staging Area from
    Cherbourg in Game-Turn 3's Initial Movement Phase: Game-Turn 4 is its first whole turn there."""
    s = at({SIXTH: "0242"}, turn=3, phase="initial_movement", scenario="3.1", options=ON)
    _, s = submit(s, "allied", MoveToStaging(unit=SIXTH))
    _, s = submit(s, "allied", EndPhase(), version=3)  # on to Game-Turn 4: it may come back at Cherbourg
    assert (s.core.clock.turn, s.core.clock.phase, s.units[SIXTH].box) == (4, "reinforcement", "staging")
    ruling, s = submit(s, "allied", EndPhase(), version=4)
    assert [(f.name, f.value) for f in of(ruling, FlagSet)] == [(paratroops.FLAG, {SIXTH: 4})]
    left = at({SIXTH: "0242"}, turn=9, phase="reinforcement", scenario="3.1", options=ON, flags={paratroops.FLAG: {SIXTH: 4}})
    ruling, _ = submit(left, "allied", EndPhase())
    assert [(f.name, f.value) for f in of(ruling, FlagSet)] == [(paratroops.FLAG, {})]  # it left: the count starts over


def test_the_7_6_becomes_the_10_6_after_ten_consecutive_game_turns():
    """Optional Rules A (L596), option paratroop_rehabilitation = ten_consecutive_turns: in Staging
    since Game-Turn 3, it may be exchanged from the Initial Movement Phase of Game-Turn 13, not 12."""
    early = staged_since(3, 12, options=ON)
    assert not [o for o in legal(early, "allied") if isinstance(o, RehabilitateParatroop)]
    refused, _ = submit(early, "allied", RehabilitateParatroop(unit=SIXTH))
    assert isinstance(refused, Rejected) and refused.code == "not_ten_turns"
    s = staged_since(3, 13, options=ON)
    assert RehabilitateParatroop(unit=SIXTH) in legal(s, "allied")
    ruling, s = submit(s, "allied", RehabilitateParatroop(unit=SIXTH))
    assert [(e.unit, e.by) for e in of(ruling, ParatroopRehabilitated)] == [(SIXTH, SIXTH_10_6)]
    new = s.units[SIXTH_10_6]
    assert (s.units[SIXTH].box, new.box, new.strength, new.ma, new.type) == ("rehabilitated", "staging", 10, 6, "paratroop")
    assert not [o for o in legal(s, "allied") if isinstance(o, RehabilitateParatroop)]


def test_without_optional_rule_a_there_is_no_rehabilitation():
    """Optional Rules A is an optional rule (option optional_rule_a, default off)."""
    s = staged_since(3, 13)
    assert not [o for o in legal(s, "allied") if isinstance(o, RehabilitateParatroop)]
    ruling, _ = submit(s, "allied", RehabilitateParatroop(unit=SIXTH))
    assert ruling.code == "optional_rule_a"


def test_the_initial_movement_phase_waits_for_the_exchange_when_nothing_can_move():
    """The phase asks when the exchange may be made, though no unit is on the map to move."""
    s = at(IN_STAGING, turn=13, phase="supply", scenario="3.1", options=ON, flags={paratroops.FLAG: {SIXTH: 3}})
    _, s = submit(s, "allied", EndPhase())
    assert s.core.clock.phase == "initial_movement" and game.to_act(ruleset(), s) == ("allied",)


def test_the_rehabilitated_10_6_is_a_paratroop_unit_that_may_drop():
    """Optional Rules A with Paratroop A (L412): the 10-6 counter is the same unit, which never dropped."""
    s = staged_since(3, 13, options=ON)
    _, s = submit(s, "allied", RehabilitateParatroop(unit=SIXTH))
    cyc = {"airdrop": {"placed": 11, "markers": ["1020"], "real": "1020", "stage": "revealed"}}
    after = at({SIXTH: {"box": "rehabilitated"}, SIXTH_10_6: {"box": "staging"}}, turn=14, phase="airdrop", scenario="3.1",
               options=ON, **cyc)
    assert isinstance(submit(after, "allied", AirdropUnit(unit=SIXTH_10_6, hex="1020"))[0], Accepted)
