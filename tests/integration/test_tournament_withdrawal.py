"""Withdrawal (issue 20, item 2): the entrant's open games are forfeited at once (the game's own log
records the end and why), and in later rounds of the round robin its opponents sit out with a
bye's points; the standings count all of it. The tournament service over the in-memory store, the
games folded by the worker's own fold."""
from __future__ import annotations

import uuid

from domain.tournament.events import TournamentCreated
from infra.eventstore import open_store
from services.catalog import Catalog
from services.games import Games
from services.queries import Queries
from services.tournaments import Tournaments
from services.worker.fold import fold_game


def test_a_withdrawn_entrant_forfeits_now_and_its_later_opponents_get_byes():
    games = Games(open_store(f"memory://withdraw-{uuid.uuid4().hex}"), Catalog(sandbox=True))
    t = Tournaments(games)
    tid = t.create(TournamentCreated(id="", name="W", scenario="sandbox/1", format="round_robin",
                                     points={"bye": 0.5}), principal="organiser:o")
    for i in range(4):
        t.register(tid, f"p{i}", "human", None, principal="organiser:o")
    first, _ = t.pair_round(tid, principal="organiser:o")
    for g in first.games:
        fold_game(games, g.id)
    mine = next(g for g in first.games if "e1" in g.sides)
    other = next(g for g in first.games if "e1" not in g.sides)
    w = t.withdraw(tid, "e1", "travel", principal="organiser:o")
    assert w.forfeited == (mine.id,)
    fold_game(games, mine.id)
    ended = [e for e in games.store.read(mine.id) if e.type == "game.ended"]
    assert ended and b"withdrew" in ended[0].data
    games.submit_end(other.id, "time", principal="organiser:o")
    fold_game(games, other.id)
    second, _ = t.pair_round(tid, principal="organiser:o")
    assert all("e1" not in g.sides for g in second.games)
    assert len(second.games) == 1 and len(second.byes) == 1  # e1's scheduled opponent sits out
    rows = {r["entrant"]: r for r in Queries(games).tournaments.standings(tid)["standings"]}
    assert rows["e1"]["withdrawn"] and rows["e1"]["lost"] == 1
    winner = next(e for e in mine.sides if e != "e1")
    assert rows[winner]["won"] >= 1
    assert rows[second.byes[0]]["points"] >= 0.5
