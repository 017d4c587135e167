"""Battlegroups L-P (L301-316; Correction L634), the Ex and De results (L330-332), German
Fortresses D, Corrections L654 and L656. Positions on the synthetic test map (helpers.py)."""
from __future__ import annotations

from domain.games.breakout_pursuit import combat
from domain.games.breakout_pursuit.orders import Advance, Attack, Battlegroups, ExchangeLosses, Retreat
from domain.kernel.commands import Accepted
from tests.unit.breakout_pursuit.helpers import combat_position, data, die_for, effects_of, ok, refused, submit

UK14, UK12, US16, US12, US9 = "uk-aug-xx-14-8-1037", "uk-aug-xx-12-8-1138", "us-aug-xx-16-8-1735", "us-aug-xx-12-5-1638", "us-aug-xx-9-5-1540"
UK7, US17, SUPPLY = "uk-aug-x-7-8-1038", "us-jul-xx-17-8-3", "al-aug-supply-1039"
DE10, DE9, DE4, SS4 = "de-jul-xx-10-6-2ss", "de-aug-xx-9-12-repn1", "de-aug-xx-4-5-0936", "de-aug-xx-4-5-2215ss"
DE15, DE16, DE13, DE12 = "de-aug-xx-15-6-e5", "de-aug-xx-16-6-e3", "de-aug-xx-13-6-e1", "de-aug-xx-12-6-repm2"


def cut_off_10_6():
    """A German 10-6 at 0404 with every neighbour Allied-occupied or -controlled, hit by a Dr."""
    # Cut off, it is also isolated; the option keeps its strength whole so the 2-1 Dr column stays (Supply chart).
    s = combat_position({UK14: {"hex": "0405"}, UK12: {"hex": "0405"}, US16: {"hex": "0403"}, DE10: {"hex": "0404"}},
                        options={"german_isolated_effects": "none"})
    return submit(s, "allied", Attack(attackers=(UK14, UK12), hex="0404"), dice=[die_for("2-1", "Dr")])


def test_an_eliminated_unit_may_become_a_battlegroup_at_its_owners_option():
    """Battlegroups L and M, Correction L634: a German 10-6 eliminated for want of a retreat route may be
    replaced by a 2-6, placed in its hex (N), at the German player's option; it then bars the advance (K, N)."""
    ruling, s = cut_off_10_6()
    assert [e.cause for e in effects_of(ruling, "bp.unit_eliminated")] == ["no retreat route"]
    frame = s.core.top()
    assert frame.kind == "battlegroups" and frame.seats == ("german",) and frame.prompt["units"] == {DE10: "2-6"}
    refused(submit(s, "german", Battlegroups(frame=frame.id, units=(UK14,)))[0], "bad_battlegroups")
    ruling, after = submit(s, "german", Battlegroups(frame=frame.id, units=(DE10,)))
    bg = effects_of(ok(ruling), "bp.battlegroup_formed")[0]
    assert (bg.parent, bg.hex, bg.strength, bg.ma, bg.counter) == (DE10, "0404", 2, 6, "de-bg-2-6")
    assert after.units[bg.unit].hex == "0404" and after.units[bg.unit].cls == "mechanized"
    assert after.combat is None and after.core.top() is None and not effects_of(ruling, "bp.units_advanced")


def test_declining_the_battlegroup_leaves_the_hex_open_to_an_advance():
    """Correction L634: battlegroups are formed at the owner's option; without one the hex is vacated (K)."""
    _, s = cut_off_10_6()
    _, after = submit(s, "german", Battlegroups(frame=s.core.top().id, units=()))
    assert after.core.top().kind == "advance" and after.core.top().seats == ("allied",)


