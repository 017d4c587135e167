"""Allied Supply units on the move (Supply Units K, L450-454; Correction L646-654): Pipeline, Shuttle
and Transfer Movement and how they combine, on the synthetic map (logistics_helpers.py)."""
from __future__ import annotations

from domain.games.breakout_pursuit.allowance import why_not
from domain.games.breakout_pursuit.effects import SupplyUnitMoved, UnitsTurned
from domain.games.breakout_pursuit.orders import EndPhase, Move, PipelineMove, Shuttle
from domain.kernel.commands import Accepted
from tests.unit.breakout_pursuit.logistics_helpers import (
    ARMOR, GER_INF, PIPES, SU, SU2, TRUCK, TRUCK2, accepted, at, data, ev, refused, row, truck_move,
)
from tests.unit.breakout_pursuit.supply_helpers import bound, effects_of, rule

CHAIN = {PIPES[0]: "2020", PIPES[1]: "2021", PIPES[2]: "2022", PIPES[3]: {"hex": "2023", "active": False}}


def test_pipeline_movement_any_distance_along_active_pipelines():
    """Correction L648: a Supply unit moves any distance along a chain of active Pipeline units."""
    state = at({**CHAIN, SU: "2020"})
    ruling, after = accepted(state, PipelineMove(unit=SU, path=("2021", "2022")))
    assert effects_of(ruling, SupplyUnitMoved)[0].path == ("2020", "2021", "2022")
    assert after.units[SU].hex == "2022"
    refused(state, PipelineMove(unit=SU, path=("2021", "2022", "2023")), "off_pipeline")  # 2023 is inactive
    refused(at({**CHAIN, SU: "2120"}), PipelineMove(unit=SU, path=("2021",)), "not_on_pipeline")


def test_pipeline_movement_once_between_other_moves():
    """Correction L648: one Pipeline move covers any distance; another may follow a Transfer."""
    state = at({**CHAIN, SU: "2020", TRUCK: "2022"})
    _, after = accepted(state, PipelineMove(unit=SU, path=("2021",)))
    refused(after, PipelineMove(unit=SU, path=("2022",)), "supply_method")
    _, after = accepted(after, truck_move(("2021", "2022"), ev(1, "embark", SU), ev(2, "disembark")))
    _, after = accepted(after, PipelineMove(unit=SU, path=("2021", "2020")))
    assert after.hauled[SU] == ("pipeline", TRUCK, "pipeline")


def test_shuttle_movement_up_to_ten_hexes_to_a_truck_which_is_inverted():
    """Correction L650: ten hexes overland to a Truck, which is inverted and may not move that phase;
    more Supply units may join it; eleven hexes are too far."""
    state = at({SU: "2020", SU2: "2021", TRUCK: "2030", TRUCK2: "2031"})
    ruling, after = accepted(state, Shuttle(unit=SU, truck=TRUCK))
    assert effects_of(ruling, SupplyUnitMoved)[0].path == row(20, 20, 30)
    assert effects_of(ruling, UnitsTurned)[0] .units == (TRUCK,)
    assert after.units[SU].hex == "2030" and not after.units[TRUCK].active
    assert why_not(after, data(), after.units[TRUCK]).code == "truck_shuttling"
    accepted(after, Shuttle(unit=SU2, truck=TRUCK))
    refused(state, Shuttle(unit=SU, truck=TRUCK2), "shuttle_too_far")


def test_shuttle_movement_never_through_german_controlled_hexes():
    """Correction L650: a German 2-4 at 2125 controls 2024 and 2025 (odd row 21: row 20 at columns 24, 25),
    so the straight and only 10-hex path along row 20 is closed."""
    state = at({SU: "2020", TRUCK: "2030", GER_INF: "2125"})
    refused(state, Shuttle(unit=SU, truck=TRUCK), "shuttle_too_far")


def test_shuttle_movement_may_start_in_german_zoc_unless_option_whole_path():
    """Option shuttle_path: the unit's own hex may be German-controlled (2020, next to a German 2-4 at 2120)."""
    units = {SU: "2020", TRUCK: "2025", GER_INF: "2120"}
    accepted(at(units), Shuttle(unit=SU, truck=TRUCK))
    refused(at(units, options={"shuttle_path": "whole_path"}), Shuttle(unit=SU, truck=TRUCK), "shuttle_too_far")


def test_shuttle_and_transfer_never_combine():
    """Correction L646: a Supply unit may never combine Transfer and Shuttle Movement in a phase."""
    state = at({SU: "2020", TRUCK: "2025", TRUCK2: "2026"})
    _, shuttled = accepted(state, Shuttle(unit=SU, truck=TRUCK))
    refused(shuttled, truck_move(("2025",), ev(1, "embark", SU), unit=TRUCK2), "bad_passenger")
    _, carried = accepted(at({SU: "2020", TRUCK: "2020", TRUCK2: "2026"}),
                          truck_move(("2021",), ev(0, "embark", SU), ev(1, "disembark"), unit=TRUCK))
    refused(carried, Shuttle(unit=SU, truck=TRUCK2), "supply_method")


def test_shuttle_a_truck_that_has_moved_takes_no_shuttle():
    """Correction L650: Trucks helping to Shuttle may not move in that phase, so one that moved may not help."""
    state = at({SU: "2020", TRUCK: "2025"})
    _, after = accepted(state, Move(unit=TRUCK, path=("2026",)))
    refused(after, Shuttle(unit=SU, truck=TRUCK), "bad_truck")


def test_supply_units_move_in_the_initial_movement_phase_only_and_before_combat_units():
    """Correction L646 (Initial Movement Phase only); Sequence of Play 4 (Non-Combat units first)."""
    state = at({**CHAIN, SU: "2020", ARMOR: "2220"}, phase="mechanized_movement")
    refused(state, PipelineMove(unit=SU, path=("2021",)), "wrong_phase")
    state = at({**CHAIN, SU: "2020", ARMOR: "2220"})
    _, after = accepted(state, Move(unit=ARMOR, path=("2221",)))
    refused(after, PipelineMove(unit=SU, path=("2021",)), "non_combat_first")


def test_shuttling_trucks_are_turned_face_up_at_the_end_of_the_allied_player_turn():
    """Supply Units K.1 (L452): the Truck may not move that Allied Player-Turn; it is face up again for the next."""
    state = at({SU: "2020", TRUCK: {"hex": "2025", "active": False}}, phase="mechanized_movement")
    ruling, after = accepted(state, EndPhase())
    assert any(e.units == (TRUCK,) and e.face_up for e in effects_of(ruling, UnitsTurned))
    assert after.units[TRUCK].active


def test_legal_lists_pipeline_moves_and_shuttles_each_accepted():
    state = at({**CHAIN, SU: "2020", SU2: "2120", TRUCK: "2125"})
    orders = [o for o in bound().legal(state, "allied") if isinstance(o, (PipelineMove, Shuttle))]
    assert {type(o) for o in orders} == {PipelineMove, Shuttle}
    assert PipelineMove(unit=SU, path=("2021", "2022")) in orders
    for o in orders:
        ruling, _ = rule(state, "allied", o)
        assert isinstance(ruling, Accepted), (o, ruling.code)
