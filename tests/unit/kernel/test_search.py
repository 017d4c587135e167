"""kernel/search.py: the one breadth-first search and its common forms."""
from domain.kernel.search import component, distances, paths, spread

# a - b - c - d, and b - e; f alone
GRAPH = {"a": ("b",), "b": ("a", "c", "e"), "c": ("b", "d"), "d": ("c",), "e": ("b",), "f": ()}


def test_distances_from_the_nearest_source_through_enterable_nodes_only():
    assert distances(GRAPH, ["a"]) == {"a": 0, "b": 1, "c": 2, "e": 2, "d": 3}
    assert distances(GRAPH, ["a", "d"]) == {"a": 0, "d": 0, "b": 1, "c": 1, "e": 2}
    assert distances(GRAPH, ["a"], enters=lambda n: n != "c") == {"a": 0, "b": 1, "e": 2}
    assert distances(GRAPH, ["c"], enters=lambda n: n != "c") == {"c": 0, "b": 1, "d": 1, "a": 2, "e": 2}  # a seed need not be enterable


def test_limit_and_expands_stop_the_search_at_a_node_without_hiding_it():
    assert distances(GRAPH, ["a"], limit=1) == {"a": 0, "b": 1}
    assert distances(GRAPH, ["a"], expands=lambda n: n != "b") == {"a": 0, "b": 1}


def test_spread_carries_the_nearest_seeds_label_in_a_fixed_order():
    reach = spread(GRAPH, {"a": "west", "d": "east"})
    assert reach == {"a": (0, "west"), "d": (0, "east"), "b": (1, "west"), "c": (1, "east"), "e": (2, "west")}
    assert list(reach) == ["a", "d", "b", "c", "e"]


def test_component_and_paths():
    assert component(GRAPH, "a", {"a", "b", "e", "d"}) == {"a", "b", "e"}
    assert component(GRAPH, "f", GRAPH) == {"f"}
    assert paths(GRAPH, "a") == {"a": (), "b": ("b",), "c": ("b", "c"), "e": ("b", "e"), "d": ("b", "c", "d")}
    assert paths(GRAPH, "a", limit=2) == {"a": (), "b": ("b",), "c": ("b", "c"), "e": ("b", "e")}
