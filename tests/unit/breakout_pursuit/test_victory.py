"""Victory Conditions A-H (L500-588; Correction L624) and Game Length A (L205) on the synthetic map
(supply_helpers.py): Paris 2029/2129/2130, Antwerp 0711, Reims 2221, fortress St. Malo 0847, West Wall in
column 03, south of the Allied Breakout Line = rows 12-39, edge D = column 53."""
from __future__ import annotations

import pytest

from domain.games.breakout_pursuit import victory
from domain.games.breakout_pursuit.effects import ControlChanged, FlagSet, UnitEliminated
from domain.games.breakout_pursuit.model import ELIMINATED, EXITED
from domain.games.breakout_pursuit.orders import EndPhase
from domain.games.breakout_pursuit.setup import unit_from
from domain.kernel.effects import GameEnded, LedgerPosted, PhaseAdvanced
from tests.unit.breakout_pursuit.supply_helpers import adjudication, bound, effects_of, position, real_pack, rule, synthetic_pack

PZ12 = "de-jul-xx-12-6-9"
ALLIES = ("us-jul-xx-13-8-5", "us-jul-xx-12-8-4", "us-jul-xx-11-5-79", "us-jul-xx-11-5-83", "us-jul-xx-11-5-90",
          "us-jul-xx-11-8-6")
RING_2020 = ("2019", "2021", "1920", "1921", "2120", "2121")  # the neighbours of 2020 (even row)
DIVISIONS = ("us-jul-xx-13-8-5", "us-jul-xx-12-8-4", "us-jul-xx-11-8-6")


def vp(state, side: str) -> int:
    return state.core.ledger("vp", side).balance


def eliminated(units, *ids, cause="De", options=None, ruleset=None):
    adj = adjudication(position(units=units, options=options, ruleset=ruleset), ruleset)
    victory.eliminate(adj, ids, cause)
    return adj


# --- A, B: destroyed units ---------------------------------------------------------------------


def test_victory_A_allied_points_for_a_german_unit_destroyed():
    """Victory A (L508, L518): a German 12-6 destroyed gives the Allies 20."""
    adj = eliminated({PZ12: {"hex": "2020"}}, PZ12)
    e = effects_of(adj, UnitEliminated)[0]
    assert (e.points, e.surrounded) == (20, False) and vp(adj.state, "allied") == 20
    assert adj.state.units[PZ12].box == ELIMINATED


def test_victory_A_points_double_when_completely_surrounded_by_allied_units():
    """Victory A (L508): a 12-6 with an Allied unit on each of its six sides gives 40; it may never
    return as a replacement (L860)."""
    ring = {a: {"hex": h} for a, h in zip(ALLIES, RING_2020)}
    adj = eliminated({PZ12: {"hex": "2020"}, **ring}, PZ12)
    assert vp(adj.state, "allied") == 40 and adj.state.units[PZ12].surrounded


def test_victory_A_sea_hexsides_count_toward_surrounded():
    """Victory A (L508): "Allied occupied hexes and/or Sea hex-sides": three sea sides, three units."""
    rs = bound(synthetic_pack(sea_hexsides=tuple(("2020", n) for n in RING_2020[:3])))
    ring = {a: {"hex": h} for a, h in zip(ALLIES, RING_2020[3:])}
    adj = eliminated({PZ12: {"hex": "2020"}, **ring}, PZ12, ruleset=rs)
    assert vp(adj.state, "allied") == 40


def test_victory_A_a_side_held_only_by_a_supply_unit_does_not_surround_by_option():
    """Victory A (L508) with option surrounded_by: combat units and Trucks surround, a lone Supply unit
    does not (blocking_units); with any_unit it does."""
    ring = {a: {"hex": h} for a, h in zip(ALLIES, RING_2020[:5])}
    units = {PZ12: {"hex": "2020"}, **ring, "al-jul-supply-1": {"hex": RING_2020[5]}}
    assert vp(eliminated(units, PZ12).state, "allied") == 20
    assert vp(eliminated(units, PZ12, options={"surrounded_by": "any_unit"}).state, "allied") == 40


