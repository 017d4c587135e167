"""The Allied Air Strike (Allied Air-Strike A-D, L390-402; digest O15, AIR-1..4), on the pack's map.

Results are found in the pack's CRT at the strike's odds (rows 2-6 are a labelled reconstruction),
so each test checks what the strike does with a result, not which cell holds it."""
from __future__ import annotations

import pytest

from domain.games.breakout_pursuit import airstrike, supply
from domain.games.breakout_pursuit.effects import (
    AirStrikeResolved, CombatPending, FlagSet, UnitEliminated, UnitRetreated, UnitsDisrupted,
)
from domain.games.breakout_pursuit.orders import AirStrike, Attack, EndPhase, Retreat
from domain.kernel import game
from domain.kernel.commands import Accepted, Rejected
from domain.kernel.effects import FrameOpened, LedgerPosted
from tests.unit.breakout_pursuit.air_helpers import (
    DE_4_5, DE_6_5, DE_8_6, DE_11_6, DE_15_6, US_12_5, US_13_5, at, data, legal, of, ruleset, submit,
)

OWED = {"air_strike": "owed"}


def die_for(odds: str, result: str) -> int:
    """The die that reads `result` in the pack's CRT at `odds` (the test is skipped if none does)."""
    for d in range(1, 7):
        if data().crt_table.result(odds, d) == result:
            return d
    pytest.skip(f"no cell {result} at {odds} in the pack's CRT")


def strike_position(units, **kw):
    return at(units, turn=1, phase="combat", flags=OWED, **kw)


def test_the_strike_is_owed_at_the_start_of_the_allied_combat_phase_of_game_turn_1():
    """Air-Strike Procedure and A (L392, L396): at the start of the Allied Combat Phase of the first
    Game-Turn the Allied player must strike; only strikes are listed, and no end of phase."""
    s = at({US_12_5: "1021", DE_4_5: "1020"}, turn=1, phase="supply", flags={"special_rules": ["A", "G"]})
    ruling, s = submit(s, "allied", EndPhase())
    assert s.core.clock.phase == "combat"
    assert [f.value for f in of(ruling, FlagSet) if f.name == airstrike.FLAG] == ["owed"]
    orders = legal(s, "allied")
    assert orders == [AirStrike(hex="1020", units=(DE_4_5,))]


def test_no_ground_attack_and_no_end_of_phase_before_the_strike():
    """Air-Strike Procedure (L392): the strike comes 'separate from, and before, normal Combat procedures'."""
    s = strike_position({US_12_5: "1021", DE_4_5: "1020"})
    attack, _ = submit(s, "allied", Attack(attackers=(US_12_5,), hex="1020"))
    end, _ = submit(s, "allied", EndPhase())
    assert isinstance(attack, Rejected) and attack.code == "air_strike_first"
    assert isinstance(end, Rejected) and end.code == "air_strike_owed"


def test_twenty_against_face_values_terrain_and_isolation_ignored():
    """Air-Strike B, D (L398, L402): 20 against the targets' one combined face strength: an 11 and
    a 4 in a town (doubled for a ground attack) defend with 15, 20-15 is 1-1; the die is unmodified."""
    s = strike_position({DE_11_6: "1019", DE_4_5: "1019"})
    ruling, _ = submit(s, "allied", AirStrike(hex="1019", units=(DE_11_6, DE_4_5)), dice=[1])
    (r,) = of(ruling, AirStrikeResolved)
    assert (r.attack, r.defense, r.odds, r.roll.value) == (20, 15, "1-1", 1)
    assert r.defense_detail == {DE_11_6: 11, DE_4_5: 4}


def test_an_isolated_target_defends_at_face_value():
    """Air-Strike D (L402): supply conditions do not affect the target's strength. The 4-5 in 1020 is
    isolated (every neighbour Allied-occupied or -controlled) yet defends with 4: 20-4 is 5-1."""
    s = strike_position({DE_4_5: "1020", US_12_5: "0921", US_13_5: "1120"})
    assert supply.defender_states(s, data(), [DE_4_5]) == {DE_4_5: "isolated"}
    ruling, _ = submit(s, "allied", AirStrike(hex="1020", units=(DE_4_5,)), dice=[1])
    (r,) = of(ruling, AirStrikeResolved)
    assert (r.defense, r.odds) == (4, "5-1")


