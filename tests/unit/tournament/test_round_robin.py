"""Round robin by the circle method (issue 20, item 3): each pair meets once (twice with `double`,
once per side), nobody plays twice in a round, sides stay balanced, and the result is deterministic."""
from collections import Counter
from itertools import combinations

import pytest

from domain.tournament.pairing import round_robin

ENTRANTS = [f"e{i}" for i in range(8)]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 8, 9])
def test_every_pair_meets_once_and_nobody_plays_twice_in_a_round(n):
    entrants = ENTRANTS[:n] if n <= 8 else [f"e{i}" for i in range(n)]
    rounds = round_robin(entrants)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    met = Counter(frozenset(p) for rnd in rounds for p in rnd)
    assert set(met) == {frozenset(c) for c in combinations(entrants, 2)}
    assert set(met.values()) == {1}
    for rnd in rounds:
        seated = [e for p in rnd for e in p]
        assert len(seated) == len(set(seated))


def test_double_plays_each_pairing_once_per_side():
    rounds = round_robin(ENTRANTS[:4], double=True)
    assert len(rounds) == 6
    assert Counter(tuple(p) for rnd in rounds for p in rnd) == Counter(
        {(a, b): 1 for a in ENTRANTS[:4] for b in ENTRANTS[:4] if a != b})


def test_sides_are_balanced_across_rounds():
    firsts = Counter(p.first for rnd in round_robin(ENTRANTS) for p in rnd)
    # 7 games each: no entrant plays the first side more than 4 or fewer than 3 times.
    assert all(3 <= firsts[e] <= 4 for e in ENTRANTS), firsts


def test_the_same_entrants_give_the_same_rounds():
    assert round_robin(ENTRANTS) == round_robin(list(ENTRANTS))


def test_too_few_or_repeated_entrants_are_refused():
    with pytest.raises(ValueError):
        round_robin(["solo"])
    with pytest.raises(ValueError):
        round_robin(["a", "a"])
