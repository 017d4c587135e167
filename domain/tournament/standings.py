"""Standings: a projection of the tournament's stream (issue 20, item 4). Points are the sum of
each entrant's recorded game scores and byes. Tie-breaks (FIDE Handbook C.02 names), which apply
and in which order being the tournament's `tiebreaks`:

- `buchholz`: the sum of the points of the entrant's opponents;
- `sonneborn_berger`: the sum, over the entrant's games, of the opponent's points times the
  entrant's result in that game (win 1, draw 1/2, loss 0);
- `head_to_head`: the points the entrant scored in games against the entrants tied with it on points.

Ranked by points, then the tie-breaks in order, then registration order.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Any

from domain.tournament.scoring import points as table_points
from domain.tournament.state import Tournament


def standings(t: Tournament) -> list[dict[str, Any]]:
    table = t.created.points
    pts: dict[str, float] = {e: 0.0 for e in t.entrants}
    played: dict[str, int] = defaultdict(int)
    wins_by_side: dict[str, dict[str, int]] = {e: {} for e in t.entrants}
    record: dict[str, dict[str, int]] = {e: {"won": 0, "drawn": 0, "lost": 0} for e in t.entrants}
    games: list[tuple[str, str, float]] = []  # (entrant, opponent, result fraction)
    for r in t.rounds:
        for e in r.byes:
            pts[e] += table_points(table, "bye")
    for g in t.results.values():
        for e, s in g.scores.items():
            pts[e] += s
            played[e] += 1
            outcome = "drawn" if g.winner is None else "won" if g.winner == e else "lost"
            record[e][outcome] += 1
            if g.winner == e:
                side = g.sides.get(e, "")
                wins_by_side[e][side] = wins_by_side[e].get(side, 0) + 1
            for o in g.scores:
                if o != e:
                    games.append((e, o, 0.5 if g.winner is None else 1.0 if g.winner == e else 0.0))
    h2h_scores: dict[tuple[str, str], float] = defaultdict(float)
    for g in t.results.values():
        for e, s in g.scores.items():
            for o in g.scores:
                if o != e:
                    h2h_scores[(e, o)] += s
    breaks: dict[str, dict[str, float]] = {}
    for e in t.entrants:
        mine = [(o, f) for (x, o, f) in games if x == e]
        tied = [o for o in t.entrants if o != e and pts[o] == pts[e]]
        values = {"buchholz": sum(pts[o] for o, _ in mine),
                  "sonneborn_berger": sum(pts[o] * f for o, f in mine),
                  "head_to_head": sum(h2h_scores[(e, o)] for o in tied)}
        breaks[e] = {k: values[k] for k in t.created.tiebreaks}
    order = list(t.entrants)
    ranked = sorted(order, key=lambda e: (-pts[e], *(-breaks[e][k] for k in t.created.tiebreaks), order.index(e)))
    return [{"rank": i, "entrant": e, "name": t.entrants[e].name, "kind": t.entrants[e].kind, "points": pts[e],
             "played": played[e], **record[e], "wins_by_side": wins_by_side[e], "tiebreaks": breaks[e],
             "withdrawn": e in t.withdrawn}
            for i, e in enumerate(ranked, start=1)]


def csv_rows(rows: list[dict[str, Any]], tiebreaks: tuple[str, ...]) -> list[list[Any]]:
    head = ["rank", "entrant", "name", "kind", "points", "played", "won", "drawn", "lost", *tiebreaks]
    return [head] + [[r[k] for k in head[:9]] + [r["tiebreaks"][k] for k in tiebreaks] for r in rows]