def test_victory_A_a_map_edge_hex_is_never_surrounded():
    """Victory A (L508): the map edge is neither an occupied hex nor a sea hexside."""
    units = {PZ12: {"hex": "2000"}, **{a: {"hex": h} for a, h in zip(ALLIES, ("2001", "1900", "2100", "1901", "2101"))}}
    assert vp(eliminated(units, PZ12).state, "allied") == 20


def test_victory_B_german_points_for_allied_units_and_every_unit_scores():
    """Victory B (L510, L532, L540) and Correction L624 (not only divisions): the 17-8 gives 28, the
    UK 6-6 brigade 12."""
    units = {"us-jul-xx-17-8-3": {"hex": "2020"}, "uk-jul-x-6-6-6gd": {"hex": "2030"}}
    adj = eliminated(units, "us-jul-xx-17-8-3", "uk-jul-x-6-6-6gd")
    assert [e.points for e in effects_of(adj, UnitEliminated)] == [28, 12] and vp(adj.state, "german") == 40
    assert vp(adj.state, "allied") == 0


@pytest.mark.parametrize("option,points", [(True, 20), (False, 0)])
def test_a_unit_replaced_by_a_battlegroup_counts_by_option(option, points):
    """Battlegroups L-P (L303-316) with option vp_for_parent_replaced_by_bg: the 12-6 eliminated scores
    20; replaced by a battlegroup it keeps them, or they are taken back."""
    adj = eliminated({PZ12: {"hex": "2020"}}, PZ12, options={"vp_for_parent_replaced_by_bg": option})
    victory.replaced_by_battlegroup(adj, PZ12)
    assert vp(adj.state, "allied") == points


def test_a_truck_destroyed_takes_its_passenger_and_both_score():
    """Truck D (L434), Victory B (L510): the passenger goes with its Truck (Truck 2, 11-5 9: placeholders)."""
    units = {"al-jul-truck-1": {"hex": "2020", "carrying": "us-jul-xx-11-5-79"}, "us-jul-xx-11-5-79": {"hex": "2020"}}
    adj = eliminated(units, "al-jul-truck-1")
    got = {e.unit: e.points for e in effects_of(adj, UnitEliminated)}
    assert got == {"us-jul-xx-11-5-79": 9, "al-jul-truck-1": 2} and vp(adj.state, "german") == 11


def test_the_naval_supply_unit_is_never_destroyed():
    """Correction L656: "The Allied Naval Supply Unit can never be destroyed"."""
    adj = eliminated({"al-naval-supply": {"hex": "0230"}}, "al-naval-supply")
    assert not adj.effects and adj.state.units["al-naval-supply"].hex == "0230"


def test_every_counter_has_a_line_in_its_points_schedule():
    """Victory A-B (L513-544): every combat unit, Truck, Supply and Pipeline counter of the pack scores
    from its side's schedule (printed or placeholder)."""
    data = bound().data
    scoring = {cid: c for cid, c in bound().pack.counters.items()
               if c.cls in ("mechanized", "non_mechanized") or c.type in ("truck", "supply", "pipeline")}
    points = {cid: victory.unit_points(data, unit_from(cid, c)) for cid, c in scoring.items()}
    assert len(points) > 200 and points["de-jul-xx-12-6-9"] == 20 and points["de-jul-bg-2-6-lehr"] == 6


# --- D, E, F: control and the Breakout exit -----------------------------------------------------


def test_victory_F_control_changes_when_a_side_enters_or_passes_through_a_scoring_hex():
    """Victory F (L561): "last to have his units occupy or pass through"; other hexes are not tracked."""
    adj = adjudication(position(units={}))
    victory.occupy(adj, "allied", ["2028", "2029", "2030"])
    assert [e.hexes for e in effects_of(adj, ControlChanged)] == [{"2029": "allied"}]
    victory.occupy(adj, "allied", ["2029"])
    assert len(effects_of(adj, ControlChanged)) == 1


