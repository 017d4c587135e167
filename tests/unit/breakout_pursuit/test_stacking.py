"""Stacking M-N, the Staging Area (Paratroop C), and legal(): every listed move is accepted."""
from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT, movement, stacking
from domain.games.breakout_pursuit.effects import UnitEliminated, UnitPlaced
from domain.games.breakout_pursuit.orders import EndPhase, Move, MoveToStaging
from domain.kernel import game
from domain.kernel.commands import Accepted, Rejected, SeatOrder
from domain.kernel.core import Clock
from domain.kernel.dice import ScriptedDice
from tests.unit.breakout_pursuit.movement_helpers import U, effects, play, position, real_pack, ruleset

THREE = {U.A_MECH: "0304", U.A_MECH2: "0304", U.A_INF: "0304"}


def verdict(state, seat, order):
    ruling, after = play(state, seat, order)
    return (ruling.code if isinstance(ruling, Rejected) else "accepted"), after


def test_no_move_may_end_over_three_combat_units():
    """Stacking M (L230): at most three Mechanized and/or Non-Mechanized units in a hex at the end
    of a movement phase; a finished move is final, so a move may not end over the limit (option
    stacking_checked). Units may pass through a full hex."""
    s = position({**THREE, U.A_MECH3: "0303"})
    assert verdict(s, "allied", Move(unit=U.A_MECH3, path=("0304",)))[0] == "over_stacked"
    assert verdict(s, "allied", Move(unit=U.A_MECH3, path=("0304", "0305")))[0] == "accepted"
    assert "0304" not in movement.destinations(s, ruleset().data, s.units[U.A_MECH3])


def test_a_unit_counts_once_in_the_stack_it_left():
    """Stacking M (L230): a move that returns to its own full hex ends with three units, not four."""
    assert verdict(position(THREE), "allied", Move(unit=U.A_MECH, path=("0303", "0304")))[0] == "accepted"


def test_non_combat_units_and_markers_never_count_for_stacking():
    """Stacking N (L232): Supply, Naval Supply, Pipeline and Truck units and markers do not count."""
    s = position({**THREE, U.A_TRUCK: "0303", U.A_SUPPLY: "0304", U.A_PIPE1: "0304", U.DELAY: "0305"})
    assert stacking.stack_count(s, "0304") == 3
    assert verdict(s, "allied", Move(unit=U.A_TRUCK, path=("0304",)))[0] == "accepted"
    s = position({U.A_MECH: "0304", U.A_MECH2: "0304", U.A_TRUCK: "0304", U.A_SUPPLY: "0304", U.A_INF: "0303"})
    assert verdict(s, "allied", Move(unit=U.A_INF, path=("0304",)))[0] == "accepted"


def test_reinforcements_left_over_stacked_on_cherbourg_go_to_the_staging_area():
    """Stacking M (L230), option reinforcement_overstack: reinforcements placed on Cherbourg may exceed
    the limit until the end of the Initial Movement Phase; those still over it then delay their
    arrival to the Staging Area (Allied Reinforcements, L684). Two placed this turn, three already there."""
    placed = {"hex": "0102", "placed": 3}
    s = position({U.A_MECH: "0102", U.A_MECH2: "0102", U.A_MECH3: "0102", U.A_MECH4: placed, U.A_INF: placed,
                  U.A_INF2: "0606"}, turn=3)
    ruling, after = play(s, "allied", EndPhase())
    sent = effects(ruling, UnitPlaced)
    assert sorted((e.unit, e.at, e.reason) for e in sent) == sorted([(U.A_MECH4, "staging", "over_stacked"),
                                                                     (U.A_INF, "staging", "over_stacked")])
    assert stacking.stack_count(after, "0102") == 3


def test_any_other_excess_at_the_end_of_a_movement_phase_is_eliminated():
    """Stacking M (L230): units over the limit at the end of a movement phase are eliminated, as those
    that would over-stack in a retreat are. Four units none of which was placed this turn."""
    s = position({U.A_MECH: "0304", U.A_MECH2: "0304", U.A_MECH3: "0304", U.A_MECH4: "0304", U.A_INF: "0606"},
                 phase="mechanized_movement")
    ruling, after = play(s, "allied", EndPhase())
    gone = effects(ruling, UnitEliminated)
    assert [(e.unit, e.cause) for e in gone] == [(U.A_MECH3, "over_stacked")]  # the first by id
    assert stacking.stack_count(after, "0304") == 3


# --- the Staging Area ----------------------------------------------------------------------------


