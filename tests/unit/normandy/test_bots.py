"""The greedy Normandy player (services/bots/normandy_greedy.py) through its in-process evaluation:
every order it picks is accepted, and on Scenario 1 it beats the random player on either side
(`python -m services.bots.normandy_evaluate 50` plays the 50 seeded games of the report)."""
import pytest

from services.bots.normandy_evaluate import play
from services.bots.normandy_greedy import value


def test_a_result_is_worth_the_defender_steps_less_the_attacker_steps():
    assert (value("A1D1"), value("D2RX"), value("A2"), value("E")) == (0, 2.5, -2, 3)


@pytest.mark.parametrize("side", ["allied", "german"])
def test_the_greedy_player_beats_the_random_one_in_scenario_1(side):
    results = [play(seed, "1", side).state.core.result for seed in (0, 1)]
    assert all(r is not None and r.winner == side for r in results), [r.level for r in results if r]


def test_the_greedy_player_uses_version_4s_orders():
    """Overrun (§4.3) when the defenders break on four faces of six, Reserve (§4.1.1) for idle armour
    away from the enemy, every Reserve stack offered to an Exploitation (§6.8) with the marker's support,
    and the one-hex move into a counterattack (§6.9)."""
    from services.bots.normandy_greedy import choose

    view = {"units": [{"id": "a", "side": "allied", "hex": "0101"}, {"id": "g", "side": "german", "hex": "0505"}]}
    far = lambda a, b: 0 if a == b else (1 if {a, b} == {"0101", "0102"} else 4)
    overrun = {"type": "overrun", "units": ["a"], "hex": "0505", "path": []}
    breaking = {"results": ["D1R", "D1R", "D2R", "D2RX", "E", "A1"]}
    orders = [overrun, {"type": "set_reserve", "unit": "a"}, {"type": "end_phase"}]
    assert choose(view, orders, [breaking, None, None], "allied", "2", far) == overrun
    holding = {"results": ["D1", "D1", "D1R", "A1", "E", "A1"]}
    assert choose(view, orders, [holding, None, None], "allied", "2", far)["type"] == "set_reserve"
    exploit = [{"type": "exploit", "stacks": []}, {"type": "exploit", "stacks": ["0101"]},
               {"type": "exploit", "stacks": ["0101"], "support": True}]
    assert choose(view, exploit, [None] * 3, "allied", "2", far) == exploit[2]
    closing = [{"type": "counterattack_move", "frame": 3, "to": None}, {"type": "counterattack_move", "frame": 3, "to": "0102"}]
    assert choose(view, closing, [None] * 2, "german", "2", far) == closing[1]
