"""Supply A-L and the Supply Effects Chart (L342-388), with Corrections L636, L640, L642, L656 and
German Fortresses C, on the synthetic map (supply_helpers.py). Hex 2020 is in the interior; along a row,
hexes are adjacent and distance is the difference of the column numbers."""
from __future__ import annotations

import pytest

from domain.games.breakout_pursuit import supply
from domain.games.breakout_pursuit.effects import BattlegroupFormed, SupplyJudged, UnitEliminated, UnitExpended
from domain.games.breakout_pursuit.model import EXPENDED, ISOLATED, SUPPLIED, UNSUPPLIED
from domain.games.breakout_pursuit.orders import EndPhase, JudgeSupply
from domain.kernel.commands import Accepted, Rejected
from tests.unit.breakout_pursuit.supply_helpers import adjudication, bound, effects_of, position, rule, synthetic_pack

US, US2, US3 = "us-jul-xx-13-8-5", "us-jul-xx-12-8-4", "us-jul-xx-11-5-79"
UK, CA = "uk-jul-xx-14-8-gd", "ca-jul-x-5-6-2"
PARA = "us-jul-xx-9-6-82"
GER, GER2 = "de-jul-xx-12-6-9", "de-jul-xx-2-4-344"
PIPE, PIPE2 = "al-aug-pipeline-0840", "al-aug-pipeline-0940"
SU1, SU2, SU3 = "al-jul-supply-1", "al-jul-supply-2", "al-aug-supply-1039"
TRUCKS = ("al-jul-truck-1", "al-jul-truck-2", "al-jul-truck-3", "al-aug-truck-1039", "al-aug-truck-1139", "al-aug-truck-1640")
ALLIES = ("us-jul-xx-13-8-5", "us-jul-xx-12-8-4", "us-jul-xx-11-5-79", "us-jul-xx-11-5-83", "us-jul-xx-11-5-90",
          "us-jul-xx-11-8-6")


def ring(h: str) -> list[str]:
    """The six neighbours of an even-row hex (digest §5.2)."""
    r, c = int(h[:2]), int(h[2:])
    return [f"{r:02d}{c - 1:02d}", f"{r:02d}{c + 1:02d}", f"{r - 1:02d}{c:02d}", f"{r - 1:02d}{c + 1:02d}",
            f"{r + 1:02d}{c:02d}", f"{r + 1:02d}{c + 1:02d}"]


def allied_paths(state):
    return supply.paths(state, bound().data, "allied")


def german_paths(state):
    return supply.paths(state, bound().data, "german")


# --- A, B, C -----------------------------------------------------------------------------------


def test_supply_A_path_never_crosses_a_sea_hexside():
    """Supply A (L350): a path may not pass through sea hexsides: sea on all six sides of a unit 2
    hexes from a pipeline cuts it off."""
    units = {PIPE: {"hex": "2018"}, US: {"hex": "2020"}}
    assert allied_paths(position(units=units))[US] == (SUPPLIED, 2, PIPE)
    walled = bound(synthetic_pack(sea_hexsides=tuple(("2020", n) for n in ring("2020"))))
    state = position(units=units, ruleset=walled)
    assert supply.paths(state, walled.data, "allied")[US] == (ISOLATED, -1, "")


def test_supply_A_path_never_enters_an_enemy_controlled_hex_but_may_end_at_a_unit_in_one():
    """Supply A (L350): the unit's own hex may be in enemy ZOC; other hexes of the path may not.
    Three Allied units on alternate neighbours of a German unit put all six neighbours in Allied ZOC
    or under Allied units: the German unit is isolated although its own hex is merely in ZOC."""
    alone = position(units={GER: {"hex": "2020"}, US: {"hex": "2021"}})
    assert german_paths(alone)[GER] == (SUPPLIED, 20, "east_edge")  # in ZOC, path west is open
    n = ring("2020")
    units = {GER: {"hex": "2020"}, US: {"hex": n[0]}, US2: {"hex": n[3]}, US3: {"hex": n[4]}}
    assert german_paths(position(units=units))[GER] == (ISOLATED, -1, "")


