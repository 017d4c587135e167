"""Random games of the three historical scenarios and of two free set-ups play to a result, with the
invariants of issue 8 checked after every ruling (stacking at the end of movement, no unit at sea,
no hex held by both sides, supply recorded where required, each finished set-up legal under an
independent reading of its sheet) and every listed legal order accepted. CI runs this
sample; `python -m tests.unit.breakout_pursuit.random_games 200` runs the full set."""
import pytest

from tests.unit.breakout_pursuit.random_games import FREE_SETUPS, SCENARIOS, play


@pytest.mark.parametrize("scenario", SCENARIOS + FREE_SETUPS)
def test_a_random_game_finishes_with_a_result(scenario):
    session = play(scenario, seed=11)
    assert session.state.core.result is not None


def test_every_listed_order_is_accepted_early_in_the_breakout():
    session = play("1.1", seed=5, check_every_legal=True, max_orders=40000)
    assert session.state.core.finished