def test_a_unit_starting_the_initial_movement_phase_on_cherbourg_may_go_to_the_staging_area():
    """Paratroop C (L416): instead of any other move; only from Cherbourg (0102), only in the
    Allied Initial Movement Phase, not after moving."""
    s = position({U.A_INF: "0102", U.A_MECH: "0102", U.A_MECH2: "0202"})
    v, after = verdict(s, "allied", MoveToStaging(unit=U.A_INF))
    assert v == "accepted" and (after.units[U.A_INF].hex, after.units[U.A_INF].box) == (None, "staging")
    assert verdict(s, "allied", MoveToStaging(unit=U.A_MECH2))[0] == "not_on_cherbourg"
    _, moved = play(s, "allied", Move(unit=U.A_MECH, path=("0202", "0102")))
    assert verdict(moved, "allied", MoveToStaging(unit=U.A_MECH))[0] == "already_moved"
    mech = position({U.A_MECH: "0102"}, phase="mechanized_movement")
    assert verdict(mech, "allied", MoveToStaging(unit=U.A_MECH))[0] == "wrong_phase"
    assert verdict(position({U.A_INF: "0102"}, scenario="AG"), "allied", MoveToStaging(unit=U.A_INF))[0] == "special_rule_a"
    listed = [o for o in ruleset().legal(s, "allied") if isinstance(o, MoveToStaging)]
    assert listed == [MoveToStaging(unit=U.A_INF), MoveToStaging(unit=U.A_MECH)]


# --- legal() -----------------------------------------------------------------------------------------

POSITIONS = {
    "allied initial": dict(units={U.A_MECH: "0303", U.A_INF: "0102", U.A_MOT: "0203", U.A_TRUCK: "0104", U.A_MECH2: "0606",
                                  U.G_MECH: "0305", U.G_INF: "0506", U.DELAY: "0404"},
                           supply={U.A_MECH2: "isolated"}),
    "allied mechanized": dict(units={U.A_MECH: "0303", U.A_MECH2: "0304", U.A_MECH3: "0304", U.A_INF: "0304",
                                     U.G_MECH: "0406", U.G_INF: "0608"}, phase="mechanized_movement"),
    "german initial": dict(units={U.G_MECH: "0303", U.G_INF: {"hex": "0301", "placed": 1}, U.G_INF12: "0407",
                                  U.A_MECH: "0305", U.A_TRUCK: "0204", U.A_PIPE1: "0104", U.A_PIPE2: "0204", U.A_SUPPLY: "0203"},
                           side="german"),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_listed_order_is_accepted(name):
    """The rules contract: legal() lists only orders accepted if submitted next."""
    spec = dict(POSITIONS[name])
    s = position(spec.pop("units"), **spec)
    side = s.core.clock.side
    orders = [o for o in ruleset().legal(s, side) if not isinstance(o, EndPhase)]
    assert orders
    for order in orders:
        ruling, _ = play(s, side, order)
        assert isinstance(ruling, Accepted), (order, ruling)


def test_legal_lists_each_reachable_hex_once_with_a_cheapest_path():
    """Movement E-F: every hex the unit can reach within its allowance. A 12-5 at 0303 in the open:
    exactly the hexes within 5 MP, river crossings (+1) included, by hand for a few."""
    s = position({U.A_INF: "0303"})
    dests = movement.destinations(s, ruleset().data, s.units[U.A_INF])
    assert dests["0305"].cost == 2 and dests["0306"].cost == 4 and dests["0307"].cost == 5
    assert "0308" not in dests  # five hexes and the river: 6 MP
    orders = [o for o in ruleset().legal(s, "allied", unit=U.A_INF)]
    assert len(orders) == len({o.path[-1] for o in orders}) == len(dests)


@pytest.mark.parametrize("side,phase", [("german", "initial_movement"), ("allied", "mechanized_movement")])
def test_listed_orders_are_accepted_on_the_real_map(side, phase):
    """The rules contract, on the pack's map with scenario 1.1's historical set-up: every 10th
    listed move (about 300 of them) is accepted."""
    rs = BREAKOUT_PURSUIT.bind(real_pack())
    s = rs.setup(rs.pack, "1.1", game_id="t", options=rs.resolve_options({}))
    s = replace(s, core=replace(s.core, started=True, clock=Clock(turn=2, phase=phase, side=side)))
    orders = [o for o in rs.legal(s, side) if not isinstance(o, EndPhase)]
    assert len(orders) > 100
    for order in orders[::10]:
        ruling = game.adjudicate(rs, s, SeatOrder(seat=side, order=order), ScriptedDice([]), version=2)
        assert isinstance(ruling, Accepted), (order, ruling)
