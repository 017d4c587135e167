"""Combat A-H, strengths and odds, the CRT (Breakout & Pursuit, L271-324; Corrections L632, L642,
L658; German Fortresses A; Supply Effects Chart). Each test cites the rule it checks; positions
are on the synthetic test map (helpers.py)."""
from __future__ import annotations

import pytest

from domain.games.breakout_pursuit import combat, strength
from domain.games.breakout_pursuit.orders import Attack, EndPhase
from domain.kernel.commands import Accepted, Rejected
from tests.unit.breakout_pursuit.helpers import combat_position, data, die_for, effects_of, ruleset, submit

UK14, UK12, US16 = "uk-aug-xx-14-8-1037", "uk-aug-xx-12-8-1138", "us-aug-xx-16-8-1735"
US9, US12 = "us-aug-xx-9-5-1540", "us-aug-xx-12-5-1638"
TRUCK, SUPPLY = "al-aug-truck-1039", "al-aug-supply-1039"
DE9, DE4, DE6, DE10 = "de-aug-xx-9-12-repn1", "de-aug-xx-4-5-0936", "de-aug-xx-6-5-2735", "de-jul-xx-10-6-2ss"


def resolved(ruling):
    assert isinstance(ruling, Accepted), ruling
    return effects_of(ruling, "bp.attack_resolved")[0]


def rejected(ruling, code):
    assert isinstance(ruling, Rejected), ruling
    assert ruling.code == code, ruling
    assert ruling.citation is not None and ruling.message
    return ruling


# --- odds (Combat G, L324) -------------------------------------------------------------------------


def test_odds_are_rounded_in_favour_of_the_defender_26_against_9_is_2_1():
    """Combat G, L291: "26-9 would round-off to a 2-1"; played: a 14 and a 12 against a 9."""
    assert data().crt_table.column(26, 9) == "2-1"
    # Both attackers on the west side, so the German keeps its supply path east (Supply D) at full strength.
    s = combat_position({UK14: {"hex": "0406"}, UK12: {"hex": "0506"}, DE9: {"hex": "0405"}})
    a = resolved(submit(s, "allied", Attack(attackers=(UK14, UK12), hex="0405"), dice=[1])[0])
    assert a.defender_supply == {DE9: "supplied"}
    assert (a.attack, a.defense, a.odds, a.computed_odds) == (26, 9, "2-1", "2-1")


def test_odds_below_one_to_one_round_towards_the_defender():
    """Combat G: 5 against 9 is worse than 1-1 but not 1-2, so 1-2; 5 against 11 is below 1-2, so 1-3."""
    assert data().crt_table.column(5, 9) == "1-2"
    assert data().crt_table.column(5, 10) == "1-2"
    assert data().crt_table.column(5, 11) == "1-3"
    assert data().crt_table.column(9, 9) == "1-1"


def test_odds_beyond_the_table_are_resolved_at_its_ends():
    """CRT, L324: greater than 9-1 is resolved as 9-1, less than 1-3 as 1-3."""
    assert data().crt_table.column(40, 4) == "9-1" and data().crt_table.beyond_table(40, 4)
    assert data().crt_table.column(1, 5) == "1-3" and data().crt_table.beyond_table(1, 5)
    assert not data().crt_table.beyond_table(39, 4)


def test_the_attacker_may_attack_at_3_1_instead_of_5_1():
    """Combat H, L293: a 30-6 (5-1) attack made at 3-1 reads the 3-1 column; every attacker shares the result."""
    s = combat_position({US16: {"hex": "0406"}, UK14: {"hex": "0506"}, DE6: {"hex": "0405"}})
    die = die_for("3-1", "Ar")
    ruling, after = submit(s, "allied", Attack(attackers=(US16, UK14), hex="0405", odds="3-1"), dice=[die])
    a = resolved(ruling)
    assert (a.computed_odds, a.odds, a.result) == ("5-1", "3-1", data().crt_table.result("3-1", die))
    assert after.core.top().kind == "retreat" and set(after.core.top().prompt["units"]) == {US16, UK14}


def test_the_attacker_may_not_raise_the_odds():
    """Combat H: the option is to decrease the odds only."""
    s = combat_position({UK14: {"hex": "0406"}, DE9: {"hex": "0405"}})
    rejected(submit(s, "allied", Attack(attackers=(UK14,), hex="0405", odds="3-1"), dice=[1])[0], "odds_not_lower")
    rejected(submit(s, "allied", Attack(attackers=(UK14,), hex="0405", odds="10-1"), dice=[1])[0], "bad_odds")


