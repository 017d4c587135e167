"""Path search with rules-supplied costs: terrain, prohibited hexsides, ZOC enter/leave costs,
stopping in ZOC, the one-hex minimum move, and A* agreeing with Dijkstra."""
from __future__ import annotations

import random

import pytest

from domain.kernel.grid import Grid, hexside_id
from domain.kernel.pack.schema import GridSpec
from domain.kernel.paths import Graph, reachable, shortest_path

GRID = Grid(GridSpec())
ROW = [f"01{c:02d}" for c in range(1, 7)]  # 0101..0106, a one-row corridor
TWO_ROWS = ROW + [f"02{c:02d}" for c in range(1, 7)]


def corridor(costs: dict[str, int] | None = None, blocked_sides: frozenset[str] = frozenset()):
    graph = Graph.of_hexes(GRID, ROW)
    terrain = costs or {}

    def cost(frm, to, side, state):
        if side in blocked_sides:
            return None
        return terrain.get(to, 1)

    return graph, cost


def test_terrain_costs_and_the_cheapest_path_are_reported():
    graph, cost = corridor({"0103": 2})
    r = reachable(graph, "0101", 4, cost)
    assert r.costs == {"0101": 0, "0102": 1, "0103": 3, "0104": 4}
    assert r.path("0104") == ("0101", "0102", "0103", "0104")
    with pytest.raises(KeyError):
        r.path("0105")


def test_a_prohibited_hexside_cannot_be_crossed():
    graph, cost = corridor(blocked_sides=frozenset({hexside_id("0104", "0103")}))
    r = reachable(graph, "0101", 10, cost)
    assert set(r.costs) == {"0101", "0102", "0103"}


# An enemy in 0204 exerts ZOC into its six neighbours; of the corridor, into 0104 and 0105.
ENEMY = "0204"
ZOC = frozenset(GRID.neighbour_ids(ENEMY))


def zoc_cost(kind: str):
    """Breakout & Pursuit ZOC (J, K): mech pay +2 to enter, +1 to leave; others may not go from
    one enemy-controlled hex straight to another. Row 2 is impassable (say, sea)."""

    def cost(frm, to, side, state):
        if to.startswith("02"):
            return None
        if kind == "mech":
            return 1 + (2 if to in ZOC else 0) + (1 if frm in ZOC else 0)
        if frm in ZOC and to in ZOC:
            return None
        return 1

    return cost


def test_corridor_zoc_is_where_the_rules_say():
    assert {"0104", "0105"} <= ZOC and "0103" not in ZOC and "0106" not in ZOC


def test_mech_pays_to_enter_and_to_leave_zoc():
    graph = Graph.of_hexes(GRID, TWO_ROWS)
    r = reachable(graph, "0101", 10, zoc_cost("mech"))
    # 0102: 1, 0103: 2, 0104: 2+1+2 = 5, 0105: 5+1+2+1 = 9 (leave and enter), 0106: 9+1+1 = 11 > 10.
    assert r.costs == {"0101": 0, "0102": 1, "0103": 2, "0104": 5, "0105": 9}


def test_non_mech_may_not_move_from_zoc_to_zoc():
    graph = Graph.of_hexes(GRID, TWO_ROWS)
    r = reachable(graph, "0101", 10, zoc_cost("nonmech"))
    assert set(r.costs) == {"0101", "0102", "0103", "0104"}


def test_a_unit_stops_on_entering_zoc_but_may_leave_its_start():
    # Normandy §3: every unit stops on entering an EZOC; one starting in it may move on.
    graph = Graph.of_hexes(GRID, TWO_ROWS)

    def free(frm, to, side, state):
        return None if to.startswith("02") else 1

    in_zoc = lambda hex_id, state: hex_id in ZOC  # noqa: E731
    r = reachable(graph, "0101", 10, free, stops=in_zoc)
    assert set(r.costs) == {"0101", "0102", "0103", "0104"}
    r = reachable(graph, "0104", 10, free, stops=in_zoc)
    assert set(r.costs) == {"0101", "0102", "0103", "0104", "0105"}


def test_state_is_handed_to_the_cost_function():
    graph, _ = corridor()
    r = reachable(graph, "0101", 3, lambda f, t, s, state: state[t], {h: 2 for h in ROW} | {"0102": 1})
    assert r.costs == {"0101": 0, "0102": 1, "0103": 3}


