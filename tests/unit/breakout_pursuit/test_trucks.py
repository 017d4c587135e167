"""Allied Truck Units B-D (L430-434), Correction L642, Transfer Movement (L652): Trucks pick up and
drop off passengers during their move (Move.events), on the synthetic map (logistics_helpers.py)."""
from __future__ import annotations

from domain.games.breakout_pursuit import combat, movement
from domain.games.breakout_pursuit.allowance import budget
from domain.games.breakout_pursuit.effects import (
    AttackResolved, PassengerDisembarked, PassengerEmbarked, UnitMoved,
)
from domain.games.breakout_pursuit.orders import Attack, Move
from domain.kernel.commands import Accepted
from tests.unit.breakout_pursuit.logistics_helpers import (
    ARMOR, ARMOR2, ARMOR3, GER, GER_INF, INF, INF2, MOT, PARA, SU, SU2, TRUCK, TRUCK2, accepted, at, data, ev, refused, row, truck_move,
)
from tests.unit.breakout_pursuit.supply_helpers import bound, effects_of, rule


def test_truck_B_picks_up_a_supply_unit_on_its_way_and_drops_it_off_free_of_cost():
    """Truck B-C (L430-432), Transfer Movement (L652): a Supply unit embarks and disembarks at no cost;
    the move is recorded as its legs, the passenger moving with the Truck."""
    state = at({TRUCK: "2020", SU: "2022"})
    path = row(20, 21, 30)
    ruling, after = accepted(state, truck_move(path, ev(2, "embark", SU), ev(10, "disembark")))
    legs = effects_of(ruling, UnitMoved)
    assert [(m.path, m.cost) for m in legs] == [(row(20, 20, 22), 2), (row(20, 22, 30), 8)]
    assert effects_of(ruling, PassengerEmbarked)[0].cost == 0
    assert effects_of(ruling, PassengerDisembarked)[0].carried == 8
    assert after.units[SU].hex == "2030" and after.units[TRUCK].carrying is None
    assert after.hauled[SU] == (TRUCK,)


def test_truck_C_boarding_a_non_mechanized_unit_costs_five_points_to_each():
    """Truck C (L432): 2 MP to reach the infantry, 5 to board, 8 more: 15, the Truck's whole allowance;
    one hex more is too far."""
    state = at({TRUCK: "2020", INF: "2022"})
    ruling, after = accepted(state, truck_move(row(20, 21, 30), ev(2, "embark", INF), ev(10, "disembark")))
    assert effects_of(ruling, PassengerEmbarked)[0].cost == 5
    assert after.units[INF].hex == "2030"
    refused(state, truck_move(row(20, 21, 31), ev(2, "embark", INF), ev(11, "disembark")), "too_far")


def test_truck_C_a_passenger_needs_five_movement_points_of_its_own():
    """Correction L642: passengers must have five movement points to board; an unsupplied 12-5 has 2 (half of five)."""
    state = at({TRUCK: "2020", INF: "2022"}, supply={INF: "unsupplied"})
    refused(state, truck_move(row(20, 21, 25), ev(2, "embark", INF)), "bad_passenger")


def test_truck_B_carries_only_supply_units_and_non_mechanized_units_of_ma_five_or_six():
    """Truck B (L430): a 9-6 paratroop boards; a 12-16 motorized infantry and a 13-8 armor do not."""
    for unit, ok in ((PARA, True), (MOT, False), (ARMOR, False)):
        state = at({TRUCK: "2020", unit: "2021"})
        ruling, _ = rule(state, "allied", truck_move(row(20, 21, 24), ev(1, "embark", unit)))
        assert isinstance(ruling, Accepted) is ok, unit


def test_truck_B_carries_one_unit_at_a_time_but_may_carry_several_in_turn():
    """Correction L642: one passenger at a time; a Truck may pick up and drop off several units in one phase."""
    state = at({TRUCK: "2020", SU: "2021", INF: "2023"})
    refused(state, truck_move(row(20, 21, 24), ev(1, "embark", SU), ev(3, "embark", INF)), "truck_full")
    ruling, after = accepted(state, truck_move(row(20, 21, 28), ev(1, "embark", SU), ev(2, "disembark"),
                                               ev(3, "embark", INF), ev(8, "disembark")))
    assert after.units[SU].hex == "2022" and after.units[INF].hex == "2028"


def test_passenger_dropped_off_keeps_what_its_own_allowance_has_left():
    """Option passenger_mp_after_drop (Truck C): a 12-5 keeps 0 of its 5, a 9-6 keeps 1 of its 6 and may
    step one more hex; with the option "none" the 9-6 keeps nothing."""
    state = at({TRUCK: "2020", INF: "2021", TRUCK2: "2220", PARA: "2221"})
    _, after = accepted(state, truck_move(row(20, 21, 24), ev(1, "embark", INF), ev(4, "disembark")))
    _, after = accepted(after, truck_move(row(22, 21, 24), ev(1, "embark", PARA), ev(4, "disembark"), unit=TRUCK2))
    assert budget(after, data(), after.units[INF]).points == 0
    assert budget(after, data(), after.units[PARA]).points == 1
    refused(after, Move(unit=INF, path=("2025",)), "too_far")
    accepted(after, Move(unit=PARA, path=("2225",)))
    strict = at({TRUCK: "2020", PARA: "2021"}, options={"passenger_mp_after_drop": "none"})
    _, strict = accepted(strict, truck_move(row(20, 21, 24), ev(1, "embark", PARA), ev(4, "disembark")))
    assert budget(strict, data(), strict.units[PARA]).points == 0