def test_units_outside_the_table_are_not_replaced():
    """Battlegroups M: no battlegroup for a German SS 4-5 (De) nor an Allied 7-8 brigade (Ae)."""
    s = combat_position({UK14: {"hex": "0406"}, UK12: {"hex": "0404"}, SS4: {"hex": "0405"}})
    ruling, after = submit(s, "allied", Attack(attackers=(UK14, UK12), hex="0405"), dice=[die_for("6-1", "De")])
    assert [e.unit for e in effects_of(ruling, "bp.unit_eliminated")] == [SS4] and after.core.top().kind == "advance"
    s = combat_position({UK7: {"hex": "0406"}, DE9: {"hex": "0405"}})
    ruling, after = submit(s, "allied", Attack(attackers=(UK7,), hex="0405"), dice=[die_for("1-2", "Ae")])
    assert [e.unit for e in effects_of(ruling, "bp.unit_eliminated")] == [UK7] and after.core.top() is None


def test_the_allied_17_8_becomes_a_3_8():
    """Correction L634: "The Allied 17-8 Armored Division may be replaced with a 3-8 Battlegroup" (after an Ae)."""
    s = combat_position({US17: {"hex": "0306"}, DE9: {"hex": "0305"}})
    _, s = submit(s, "allied", Attack(attackers=(US17,), hex="0305"), dice=[die_for("1-2", "Ae")])
    frame = s.core.top()
    assert frame.seats == ("allied",) and frame.prompt["units"] == {US17: "3-8"} and frame.prompt["hexes"] == {US17: "0306"}
    ruling, after = submit(s, "allied", Battlegroups(frame=frame.id, units=(US17,)))
    bg = effects_of(ok(ruling), "bp.battlegroup_formed")[0]
    assert (bg.counter, bg.hex) == ("al-bg-3-8", "0306")


def test_an_exchange_costs_the_face_value_lost_even_when_a_battlegroup_replaces_it():
    """Ex, L332 and Battlegroups P, L316: the attacker removes at least the face value the defender lost
    (the 10-6's 10, not 10 - 2), chosen by him; a 12 or a 14 will do, nothing less."""
    s = combat_position({UK14: {"hex": "0406"}, US12: {"hex": "0506"}, DE10: {"hex": "0405"}})
    _, s = submit(s, "allied", Attack(attackers=(UK14, US12), hex="0405"), dice=[die_for("2-1", "Ex")])
    _, s = submit(s, "german", Battlegroups(frame=s.core.top().id, units=(DE10,)))
    frame = s.core.top()
    assert frame.kind == "exchange" and frame.seats == ("allied",) and frame.prompt["loss"] == 10
    assert [o.units for o in combat.answers(s, data(), "allied")] == [(US12,), (UK14,)]
    refused(submit(s, "allied", ExchangeLosses(frame=frame.id, units=()))[0], "bad_exchange")
    assert combat.default_answer(s, data(), "allied") == ExchangeLosses(frame=frame.id, units=(US12,))
    ruling, after = submit(s, "allied", ExchangeLosses(frame=frame.id, units=(UK14,)))
    assert [e.unit for e in effects_of(ok(ruling), "bp.unit_eliminated")] == [UK14]
    assert after.core.top().kind == "battlegroups" and after.core.top().prompt["units"] == {UK14: "3-8"}


def fortress_exchange():
    """E6: a German 4-5 in the Fortress 0705 (4 x 3 + 5 = 17) attacked by 14 + 12 + 9 = 35, 2-1, Ex."""
    s = combat_position({UK14: {"hex": "0706"}, UK12: {"hex": "0605"}, US9: {"hex": "0604"}, DE4: {"hex": "0705"}})
    return submit(s, "allied", Attack(attackers=(UK14, UK12, US9), hex="0705"), dice=[die_for("2-1", "Ex")])


def test_an_exchange_against_a_fortress_costs_its_five_too_and_destroys_it():
    """German Fortresses D, L478: on Ex the Fortress is destroyed (a city from then on) and the Allied
    units lose the German face value plus five: a 4-5 costs 9 or more."""
    ruling, s = fortress_exchange()
    assert effects_of(ruling, "bp.fortress_destroyed")[0].hex == "0705" and s.fortresses["0705"] == "destroyed"
    frame = s.core.top()
    assert frame.kind == "exchange" and frame.prompt["loss"] == 9
    assert [o.units for o in combat.answers(s, data(), "allied")] == [(US9,), (UK12,), (UK14,)]
    _, after = submit(s, "allied", ExchangeLosses(frame=frame.id, units=(UK12,)))
    assert after.units[UK12].hex is None and after.core.top().kind == "battlegroups"
    assert combat.answers(after, data(), "allied")[0] == Battlegroups(frame=after.core.top().id, units=())