# --- declaration (Combat A-E) ------------------------------------------------------------------------


def test_only_adjacent_units_attack():
    """Combat A, L279: only units directly adjacent to the enemy unit may take part."""
    s = combat_position({UK14: {"hex": "0407"}, UK12: {"hex": "0406"}, DE9: {"hex": "0405"}})
    rejected(submit(s, "allied", Attack(attackers=(UK14, UK12), hex="0405"), dice=[1])[0], "not_adjacent")


def test_no_attack_across_a_sea_hexside():
    """Terrain Effects Chart, L259: combat through a Sea hexside is prohibited (0302/0402 is one)."""
    s = combat_position({UK14: {"hex": "0302"}, DE9: {"hex": "0402"}})
    rejected(submit(s, "allied", Attack(attackers=(UK14,), hex="0402"), dice=[1])[0], "across_sea")
    assert combat.legal(s, data(), "allied") == []


def test_no_unit_attacks_twice_and_no_enemy_is_attacked_twice():
    """Combat E, L287: one attack per unit and per defending unit in a Combat Phase."""
    s = combat_position({UK14: {"hex": "0406"}, UK12: {"hex": "0404"}, DE9: {"hex": "0405"}})
    _, after = submit(s, "allied", Attack(attackers=(UK14,), hex="0405", odds="1-1"), dice=[die_for("1-1", "Ad")])
    assert after.combat is None and after.core.top() is None
    rejected(submit(after, "allied", Attack(attackers=(UK12,), hex="0405"), dice=[1])[0], "defenders_already_attacked")


def test_an_attacker_that_already_attacked_is_refused():
    """Combat E: a unit that attacked may not attack again, even another hex."""
    s = combat_position({UK14: {"hex": "0404"}, DE9: {"hex": "0405"}, DE4: {"hex": "0403"}})
    _, after = submit(s, "allied", Attack(attackers=(UK14,), hex="0405", odds="1-1"), dice=[die_for("1-1", "Ad")])
    rejected(submit(after, "allied", Attack(attackers=(UK14,), hex="0403"), dice=[1])[0], "already_attacked")


def test_units_in_one_hex_may_not_attack_different_hexes():
    """Combat B, L281: friendly units in the same hex may not attack different enemy-occupied hexes."""
    s = combat_position({UK14: {"hex": "0404"}, UK12: {"hex": "0404"}, DE9: {"hex": "0405"}, DE4: {"hex": "0403"}})
    _, after = submit(s, "allied", Attack(attackers=(UK14,), hex="0405", odds="1-1"), dice=[die_for("1-1", "Ad")])
    rejected(submit(after, "allied", Attack(attackers=(UK12,), hex="0403"), dice=[1])[0], "stack_split")
    assert all(o.hex != "0403" for o in combat.legal(after, data(), "allied"))


def test_all_units_in_the_hex_defend_together():
    """Combat D, L285: the defenders of a hex have one combined strength and share the result."""
    s = combat_position({UK14: {"hex": "0406"}, DE9: {"hex": "0405"}, DE4: {"hex": "0405"}})
    a = resolved(submit(s, "allied", Attack(attackers=(UK14,), hex="0405"), dice=[die_for("1-1", "Ad")])[0])
    assert a.defense == 13 and set(a.defenders) == {DE9, DE4}


def test_units_with_zero_attack_strength_never_attack():
    """CRT, L324: zero attack strength may never attack: an isolated Allied unit (Supply Effects Chart);
    a Truck defends only (Non-Combat A)."""
    s = combat_position({UK14: {"hex": "0406"}, TRUCK: {"hex": "0404"}, DE9: {"hex": "0405"}}, supply={UK14: "isolated"})
    rejected(submit(s, "allied", Attack(attackers=(UK14,), hex="0405"), dice=[1])[0], "zero_strength")
    rejected(submit(s, "allied", Attack(attackers=(TRUCK,), hex="0405"), dice=[1])[0], "not_a_combat_unit")
    assert combat.legal(s, data(), "allied") == []


def test_a_hex_of_supply_units_alone_is_not_attacked():
    """Movement B, Non-Combat A: Supply units alone do not bar entry; there is nothing to attack."""
    s = combat_position({DE9: {"hex": "0406"}, SUPPLY: {"hex": "0405"}}, side="german")
    rejected(submit(s, "german", Attack(attackers=(DE9,), hex="0405"), dice=[1])[0], "no_defender")


