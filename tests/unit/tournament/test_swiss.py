"""Swiss pairings (issue 20, item 3): score groups, no rematch, forbidden pairs, side balance, one
bye per entrant at most, solved as a maximum-weight matching (networkx); and deterministic."""
from itertools import combinations

import pytest

from domain.tournament.swiss import History, NoPairing, pair
from services.matching import max_weight_matching

E = [f"e{i}" for i in range(8)]


def play(entrants, rounds, result):
    """Pair `rounds` Swiss rounds; `result(first, second)` names the winner. Returns the history and the rounds."""
    h = History(scores={e: 0.0 for e in entrants})
    made = []
    for r in range(1, rounds + 1):
        pairs, bye = pair(entrants, h, max_weight_matching, round_number=r)
        made.append((pairs, bye))
        if bye:
            h.byes.add(bye)
            h.scores[bye] += 1
        for p in pairs:
            h.opponents.setdefault(p.first, set()).add(p.second)
            h.opponents.setdefault(p.second, set()).add(p.first)
            h.firsts[p.first] = h.firsts.get(p.first, 0) + 1
            h.seconds[p.second] = h.seconds.get(p.second, 0) + 1
            h.scores[result(p.first, p.second)] += 1
    return h, made


def higher(a, b):
    return min(a, b)  # e0 beats everyone, e1 everyone but e0, ...


def test_no_rematch_in_seven_rounds_of_eight():
    _, made = play(E, 7, higher)
    met = [frozenset(p) for pairs, _ in made for p in pairs]
    assert len(met) == len(set(met)) == 28


def test_score_groups_winners_meet_winners():
    h, made = play(E, 1, higher)
    pairs, _ = pair(E, h, max_weight_matching, round_number=2)
    for p in pairs:
        assert h.scores[p.first] == h.scores[p.second]


def test_sides_balance_within_one():
    h, _ = play(E, 6, higher)
    for e in E:
        assert abs(h.firsts.get(e, 0) - h.seconds.get(e, 0)) <= 2


def test_one_bye_per_entrant_at_most_to_the_lowest_scored():
    odd = E[:7]
    h, made = play(odd, 7, higher)
    byes = [bye for _, bye in made]
    assert len(set(byes)) == 7
    h2, _ = play(odd, 2, higher)
    _, bye = pair(odd, h2, max_weight_matching, round_number=3)
    lowest = min(h2.scores[e] for e in odd if e not in h2.byes)
    assert bye not in h2.byes and h2.scores[bye] == lowest


def test_forbidden_pairs_are_never_paired():
    h = History(scores={e: 0.0 for e in E})
    forbidden = {frozenset(("e0", "e7")), frozenset(("e0", "e1"))}
    pairs, _ = pair(E, h, max_weight_matching, round_number=1, forbidden=forbidden)
    assert not {frozenset(p) for p in pairs} & forbidden
    assert sorted(e for p in pairs for e in p) == sorted(E)


def test_no_pairing_when_every_pair_has_met():
    h = History(scores={e: 0.0 for e in E[:4]},
                opponents={a: {b for b in E[:4] if b != a} for a in E[:4]})
    with pytest.raises(NoPairing):
        pair(E[:4], h, max_weight_matching, round_number=4)


def test_the_same_history_gives_the_same_round():
    a = play(E, 5, higher)[1]
    b = play(list(E), 5, higher)[1]
    assert a == b
    assert all(len(pairs) == 4 for pairs, _ in a)
    assert {frozenset(c) for c in combinations(E, 2)} >= {frozenset(p) for pairs, _ in a for p in pairs}
