"""Random games that play the Allied logistics orders: picking an order type first, then an order of
that type (random_games.pick, by_type), so that orders listed a few at a time (a Supply unit's
moves, a Truck's passengers, the Naval Supply unit, the defensive trace) are played, with the
invariants of issue 8 checked after every ruling and every listed order accepted."""
import json
from collections import Counter

from tests.unit.breakout_pursuit.random_games import play


def _played(session) -> Counter:
    seen: Counter = Counter()
    for e in session.log:
        if e.type == "order.submitted":
            order = json.loads(e.data)["order"]
            seen[order["type"]] += 1
            seen.update(f"move+{ev['kind']}" for ev in order.get("events", ()))
    return seen


def test_a_random_pursuit_game_plays_the_logistics_orders_to_a_result():
    session = play("2.1", seed=0, by_type=True)
    seen = _played(session)
    assert session.state.core.result is not None
    assert {"pipeline_move", "shuttle", "move_naval_supply", "move+embark", "move+disembark"} <= set(seen), seen


def test_a_random_breakout_game_asks_for_the_defensive_trace():
    # A seed whose German attacks at 1-1 or better meet supplied Allied units next to a Supply unit
    # (the seed changes whenever the listed orders do: undo orders joined them).
    session = play("1.1", seed=3, by_type=True)
    assert session.state.core.result is not None
    assert _played(session)["defensive_supply"] >= 1


def test_every_listed_logistics_order_is_accepted_early_in_the_pursuit():
    """Every order listed at each step (Trucks' passengers, Supply units, Naval Supply included) is accepted."""
    session = play("2.1", seed=3, by_type=True, check_every_legal=True, max_orders=120, to_the_end=False)
    assert len(session.log) > 120
