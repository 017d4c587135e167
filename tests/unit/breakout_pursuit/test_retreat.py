"""Retreat and Advance J-K (L295-299), the Ar and Dr results (L334-336), Stacking M, ZOC L, German
Fortresses D, Correction L658, and the retreat_closest_metric option. Positions on the synthetic
test map (helpers.py): the German source of supply is the East edge, column 01; the Allied
sources are Cherbourg 0410 and Bayeux 0610."""
from __future__ import annotations

from domain.games.breakout_pursuit import combat
from domain.games.breakout_pursuit.orders import Advance, Attack, Retreat
from domain.kernel import game
from domain.kernel.commands import DeadlineReached
from domain.kernel.dice import ScriptedDice
from tests.unit.breakout_pursuit.helpers import combat_position, data, die_for, effects_of, ok, refused, ruleset, submit

UK14, UK12, US16, US12 = "uk-aug-xx-14-8-1037", "uk-aug-xx-12-8-1138", "us-aug-xx-16-8-1735", "us-aug-xx-12-5-1638"
DE9, DE4, DE6, DE3 = "de-aug-xx-9-12-repn1", "de-aug-xx-4-5-0936", "de-aug-xx-6-5-2735", "de-aug-xx-3-4-0931"


def moved(ruling) -> dict[str, str]:
    return {e.unit: e.to for e in effects_of(ruling, "bp.unit_retreated")}


def dr_against(units: dict, target: str, attackers: tuple[str, ...], **kw):
    """Attack at 2-1 with the die that reads Dr."""
    s = combat_position(units, **kw)
    return submit(s, "allied", Attack(attackers=attackers, hex=target, odds="2-1"), dice=[die_for("2-1", "Dr")])


def test_dr_the_attacker_chooses_among_the_hexes_closest_to_the_defenders_supply():
    """Dr, L336 and J: 0404's legal hexes are 0304 and 0504 (0305, 0505 in Allied ZOC, 0403 full, M),
    both three hexes from the East edge: the Allied player chooses; other hexes are refused."""
    ruling, s = dr_against({UK14: {"hex": "0405"}, UK12: {"hex": "0405"}, DE9: {"hex": "0404"},
                            DE4: {"hex": "0403"}, DE6: {"hex": "0403"}, DE3: {"hex": "0403"}}, "0404", (UK14, UK12))
    frame = s.core.top()
    assert frame.kind == "retreat" and frame.seats == ("allied",) and frame.prompt["units"] == [DE9]
    assert {o.moves[DE9] for o in combat.answers(s, data(), "allied")} == {"0304", "0504"}
    refused(submit(s, "allied", Retreat(frame=frame.id, moves={DE9: "0403"}))[0], "bad_retreat")
    refused(submit(s, "allied", Retreat(frame=frame.id, moves={DE9: "0305"}))[0], "bad_retreat")
    refused(submit(s, "allied", Retreat(frame=frame.id + 1, moves={DE9: "0504"}))[0], "wrong_answer")
    ruling, after = submit(s, "allied", Retreat(frame=frame.id, moves={DE9: "0504"}))
    assert moved(ok(ruling)) == {DE9: "0504"} and after.units[DE9].hex == "0504"


def test_a_retreat_with_one_closest_hex_is_made_without_asking():
    """Dr: "If a choice of hexes is possible" the attacker chooses; with none to make the umpire moves the unit."""
    ruling, s = dr_against({UK14: {"hex": "0405"}, UK12: {"hex": "0405"}, DE9: {"hex": "0404"}}, "0404", (UK14, UK12))
    assert moved(ok(ruling)) == {DE9: "0403"}  # two hexes from the East edge; 0304 and 0504 are three


def test_no_retreat_into_enemy_zoc_the_unit_is_eliminated():
    """Retreat J, ZOC L: every hex around 0404 is Allied-occupied or Allied-controlled: eliminated instead."""
    ruling, s = dr_against({UK14: {"hex": "0405"}, UK12: {"hex": "0405"}, US16: {"hex": "0403"}, DE9: {"hex": "0404"}},
                           "0404", (UK14, UK12))
    assert moved(ruling) == {}
    assert [(e.unit, e.cause) for e in effects_of(ruling, "bp.unit_eliminated")] == [(DE9, "no retreat route")]


def test_no_retreat_across_a_sea_hexside():
    """Retreat J: not across a Sea hexside. From 0402 only 0302 is outside Allied ZOC, across the sea: eliminated."""
    ruling, _ = dr_against({UK14: {"hex": "0403"}, UK12: {"hex": "0403"}, US12: {"hex": "0501"}, DE9: {"hex": "0402"}},
                           "0402", (UK14, UK12))
    assert [e.unit for e in effects_of(ruling, "bp.unit_eliminated")] == [DE9]


