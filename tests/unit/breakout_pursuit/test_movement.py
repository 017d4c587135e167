"""Movement A-F and the Terrain Effects Chart on the synthetic map (movement_helpers.py): what a step costs,
which steps are prohibited, what a move does besides moving. Costs are worked out by hand from
the map sketch in movement_helpers.py."""
from __future__ import annotations

import pytest

from domain.games.breakout_pursuit.effects import FlagSet, PipelinesDeactivated, UnitEliminated, UnitMoved
from domain.games.breakout_pursuit.orders import Move
from domain.kernel.commands import Accepted, Rejected
from tests.unit.breakout_pursuit.movement_helpers import U, effects, play, position


def moved(state, seat, unit, *path, **kw):
    """Play a move that must be accepted; return its UnitMoved and the state after."""
    ruling, after = play(state, seat, Move(unit=unit, path=path), **kw)
    assert isinstance(ruling, Accepted), ruling
    (m,) = effects(ruling, UnitMoved)
    return m, after


def rejected(state, seat, unit, *path) -> Rejected:
    ruling, _ = play(state, seat, Move(unit=unit, path=path))
    assert isinstance(ruling, Rejected), ruling
    return ruling


def labels(effect) -> list[str]:
    return [c.label() for c in effect.cite]


# --- terrain -------------------------------------------------------------------------------------


def test_every_printed_terrain_costs_one_movement_point():
    """Movement D (L248), TEC (L257-262): clear, coastal, rough and town hexes cost 1 MP to enter."""
    s = position({U.A_INF: "0303"})
    m, _ = moved(s, "allied", U.A_INF, "0304", "0305")  # clear, then rough
    assert (m.cost, m.allowance, m.path) == (2, 5, ("0303", "0304", "0305"))
    m, _ = moved(position({U.A_INF: "0203"}), "allied", U.A_INF, "0104", "0105")  # Bayeux (a town), then clear
    assert m.cost == 2


def test_river_hexsides_cost_germans_two_more_and_allies_one_more():
    """TEC (L260): German units +2 MP to cross a river hexside, Allied units +1."""
    m, _ = moved(position({U.A_INF: "0305"}), "allied", U.A_INF, "0306")
    assert m.cost == 2 and any("L260" in x for x in labels(m))
    m, _ = moved(position({U.G_INF: "0306"}, side="german"), "german", U.G_INF, "0305")
    assert m.cost == 3


def test_sea_hexsides_may_never_be_crossed():
    """Movement B (L244), TEC (L259): units may never cross a sea hexside."""
    r = rejected(position({U.G_MECH: "0404"}, side="german"), "german", U.G_MECH, "0405")
    assert r.code == "sea_hexside" and r.citation.case == "B"
    assert rejected(position({U.A_MECH: "0409"}), "allied", U.A_MECH, "0410").code == "sea_hexside"


def test_west_wall_hexes_cost_allied_units_one_more():
    """TEC (L263), Correction L658: Allied units +1 MP to enter a West Wall hex; German units do not pay it."""
    m, _ = moved(position({U.A_INF: "0506"}), "allied", U.A_INF, "0507")
    assert m.cost == 2
    m, _ = moved(position({U.G_INF: "0506"}, side="german"), "german", U.G_INF, "0507")
    assert m.cost == 1


def test_a_path_may_not_cost_more_than_the_allowance():
    """Movement E (L250): the Movement Allowance may not be exceeded."""
    s = position({U.A_INF: "0301"})
    r = rejected(s, "allied", U.A_INF, "0302", "0303", "0304", "0305", "0306", "0307")  # 5 + river 1 + 1 = 7
    assert r.code == "too_far" and r.details == {"cost": 7, "allowance": 5}


# --- zones of control ----------------------------------------------------------------------------


def test_mechanized_units_pay_two_to_enter_one_to_leave_three_through_enemy_zoc():
    """ZOC J (L222): +2 MP to enter an enemy-controlled hex, +1 to leave, +3 from one to another.
    German 10-6 at 0305 controls 0304 and 0404: 0303->0304 costs 1+2, 0304->0404 costs 1+1+2."""
    s = position({U.A_MECH: "0303", U.G_MECH: "0305"})
    m, _ = moved(s, "allied", U.A_MECH, "0304", "0404")
    assert m.cost == 7 and any("Zones of Control (J)" in x for x in labels(m))
    assert rejected(s, "allied", U.A_MECH, "0304", "0404", "0403").details == {"cost": 9, "allowance": 8}


