"""The fold queue is fair across games (issue 24 item 4, issue 20 item 7): one game's backlog of
orders never keeps another game's order waiting until the backlog is worked off.

A real `umpire worker` with one pool process and no beat (the sweep would fold the other game on
its own and hide an unfair queue), PostgreSQL and Redis. The flood is submitted while the worker is
stopped, so what the worker finds when it starts is fixed: FLOOD orders of game A, then one order of
game B. A FIFO queue of one message per order would rule all of A's orders before B's; the queue of
one message per game (services/worker/flight.py) serves A one fold's batch, then B.
"""
from __future__ import annotations

import msgspec
import redis

from services.queries import Queries
from services.worker.app import FOLD_QUEUE
from tests.faults.support import WorkerProcess
from tests.integration.support import check_game, unruled, wait_until_settled

FLOOD = 600  # orders; a fold rules at most 200 (fold_game's batch), so A cannot be done after one fold


def _an_order(games, game_id: str) -> tuple[str, dict]:
    """A legal order of game `game_id` now (repeated, the later copies are ruled and rejected)."""
    seats = games.context(game_id).genesis.layout.seat_ids()
    seat, order = next((s, o) for s in seats for o in Queries(games).legal(game_id, s))
    return seat, msgspec.to_builtins(order)


def test_an_order_of_one_game_is_ruled_while_another_games_flood_is_still_being_ruled(server, tmp_path):
    games = server.games
    flooded, other = (games.create("sandbox/1").game_id for _ in range(2))
    s = server.settings
    worker = WorkerProcess(database_url=s.database_url, redis_url=s.redis_url, data=tmp_path / "worker",
                           concurrency=1, beat=False)
    worker.start()
    try:
        wait_until_settled(games, [flooded, other], timeout=60)  # both genesis ruled
    finally:
        worker.stop()

    seat, order = _an_order(games, flooded)
    last = [games.submit_order(flooded, seat, order, principal=seat).last_version for _ in range(FLOOD)][-1]
    seat, order = _an_order(games, other)
    theirs = games.submit_order(other, seat, order, principal=seat).last_version
    broker = redis.Redis.from_url(s.redis_url)
    try:
        assert broker.llen(FOLD_QUEUE) == 2  # one message per game, however many orders it has
    finally:
        broker.close()

    worker.start()
    try:
        wait_until_settled(games, [flooded, other], timeout=300)
    finally:
        worker.stop()
    assert check_game(games, flooded)["ruled"] == FLOOD  # each order ruled exactly once, none lost
    assert check_game(games, other)["ruled"] == 1
    # The order the rulings were made in, from the log: each fold is one transaction, and the global
    # position orders one worker's folds as they ran.
    ruling = {e.adjudicates: e.position for e in games.store.read(other) if e.type == "ruling"}[theirs]
    flood_rulings = [e.position for e in games.store.read(flooded, after=last - FLOOD) if e.type == "ruling"]
    before = sum(p < ruling for p in flood_rulings)
    assert before < FLOOD, "every order of the flooded game was ruled before the other game's one order"
    assert before <= 200  # one fold's batch (fold_game's default) of the flood, then the other game