def test_minimum_move_allows_one_step_beyond_the_budget_and_no_more():
    graph, cost = corridor({"0102": 3, "0103": 1})
    assert set(reachable(graph, "0101", 1, cost).costs) == {"0101"}
    r = reachable(graph, "0101", 1, cost, minimum_move=True)
    assert r.costs == {"0101": 0, "0102": 3}
    assert r.path("0102") == ("0101", "0102")


def test_minimum_move_never_crosses_a_prohibited_side():
    graph, cost = corridor({"0102": 3}, blocked_sides=frozenset({"0101/0102"}))
    assert set(reachable(graph, "0101", 1, cost, minimum_move=True).costs) == {"0101"}


def test_negative_costs_are_refused():
    graph, _ = corridor()
    with pytest.raises(ValueError):
        reachable(graph, "0101", 3, lambda *a: -1)


def random_map(seed: int):
    rnd = random.Random(seed)
    hexes = [f"{r:02d}{c:02d}" for r in range(1, 13) for c in range(1, 13) if rnd.random() > 0.1]
    terrain = {h: rnd.choice((1, 1, 2, 3)) for h in hexes}
    walls = {hexside_id(h, n) for h in hexes for n in GRID.neighbour_ids(h) if rnd.random() < 0.08}
    zoc = {h for h in hexes if rnd.random() < 0.1}

    def cost(frm, to, side, state):
        if side in walls:
            return None
        return terrain[to] + (2 if to in zoc else 0) + (1 if frm in zoc else 0)

    return hexes, cost


def bellman_ford(hexes, start, cost):
    """Costs by repeated relaxation: a different algorithm to check Dijkstra against."""
    on_map = set(hexes)
    best = {start: 0}
    changed = True
    while changed:
        changed = False
        for h in list(best):
            for n in GRID.neighbour_ids(h):
                if n not in on_map:
                    continue
                c = cost(h, n, hexside_id(h, n), None)
                if c is not None and best[h] + c < best.get(n, 10**9):
                    best[n] = best[h] + c
                    changed = True
    return best


@pytest.mark.parametrize("seed", range(5))
def test_dijkstra_costs_match_relaxation_and_paths_add_up(seed):
    hexes, cost = random_map(seed)
    graph = Graph.of_hexes(GRID, hexes)
    start = hexes[len(hexes) // 2]
    budget = 9
    r = reachable(graph, start, budget, cost)
    expected = {h: c for h, c in bellman_ford(hexes, start, cost).items() if c <= budget}
    assert r.costs == expected
    for h, c in r.costs.items():
        path = r.path(h)
        assert path[0] == start and path[-1] == h
        assert sum(cost(a, b, hexside_id(a, b), None) for a, b in zip(path, path[1:])) == c


@pytest.mark.parametrize("seed", range(5))
def test_a_star_finds_the_same_cost_as_dijkstra(seed):
    hexes, cost = random_map(seed)
    graph = Graph.of_hexes(GRID, hexes)
    start = hexes[0]
    all_costs = reachable(graph, start, 10**6, cost).costs
    for goal in hexes[::7]:
        found = shortest_path(graph, start, goal, cost, min_step=1)
        if goal not in all_costs:
            assert found is None
            continue
        c, path = found
        assert c == all_costs[goal]
        assert path[0] == start and path[-1] == goal
        assert sum(cost(a, b, hexside_id(a, b), None) for a, b in zip(path, path[1:])) == c


def test_shortest_path_respects_a_budget():
    graph, cost = corridor()
    assert shortest_path(graph, "0101", "0106", cost, budget=4) is None
    assert shortest_path(graph, "0101", "0106", cost, budget=5) == (5, tuple(ROW))


def test_box_links_join_the_graph_with_no_hexside():
    graph = Graph.of_hexes(GRID, ROW).with_links([("staging", "0106"), ("staging", "reserve")])
    seen = []

    def cost(frm, to, side, state):
        seen.append(side)
        return 0 if side is None else 1

    r = reachable(graph, "reserve", 2, cost)
    assert r.path("0104") == ("reserve", "staging", "0106", "0105", "0104")
    assert r.costs["0104"] == 2
    assert None in seen
    # A* may not use hex distance as a guide once links can jump across the map.
    assert shortest_path(graph, "0101", "reserve", cost, min_step=1) == (5, tuple(ROW) + ("staging", "reserve"))