def test_allied_motorized_infantry_and_trucks_pay_zoc_costs():
    """ZOC J (L222): Allied Motorized Infantry (MA 16) pays; Correction L642: so do Trucks."""
    s = position({U.A_MOT: "0303", U.A_TRUCK: "0203", U.G_MECH: "0305"})
    assert moved(s, "allied", U.A_TRUCK, "0304")[0].cost == 3  # Non-Combat units move first (L184)
    assert moved(s, "allied", U.A_MOT, "0304")[0].cost == 3


def test_other_units_pay_nothing_for_zoc_but_never_go_from_controlled_to_controlled():
    """ZOC K (L224): no extra MP, but they leave an enemy-controlled hex only for an uncontrolled
    one; they may enter enemy ZOC again later in the move."""
    s = position({U.A_INF: "0303", U.G_MECH: "0305"})
    assert moved(s, "allied", U.A_INF, "0304")[0].cost == 1
    r = rejected(s, "allied", U.A_INF, "0304", "0404")
    assert r.code == "zoc_to_zoc" and r.citation.case == "K"
    assert moved(s, "allied", U.A_INF, "0304", "0203", "0204")[0].cost == 3


def test_german_twelve_movement_infantry_is_not_a_zoc_payer():
    """ZOC J names only Allied motorized infantry: a German 9-12 moves under ZOC K (digest UNIT-5)."""
    s = position({U.G_INF12: "0303", U.A_MECH: "0305"}, side="german")
    assert moved(s, "german", U.G_INF12, "0304")[0].cost == 1
    assert rejected(s, "german", U.G_INF12, "0304", "0404").code == "zoc_to_zoc"


# --- enemy-occupied hexes ------------------------------------------------------------------------


def test_units_may_never_enter_an_enemy_occupied_hex():
    """Movement B (L244)."""
    r = rejected(position({U.A_INF: "0303", U.G_INF: "0304"}), "allied", U.A_INF, "0304")
    assert r.code == "enemy_occupied"
    s = position({U.G_INF: "0303", U.A_MECH: "0304", U.A_PIPE1: "0304"}, side="german")
    assert rejected(s, "german", U.G_INF, "0304").code == "enemy_occupied"


def test_german_units_never_enter_a_truck_hex():
    """Non-Combat A (L426): a Truck must be attacked to be destroyed, even with a Supply unit."""
    s = position({U.G_MECH: "0303", U.A_TRUCK: "0304", U.A_SUPPLY: "0304"}, side="german")
    r = rejected(s, "german", U.G_MECH, "0304", "0305")
    assert r.code == "truck" and r.citation.case == "A"


def test_german_units_overrun_supply_and_pipeline_units_and_cut_the_chain():
    """Movement B (L244), Pipeline H (L444), Corrections L644, L654, L656: a German unit may enter
    hexes held only by Supply, Pipeline or Naval Supply units; it destroys the Supply and Pipeline
    units it enters or passes through, the pipelines beyond the gap turn inactive (Pipeline E), the
    Naval Supply unit is displaced, not destroyed. Chain: Bayeux 0104 - 0204 - 0304."""
    s = position({U.G_MECH: "0303", U.A_SUPPLY: "0203", U.A_PIPE1: "0104", U.A_PIPE2: "0204", U.A_PIPE3: "0304",
                  U.A_NAVAL: "0205"}, side="german")
    ruling, after = play(s, "german", Move(unit=U.G_MECH, path=("0203", "0204", "0205")))
    assert isinstance(ruling, Accepted), ruling
    gone = effects(ruling, UnitEliminated)
    assert [(e.unit, e.cause) for e in gone] == [(U.A_SUPPLY, "overrun"), (U.A_PIPE2, "overrun")]
    assert [e.units for e in effects(ruling, PipelinesDeactivated)] == [(U.A_PIPE3,)]
    assert after.units[U.A_PIPE1].active and not after.units[U.A_PIPE3].active
    assert after.units[U.A_NAVAL].hex == "0205"
    assert [f.name for f in effects(ruling, FlagSet)] == ["naval_supply_displaced"]