def test_any_set_of_the_units_in_one_hex_may_be_struck_the_rest_ignored():
    """Air-Strike B (L398; exception to Combat D): every non-empty set of one hex's units is listed;
    a unit of another hex may not join."""
    s = strike_position({DE_11_6: "1019", DE_4_5: "1019", DE_8_6: "1222"})
    orders = legal(s, "allied")
    assert {o.units for o in orders if o.hex == "1019"} == {(DE_11_6,), (DE_4_5,), (DE_11_6, DE_4_5)}
    assert {o.units for o in orders if o.hex == "1222"} == {(DE_8_6,)}
    bad, _ = submit(s, "allied", AirStrike(hex="1019", units=(DE_4_5, DE_8_6)))
    assert isinstance(bad, Rejected) and bad.code == "not_a_target"
    die = die_for("5-1", "Dr")
    ruling, after = submit(s, "allied", AirStrike(hex="1019", units=(DE_4_5,)), dice=[die])
    assert of(ruling, AirStrikeResolved)[0].defense == 4
    moved = {e.unit for e in of(ruling, UnitRetreated)}
    frames = of(ruling, FrameOpened)
    if frames:  # the Allied player picks the retreat hex among equals (Retreat J)
        assert frames[0].frame.seats == ("allied",) and frames[0].frame.prompt["units"] == [DE_4_5]
    else:
        assert moved == {DE_4_5}
    assert after.units[DE_11_6].hex == "1019"


@pytest.mark.parametrize("result, target, odds", [("De", DE_4_5, "5-1"), ("Ex", DE_6_5, "3-1")])
def test_de_and_ex_eliminate_the_targets_with_no_attacker_loss(result, target, odds):
    """Air-Strike D (L402): De and Ex eliminate the struck units; there is no attacking unit to lose
    (AIR-4). 20-4 is 5-1, 20-6 is 3-1 (Combat G). The Allies score them (Victory A)."""
    s = strike_position({DE_11_6: "1019", target: "1019"})
    ruling, after = submit(s, "allied", AirStrike(hex="1019", units=(target,)), dice=[die_for(odds, result)])
    r = of(ruling, AirStrikeResolved)[0]
    assert (r.odds, r.result, r.applied) == (odds, result, result)
    assert [e.unit for e in of(ruling, UnitEliminated)] == [target]
    assert [(p.ledger, p.owner) for p in of(ruling, LedgerPosted)] == [("vp", "allied")]
    assert not of(ruling, FrameOpened)  # no exchange to choose; a 4-5 or 6-5 has no battlegroup
    assert after.units[DE_11_6].hex == "1019" and after.combat is None


def test_an_eleven_six_struck_out_may_become_a_battlegroup_at_the_german_players_option():
    """Battlegroups L (L303) through combat's machinery: the owner (German) is asked."""
    s = strike_position({DE_11_6: "1019"})
    die = die_for("1-1", "Ex") if any(data().crt_table.result("1-1", d) == "Ex" for d in range(1, 7)) else None
    if die is None:
        pytest.skip("no Ex at 1-1 in the pack's CRT")
    ruling, after = submit(s, "allied", AirStrike(hex="1019", units=(DE_11_6,)), dice=[die])
    (frame,) = of(ruling, FrameOpened)
    assert (frame.frame.kind, frame.frame.seats) == ("battlegroups", ("german",))
    assert game.to_act(ruleset(), after) == ("german",)


def test_ad_dr_is_a_dr_without_disruption():
    """Air-Strike D (L402; AIR-4): only the defender's part of Ad-Dr applies."""
    s = strike_position({DE_4_5: "1020"})
    ruling, _ = submit(s, "allied", AirStrike(hex="1020", units=(DE_4_5,)), dice=[die_for("5-1", "Ad-Dr")])
    r = of(ruling, AirStrikeResolved)[0]
    assert (r.result, r.applied) == ("Ad-Dr", "Dr")
    assert not of(ruling, UnitsDisrupted)
    assert of(ruling, UnitRetreated) or of(ruling, FrameOpened)


# targets in separate hexes and the odds of 20 against them (Combat G: rounded in favour of the defender)
GROUPS = {"1-2": ("1019", (DE_15_6, DE_11_6)), "1-1": ("1222", (DE_4_5, DE_8_6, DE_6_5)), "2-1": ("1520", (DE_8_6,)),
          "5-1": ("1520", (DE_4_5,))}


@pytest.mark.parametrize("result", ["Ae", "Ar", "Ad"])
def test_attacker_results_do_nothing(result):
    """Air-Strike D (L402): Ae, Ar and Ad pertain to the attacker and are not used. 20 against
    15+11 is 1-2, against 4+8+6 is 1-1, against 8 is 2-1."""
    odds = next((o for o in GROUPS if any(data().crt_table.result(o, d) == result for d in range(1, 7))), None)
    if odds is None:
        pytest.skip(f"{result} appears at none of the odds of these tests")
    hex_id, units = GROUPS[odds]
    s = strike_position({u: hex_id for u in units})
    ruling, after = submit(s, "allied", AirStrike(hex=hex_id, units=units), dice=[die_for(odds, result)])
    r = of(ruling, AirStrikeResolved)[0]
    assert (r.odds, r.result, r.applied) == (odds, result, "none")
    assert not of(ruling, CombatPending) and not of(ruling, UnitEliminated) and not of(ruling, UnitsDisrupted)
    assert after.flags[airstrike.FLAG] == "made" and all(after.units[u].hex == hex_id for u in units)


