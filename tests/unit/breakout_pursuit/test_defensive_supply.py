"""The forced defensive trace (Allied Supply H, L368; J, L370; Correction L636) in the German Combat
Phase, on the synthetic map (logistics_helpers.py). An Allied 12-5 at 2030 is attacked from 2031 (row
20: hexes adjacent, distance = difference of columns); the German 12-6's ZOC (1931, 1932, 2131, 2132,
2032) lies east of it, so paths west along row 20 are open. 12 against 12 on clear terrain is 1-1; a
die of 4 there is "Ad", which asks nothing more."""
from __future__ import annotations

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT_2, cite, combat
from domain.games.breakout_pursuit.effects import AttackResolved, DefensiveSupplyTraced, DefensiveSupplyWeighed, UnitExpended
from domain.games.breakout_pursuit.model import EXPENDED, ISOLATED, UNSUPPLIED
from domain.games.breakout_pursuit.orders import Attack, DefensiveSupply, EndPhase
from tests.unit.breakout_pursuit.logistics_helpers import GER, GER_INF, INF, PIPES, SU, SU2, accepted, at, data, refused
from tests.unit.breakout_pursuit.supply_helpers import bound, effects_of, rule, synthetic_pack

ATTACK = Attack(attackers=(GER,), hex="2030")
PIPE = PIPES[0]


def german_attack(units: dict, **kw):
    return at({INF: "2030", GER: "2031", **units}, phase="combat", side="german", **kw)


def test_supply_H_forced_trace_the_allied_player_picks_the_supply_unit():
    """Supply H (L368): 1-1 against supplied defenders and Supply units within 8 (2026: 4, 2024: 6): the
    Allied player must trace to one, his choice; a decision frame holds the attack until he answers."""
    state = german_attack({SU: "2026", SU2: "2024"})
    ruling, waiting = accepted(state, ATTACK, seat="german")
    frame = waiting.core.top()
    assert frame.kind == "defensive_supply" and frame.seats == ("allied",) and not effects_of(ruling, AttackResolved)
    assert frame.prompt["choices"] == {SU: 4, SU2: 6} and frame.prompt["forced"]
    assert combat.answers(waiting, data(), "allied") == [DefensiveSupply(frame=frame.id, unit=SU),
                                                         DefensiveSupply(frame=frame.id, unit=SU2)]
    refused(waiting, DefensiveSupply(frame=frame.id), "trace_forced")
    ruling, after = accepted(waiting, DefensiveSupply(frame=frame.id, unit=SU2), dice=[4])
    traced = effects_of(ruling, DefensiveSupplyTraced)[0]
    assert (traced.unit, traced.forced, traced.odds, traced.paths) == (SU2, True, "1-1", {INF: 6})
    resolved = effects_of(ruling, AttackResolved)[0]
    assert resolved.defender_supply[INF] == UNSUPPLIED and resolved.defense == 12 and resolved.result == "Ad"
    assert after.traced == (SU2,)
    ruling, after = accepted(after, EndPhase(), seat="german")
    assert [e.unit for e in effects_of(ruling, UnitExpended)] == [SU2]  # J: removed at the end of the phase
    assert after.units[SU2].box == EXPENDED and after.units[SU].hex == "2026"


def test_supply_H_one_supply_unit_in_reach_is_traced_without_asking():
    state = german_attack({SU: "2026"})
    ruling, after = accepted(state, ATTACK, seat="german", dice=[4])
    assert effects_of(ruling, DefensiveSupplyTraced)[0].unit == SU and effects_of(ruling, AttackResolved)
    assert after.core.top() is None


def test_supply_H_no_trace_at_one_to_two_or_worse_against_supplied_defenders():
    """Supply H: a German 2-4 against the 12-5 is 1-3; the 12-5 is supplied by a pipeline 2 hexes off."""
    state = at({INF: "2030", GER_INF: "2031", SU: "2026", PIPE: "2028"}, phase="combat", side="german")
    ruling, after = accepted(state, Attack(attackers=(GER_INF,), hex="2030"), seat="german", dice=[4])
    assert not effects_of(ruling, DefensiveSupplyTraced) and effects_of(ruling, AttackResolved)


def test_supply_H_no_trace_when_the_supply_unit_is_five_away_and_another_source_within_four():
    """Supply H: Supply unit at 2025 (5 hexes), pipeline at 2027 (3 hexes): the trace is not required."""
    ruling, _ = accepted(german_attack({SU: "2025", PIPE: "2027"}), ATTACK, seat="german", dice=[4])
    assert not effects_of(ruling, DefensiveSupplyTraced)


def test_supply_H_forced_when_the_other_source_is_five_or_more_away():
    """Supply H: Supply unit at 2025 (5 hexes), pipeline at 2024 (6 hexes): the exemption does not apply."""
    ruling, _ = accepted(german_attack({SU: "2025", PIPE: "2024"}), ATTACK, seat="german", dice=[4])
    assert effects_of(ruling, DefensiveSupplyTraced)[0].unit == SU


