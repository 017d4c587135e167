"""What `GET /legal?assess=true` says of orders other than attacks (issue 16, item 6), checked against
what the ruling of the same order then does: a retreat answer's candidate hexes and refusals
(Retreat and Advance J, L295; ZOC L; Stacking M, L230), a Supply Judgement's traces (Supply A-G, J,
L342-370) and a defensive trace's (Supply H, L368). Positions on the synthetic test maps
(helpers.py: East edge column 01; supply_helpers.py / logistics_helpers.py: Supply units on row 20 and 30)."""
from __future__ import annotations

import msgspec

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT_2, combat
from domain.games.breakout_pursuit.effects import AttackResolved, DefensiveSupplyTraced, SupplyJudged, SupplyRoutes, UnitExpended
from domain.games.breakout_pursuit.model import ISOLATED, SUPPLIED, UNSUPPLIED
from domain.games.breakout_pursuit.orders import AirdropUnit, DefensiveSupply, JudgeSupply, Retreat
from domain.kernel import game
from domain.kernel.assessment import RetreatAssessment, SupplyAssessment
from domain.kernel.commands import SeatOrder
from domain.kernel.dice import ScriptedDice
from domain.kernel.seats import PUBLIC
from tests.unit.breakout_pursuit import helpers, logistics_helpers, supply_helpers
from tests.unit.breakout_pursuit.test_defensive_supply import ATTACK, german_attack
from tests.unit.breakout_pursuit.test_retreat import DE3, DE4, DE6, DE9, UK12, UK14, US12, US16, dr_against, moved
from tests.unit.breakout_pursuit.test_supply import SU1, US, US2, supply_phase

# --- retreats ----------------------------------------------------------------------------------------


def test_retreat_j_each_candidate_hex_is_assessed_with_its_distance_to_supply_and_each_other_hex_refused_with_why():
    """Retreat J: DE9 at 0404 may go to 0304 or 0504, both three hexes from the East edge (its source,
    Supply D); 0305 and 0505 are in Allied ZOC (ZOC L), 0403 is full (Stacking M), 0405 holds the
    attackers. The assessment of each listed answer says so, and the ruling then does as it says."""
    _, s = dr_against({UK14: {"hex": "0405"}, UK12: {"hex": "0405"}, DE9: {"hex": "0404"},
                       DE4: {"hex": "0403"}, DE6: {"hex": "0403"}, DE3: {"hex": "0403"}}, "0404", (UK14, UK12))
    answers = combat.answers(s, helpers.data(), "allied")
    assert {o.moves[DE9] for o in answers} == {"0304", "0504"}
    for order in answers:
        seen = helpers.ruleset().assess(s, "allied", order)
        assert isinstance(seen, RetreatAssessment) and seen.metric == "supply_path"
        (w,) = seen.units
        assert (w.unit, w.frm, w.to) == (DE9, "0404", order.moves[DE9])
        assert w.path == {"0304": 3, "0504": 3} and not w.no_path
        assert w.refused["0403"].endswith("(Stacking M)") and w.refused["0305"] == w.refused["0505"] == "enemy-controlled (ZOC L)"
        assert set(w.refused) | set(w.path) == set(helpers.data().neighbours["0404"])
        assert moved(helpers.ok(helpers.submit(s, "allied", order)[0])) == {DE9: w.to}
    for refused in ("0403", "0305", "0405"):  # what the assessment refuses, the ruling refuses
        helpers.refused(helpers.submit(s, "allied", Retreat(frame=s.core.top().id, moves={DE9: refused}))[0], "bad_retreat")


def test_stacking_m_a_retreat_assessment_counts_the_hexes_filled_by_the_units_before():
    """Stacking M, throughout the Combat Phase: 0403 has room for one; the second unit listed sees it
    full, so it is refused to that unit alone."""
    units = {UK14: {"hex": "0405"}, UK12: {"hex": "0405"}, US16: {"hex": "0405"}, US12: {"hex": "0305"},
             DE9: {"hex": "0404"}, DE4: {"hex": "0404"}, DE6: {"hex": "0403"}, DE3: {"hex": "0403"}}
    _, s = dr_against(units, "0404", (UK14, UK12, US16))
    order = Retreat(frame=s.core.top().id, moves={DE9: "0403", DE4: "0504"})
    first, second = helpers.ruleset().assess(s, "allied", order).units
    assert (first.unit, first.to, second.unit, second.to) == (DE9, "0403", DE4, "0504")
    assert "0403" in first.path and second.refused["0403"] == "would hold more than 3 combat units (Stacking M)"
    assert helpers.ruleset().assess(s, "allied", Retreat(frame=s.core.top().id, moves={DE9: "0403", DE4: "0403"})) is None


def test_retreat_j_the_assessment_is_the_record_the_ruling_writes_under_version_2():
    """The same judgement, early: under breakout-pursuit@2 the ruling records `bp.retreat_weighed`
    for each unit, field for field what the assessment said."""
    bp2 = BREAKOUT_PURSUIT_2.bind(helpers.synthetic_pack())
    units = {UK14: {"hex": "0405"}, UK12: {"hex": "0405"}, US16: {"hex": "0405"}, US12: {"hex": "0305"},
             DE9: {"hex": "0404"}, DE4: {"hex": "0404"}, DE6: {"hex": "0403"}, DE3: {"hex": "0403"}}
    _, s = dr_against(units, "0404", (UK14, UK12, US16))
    order = Retreat(frame=s.core.top().id, moves={DE4: "0403", DE9: "0504"})
    seen = bp2.assess(s, "allied", order)
    ruling, _, _ = game.step(bp2, s, SeatOrder(seat="allied", order=order), ScriptedDice([], command=3), version=3, visibility=PUBLIC)
    recorded = [msgspec.structs.asdict(e) for e in helpers.effects_of(helpers.ok(ruling), "bp.retreat_weighed")]
    assert [{k: v for k, v in r.items() if k not in ("cite", "vis")} for r in recorded] == \
        [msgspec.structs.asdict(w) for w in seen.units]


