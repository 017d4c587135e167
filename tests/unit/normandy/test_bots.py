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
