"""Moving off the map from a "D" edge hex (Victory E, L559; option exit_map_cost; digest O25), on the
synthetic map (logistics_helpers.py): edge D is column 53, rows 02-10."""
from __future__ import annotations

from domain.games.breakout_pursuit import victory
from domain.games.breakout_pursuit.effects import UnitMoved, UnitPlaced
from domain.games.breakout_pursuit.model import EXITED
from domain.games.breakout_pursuit.orders import EndPhase, Move
from domain.kernel.commands import Accepted
from tests.unit.breakout_pursuit.logistics_helpers import (
    ARMOR, ARMOR2, ARMOR3, BRIGADE, INF, accepted, at, data, ev, refused, row,
)
from tests.unit.breakout_pursuit.supply_helpers import bound, effects_of, rule

SUPPLIED = {ARMOR: "supplied", ARMOR2: "supplied", ARMOR3: "supplied", INF: "supplied", BRIGADE: "supplied"}


def exit_move(unit, path):
    return Move(unit=unit, path=tuple(path), events=(ev(len(path), "exit"),))


def test_victory_E_a_supplied_division_moves_off_a_d_edge_hex():
    """Victory E (L559): 3 hexes to 0553 and 1 to leave (exit_map_cost) is 4 of the 13-8's 8; it goes to "exited"."""
    state = at({ARMOR: "0550"}, supply=SUPPLIED)
    ruling, after = accepted(state, exit_move(ARMOR, row(5, 51, 53)))
    assert effects_of(ruling, UnitMoved)[0].path == row(5, 50, 53)
    assert effects_of(ruling, UnitPlaced)[-1].at == EXITED
    assert after.units[ARMOR].box == EXITED and after.units[ARMOR].hex is None
    accepted(at({ARMOR: "0553"}, supply=SUPPLIED), exit_move(ARMOR, ()))  # already on the edge: the exit point only


def test_victory_E_only_supplied_divisions_from_d_hexes():
    """Victory E: "division sized units ... while in a supplied state", off hexes marked "D"."""
    refused(at({ARMOR: "0550"}, supply={ARMOR: "unsupplied"}), exit_move(ARMOR, row(5, 51, 53)), "bad_exit")
    refused(at({BRIGADE: "0550"}, supply=SUPPLIED), exit_move(BRIGADE, row(5, 51, 53)), "bad_exit")
    refused(at({ARMOR: "1150"}, supply=SUPPLIED), exit_move(ARMOR, row(11, 51, 53)), "bad_exit")  # row 11: no D hex


def test_victory_E_the_exit_costs_a_movement_point():
    """Option exit_map_cost = 1: a 12-5 five hexes from the edge has no point left to leave."""
    refused(at({INF: "0548"}, supply=SUPPLIED), exit_move(INF, row(5, 49, 53)), "too_far")
    accepted(at({INF: "0549"}, supply=SUPPLIED), exit_move(INF, row(5, 50, 53)))


def test_victory_E_does_not_apply_in_the_pursuit_scenarios():
    state = at({ARMOR: "0550"}, supply=SUPPLIED)
    pursuit = bound().position(state, {"core": {"scenario": "2.1"}})
    refused(pursuit, exit_move(ARMOR, row(5, 51, 53)), "bad_exit")


def test_victory_E_three_exited_divisions_score_twenty_at_the_deadline():
    """Victory E: the line crossed on Game-Turn 1, the check at the end of the Allied Player-Turn of Game-Turn
    4; two divisions already off, the third leaves in the Mechanized Movement Phase: the Allies score 20."""
    state = at({ARMOR: "0550", ARMOR2: {"box": EXITED}, ARMOR3: {"box": EXITED}}, turn=4, phase="mechanized_movement",
               supply=SUPPLIED, flags={"breakout_line_crossed": 1, "series": "breakout", "special_rules": []})
    _, after = accepted(state, exit_move(ARMOR, row(5, 51, 53)))
    before = after.core.ledger(victory.VP, "allied").balance
    _, after = accepted(after, EndPhase())
    assert after.core.ledger(victory.VP, "allied").balance - before == 20
    assert after.flags["breakout_scored"] == "allied"


def test_legal_lists_exits_each_accepted():
    state = at({ARMOR: "0550", INF: "0950"}, supply=SUPPLIED)
    exits = [o for o in bound().legal(state, "allied") if isinstance(o, Move) and o.events]
    assert {o.path[-1] for o in exits if o.unit == ARMOR} >= {"0553", "0453", "0653"}
    for o in exits:
        ruling, _ = rule(state, "allied", o)
        assert isinstance(ruling, Accepted), (o, ruling.code)
    assert data().area("edge_D") >= {o.path[-1] for o in exits}