def test_the_strike_is_made_once_then_ground_combat_goes_on():
    """Air-Strike A, C (L396, L400): one strike per game; then normal combat, and the phase may end."""
    s = strike_position({US_12_5: "1021", DE_4_5: "1020", DE_11_6: "1020"})
    ruling, s = submit(s, "allied", AirStrike(hex="1020", units=(DE_4_5, DE_11_6)), dice=[1])  # 1-1, die 1: Ae (L322)
    assert isinstance(ruling, Accepted) and of(ruling, AirStrikeResolved)[0].applied == "none"
    again, _ = submit(s, "allied", AirStrike(hex="1020", units=(DE_4_5,)))
    assert isinstance(again, Rejected) and again.code == "no_air_strike"
    assert Attack(attackers=(US_12_5,), hex="1020") in legal(s, "allied") and EndPhase() in legal(s, "allied")


@pytest.mark.parametrize("attackable", [True, False])
def test_struck_units_may_be_attacked_by_ground_units_under_the_option(attackable):
    """Option air_struck_units_attackable (digest AIR, Combat E L287): True (default) lets ground units
    attack the struck units in the same phase; False counts them as attacked."""
    s = strike_position({US_12_5: "1021", DE_4_5: "1020", DE_11_6: "1020"}, options={"air_struck_units_attackable": attackable})
    _, s = submit(s, "allied", AirStrike(hex="1020", units=(DE_4_5, DE_11_6)), dice=[1])  # 1-1, die 1: Ae
    ruling, _ = submit(s, "allied", Attack(attackers=(US_12_5,), hex="1020"), dice=[1])
    if attackable:
        assert isinstance(ruling, Accepted)
    else:
        assert isinstance(ruling, Rejected) and ruling.code == "defenders_already_attacked"


def test_no_strike_after_game_turn_1_nor_in_the_pursuit():
    """Air-Strike A (L396), option air_strike_turn = 1: no strike on Game-Turn 2, none in Pursuit
    scenarios (they start on Game-Turn 11; their scenario data sets no strike)."""
    s = at({US_12_5: "1021", DE_4_5: "1020"}, turn=2, phase="supply")
    _, s = submit(s, "allied", EndPhase())
    assert airstrike.FLAG not in s.flags
    assert airstrike.strike_turn(s, data()) == 1
    pursuit = at({}, turn=11, phase="supply", scenario="2.1")
    assert airstrike.strike_turn(pursuit, data()) is None


def test_units_on_a_fortress_ignore_a_dr_and_the_fortress_stands():
    """Fortress D (L478) with option air_strike_fortress = units_only: a Dr does not apply to German
    units on a Fortress hex; the Fortress's strength is not struck and it is never destroyed."""
    s = strike_position({DE_4_5: "0425"})
    ruling, after = submit(s, "allied", AirStrike(hex="0425", units=(DE_4_5,)), dice=[die_for("5-1", "Dr")])
    r = of(ruling, AirStrikeResolved)[0]
    assert (r.defense, r.result, r.applied) == (4, "Dr", "none")
    assert after.units[DE_4_5].hex == "0425" and after.fortresses["0425"] == "intact"


def test_the_default_answer_is_the_strike_at_the_best_odds():
    """The strike is mandatory: at a deadline the umpire makes the listed strike with the weakest target."""
    s = strike_position({DE_11_6: "1019", DE_4_5: "1019", DE_6_5: "1222"})
    assert game.default_answer(ruleset(), s, "allied") == AirStrike(hex="1019", units=(DE_4_5,))


def test_a_dr_retreat_follows_the_retreat_rules():
    """Explanation of Results Dr (L336), Retreat J (L297): the struck unit retreats one hex (the
    Allied player choosing among equally close hexes); with every neighbour Allied-occupied or in
    Allied ZOC it has no route and is eliminated."""
    s = strike_position({DE_4_5: "1020"})
    ruling, s = submit(s, "allied", AirStrike(hex="1020", units=(DE_4_5,)), dice=[die_for("5-1", "Dr")])
    if of(ruling, FrameOpened):
        assert of(ruling, FrameOpened)[0].frame.seats == ("allied",)
        answers = legal(s, "allied")
        assert answers and all(isinstance(a, Retreat) for a in answers)
        ruling, s = submit(s, "allied", answers[0], version=3)
    assert [(e.unit, e.frm) for e in of(ruling, UnitRetreated)] == [(DE_4_5, "1020")]
    assert s.units[DE_4_5].hex in data().neighbours["1020"] and s.combat is None
    trapped = strike_position({DE_4_5: "1020", US_12_5: "0921", US_13_5: "1120"})
    ruling, after = submit(trapped, "allied", AirStrike(hex="1020", units=(DE_4_5,)), dice=[die_for("5-1", "Dr")])
    assert [(e.unit, e.cause) for e in of(ruling, UnitEliminated)] == [(DE_4_5, "no retreat route")]
    assert after.combat is None and EndPhase() in legal(after, "allied")