def test_retreats_respect_stacking_one_unit_after_another():
    """Stacking M: three units at most, throughout the Combat Phase; two retreating units and a hex with room for one."""
    units = {UK14: {"hex": "0405"}, UK12: {"hex": "0405"}, US16: {"hex": "0405"}, US12: {"hex": "0305"},
             DE9: {"hex": "0404"}, DE4: {"hex": "0404"}, DE6: {"hex": "0403"}, DE3: {"hex": "0403"}}
    ruling, s = dr_against(units, "0404", (UK14, UK12, US16))
    # US12 at 0305 controls 0304; 0305, 0505 are Allied-controlled; 0403 has room for one, 0504 for three
    frame = s.core.top()
    plans = [o.moves for o in combat.answers(s, data(), "allied")]
    assert {DE4: "0403", DE9: "0504"} in plans and {DE4: "0504", DE9: "0403"} in plans
    refused(submit(s, "allied", Retreat(frame=frame.id, moves={DE4: "0403", DE9: "0403"}))[0], "bad_retreat")
    ruling, after = submit(s, "allied", Retreat(frame=frame.id, moves={DE9: "0403", DE4: "0504"}))
    assert moved(ok(ruling)) == {DE9: "0403", DE4: "0504"}


def test_ar_the_defender_retreats_the_attackers_towards_their_supply():
    """Ar, L334: the German player moves the attackers one hex each, closest to the Allied sources
    (Cherbourg 0410, Bayeux 0610): the 16-8 to 0407 (no choice), the 14-8 to 0507 or 0606."""
    s = combat_position({US16: {"hex": "0406"}, UK14: {"hex": "0506"}, DE6: {"hex": "0405"}})
    _, s = submit(s, "allied", Attack(attackers=(US16, UK14), hex="0405", odds="3-1"), dice=[die_for("3-1", "Ar")])
    frame = s.core.top()
    assert frame.seats == ("german",) and game.to_act(ruleset(), s) == ("german",)
    assert {o.moves[UK14] for o in combat.answers(s, data(), "german")} == {"0507", "0606"}
    refused(submit(s, "german", Retreat(frame=frame.id, moves={UK14: "0605", US16: "0407"}))[0], "bad_retreat")
    refused(submit(s, "german", Retreat(frame=frame.id, moves={UK14: "0606"}))[0], "bad_retreat")  # US16 must be named
    ruling, after = submit(s, "german", Retreat(frame=frame.id, moves={UK14: "0606", US16: "0407"}))
    assert moved(ok(ruling)) == {UK14: "0606", US16: "0407"} and after.combat is None


def test_the_closest_hex_by_hex_distance_under_the_option():
    """Option retreat_closest_metric: with an Allied unit on the East edge at 0401 the supply paths from
    0304, 0403 and 0504 are all three hexes long (a choice); by hex distance 0403 (two) is closest."""
    units = {UK14: {"hex": "0405"}, UK12: {"hex": "0405"}, US12: {"hex": "0401"}, DE9: {"hex": "0404"}}
    _, s = dr_against(units, "0404", (UK14, UK12))
    assert {o.moves[DE9] for o in combat.answers(s, data(), "allied")} == {"0304", "0403", "0504"}
    ruling, s = dr_against(units, "0404", (UK14, UK12), options={"retreat_closest_metric": "hex_distance"})
    assert moved(ruling) == {DE9: "0403"}
    assert any("retreat_closest_metric=hex_distance" in c.label() for e in effects_of(ruling, "bp.unit_retreated") for c in e.cite)


def test_dr_does_not_apply_to_a_fortress():
    """German Fortresses D, L478: "Dr" results do not apply to German units on a Fortress hex."""
    s = combat_position({UK14: {"hex": "0706"}, US16: {"hex": "0605"}, US12: {"hex": "0604"}, DE4: {"hex": "0705"}})
    ruling, after = submit(s, "allied", Attack(attackers=(UK14, US16, US12), hex="0705"), dice=[die_for("2-1", "Dr")])
    assert effects_of(ruling, "bp.attack_resolved")[0].result == "Dr" and moved(ruling) == {}
    assert after.units[DE4].hex == "0705" and after.combat is None
    assert any(c.label().startswith("German Fortresses (D)") for c in ruling.citations)