# --- supply judgements -------------------------------------------------------------------------------


def test_supply_j_a_judgements_assessment_gives_each_units_state_path_and_source_and_what_it_expends():
    """Supply G and J (L370): tracing to the Supply unit at 3030 supplies both units and expends it;
    judging without it leaves them isolated (Correction L636: never required), with the reason. The
    ruling then judges what the assessment said."""
    state = supply_phase(**{SU1: {"hex": "3030"}, US: {"hex": "3031"}, US2: {"hex": "3034"}})
    rs = supply_helpers.bound()
    seen = rs.assess(state, "allied", JudgeSupply(use=(SU1,)))
    assert isinstance(seen, SupplyAssessment) and seen.side == "allied" and seen.expended == (SU1,)
    assert {u: (t.state, t.length, t.source) for u, t in seen.units.items()} == {US: (SUPPLIED, 1, SU1), US2: (SUPPLIED, 4, SU1)}
    assert seen.units[US2].path[0] == "3034" and seen.units[US2].path[-1] == "3030" and len(seen.units[US2].path) == 5
    ruling, _ = supply_helpers.rule(state, "allied", JudgeSupply(use=(SU1,)))
    judged = supply_helpers.effects_of(ruling, SupplyJudged)[0]
    assert judged.states == {u: t.state for u, t in seen.units.items()}
    assert judged.paths == {u: t.length for u, t in seen.units.items()} and judged.sources == {u: t.source for u, t in seen.units.items()}
    assert tuple(e.unit for e in supply_helpers.effects_of(ruling, UnitExpended)) == seen.expended
    alone = rs.assess(state, "allied", JudgeSupply(use=()))
    assert alone.expended == () and all(t.state == ISOLATED and t.length == -1 and t.why and not t.path for t in alone.units.values())


def test_supply_a_the_assessed_path_is_the_one_the_version_2_record_gives():
    """Supply A: the path behind each state, as `bp.supply_routes` records it under @2."""
    rs = BREAKOUT_PURSUIT_2.bind(supply_helpers.synthetic_pack())
    state = supply_helpers.position(turn=2, phase="supply", side="allied", ruleset=rs,
                                    units={SU1: {"hex": "3030"}, US: {"hex": "3031"}, US2: {"hex": "3034"}})
    seen = rs.assess(state, "allied", JudgeSupply(use=(SU1,)))
    ruling, _ = supply_helpers.rule(state, "allied", JudgeSupply(use=(SU1,)), ruleset=rs)
    routes = supply_helpers.effects_of(ruling, SupplyRoutes)[0]
    assert routes.routes == {u: t.path for u, t in seen.units.items()}


def test_supply_d_a_refused_judgement_has_no_assessment():
    """German supply is judged by the umpire (Supply D): nothing to assess for the German seat; nor
    for an order naming a unit that is no Supply unit (Supply G), which the ruling refuses."""
    state = supply_phase(**{SU1: {"hex": "3030"}, US: {"hex": "3031"}})
    rs = supply_helpers.bound()
    assert rs.assess(state, "german", JudgeSupply(use=())) is None
    assert rs.assess(state, "allied", JudgeSupply(use=(US,))) is None


def test_supply_h_a_defensive_trace_is_assessed_as_the_attack_is_then_resolved():
    """Supply H (L368): the Allied player picks the Supply unit; the assessment of each answer gives
    the defender's supply once it traces there (2024: six hexes, unsupplied, Supply F) and the unit
    expended, which is what the held attack is then resolved with; the refused "none" has none."""
    waiting = logistics_helpers.accepted(german_attack({logistics_helpers.SU: "2026", logistics_helpers.SU2: "2024"}),
                                         ATTACK, seat="german")[1]
    frame = waiting.core.top()
    rs = supply_helpers.bound()
    seen = rs.assess(waiting, "allied", DefensiveSupply(frame=frame.id, unit=logistics_helpers.SU2))
    inf = logistics_helpers.INF
    assert (seen.units[inf].state, seen.units[inf].length, seen.units[inf].source) == (UNSUPPLIED, 6, logistics_helpers.SU2)
    assert seen.expended == (logistics_helpers.SU2,) and len(seen.units[inf].path) == 7
    assert rs.assess(waiting, "allied", DefensiveSupply(frame=frame.id)) is None  # refused: the trace is forced
    ruling, _ = logistics_helpers.accepted(waiting, DefensiveSupply(frame=frame.id, unit=logistics_helpers.SU2), dice=[4])
    assert supply_helpers.effects_of(ruling, AttackResolved)[0].defender_supply[inf] == seen.units[inf].state
    assert supply_helpers.effects_of(ruling, DefensiveSupplyTraced)[0].paths[inf] == seen.units[inf].length


def test_paratroop_b_an_airdrop_has_nothing_to_weigh_it_lands_where_it_is_dropped():
    """Paratroop B (L414): a unit lands on the hex named, the Real Airdrop Zone marker's or next to
    it; no scatter, no die: no assessment."""
    state = supply_phase(**{US: {"hex": "3031"}})
    assert supply_helpers.bound().assess(state, "allied", AirdropUnit(unit=US, hex="3031")) is None