def test_supply_A_enemy_occupied_hexes_block_a_path_trucks_do_supply_units_alone_do_not():
    """Supply A (L350) with option supply_path_blocked_by: a ring of Trucks (no ZOC, L642) isolates a
    German unit; a ring of Supply units does not (they do not stop German movement, Non-Combat A),
    unless every unit counts (any_unit)."""
    trucks = {t: {"hex": h} for t, h in zip(TRUCKS, ring("2020"))}
    assert german_paths(position(units={GER: {"hex": "2020"}, **trucks}))[GER].state == ISOLATED
    supplies = {s: {"hex": h} for s, h in zip(("al-supply-t01", "al-supply-t02", "al-supply-t03", "al-supply-t04",
                                                 "al-supply-t05", "al-supply-t06"), ring("2020"))}
    assert german_paths(position(units={GER: {"hex": "2020"}, **supplies}))[GER].state == SUPPLIED
    strict = position(units={GER: {"hex": "2020"}, **supplies}, options={"supply_path_blocked_by": "any_unit"})
    assert german_paths(strict)[GER].state == ISOLATED


def test_supply_B_any_number_of_units_share_a_source_and_path():
    """Supply B (L352): two units on one hex and a third beside them all trace to one pipeline."""
    units = {PIPE: {"hex": "2016"}, US: {"hex": "2020"}, US2: {"hex": "2020"}, US3: {"hex": "2019"}}
    got = allied_paths(position(units=units))
    assert got[US] == got[US2] == (SUPPLIED, 4, PIPE) and got[US3] == (SUPPLIED, 3, PIPE)


def test_supply_C_the_best_state_wins():
    """Supply C (L354): a unit 7 hexes from Cherbourg (unsupplied) and 3 from a pipeline is supplied."""
    units = {PIPE: {"hex": "0251"}, US: {"hex": "0248"}}
    assert allied_paths(position(units=units))[US] == (SUPPLIED, 3, PIPE)
    assert allied_paths(position(units={US: {"hex": "0248"}}))[US] == (UNSUPPLIED, 7, "cherbourg")


# --- German: D, E, Fortress C ------------------------------------------------------------------


def test_supply_D_german_path_of_any_length_to_the_east_edge():
    """Supply D (L358): 53 hexes from the East edge is still supplied; on the edge the length is 0."""
    got = german_paths(position(units={GER: {"hex": "2053"}, GER2: {"hex": "2000"}}))
    assert got[GER] == (SUPPLIED, 53, "east_edge") and got[GER2] == (SUPPLIED, 0, "east_edge")


def test_supply_E_german_units_are_supplied_or_isolated_never_unsupplied():
    """Supply E (L360): cut off from the East edge, a German unit is isolated at once."""
    n = ring("2030")
    units = {GER: {"hex": "2030"}, US: {"hex": n[0]}, US2: {"hex": n[3]}, US3: {"hex": n[4]}}
    states = {t.state for t in german_paths(position(units=units)).values()}
    assert states == {ISOLATED}


def test_fortress_C_german_units_on_an_intact_fortress_are_always_supplied():
    """German Fortresses C (L476): on St. Malo (0847), ringed by Allied units, supplied; once the
    fortress is destroyed it is a city and the unit is isolated."""
    n = ["0846", "0848", "0747", "0748", "0947", "0948"]
    units = {GER2: {"hex": "0847"}, **{a: {"hex": h} for a, h in zip(ALLIES, n)}}
    assert german_paths(position(units=units))[GER2] == (SUPPLIED, 0, "fortress")
    destroyed = position(units=units, fortresses={"0847": "destroyed"})
    assert german_paths(destroyed)[GER2] == (ISOLATED, -1, "")


# --- Allied: F, G ------------------------------------------------------------------------------


@pytest.mark.parametrize("col,expected", [(20, (SUPPLIED, 0)), (24, (SUPPLIED, 4)), (25, (UNSUPPLIED, 5)),
                                          (28, (UNSUPPLIED, 8)), (29, (ISOLATED, -1))])
