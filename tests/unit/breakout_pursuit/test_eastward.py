"""eastward.py: a search from one hex towards the East edge answers exactly what a breadth-first
search from the whole edge answers (German supply paths, Supply D; retreats towards the source of
supply, Retreat), whatever blocks the way; and German supply judged for a few units equals the
judgement of all."""
from __future__ import annotations

import random
from collections import deque

import pytest

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT, eastward, supply
from domain.games.breakout_pursuit.model import GERMAN
from tests.unit.breakout_pursuit.random_games import pack, play


@pytest.fixture(scope="module")
def data():
    return BREAKOUT_PURSUIT.bind(pack()).data


def from_the_edge(graph, goals, passable, start):
    """The reference: breadth-first from every goal at once, then one step to `start`."""
    dist = dict.fromkeys(goals, 0)
    todo = deque(goals)
    while todo:
        h = todo.popleft()
        for n in graph.get(h, ()):
            if n not in dist and passable(n):
                dist[n] = dist[h] + 1
                todo.append(n)
    if start in goals:
        return 0
    return min((dist[n] + 1 for n in graph.get(start, ()) if n in dist), default=None)


@pytest.mark.parametrize("seed", range(6))
def test_the_search_from_a_hex_finds_the_breadth_first_length(data, seed):
    rng = random.Random(seed)
    hexes = sorted(data.land_hexes)
    blocked = frozenset(rng.sample(hexes, len(hexes) * rng.choice((5, 20, 45)) // 100))
    goals = frozenset(h for h in data.east_edge if rng.random() < 0.7)
    graph = data.land_graph if seed % 2 else data.across_land
    passable = lambda h: h in data.land_hexes and h not in blocked  # noqa: E731
    starts = rng.sample(hexes, 40) + sorted(goals)[:2]
    answers = [(eastward.steps(data, h, goals, graph, passable), from_the_edge(graph, goals, passable, h)) for h in starts]
    assert all(a == b for a, b in answers), [(h, a, b) for h, (a, b) in zip(starts, answers) if a != b]
    assert any(a and a > 10 for a, _ in answers)  # long paths were searched, not only the edge's neighbours


def test_a_hex_walled_in_has_no_path(data):
    start = "1825"
    walled = frozenset(data.land_graph[start])
    passable = lambda h: h in data.land_hexes and h not in walled  # noqa: E731
    assert eastward.steps(data, start, data.east_edge, data.land_graph, passable) is None
    assert from_the_edge(data.land_graph, data.east_edge, passable, start) is None
    assert eastward.steps(data, start, data.east_edge, data.land_graph, lambda h: h in data.land_hexes) > 10


@pytest.mark.parametrize("scenario, seed", [("1.1", 3), ("2.1", 4), ("3.1", 5)])
def test_german_supply_of_some_units_is_their_judgement_among_all(scenario, seed):
    session = play(scenario, seed, max_orders=300, to_the_end=False)
    state, data = session.state, session.ruleset.data
    everyone = supply.paths(state, data, GERMAN)
    assert len(everyone) > 10
    assert supply._german(state, data, frozenset(everyone)) == everyone
    some = frozenset(sorted(everyone)[::3])
    assert supply._german(state, data, some) == {u: t for u, t in everyone.items() if u in some}