# --- strengths (Combat F, TEC, Supply Effects Chart, Fortresses, Trucks) -----------------------------


def test_half_of_nine_is_five():
    """Combat F, L289: halved strengths round up, "half of nine is five" (an unsupplied Allied 9)."""
    assert strength.halve(9, "up") == 5
    s = combat_position({US9: {"hex": "0406"}, DE4: {"hex": "0405"}}, supply={US9: "unsupplied"})
    a = resolved(submit(s, "allied", Attack(attackers=(US9,), hex="0405"), dice=[die_for("1-1", "Ad")])[0])
    assert a.attack == 5 and a.attack_detail["units"][US9]["halved"] == 1


def test_halving_rounds_down_under_the_option():
    """Option halve_strength_rounding = down (the handwritten note beside the Isolated row, L388)."""
    s = combat_position({US9: {"hex": "0406"}, DE4: {"hex": "0405"}}, supply={US9: "unsupplied"},
                        options={"halve_strength_rounding": "down"})
    a = resolved(submit(s, "allied", Attack(attackers=(US9,), hex="0405"), dice=[die_for("1-1", "Ad")])[0])
    assert a.attack == 4
    assert any("halve_strength_rounding=down" in c.label() for c in a.cite)


def test_halving_per_stack_under_the_option():
    """Option halve_scope = per_stack: two unsupplied 9s are 18 halved, 9, not 5 + 5."""
    s = combat_position({US9: {"hex": "0406"}, "us-aug-xx-11-5-1539": {"hex": "0406"}, DE10: {"hex": "0405"}},
                        supply={US9: "unsupplied", "us-aug-xx-11-5-1539": "unsupplied"}, options={"halve_scope": "per_stack"})
    a = resolved(submit(s, "allied", Attack(attackers=(US9, "us-aug-xx-11-5-1539"), hex="0405"), dice=[die_for("1-1", "Ad")])[0])
    assert a.attack == 10  # (9 + 11) / 2; per unit it would be 5 + 6 = 11


def test_terrain_doubles_and_multipliers_do_not_combine():
    """TEC, L261-265: rough and town double; West Wall triples German defenders (Correction L658);
    "use the single effect most advantageous to the Defender" (0207 is rough and West Wall)."""
    d = data()
    base = combat_position({})
    assert strength.terrain_multiplier(base, d, "0305", "german") == (2, "rough")
    assert strength.terrain_multiplier(base, d, "0505", "allied") == (2, "town")
    assert strength.terrain_multiplier(base, d, "0207", "german") == (3, "west_wall")
    assert strength.terrain_multiplier(base, d, "0207", "allied") == (2, "rough")
    assert strength.terrain_multiplier(base, d, "0203", "allied") == (1, None)


def test_supply_first_then_terrain():
    """Combat F and Correction L632: supply effects are calculated first; an isolated 9 in a town is
    5 doubled, 10 (not 9)."""
    s = combat_position({DE9: {"hex": "0505"}})
    total, detail = strength.defense_strength(s, data(), "0505", [s.units[DE9]], {DE9: "isolated"}, "german")
    assert total == 10 and detail["multiplier"] == 2 and detail["sum"] == 5


def test_disruption_and_supply_halvings_combine():
    """Correction L632: a unit halved by an "Ad" may be further impaired by supply: 9 -> 5 -> 3."""
    s = combat_position({DE9: {"hex": "0405", "disrupted": 10}}, turn=11)
    total, detail = strength.defense_strength(s, data(), "0405", [s.units[DE9]], {DE9: "isolated"}, "german")
    assert total == 3 and detail["units"][DE9]["disrupted"]


def test_disruption_halves_only_in_the_next_enemy_combat_phase():
    """Ad, L338: halved during the next Enemy Combat Phase: a German disrupted on Game-Turn 10 in the
    Allied Combat Phase of 11, not of 12; an Allied unit disrupted on 11 in the German one of 11."""
    de = combat_position({DE9: {"hex": "0405", "disrupted": 10}}, turn=11)
    assert strength.disrupted_now(de, de.units[DE9])
    later = combat_position({DE9: {"hex": "0405", "disrupted": 10}}, turn=12)
    assert not strength.disrupted_now(later, later.units[DE9])
    al = combat_position({UK14: {"hex": "0405", "disrupted": 11}}, turn=11, side="german")
    assert strength.disrupted_now(al, al.units[UK14])