def test_victory_E_the_breakout_line_crossing_is_recorded_once():
    """Victory E (L559): an Allied unit moving south of the Allied Breakout Line starts the clock."""
    adj = adjudication(position(turn=2, units={}))
    victory.occupy(adj, "allied", ["1130", "1230"])
    victory.occupy(adj, "allied", ["1330"])
    assert [(e.name, e.value) for e in effects_of(adj, FlagSet)] == [("breakout_line_crossed", 2)]
    pursuit = adjudication(position("2.1", turn=11, units={}))
    victory.occupy(pursuit, "allied", ["1230"])
    assert not effects_of(pursuit, FlagSet)  # case E "does not apply in the Pursuit Scenarios"


def breakout_at(turn: int, exits: int):
    units = {d: {"box": EXITED} for d in DIVISIONS[:exits]}
    return adjudication(position(turn=turn, phase="mechanized_movement", units=units, flags={"breakout_line_crossed": 2, "series": "breakout"}))


@pytest.mark.parametrize("exits,side", [(3, "allied"), (2, "german")])
def test_victory_E_scored_at_the_end_of_the_third_allied_player_turn_after_the_crossing(exits, side):
    """Victory E (L559) with option breakout_exit_deadline: crossed on turn 2, decided at the end of the
    Allied Player-Turn of turn 5: three divisions off the D edge give the Allies 20, fewer the Germans."""
    early = breakout_at(4, exits)
    victory.end_of_player_turn(early, "allied")
    assert not early.effects
    adj = breakout_at(5, exits)
    victory.end_of_player_turn(adj, "german")
    assert not adj.effects
    victory.end_of_player_turn(adj, "allied")
    assert vp(adj.state, side) == 20 and adj.state.flags["breakout_scored"] == side


def test_final_points_at_the_start_go_to_the_germans():
    """Victory F (L561-569), E with option breakout_never_crossed: the Germans hold Paris 10, Antwerp 10,
    Reims 5 and St. Malo 10, and the Breakout Line was never crossed (20): 55."""
    scores = victory.final_points(position(units={}), bound().data)
    assert sum(s.points for s in scores if s.side == "german") == 55
    assert not [s for s in scores if s.side == "allied"]


@pytest.mark.parametrize("held,option,allied", [(("2029", "2129", "2130"), True, 10), (("2029", "2129"), True, 0),
                                                (("2029", "2129"), False, 10)])
def test_victory_F_paris_scores_for_the_side_holding_all_three_hexes(held, option, allied):
    """Victory F (L564) with option paris_requires_all_three."""
    state = position(units={}, control={h: "allied" for h in held}, options={"paris_requires_all_three": option})
    scores = [s for s in victory.final_points(state, bound().data) if s.what.startswith("Paris")]
    assert sum(s.points for s in scores if s.side == "allied") == allied


def test_victory_D_the_west_wall_scores_30_for_the_allies_only():
    """Victory D (L557): one West Wall hex last passed through by the Allies: 30; the Germans never score it."""
    state = position(units={}, control={"1503": "allied"})
    assert [s.points for s in victory.final_points(state, bound().data) if s.what == "West Wall"] == [30]
    assert not [s for s in victory.final_points(position(units={}), bound().data) if s.what == "West Wall"]


@pytest.mark.parametrize("option,points", [("scores", 10), ("none", 0)])
def test_victory_F_pursuit_st_malo_is_allied_by_option(option, points):
    """Victory F (L569): in the Pursuit the Allies control St. Malo 0847 (destroyed: option
    pursuit_st_malo; whether it still scores: fortress_points_after_destruction); no case E."""
    state = position("2.1", turn=11, units={}, control={"0847": "allied"}, fortresses={"0847": "destroyed"},
                     options={"fortress_points_after_destruction": option})
    scores = victory.final_points(state, bound().data)
    assert sum(s.points for s in scores if s.side == "allied") == points
    assert not [s for s in scores if "reakout" in s.what]


def test_victory_G_eight_german_points_per_airdrop_cycle():
    """Victory G (L573): two cycles started (ledger airdrop_cycles) give the Germans 16 at the end."""
    state = position(units={}, core={"ledgers": {"airdrop_cycles:allied": {"balance": 2}}})
    assert [s.points for s in victory.final_points(state, bound().data) if "airdrop" in s.what] == [16]


