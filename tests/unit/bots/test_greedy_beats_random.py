"""Issue 9, Done when: "Greedy beats random as the Allies in scenario 1.1 in most of 50 seeded
games". CI plays three of them (`python -m services.bots.evaluate 50` plays the fifty; the score
is in docs/bots.md). Every order the greedy bot gives must be accepted (evaluate.play raises on a
refusal), and the games end by the Time Record with the rulebook's victory levels."""
from services.bots import evaluate


def test_greedy_allies_beat_random_germans_in_most_seeded_games_of_the_historical_breakout():
    results = [evaluate.play(seed, "1.1", allied="greedy", german="random").state.core.result for seed in range(3)]
    assert all(r.reason == "the last Game-Turn was played" for r in results)
    assert sum(r.winner == "allied" for r in results) >= 2, [(r.level, r.details["ratio"]) for r in results]