def test_allied_units_may_enter_a_delay_marker_hex_paying_the_zone_of_delay():
    """Movement B (L244); Delay A (L488): +2 to enter a Zone of Delay hex, +1 to leave one, for
    every Allied unit (Correction L660). Delay marker at 0305: its zone is 0305 and its six neighbours."""
    s = position({U.A_INF: "0303", U.A_MECH: "0203", U.DELAY: "0305"})
    assert moved(s, "allied", U.A_INF, "0304")[0].cost == 3
    assert rejected(s, "allied", U.A_INF, "0304", "0305").details == {"cost": 7, "allowance": 5}
    m, _ = moved(s, "allied", U.A_MECH, "0304", "0305")  # 1+2, then 1+1+2
    assert m.cost == 7


def test_german_zoc_supersedes_the_zone_of_delay():
    """Delay D (L494): where German ZOC reaches, the Zone of Delay adds nothing; option
    delay_suppressed_by_zoc=literal (for every Allied unit) or zoc_payers_only. 0304 is in the zone
    of the marker at 0305 and in the ZOC of the German unit at 0404."""
    units = {U.A_INF: "0303", U.A_MECH: "0203", U.DELAY: "0305", U.G_INF: "0404"}
    s = position(units)
    assert moved(s, "allied", U.A_INF, "0304")[0].cost == 1
    assert moved(s, "allied", U.A_MECH, "0304")[0].cost == 3
    s = position(units, options={"delay_suppressed_by_zoc": "zoc_payers_only"})
    m, _ = moved(s, "allied", U.A_INF, "0304")
    assert m.cost == 3 and any("delay_suppressed_by_zoc=zoc_payers_only" in x for x in labels(m))


def test_allied_units_may_not_enter_an_intact_fortress():
    """German Fortresses, General Rule (L468): Allied units may not occupy a fortress until it is destroyed."""
    s = position({U.A_MECH: "0608"})
    assert rejected(s, "allied", U.A_MECH, "0709").code == "fortress"
    assert moved(position({U.A_MECH: "0608"}, fortresses={"0709": "destroyed"}), "allied", U.A_MECH, "0709")[0].cost == 1
    assert moved(position({U.G_MECH: "0608"}, side="german"), "german", U.G_MECH, "0709")[0].cost == 1


# --- the one-hex minimum move ----------------------------------------------------------------------


def test_a_unit_may_always_move_one_hex():
    """Movement C (L246): one hex whatever it costs. An isolated German 2-4 (2 MP, as_allied_isolated)
    placed this turn (-1, L690) has 1 MP; crossing the river 0306->0305 costs 3."""
    s = position({U.G_INF: {"hex": "0306", "placed": 1}}, side="german", supply={U.G_INF: "isolated"})
    m, _ = moved(s, "german", U.G_INF, "0305")
    assert (m.cost, m.allowance, m.minimum_move) == (3, 1, True)
    assert rejected(s, "german", U.G_INF, "0305", "0304").code == "too_far"


def test_the_minimum_move_never_goes_from_enemy_zoc_to_enemy_zoc():
    """Movement C (L246): not into an enemy-occupied hex, across a sea hexside, or from one enemy-
    controlled hex to another, even for a mechanized unit. Isolated 13-8: one hex only."""
    s = position({U.A_MECH: "0304", U.G_MECH: "0305"}, supply={U.A_MECH: "isolated"})
    r = rejected(s, "allied", U.A_MECH, "0404")
    assert r.code == "minimum_move_zoc" and r.citation.case == "C"
    m, _ = moved(s, "allied", U.A_MECH, "0303")
    assert (m.cost, m.allowance, m.minimum_move) == (2, 0, True)


