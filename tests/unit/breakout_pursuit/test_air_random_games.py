"""Random games with the Air Strike, the Airdrop Cycle and Optional Rules A and B in play: a
Campaign game (3.1) plays to a result with the invariants of random_games.py checked after every
ruling, and on its way strikes, starts and reveals cycles, drops paratroops and leaves the marker
for the Airlanding unit (seed chosen so that it does; any seed must finish)."""
from collections import Counter

from tests.unit.breakout_pursuit.random_games import play


def test_a_campaign_with_the_optional_rules_exercises_the_air_rules_and_finishes():
    session = play("3.1", seed=2, options={"optional_rule_a": True, "optional_rule_b": True})
    assert session.state.core.result is not None
    seen = Counter(e.type for e in session.log)
    for tag in ("bp.air_strike_resolved", "bp.airdrop_cycle_started", "bp.airdrop_zone_chosen", "bp.airdrop_revealed",
                "bp.unit_airdropped", "bp.airdrop_marker_left", "bp.airdrop_cycle_ended"):
        assert seen[tag] > 0, tag
    assert seen["bp.airdrop_cycle_started"] == session.state.core.ledger("airdrop_cycles", "allied").balance