def test_supply_F_allied_path_lengths_four_and_eight(col, expected):
    """Supply F (L364) and the Supply Effects Chart (L381-383): 0-4 supplied, 5-8 unsupplied, else isolated."""
    got = allied_paths(position(units={PIPE: {"hex": "2020"}, US: {"hex": f"20{col:02d}"}}))[US]
    assert (got.state, got.length) == expected


def test_supply_G_cherbourg_bayeux_and_active_pipelines_are_sources_inactive_pipelines_are_not():
    """Supply G (L366): Cherbourg (0241) and Bayeux (0840) supply; an inverted (inactive) pipeline does not."""
    got = allied_paths(position(units={US: {"hex": "0243"}, US2: {"hex": "0940"}}))
    assert got[US] == (SUPPLIED, 2, "cherbourg") and got[US2] == (SUPPLIED, 1, "bayeux")
    inactive = position(units={PIPE: {"hex": "2020", "active": False}, US: {"hex": "2021"}})
    assert allied_paths(inactive)[US].state == ISOLATED


def test_supply_G_naval_supply_serves_uk_and_canadian_units_only_when_face_up():
    """Supply G (L366), Naval Supply N and P (L462-464): the face-up Naval Supply unit on a coastal hex
    supplies UK and Ca units, not US ones; inverted it supplies nobody."""
    units = {"al-naval-supply": {"hex": "0230"}, UK: {"hex": "0228"}, CA: {"hex": "0229"}, US: {"hex": "0227"}}
    got = allied_paths(position(units=units))
    assert got[UK] == (SUPPLIED, 2, "al-naval-supply") and got[CA] == (SUPPLIED, 1, "al-naval-supply")
    assert got[US].state == ISOLATED
    inverted = position(units={**units, "al-naval-supply": {"hex": "0230", "active": False}})
    assert allied_paths(inverted)[UK].state == ISOLATED


def test_naval_supply_is_not_usable_in_german_zoc_other_sources_are_by_option():
    """Correction L656: not in a German-occupied hex or German ZOC. Other sources may lie in German ZOC
    (option supply_source_in_enemy_zoc, default True)."""
    german = {GER2: {"hex": "0331"}}  # its ZOC covers 0230
    naval = position(units={**german, "al-naval-supply": {"hex": "0230"}, UK: {"hex": "0228"}})
    assert allied_paths(naval)[UK].state == ISOLATED
    pipe = {**german, PIPE: {"hex": "0230"}, UK: {"hex": "0228"}}
    assert allied_paths(position(units=pipe))[UK] == (SUPPLIED, 2, PIPE)
    strict = position(units=pipe, options={"supply_source_in_enemy_zoc": False})
    assert allied_paths(strict)[UK].state == ISOLATED


def test_fortress_hex_blocks_allied_paths_by_option():
    """Option fortress_blocks_allied_supply (German Fortresses, L466): an intact fortress hex is like an
    enemy-occupied hex for Allied paths. The synthetic fortress 2021 sits between a pipeline and a unit
    walled in by sea everywhere else."""
    others = [n for n in ring("2020") if n != "2021"]
    walled = bound(synthetic_pack(fortresses=("2021",), sea_hexsides=tuple(("2020", n) for n in others)))
    units = {PIPE: {"hex": "2022"}, US: {"hex": "2020"}}
    assert supply.paths(position(units=units, ruleset=walled), walled.data, "allied")[US].state == ISOLATED
    lax = position(units=units, ruleset=walled, options={"fortress_blocks_allied_supply": False})
    assert supply.paths(lax, walled.data, "allied")[US] == (SUPPLIED, 2, PIPE)


def test_trucks_are_always_supplied():
    """Correction L642: a Truck far from any source is supplied."""
    assert allied_paths(position(units={TRUCKS[0]: {"hex": "3030"}}))[TRUCKS[0]] == (SUPPLIED, 0, "truck")