def test_a_fortress_triples_its_germans_and_adds_five():
    """German Fortresses A, L472: the intact Fortress's 5 is added to the tripled German strength: a 4 is 17."""
    s = combat_position({DE4: {"hex": "0705"}, UK14: {"hex": "0706"}})
    a = resolved(submit(s, "allied", Attack(attackers=(UK14,), hex="0705"), dice=[die_for("1-2", "Ae")])[0])
    assert a.defense == 17 and a.defense_detail["fortress"] == 5 and a.defense_detail["multiplier"] == 3
    assert "fortress:0705" in a.defenders


def test_an_empty_intact_fortress_defends_with_five():
    """German Fortresses A: the Fortress hex itself has a defense strength of five."""
    s = combat_position({UK14: {"hex": "0706"}})
    attacks = combat.legal(s, data(), "allied")
    assert attacks and attacks[0].hex == "0705"
    a = resolved(submit(s, "allied", Attack(attackers=(UK14,), hex="0705"), dice=[die_for("2-1", "Ad")])[0])
    assert (a.defense, a.odds) == (5, "2-1")


def test_a_truck_adds_one_to_the_defense():
    """Allied Truck Units D, L434 (and Non-Combat A, Correction L642): a Truck adds its 1 to the defense."""
    s = combat_position({US9: {"hex": "0505"}, TRUCK: {"hex": "0505"}, DE10: {"hex": "0405"}}, side="german")
    a = resolved(submit(s, "german", Attack(attackers=(DE10,), hex="0505"), dice=[die_for("1-2", "Ae")])[0])
    assert a.defense == (9 + 1) * 2 and a.defense_detail["truck"] == 1


def test_allied_unsupplied_attack_is_halved_and_isolated_defense_halved():
    """Supply Effects Chart, L378-386: Allied unsupplied attack half, defense normal; isolated defense half."""
    s = combat_position({US9: {"hex": "0406"}}, supply={US9: "unsupplied"})
    assert strength.unit_attack(s, data(), s.units[US9]) == 5
    total, _ = strength.defense_strength(s, data(), "0406", [s.units[US9]], {US9: "unsupplied"}, "allied")
    assert total == 9
    total, _ = strength.defense_strength(s, data(), "0406", [s.units[US9]], {US9: "isolated"}, "allied")
    assert total == 5


@pytest.mark.parametrize("option, attack", [("as_allied_isolated", 0), ("none", 9)])
def test_german_isolated_effects_follow_the_option(option, attack):
    """Supply Effects Chart (no German Isolated row): option german_isolated_effects."""
    s = combat_position({DE9: {"hex": "0405"}}, side="german", supply={DE9: "isolated"}, options={"german_isolated_effects": option})
    assert strength.unit_attack(s, data(), s.units[DE9]) == attack


def test_river_subtracts_one_only_when_every_attacker_crosses_it():
    """TEC, L260: the attacker subtracts 1 from the die if all units attack through river hexsides
    (0607 and 0508 are across rivers from 0608; 0609 is not)."""
    s = combat_position({UK14: {"hex": "0607"}, UK12: {"hex": "0508"}, US16: {"hex": "0609"}, DE9: {"hex": "0608"}})
    a = resolved(submit(s, "allied", Attack(attackers=(UK14, UK12), hex="0608"), dice=[1])[0])
    assert (a.drm, a.modified, a.result) == (-1, 0, data().crt_table.result(a.odds, 0))
    a = resolved(submit(s, "allied", Attack(attackers=(UK14, UK12, US16), hex="0608"), dice=[1])[0])
    assert (a.drm, a.modified) == (0, 1)


def test_units_retreated_into_an_attacked_hex_share_its_result_but_add_no_strength():
    """Correction L632: units that retreated into a friendly hex attacked later in the phase are
    subject to that attack's result; option retreated_units_add_strength (default false)."""
    s = combat_position({UK14: {"hex": "0406"}, DE9: {"hex": "0405"}, DE4: {"hex": "0405"}}, defended=[DE9])
    ruling, after = submit(s, "allied", Attack(attackers=(UK14,), hex="0405"), dice=[die_for("3-1", "Ex")])
    a = resolved(ruling)
    assert a.defense == 4 and a.defense_detail["units"][DE9].get("retreated_here")
    assert {e.unit for e in effects_of(ruling, "bp.unit_eliminated")} >= {DE9, DE4}


