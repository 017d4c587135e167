"""The Swiss pairing's matcher: networkx's maximum-weight matching (Edmonds' blossom algorithm,
maximum cardinality first), as `domain.tournament.swiss.Matcher`. Each pair comes back sorted so
the result does not depend on the set's iteration order."""
from __future__ import annotations

import networkx as nx


def max_weight_matching(edges: list[tuple[str, str, int]]) -> set[tuple[str, str]]:
    graph = nx.Graph()
    graph.add_weighted_edges_from(edges)
    return {(a, b) if a < b else (b, a) for a, b in nx.max_weight_matching(graph, maxcardinality=True)}