def test_paratroops_are_supplied_on_the_game_turn_of_their_drop_only():
    """Correction L640: supplied on the Game-Turn of the drop; at the next Allied Supply Judgement
    Phase normal supply applies."""
    dropped = {PARA: {"hex": "3030", "dropped": 4}}
    assert allied_paths(position(turn=4, phase="supply", units=dropped))[PARA] == (SUPPLIED, 0, "airdrop")
    assert allied_paths(position(turn=5, phase="supply", units=dropped))[PARA].state == ISOLATED


# --- H (interim), J, K, L and Correction L636 --------------------------------------------------


def test_supply_H_interim_defenders_are_judged_from_sources_never_expended():
    """Supply Procedure, K (L346, L374): defenders are judged at the moment of combat. Interim ruling
    until issue 9 (Supply H): an Allied defender does not trace to a Supply unit."""
    state = position(turn=3, phase="combat", side="german",
                     units={SU1: {"hex": "3030"}, US: {"hex": "3031"}, GER: {"hex": "3032"}, PIPE: {"hex": "3035"}})
    assert supply.defender_states(state, bound().data, [US, GER, SU1]) == {US: UNSUPPLIED, GER: SUPPLIED, SU1: SUPPLIED}


def supply_phase(**units):
    return position(turn=2, phase="supply", side="allied", units=units)


def test_supply_J_a_supply_unit_traced_to_is_expended_after_all_paths():
    """Supply J (L370), Supply Units L (L456): several units trace to one Supply unit; it is removed
    after the judgement."""
    state = supply_phase(**{SU1: {"hex": "3030"}, US: {"hex": "3031"}, US2: {"hex": "3034"}})
    ruling, after = rule(state, "allied", JudgeSupply(use=(SU1,)))
    assert isinstance(ruling, Accepted)
    judged = effects_of(ruling, SupplyJudged)[0]
    assert judged.states == {US: SUPPLIED, US2: SUPPLIED} and judged.sources == {US: SU1, US2: SU1}
    effects = list(ruling.effects)
    expended = effects_of(ruling, UnitExpended)
    assert [e.unit for e in expended] == [SU1] and effects.index(expended[0]) > effects.index(judged)
    assert after.units[SU1].box == EXPENDED and after.units[SU1].hex is None
    assert after.core.clock.phase != "supply"


def test_supply_L_only_supply_units_are_expended_and_only_those_that_helped():
    """Supply Units L (L456) and Correction L636: units within 4 of a pipeline do not trace to a Supply
    unit, so it is not expended; pipelines are never expended."""
    state = supply_phase(**{PIPE: {"hex": "3028"}, SU1: {"hex": "3030"}, US: {"hex": "3031"}})
    ruling, after = rule(state, "allied", JudgeSupply(use=(SU1,)))
    assert effects_of(ruling, SupplyJudged)[0].sources == {US: PIPE}
    assert not effects_of(ruling, UnitExpended) and after.units[SU1].hex == "3030"


def test_supply_units_traced_to_are_as_few_as_needed():
    """Supply J (L370), Correction L636: two Supply units both reach both units; only one is expended."""
    state = supply_phase(**{SU1: {"hex": "3030"}, SU2: {"hex": "3032"}, US: {"hex": "3031"}, US2: {"hex": "3031"}})
    ruling, _ = rule(state, "allied", JudgeSupply(use=(SU1, SU2)))
    assert [e.unit for e in effects_of(ruling, UnitExpended)] == [SU1]


def test_allied_units_are_never_required_to_trace_to_a_supply_unit():
    """Correction L636: judging with no Supply unit leaves the unit isolated and the Supply unit in place."""
    state = supply_phase(**{SU1: {"hex": "3030"}, US: {"hex": "3031"}})
    ruling, after = rule(state, "allied", JudgeSupply(use=()))
    assert effects_of(ruling, SupplyJudged)[0].states == {US: ISOLATED}
    assert after.units[SU1].hex == "3030"


def test_ending_the_supply_phase_judges_with_no_supply_unit():
    """Correction L636: ending the phase without choosing is a judgement with no Supply unit."""
    state = supply_phase(**{SU1: {"hex": "3030"}, US: {"hex": "3031"}})
    ruling, _ = rule(state, "allied", EndPhase())
    judged = effects_of(ruling, SupplyJudged)[0]  # later phases may be played out in the same ruling
    assert judged.side == "allied" and judged.states == {US: ISOLATED} and not effects_of(ruling, UnitExpended)