def test_a_battlegroup_of_the_attacker_may_advance():
    """Battlegroups N: battlegroups themselves may advance if the enemy hex was completely vacated; the
    destroyed Fortress is a city the Allies may enter, and its control passes to them."""
    _, s = fortress_exchange()
    _, s = submit(s, "allied", ExchangeLosses(frame=s.core.top().id, units=(UK12,)))
    ruling, s = submit(s, "allied", Battlegroups(frame=s.core.top().id, units=(UK12,)))
    bg = effects_of(ruling, "bp.battlegroup_formed")[0].unit
    frame = s.core.top()
    assert frame.kind == "advance" and set(frame.prompt["units"]) == {UK14, US9, bg}
    ruling, after = submit(s, "allied", Advance(frame=frame.id, units=(bg, UK14)))
    assert after.units[bg].hex == "0705" and after.control["0705"] == "allied"


def test_every_listed_answer_is_accepted():
    """legal() during a decision lists answers each accepted if submitted (exchange, battlegroups, advance)."""
    _, s = fortress_exchange()
    for state in decisions(s):
        seat = state.core.top().seats[0]
        for order in combat.answers(state, data(), seat):
            assert isinstance(submit(state, seat, order)[0], Accepted), order


def decisions(s):
    """The decision states of one line of play through the combat (default answers)."""
    out = []
    while s.core.top() is not None:
        out.append(s)
        seat = s.core.top().seats[0]
        _, s = submit(s, seat, combat.default_answer(s, data(), seat))
    assert len(out) >= 3
    return out


def test_supply_units_are_eliminated_with_the_combat_units_they_were_stacked_with():
    """Correction L654: Allied Supply units are eliminated if all Allied combat units stacked with them are."""
    s = combat_position({UK7: {"hex": "0406"}, SUPPLY: {"hex": "0406"}, DE9: {"hex": "0405"}})
    ruling, _ = submit(s, "allied", Attack(attackers=(UK7,), hex="0405"), dice=[die_for("1-2", "Ae")])
    assert [(e.unit, e.cause) for e in effects_of(ruling, "bp.unit_eliminated")] == [
        (UK7, "Ae"), (SUPPLY, "stacked combat units eliminated")]


def test_a_german_advance_overruns_the_supply_unit_left_behind():
    """Dr and Movement B, Correction L654: the Supply unit does not retreat; the German unit advancing
    into the hex eliminates it. (The Supply unit is itself a source of supply, one hex from both 0604
    and 0605, so the German player chooses the 12-5's hex.)"""
    s = combat_position({DE15: {"hex": "0405"}, DE16: {"hex": "0405"}, DE13: {"hex": "0405"}, DE12: {"hex": "0404"},
                         US12: {"hex": "0505"}, SUPPLY: {"hex": "0505"}}, side="german")
    _, s = submit(s, "german", Attack(attackers=(DE15, DE16, DE13, DE12), hex="0505"), dice=[die_for("2-1", "Dr")])
    assert {o.moves[US12] for o in combat.answers(s, data(), "german")} == {"0604", "0605"}
    ruling, s = submit(s, "german", Retreat(frame=s.core.top().id, moves={US12: "0605"}))
    assert {e.unit: e.to for e in effects_of(ruling, "bp.unit_retreated")} == {US12: "0605"}
    frame = s.core.top()
    assert frame.kind == "advance" and s.units[SUPPLY].hex == "0505"
    ruling, after = submit(s, "german", Advance(frame=frame.id, units=(DE15,)))
    assert [(e.unit, e.cause) for e in effects_of(ok(ruling), "bp.unit_eliminated")] == [(SUPPLY, "overrun")]
