"""Random games of Scenarios 1 and 2 play to a result with the state's invariants checked after
every ruling and every order the random player picks from a listing accepted. CI runs this sample;
`python -m tests.unit.normandy.random_games 200` runs 200 games of each."""
import pytest

from tests.unit.normandy.random_games import SCENARIOS, USED, play


@pytest.mark.parametrize("seed", [3, 17])
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_random_game_finishes_with_a_result(scenario, seed):
    USED.clear()
    session = play(scenario, seed)
    assert session.state.core.result is not None and session.state.core.result.level
    if scenario == "2":  # version 5 (§1.1.1.3): Rest and Replacement orders listed, accepted and checked (`version_5`)
        assert USED["put_to_rest"] and USED["rebuild"] and USED["lift_rest"], dict(USED)


def test_a_random_game_with_units_on_the_strategic_map_keeps_the_invariants():
    """Version 4's off-map layer played: Cobra with a few units of each side in the boxes
    (`BOXED_START`); the invariants (Confusion included) hold after every ruling."""
    from collections import Counter
    tally: Counter = Counter()
    session = play("2+boxes", 3, tally=tally)
    assert session.state.core.result is not None
    assert tally["normandy.offmap_moved"] and tally["normandy.interdiction"]


def test_a_random_game_with_german_arrivals_through_the_boxes_keeps_the_invariants():
    """Option german_arrival 'box' (version 4): German reinforcements roll their box's interdiction."""
    from collections import Counter
    tally: Counter = Counter()
    session = play("1", 3, tally=tally, options={"german_arrival": "box"})
    assert session.state.core.result is not None and tally["normandy.interdiction"]

