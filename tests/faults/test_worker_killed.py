"""kill -9 of a worker at the worst moments of a fold, while bots keep submitting orders.

UMPIRE_FAULT makes a pool process SIGKILL itself just before the fold's commit (the transaction
must roll back) or just after it (the message, never acked, is delivered again). Afterwards, with
the worker restarted without the fault: every committed command is ruled exactly once and every
projection equals a fresh fold of its log.
"""
from __future__ import annotations

import time

from domain.kernel.log import COMMAND_TYPES
from tests.faults.support import Fault, WorkerProcess, wait_until
from tests.integration.support import Bots, check_game, verdict_counts, wait_until_settled

GAMES = 4


def _worker(server, tmp_path, fault=None) -> WorkerProcess:
    s = server.settings
    return WorkerProcess(database_url=s.database_url, redis_url=s.redis_url, data=tmp_path / "worker", fault=fault)


def held(games, f: Fault) -> list[int]:
    """The commands the killed fold was ruling."""
    events = games.store.read(f.game_id, after=f.first - 1, upto=f.last)
    return [e.version for e in events if e.type in COMMAND_TYPES]


def _play_on(server, bots: Bots, orders: int, timeout: float) -> None:
    """Let the bots submit `orders` more orders (bounded in time)."""
    target = bots.total + orders
    deadline = time.monotonic() + timeout
    while bots.total < target and not all(server.store.projection(g).status == "finished" for g in bots.submitted):
        assert time.monotonic() < deadline, f"bots stalled at {bots.total} orders"
        time.sleep(0.1)


def test_a_worker_killed_before_its_commit_rolls_back_and_each_command_is_ruled_once_after_restart(server, tmp_path):
    games = server.games
    game_ids = [games.create("sandbox/1").game_id for _ in range(GAMES)]
    bots = Bots(games, game_ids, server.wait_for, wait_seconds=0.3).start()
    faulty = _worker(server, tmp_path, "before_commit").start()
    try:
        faults = faulty.wait_for_faults(3, timeout=60)
    finally:
        faulty.kill()
    # Every fold died holding its rulings: none of them is in the log.
    for f in faults:
        ruled = verdict_counts(games, f.game_id)
        assert held(games, f) and not any(ruled[v] for v in held(games, f)), f"{f} committed although killed first"
    restarted = _worker(server, tmp_path).start()
    try:
        _play_on(server, bots, 20, timeout=120)
        bots.stop()
        wait_until_settled(games, game_ids, timeout=60)
    finally:
        restarted.stop()
        bots.stop()
    for f in faults:  # what the dead folds held is ruled now, by the restarted worker, once
        ruled = verdict_counts(games, f.game_id)
        assert all(ruled[v] == 1 for v in held(games, f))
    for g in game_ids:
        check_game(games, g)


def test_a_worker_killed_after_its_commit_is_redelivered_and_rules_nothing_twice(server, tmp_path):
    games = server.games
    game_ids = [games.create("sandbox/1").game_id for _ in range(GAMES)]
    bots = Bots(games, game_ids, server.wait_for, wait_seconds=0.3).start()
    faulty = _worker(server, tmp_path, "after_commit").start()
    try:
        faults = faulty.wait_for_faults(3, timeout=60)
        # The message of a fold whose process died is delivered again (late ack, reject on worker lost).
        wait_until(lambda: faulty.redelivered("umpire.fold"), 60, "fold delivered again")
        _play_on(server, bots, 10, timeout=120)  # progress goes on, one killed pool process per fold
    finally:
        faulty.kill()
    for f in faults:  # committed before the kill, then delivered again: in the log exactly once
        ruled = verdict_counts(games, f.game_id)
        assert held(games, f) and all(ruled[v] == 1 for v in held(games, f))
    restarted = _worker(server, tmp_path).start()
    try:
        _play_on(server, bots, 10, timeout=120)
        bots.stop()
        wait_until_settled(games, game_ids, timeout=60)
    finally:
        restarted.stop()
        bots.stop()
    for g in game_ids:
        check_game(games, g)