def test_supply_J_a_supply_unit_traced_to_earlier_in_the_phase_serves_again_at_no_cost():
    """Supply J (L370): as many units and paths as desired may trace to the same Supply unit."""
    state = german_attack({SU: "2026", SU2: "2024"}, traced=(SU2,))
    ruling, after = accepted(state, ATTACK, seat="german", dice=[4])
    assert effects_of(ruling, DefensiveSupplyTraced)[0].unit == SU2 and after.core.top() is None
    assert after.traced == (SU2,)


def test_supply_H_a_voluntary_trace_is_offered_when_it_spares_the_isolated_defence():
    """Option voluntary_defensive_trace: at 1-3 the trace is not forced, but the 12-5 is isolated but for
    the Supply unit; the Allied player may decline (defence halved to 6) or trace."""
    state = at({INF: "2030", GER_INF: "2031", SU: "2026"}, phase="combat", side="german")
    ruling, waiting = accepted(state, Attack(attackers=(GER_INF,), hex="2030"), seat="german")
    frame = waiting.core.top()
    assert frame.kind == "defensive_supply" and frame.optional and not frame.prompt["forced"]
    assert bound().default_answer(waiting, "allied") == DefensiveSupply(frame=frame.id, unit=None)
    ruling, _ = accepted(waiting, DefensiveSupply(frame=frame.id), dice=[4])
    resolved = effects_of(ruling, AttackResolved)[0]
    assert resolved.defender_supply[INF] == ISOLATED and resolved.defense == 6
    off = at({INF: "2030", GER_INF: "2031", SU: "2026"}, phase="combat", side="german",
             options={"voluntary_defensive_trace": False})
    ruling, _ = accepted(off, Attack(attackers=(GER_INF,), hex="2030"), seat="german", dice=[4])
    assert effects_of(ruling, AttackResolved)[0].defense == 6 and not effects_of(ruling, DefensiveSupplyTraced)


def test_supply_H_odds_lowered_by_the_attacker_count_under_option_defensive_trace_odds():
    """Option defensive_trace_odds: an attack declared at 1-2 is not "1-1 or greater" (as declared), but is
    before the reduction. The 12-5 is unsupplied from a pipeline 8 hexes off, so nothing is offered freely."""
    units = {SU: "2026", PIPE: "2022"}
    ruling, _ = accepted(german_attack(units), Attack(attackers=(GER,), hex="2030", odds="1-2"), seat="german", dice=[4])
    assert not effects_of(ruling, DefensiveSupplyTraced)
    strict = german_attack(units, options={"defensive_trace_odds": "before_reduction"})
    ruling, _ = accepted(strict, Attack(attackers=(GER,), hex="2030", odds="1-2"), seat="german", dice=[4])
    assert effects_of(ruling, DefensiveSupplyTraced)[0].forced


def test_supply_H_default_answer_is_the_nearest_supply_unit_when_forced():
    state = german_attack({SU: "2026", SU2: "2024"})
    _, waiting = accepted(state, ATTACK, seat="german")
    frame = waiting.core.top()
    assert bound().default_answer(waiting, "allied") == DefensiveSupply(frame=frame.id, unit=SU)


# --- the record (@2): Supply H's test, so a referee can check the four-hex exemption ------------------


def weighed_v2(units: dict):
    """The German attack on the 12-5 at 2030 ruled under breakout-pursuit@2: its `bp.defensive_supply_weighed`."""
    rs = BREAKOUT_PURSUIT_2.bind(synthetic_pack())
    state = at({INF: "2030", GER: "2031", **units}, phase="combat", side="german", ruleset=rs)
    ruling, _ = rule(state, "german", ATTACK, ruleset=rs, dice=[4])
    return effects_of(ruling, DefensiveSupplyWeighed)


def test_supply_H_the_record_gives_the_other_sources_distances_when_the_exemption_applies():
    """Supply H: the Supply unit at 2025 is five hexes off and the Pipeline at 2027 three: exempt, and the
    record shows both distances (and no defender forced); with the Pipeline at 2024 (six) the trace is forced."""
    (exempt,) = weighed_v2({SU: "2025", PIPE: "2027"})
    assert (exempt.hex, exempt.odds, exempt.supply_units, exempt.forced) == ("2030", "1-1", {SU: 5}, ())
    assert exempt.sources[INF][PIPE] == 3 and min(exempt.sources[INF].values()) <= 4 < min(exempt.supply_units.values())
    (forced,) = weighed_v2({SU: "2025", PIPE: "2024"})
    assert forced.sources[INF][PIPE] == 6 and forced.forced == (INF,)
    assert cite.SUPPLY_H in forced.cite and cite.SUPPLY_NOT_REQUIRED in forced.cite


def test_supply_H_nothing_is_weighed_when_no_supply_unit_is_in_reach():
    """Supply H asks only of a Supply unit within eight hexes: none, no record of the test."""
    assert weighed_v2({PIPE: "2027"}) == []