# --- H: the ratio --------------------------------------------------------------------------------


@pytest.mark.parametrize("allied,german,level,winner", [
    (54, 55, "German Decisive Victory", "german"), (55, 55, "German Substantive Victory", "german"),
    (82, 55, "German Substantive Victory", "german"), (83, 55, "German Marginal Victory", "german"),
    (110, 55, "DRAW", None), (111, 55, "Allied Marginal Victory", "allied"), (165, 55, "Allied Marginal Victory", "allied"),
    (166, 55, "Allied Substantive Victory", "allied"), (220, 55, "Allied Substantive Victory", "allied"),
    (221, 55, "Allied Decisive Victory", "allied"), (10, 0, "Allied Decisive Victory", "allied"),
])
def test_victory_H_the_ratio_is_compared_exactly(allied, german, level, winner):
    """Victory H (L577-586): 110/55 = 2 exactly is a Draw; 220/55 = 4 is "not more than 4-1", Allied
    Substantive; 82/55 < 1.5 <= 83/55; German 0 points: option ratio_zero_german."""
    ledgers = {"vp:allied": {"balance": allied}, "vp:german": {"balance": german}}
    state = position(units={}, core={"ledgers": ledgers}, flags={"final_points_posted": True})
    out = victory.outcome(state, bound().data, "test")
    assert (out.level, out.winner) == (level, winner)
    assert out.sides["allied"].points == allied and out.seats["german"].points == german


def test_victory_H_epilogue_supplied_units_on_essen_and_dusseldorf_with_a_decisive_victory():
    """Victory H (L588): flavour recorded in the result's details."""
    ledgers = {"vp:allied": {"balance": 300}, "vp:german": {"balance": 10}}
    units = {"us-jul-xx-13-8-5": {"hex": "1400"}, "us-jul-xx-12-8-4": {"hex": "1502"},
             "al-aug-pipeline-0840": {"hex": "1401"}, "al-aug-pipeline-0940": {"hex": "1503"}}
    state = position(units=units, core={"ledgers": ledgers}, flags={"final_points_posted": True})
    assert victory.outcome(state, bound().data, "t").details["christmas_1944"] is True
    alone = position(units={"us-jul-xx-13-8-5": {"hex": "1400"}}, core={"ledgers": ledgers}, flags={"final_points_posted": True})
    assert victory.outcome(alone, bound().data, "t").details["christmas_1944"] is False


# --- Game Length -------------------------------------------------------------------------------


def test_game_length_A_the_game_ends_after_the_last_german_phase_of_the_last_game_turn():
    """Game Length A (L205): scenario 1.1 ends after Game-Turn 9; the Allied Player-Turn of turn 9 is
    followed by the German one before the end; final points are posted, then the result."""
    state = position(turn=9, phase="mechanized_movement", side="allied", units={})
    ruling, after = rule(state, "allied", EndPhase())
    kinds = [type(e).__name__ for e in ruling.effects]
    advanced = [e.clock for e in ruling.effects if isinstance(e, PhaseAdvanced)]
    assert advanced[0].side == "german" and advanced[-1].phase == "mechanized_movement" and advanced[-1].turn == 9
    assert kinds[-1] == "GameEnded" and after.core.finished
    posted = [e for e in ruling.effects if isinstance(e, LedgerPosted) and e.ledger == "vp"]
    assert sum(e.amount for e in posted if e.owner == "german") == 55
    result = effects_of(ruling, GameEnded)[0].result
    assert result.level == "German Decisive Victory" and result.sides["german"].points == 55


def test_the_pack_map_has_every_scoring_place():
    """Victory F (L561-568): Paris (three hexes), Antwerp and Reims are on the pack's map; so are the
    fortress and West Wall hexes, and Essen and Düsseldorf of the epilogue (L588)."""
    data = bound(real_pack()).data
    assert {k: len(v) for k, v in data.vp_places.items()} == {"paris": 3, "antwerp": 1, "reims": 1}
    assert data.fortress_hexes and data.west_wall and data.place("Essen") == ("1400",) and data.place("Düsseldorf") == ("1502",)