@pytest.mark.parametrize("option,verdict", [("entire_move", "too_far"), ("after_spending", None)])
def test_minimum_move_option(option, verdict):
    """Movement C (L246), option minimum_move: the one hex is the unit's entire move (default), or
    may follow MP spent. Unsupplied 12-5 (2 MP): 0304 (1), 0305 (1), then 0306 across the river (2)."""
    s = position({U.A_INF: "0303"}, supply={U.A_INF: "unsupplied"}, options={"minimum_move": option})
    ruling, _ = play(s, "allied", Move(unit=U.A_INF, path=("0304", "0305", "0306")))
    if verdict:
        assert isinstance(ruling, Rejected) and ruling.code == verdict
    else:
        (m,) = effects(ruling, UnitMoved)
        assert (m.cost, m.minimum_move) == (4, True)


# --- the order itself ------------------------------------------------------------------------------


def test_a_finished_move_is_final():
    """Movement, Procedure (L238): a unit moved may not move again that phase."""
    _, after = moved(position({U.A_MECH: "0303"}), "allied", U.A_MECH, "0304")
    assert rejected(after, "allied", U.A_MECH, "0305").code == "already_moved"


def test_only_the_phasing_players_units_move():
    """Movement A (L242): the German seat may not order an Allied unit."""
    s = position({U.A_MECH: "0303", U.G_MECH: "0606"}, side="german")
    assert rejected(s, "german", U.A_MECH, "0304").code == "not_your_unit"


@pytest.mark.parametrize("path,code", [((), "empty_path"), (("0303", "0304"), "path_includes_start"),
                                       (("0305",), "not_adjacent"), (("9999",), "off_map")])
def test_a_path_runs_hex_by_hex_from_the_units_hex(path, code):
    """Movement, General Rule (L236): units move hex by hex through the grid."""
    assert rejected(position({U.A_MECH: "0303"}), "allied", U.A_MECH, *path).code == code


def test_non_combat_units_move_first_in_the_initial_movement_phase():
    """Sequence of Play 4 (L184): Non-Combat units are always moved first."""
    s = position({U.A_MECH: "0303", U.A_TRUCK: "0203"})
    _, after = moved(s, "allied", U.A_MECH, "0304")
    assert rejected(after, "allied", U.A_TRUCK, "0204").code == "non_combat_first"
    _, after = moved(s, "allied", U.A_TRUCK, "0204")
    moved(after, "allied", U.A_MECH, "0304")


def test_supply_pipeline_and_naval_units_do_not_move_as_units():
    """Pipeline H (L444); Supply K (L450), Correction L646; Naval M (L460): no Movement Allowance,
    hence no minimum move (Movement C's exception)."""
    s = position({U.A_PIPE1: "0303", U.A_SUPPLY: "0304", U.A_NAVAL: "0409"})
    assert rejected(s, "allied", U.A_PIPE1, "0302").code == "pipeline_never_moves"
    assert rejected(s, "allied", U.A_SUPPLY, "0305").code == "supply_unit_movement"
    assert rejected(s, "allied", U.A_NAVAL, "0309").code == "naval_supply_movement"


# --- milestones ----------------------------------------------------------------------------------


def test_the_first_allied_move_south_of_the_breakout_line_is_recorded():
    """Victory E (L559): the turn an Allied unit first moves south of the Allied Breakout Line
    (synthetic: rows 01-02 are north of it)."""
    s = position({U.A_MECH: "0202", U.A_MECH2: "0201", U.A_MECH3: "0203"}, turn=2)
    ruling, after = play(s, "allied", Move(unit=U.A_MECH2, path=("0102",)))
    assert not effects(ruling, FlagSet)
    ruling, after = play(after, "allied", Move(unit=U.A_MECH, path=("0303",)))
    assert [(f.name, f.value) for f in effects(ruling, FlagSet)] == [("breakout_line_crossed", 2)]
    ruling, _ = play(after, "allied", Move(unit=U.A_MECH3, path=("0303",)))
    assert not effects(ruling, FlagSet)


def test_a_truck_inverted_for_shuttle_movement_does_not_move():
    """Correction L650 (Shuttle Movement): the Truck moved to is inverted and may not move that Player-Turn."""
    s = position({U.A_TRUCK: {"hex": "0303", "active": False}})
    assert rejected(s, "allied", U.A_TRUCK, "0304").code == "truck_shuttling"