def test_dr_applies_in_the_west_wall():
    """Correction L658: "Dr" results apply to German units defending West Wall hexes (0203, tripled to 27)."""
    s = combat_position({UK14: {"hex": "0204"}, UK12: {"hex": "0204"}, US16: {"hex": "0204"}, US12: {"hex": "0304"},
                         DE9: {"hex": "0203"}})
    ruling, _ = submit(s, "allied", Attack(attackers=(UK14, UK12, US16, US12), hex="0203"), dice=[die_for("2-1", "Dr")])
    a = effects_of(ruling, "bp.attack_resolved")[0]
    assert (a.defense, a.odds) == (27, "2-1") and moved(ruling) == {DE9: "0202"}


# --- advance after combat (K) ----------------------------------------------------------------------


def test_up_to_three_participating_units_advance_into_the_vacated_hex():
    """Retreat and Advance K, L299: up to three units that took part may advance, before any other attack."""
    s = combat_position({UK14: {"hex": "0406"}, UK12: {"hex": "0406"}, US16: {"hex": "0406"}, US12: {"hex": "0506"},
                         DE4: {"hex": "0405"}})
    _, s = submit(s, "allied", Attack(attackers=(UK14, UK12, US16, US12), hex="0405"), dice=[die_for("9-1", "De")])
    frame = s.core.top()
    assert frame.kind == "advance" and set(frame.prompt["units"]) == {UK14, UK12, US16, US12}
    assert s.core.top() is not None and ruleset().legal(s, "allied") == combat.answers(s, data(), "allied")
    refused(submit(s, "allied", Attack(attackers=(UK14,), hex="0405"))[0], "decision_pending")
    refused(submit(s, "allied", Advance(frame=frame.id, units=(UK14, UK12, US16, US12)))[0], "bad_advance")
    ruling, after = submit(s, "allied", Advance(frame=frame.id, units=(UK14, US12)))
    assert effects_of(ok(ruling), "bp.units_advanced")[0].to == "0405"
    assert after.units[UK14].hex == "0405" and after.units[UK12].hex == "0406" and after.combat is None


def test_disrupted_attackers_never_advance():
    """Ad, L338: "Disrupted units may not advance after combat" (an Ad-Dr empties the hex)."""
    s = combat_position({US12: {"hex": "0406"}, DE4: {"hex": "0405"}})
    ruling, after = submit(s, "allied", Attack(attackers=(US12,), hex="0405"), dice=[die_for("3-1", "Ad-Dr")])
    assert effects_of(ruling, "bp.units_disrupted")[0].units == (US12,) and moved(ruling) == {DE4: "0404"}
    assert after.units[US12].disrupted == 11 and after.core.top() is None and not effects_of(ruling, "bp.units_advanced")


def test_a_deadline_imposes_the_first_closest_retreat_and_no_advance():
    """default_answer: a retreat the rules allow (the first closest), and no advance (it is voluntary)."""
    bp = ruleset()
    ruling, s = dr_against({UK14: {"hex": "0405"}, UK12: {"hex": "0405"}, DE9: {"hex": "0404"},
                            DE4: {"hex": "0403"}, DE6: {"hex": "0403"}, DE3: {"hex": "0403"}}, "0404", (UK14, UK12))
    assert combat.default_answer(s, data(), "allied") == Retreat(frame=s.core.top().id, moves={DE9: "0304"})
    ruling = game.adjudicate(bp, s, DeadlineReached(seats=("allied",)), ScriptedDice([]), version=3)
    for e in ok(ruling).effects:
        s = game.apply(bp, s, e)
    assert s.units[DE9].hex == "0304" and s.core.top().kind == "advance"
    assert combat.default_answer(s, data(), "allied") == Advance(frame=s.core.top().id, units=())


def test_a_german_retreat_may_enter_a_hex_of_allied_supply_units_and_destroys_them():
    """Movement B, Correction L654: German units may enter hexes held only by Allied Supply units, which
    are eliminated; the retreat to 0403 (closest to the East edge) overruns the Supply unit there."""
    ruling, _ = dr_against({UK14: {"hex": "0405"}, UK12: {"hex": "0405"}, DE9: {"hex": "0404"},
                            "al-aug-supply-1039": {"hex": "0403"}}, "0404", (UK14, UK12))
    assert moved(ruling) == {DE9: "0403"}
    assert [(e.unit, e.cause) for e in effects_of(ruling, "bp.unit_eliminated")] == [("al-aug-supply-1039", "overrun")]


def test_allied_units_never_retreat_into_an_intact_fortress():
    """German Fortresses (general rule, L466): Allied units may not occupy a Fortress hex until it is destroyed."""
    from domain.games.breakout_pursuit import retreat

    s = combat_position({})
    assert retreat.hex_barred(s, data(), "allied", "0705") and not retreat.hex_barred(s, data(), "german", "0705")
    destroyed = combat_position({}, fortresses={"0705": "destroyed"})
    assert not retreat.hex_barred(destroyed, data(), "allied", "0705")