def test_legal_supply_judgements_are_none_each_useful_unit_and_all_and_each_is_accepted():
    """O09: the bounded choices; a Supply unit that helps nobody is not offered."""
    units = {SU1: {"hex": "3030"}, SU2: {"hex": "1010"}, SU3: {"hex": "3040"}, US: {"hex": "3031"}, US2: {"hex": "3041"}}
    state = supply_phase(**units)
    orders = supply.legal(state, bound().data, "allied")
    assert orders == [JudgeSupply(use=()), JudgeSupply(use=(SU3,)), JudgeSupply(use=(SU1,)), JudgeSupply(use=(SU3, SU1))]
    for order in orders:
        assert isinstance(rule(state, "allied", order)[0], Accepted)


@pytest.mark.parametrize("seat,use,code", [
    ("allied", ("nope",), "not_a_supply_unit"), ("allied", (US,), "not_a_supply_unit"),
    ("allied", (SU1, SU1), "duplicate_supply_unit"),
])
def test_judge_supply_rejections(seat, use, code):
    """Supply G (L366): only Allied Supply units on the map may be traced to, each named once."""
    ruling, _ = rule(supply_phase(**{SU1: {"hex": "3030"}, US: {"hex": "3031"}}), seat, JudgeSupply(use=use))
    assert isinstance(ruling, Rejected) and ruling.code == code and ruling.citation is not None


def test_german_supply_is_judged_automatically_and_allied_too_without_useful_supply_units():
    """Supply Procedure (L346): the phase needs no decision unless Supply units could be used (O09)."""
    state = position(turn=2, phase="supply", side="german", units={GER: {"hex": "2020"}, US: {"hex": "2030"}})
    adj = adjudication(state)
    assert supply.enter(adj) is False
    assert [e.side for e in adj.effects if isinstance(e, SupplyJudged)] == ["german"]
    allied = adjudication(supply_phase(**{US: {"hex": "2030"}, SU1: {"hex": "0241"}}))
    assert supply.enter(allied) is False  # a Supply unit on Cherbourg helps nobody
    asks = adjudication(supply_phase(**{US: {"hex": "2030"}, SU1: {"hex": "2031"}}))
    assert supply.enter(asks) is True and not asks.effects


def test_supply_K_the_judged_states_last_the_player_turn():
    """Supply K (L374): the judged states are kept for the Player-Turn (state.supply)."""
    adj = adjudication(supply_phase(**{US: {"hex": "0243"}, GER: {"hex": "2020"}}))
    supply.enter(adj)
    assert adj.state.supply == {US: SUPPLIED}


def test_supply_L_units_are_never_lost_through_lack_of_supply():
    """Supply L (L376): an isolated unit stays on the map after judgement."""
    ruling, after = rule(supply_phase(**{US: {"hex": "3031"}}), "allied", EndPhase())
    assert effects_of(ruling, SupplyJudged)[0].states == {US: ISOLATED}
    assert after.units[US].hex == "3031" and not any(e.unit == US for e in effects_of(ruling, UnitEliminated))


def test_a_battlegroup_formed_in_its_own_player_turn_keeps_its_parents_judged_supply():
    """Supply K (L374), Battlegroups N (L314): formed on the parent's hex after the judgement, the
    battlegroup takes the parent's state for the rest of the Player-Turn."""
    state = position(turn=3, phase="combat", units={"us-jul-xx-16-8-2": {"hex": "3031"}}, supply={"us-jul-xx-16-8-2": UNSUPPLIED})
    adj = adjudication(state)
    adj.emit(BattlegroupFormed(parent="us-jul-xx-16-8-2", unit="us-jul-xx-16-8-2-bg1", hex="3031", strength=3, ma=8,
                               unit_type="armor"))
    assert adj.state.supply["us-jul-xx-16-8-2-bg1"] == UNSUPPLIED
