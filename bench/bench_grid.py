"""Legal-move query on a 2,000-hex map, side by side with a plain BFS over the same map.

Run from the repository root: `python -m bench.bench_grid`. The map is synthetic (seeded): 40
rows x 50 columns, B&P-style terrain costs, a river across it, sea sides along one edge, and a
dozen enemy units whose ZOC costs +2 to enter and +1 to leave (Breakout & Pursuit, ZOC J).
"""
from __future__ import annotations

import random
import statistics
import time
from collections import deque

from domain.kernel.board import Board
from domain.kernel.grid import hexside_id
from domain.kernel.pack.provenance import Placeholder
from domain.kernel.pack.schema import GridSpec, Hex, Hexside, MapData, Sheet
from domain.kernel.paths import reachable

PROV = Placeholder(reason="benchmark map")
TERRAIN_COST = {"clear": 1, "rough": 2, "town": 1, "forest": 2}


def build_map(seed: int = 7) -> tuple[MapData, set[str]]:
    rnd = random.Random(seed)
    spec = GridSpec(sheets=(Sheet(rows=(0, 41), cols=(0, 51)),))
    hexes = {}
    for r in range(1, 41):
        for c in range(1, 51):
            t = rnd.choices(list(TERRAIN_COST), weights=(6, 2, 1, 2))[0]
            hexes[f"{r:02d}{c:02d}"] = Hex(terrain=t, prov=PROV)
    board = Board(MapData(grid=spec, hexes=hexes))
    sides: dict[str, Hexside] = {}
    # A river meandering down the map, and sea sides along row 1.
    c = 25
    for r in range(1, 40):
        h = f"{r:02d}{c:02d}"
        for n in board.neighbours(h):
            if int(n[2:]) > int(h[2:]) and int(n[:2]) >= r:
                sides[hexside_id(h, n)] = Hexside(features=("river",), prov=PROV)
        c = max(2, min(49, c + rnd.choice((-1, 0, 1))))
    for col in range(1, 51):
        sides[hexside_id(f"01{col:02d}", f"00{col:02d}")] = Hexside(features=("sea",), prov=PROV)
    enemies = {f"{rnd.randint(12, 28):02d}{rnd.randint(14, 36):02d}" for _ in range(12)}
    return MapData(grid=spec, hexes=hexes, hexsides=sides), enemies


def mech_cost(board: Board, enemies: set[str]):
    zoc = {n for e in enemies for n in board.neighbours(e)}

    def cost(frm: str, to: str, side: str | None, state: object) -> int | None:
        if to in enemies:
            return None
        f = board.features(side) if side else frozenset()
        if "sea" in f:
            return None
        c = TERRAIN_COST[board.terrain(to)]
        if "river" in f:
            c += 1
        if to in zoc:
            c += 2
        if frm in zoc:
            c += 1
        return c

    return cost


def bfs(board: Board, start: str, depth: int) -> dict[int, int]:
    adj, s = board.graph.adj, board.graph.index[start]
    seen = {s: 0}
    q = deque([s])
    while q:
        u = q.popleft()
        d = seen[u]
        if d == depth:
            continue
        for v, _ in adj[u]:
            if v not in seen:
                seen[v] = d + 1
                q.append(v)
    return seen


def timed(fn, reps: int) -> float:
    runs = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t)
    return statistics.median(runs)


def main() -> None:
    run(quick=False)


def run(quick: bool) -> dict[str, dict]:
    """For `python -m bench.run`: prints as main() did and returns the figure for bench/results.json."""
    from bench.results import figure

    reps = 30 if quick else 300
    map_data, enemies = build_map()
    t = time.perf_counter()
    board = Board(map_data)
    build = time.perf_counter() - t
    cost = mech_cost(board, enemies)
    start, mp = "2025", 8
    reach = reachable(board.graph, start, mp, cost)
    plain = bfs(board, start, mp)
    t_reach = timed(lambda: reachable(board.graph, start, mp, cost), reps)
    t_bfs = timed(lambda: bfs(board, start, mp), reps)
    unit = lambda frm, to, side, state: 1  # noqa: E731  (same region as the BFS: isolates the search's overhead)
    same = reachable(board.graph, start, mp, unit)
    t_unit = timed(lambda: reachable(board.graph, start, mp, unit), reps)
    print(f"map: {len(map_data.hexes)} hexes, {len(map_data.hexsides)} feature hexsides, {len(enemies)} enemy units")
    print(f"board build (neighbour table): {build * 1e3:.2f} ms (once per pack)")
    print(f"legal-move query, {mp} MP, terrain+river+sea+ZOC costs: {t_reach * 1e3:.3f} ms, "
          f"{len(reach.costs)} hexes reachable")
    print(f"plain BFS to depth {mp} over the same table:          {t_bfs * 1e3:.3f} ms, {len(plain)} hexes")
    print(f"same search, unit costs (region of the BFS):    {t_unit * 1e3:.3f} ms, {len(same.costs)} hexes")
    print(f"ratio query / BFS: {t_reach / t_bfs:.2f}x; per reached hex: query {t_reach / len(reach.costs) * 1e6:.1f} us,"
          f" BFS {t_bfs / len(plain) * 1e6:.1f} us")
    return {"grid_legal_move_query_ms": figure(t_reach * 1e3, t_bfs * 1e3, unit="ms",
                                               note=f"{mp} MP on a 2,000-hex map with terrain, river, sea and ZOC "
                                                    "costs; baseline: plain BFS to the same depth")}


if __name__ == "__main__":
    main()
