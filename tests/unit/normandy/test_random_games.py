"""Random games of Scenarios 1 and 2 play to a result with the state's invariants checked after
every ruling and every order the random player picks from a listing accepted. CI runs this sample;
`python -m tests.unit.normandy.random_games 200` runs 200 games of each."""
import pytest

from tests.unit.normandy.random_games import SCENARIOS, play


@pytest.mark.parametrize("seed", [3, 17])
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_random_game_finishes_with_a_result(scenario, seed):
    session = play(scenario, seed)
    assert session.state.core.result is not None and session.state.core.result.level