def test_a_hex_whose_every_unit_was_attacked_cannot_be_attacked_again():
    """Combat E with Correction L632: the exception covers units joining a hex still to be attacked only."""
    s = combat_position({UK14: {"hex": "0406"}, DE9: {"hex": "0405"}}, defended=[DE9])
    rejected(submit(s, "allied", Attack(attackers=(UK14,), hex="0405"), dice=[1])[0], "defenders_already_attacked")


# --- the phase and the record ------------------------------------------------------------------------


def test_the_combat_phase_asks_only_when_an_attack_is_possible():
    """Combat A: the phasing player may attack adjacent enemy units; with none, nothing to decide."""
    from domain.kernel.adjudication import Adjudication
    from domain.kernel.dice import ScriptedDice

    bp = ruleset()
    apart = combat_position({UK14: {"hex": "0410"}, DE9: {"hex": "0402"}})
    assert combat.enter(Adjudication(bp, apart, ScriptedDice([]), command=2)) is False
    near = combat_position({UK14: {"hex": "0406"}, DE9: {"hex": "0405"}})
    assert combat.enter(Adjudication(bp, near, ScriptedDice([]), command=2)) is True


def test_every_listed_attack_is_accepted():
    """legal() lists only orders accepted if submitted next: the full attack and its lower columns (H)."""
    s = combat_position({UK14: {"hex": "0406"}, UK12: {"hex": "0404"}, US12: {"hex": "0506"}, DE9: {"hex": "0405"},
                         DE4: {"hex": "0304"}}, options={"german_isolated_effects": "none"})  # odds on full strength
    orders = combat.legal(s, data(), "allied")
    assert {o.hex for o in orders} == {"0405", "0304"}
    full = next(o for o in orders if o.hex == "0405" and o.odds is None)
    assert set(full.attackers) == {UK14, UK12, US12}
    assert data().crt_table.column(38, 9) == "4-1"
    assert [o.odds for o in orders if o.hex == "0405"][1:] == data().crt_table.lower("4-1")
    for o in orders:
        assert isinstance(submit(s, "allied", o, dice=[3])[0], Accepted), o


def test_the_attack_record_lets_a_referee_check_it_by_hand():
    """Combat Procedure: strengths with their modifiers, defender supply, odds, die and result, cited."""
    s = combat_position({US9: {"hex": "0306"}, UK12: {"hex": "0404"}, DE9: {"hex": "0305"}}, supply={US9: "unsupplied"})
    a = resolved(submit(s, "allied", Attack(attackers=(US9,), hex="0305"), dice=[2])[0])
    assert a.attack_detail["units"][US9] == {"face": 9, "supply": "unsupplied", "base": 9, "halved": 1, "strength": 5}
    assert a.defense_detail["multiplier"] == 2 and a.defense_detail["terrain"] == "rough" and a.defense == 18
    assert a.defender_supply == {DE9: "supplied"} and a.roll.value == 2 and a.roll.purpose == "combat"
    labels = {c.label() for c in a.cite}
    assert {"Combat, L275", "Combat (G), L291", "Supply Effects Chart, L378-386", "Combat (F), L289"} <= labels


# --- assessing a listed attack before it is made ----------------------------------------------------


@pytest.mark.parametrize("odds", [None, "1-1"])
def test_an_attacks_assessment_is_what_its_ruling_then_does_for_every_die_face(odds):
    """Combat G and the CRT, as `GET /legal?assess=true` shows them: strengths, the column (the one
    asked for, when lower: Combat H), and the result each die face gives."""
    s = combat_position({UK14: {"hex": "0406"}, UK12: {"hex": "0506"}, DE9: {"hex": "0405"}})
    order = Attack(attackers=(UK14, UK12), hex="0405", odds=odds)
    seen = ruleset().assess(s, "allied", order)
    assert (seen.attack, seen.defense, seen.computed_odds, seen.odds) == (26, 9, "2-1", odds or "2-1")
    assert len(seen.results) == data().crt.die.sides
    for face in range(1, data().crt.die.sides + 1):
        a = resolved(submit(s, "allied", order, dice=[face])[0])
        assert (a.attack, a.defense, a.odds, a.drm, a.result) == (
            seen.attack, seen.defense, seen.odds, seen.die_modifier, seen.results[face - 1])
        assert a.defender_supply == seen.defender_supply
    assert ruleset().assess(s, "allied", EndPhase()) is None  # nothing to weigh before ending a phase