def test_truck_D_a_passenger_aboard_moves_with_its_truck_only():
    """Truck D (L434): a carried unit uses the Truck's allowance; it does not move by itself."""
    state = at({TRUCK: {"hex": "2020", "carrying": INF}, INF: "2020"})
    refused(state, Move(unit=INF, path=("2021",)), "carried")
    _, after = accepted(state, Move(unit=TRUCK, path=row(20, 21, 35)))
    assert after.units[INF].hex == "2035" and after.units[TRUCK].carrying == INF


def test_truck_D_a_passenger_attacks_without_dismounting_at_normal_strength():
    """Correction L642: a carried 12-5 attacks with its 12."""
    state = at({TRUCK: {"hex": "2020", "carrying": INF}, INF: "2020", GER: "2021"}, phase="combat",
               supply={INF: "supplied", TRUCK: "supplied"})
    ruling, _ = accepted(state, Attack(attackers=(INF,), hex="2021"), dice=[4])
    assert effects_of(ruling, AttackResolved)[0].attack == 12


def test_truck_D_the_truck_adds_one_to_its_passengers_defence():
    """Truck D (L434), Non-Combat A (L426): a German attack on a carried 12-5 meets 12 + 1."""
    state = at({TRUCK: {"hex": "2020", "carrying": INF}, INF: "2020", GER: "2021", "al-aug-pipeline-0840": "2018"},
               phase="combat", side="german", supply={GER: "supplied"})
    ruling, _ = accepted(state, Attack(attackers=(GER,), hex="2020"), seat="german", dice=[4])
    assert effects_of(ruling, AttackResolved)[0].defense == 13


def test_stacking_M_a_truck_with_a_combat_passenger_may_not_end_over_the_limit():
    """Stacking M-N: Trucks do not count, their combat passenger does."""
    full = {ARMOR: "2025", ARMOR2: "2025", ARMOR3: "2025"}
    state = at({TRUCK: {"hex": "2020", "carrying": INF}, INF: "2020", **full})
    refused(state, Move(unit=TRUCK, path=row(20, 21, 25)), "over_stacked")
    assert "2025" not in movement.destinations(state, data(), state.units[TRUCK])
    refused(state, truck_move(row(20, 21, 25), ev(5, "disembark")), "over_stacked")
    empty = at({TRUCK: "2020", SU: "2020", **full})
    accepted(empty, truck_move(row(20, 21, 25), ev(0, "embark", SU)))


def test_transfer_movement_a_supply_unit_is_carried_by_one_truck_per_phase():
    """Correction L652: never Transferred by more than one Truck in a single Movement Phase."""
    state = at({TRUCK: "2020", SU: "2021", TRUCK2: "2030"})
    _, after = accepted(state, truck_move(row(20, 21, 29), ev(1, "embark", SU), ev(9, "disembark")))
    refused(after, truck_move(("2029",), ev(1, "embark", SU), unit=TRUCK2), "bad_passenger")


def test_non_combat_units_move_first_a_truck_may_not_move_after_a_combat_unit():
    """Sequence of Play 4 (L184): once a combat unit has moved, Trucks stay put."""
    state = at({TRUCK: "2020", SU: "2021", ARMOR: "2220"})
    _, after = accepted(state, Move(unit=ARMOR, path=("2221",)))
    refused(after, truck_move(("2021",), ev(1, "embark", SU)), "non_combat_first")


def test_legal_lists_truck_moves_with_passengers_each_accepted():
    """legal(): pick-ups, drop-offs and carries of the nearest passengers; each one is accepted."""
    state = at({TRUCK: "2020", SU: "2022", INF: "2120", PARA: "2218", INF2: "1919",
                TRUCK2: {"hex": "2520", "carrying": SU2}, SU2: "2520"})
    orders = [o for o in bound().legal(state, "allied") if isinstance(o, Move) and o.events]
    assert {e.kind for o in orders for e in o.events} == {"embark", "disembark"}
    assert {e.unit for o in orders for e in o.events if e.kind == "embark"} >= {SU, INF, PARA}
    for o in orders:
        ruling, _ = rule(state, "allied", o)
        assert isinstance(ruling, Accepted), (o, ruling.code, ruling.message)


def test_a_passenger_that_advances_after_combat_leaves_its_truck():
    """Option passenger_advance: the Truck is no participant of the attack; the passenger advancing leaves it."""
    state = at({TRUCK: {"hex": "2020", "carrying": INF}, INF: "2020", GER_INF: "2021"}, phase="combat",
               supply={INF: "supplied", TRUCK: "supplied"})
    ruling, after = accepted(state, Attack(attackers=(INF,), hex="2021"), dice=[6])  # 12 v 2 = 6-1, a 6: De
    frame = after.core.top()
    assert frame is not None and frame.kind == "advance"
    answer = next(o for o in combat.answers(after, data(), "allied") if o.units == (INF,))
    _, after = accepted(after, answer)
    assert after.units[INF].hex == "2021" and after.units[TRUCK].carrying is None and after.units[TRUCK].hex == "2020"
