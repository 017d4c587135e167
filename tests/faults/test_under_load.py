"""Faults under load: bots play over real HTTP against the API in server mode (durable PostgreSQL of
the test's own, Redis, two `umpire worker` processes and a separate `umpire beat`), every nudge is
sent three times, and faults are injected one after another. After each, with the bots held still
and the games settled:

- every order the API answered with a 2xx is in the log exactly once, at the version it was given,
  and is ruled exactly once (tests/integration/support.check_game: every ruling equals a fresh
  re-adjudication, the projection and the latest snapshot equal a fresh fold);
- every game's hash chain verifies;
- the API never answered 500 (nor dropped a connection), and 503 (with Retry-After) only while
  PostgreSQL was down or its connections were coming back;
- while Redis was down, orders were still accepted.
"""
from __future__ import annotations

import shutil
import time
from collections import Counter
from typing import Iterator

import httpx
import msgspec
import pytest

from domain.kernel import chain
from infra import localservices
from infra.auth import open_tokens
from infra.eventstore import open_store
from infra.eventstore.base import chain_item
from services.api.app import create_app
from services.catalog import Catalog
from services.config import from_env
from services.games import Games
from services.bootstrap import Runtime
from services.worker.app import FOLD_QUEUE, make_app
from services.worker.nudge import celery_nudge
from tests.api.conftest import serve_live
from tests.faults.apibots import ApiBots
from tests.faults.support import WorkerProcess, wait_until
from tests.integration.support import check_game, unruled, wait_until_settled

BOTS = 4
SWEEP = 1.0  # s, beat's sweep
RECONNECT_GRACE = 20.0  # s after PostgreSQL is back within which the API must answer again


class Stack:
    """The API (in this process, on a real port) and the worker side (processes), started and stopped."""

    def __init__(self, tmp_path, pg: localservices.LocalPostgres, redis: localservices.LocalRedis):
        self.tmp, self.pg, self.redis = tmp_path, pg, redis
        env = {"UMPIRE_DATABASE_URL": pg.url, "UMPIRE_REDIS_URL": redis.url, "UMPIRE_SANDBOX": "1",
               "UMPIRE_DATA": str(tmp_path / "api"), "UMPIRE_RATE_ORDERS": "off", "UMPIRE_RATE_READS": "off"}
        self.settings = from_env(env)
        send, broker = celery_nudge(self.settings), make_app(self.settings)

        def nudge(game_id: str) -> None:  # every nudge delivered three times: two copies past its flight counter
            send(game_id)
            for _ in range(2):
                try:
                    broker.send_task("umpire.fold", args=(game_id,), queue=FOLD_QUEUE, retry=False)
                except Exception:  # Redis is down: the nudge itself failed quietly too
                    pass

        # A short pool timeout, so a request while the store is down is a quick 503.
        self.games = Games(open_store(pg.url, pool_timeout=1.0), Catalog(sandbox=True), nudge=nudge)
        self.tokens = open_tokens(pg.url, timeout=1.0)
        self.runtime = Runtime(settings=self.settings, games=self.games, nudge=nudge)
        self.live = serve_live(create_app(self.settings, self.runtime, self.tokens))
        self.organiser = self.tokens.create("organiser", "faults").token
        self.processes: dict[str, WorkerProcess] = {}

    def process(self, name: str, *, fault: str | None = None, role: str = "worker") -> WorkerProcess:
        """Start (or restart, killing the old one first) worker or beat `name`."""
        if name in self.processes:
            self.processes[name].kill()
        p = WorkerProcess(database_url=self.pg.url, redis_url=self.redis.url, data=self.tmp / name, name=name,
                          fault=fault, concurrency=1, sweep_seconds=SWEEP, beat=False, role=role,
                          env={"UMPIRE_SNAPSHOT_EVERY": "16"})
        self.processes[name] = p.start()
        return p

    def close(self) -> None:
        for p in self.processes.values():
            p.stop()
        self.live.stop()
        self.tokens.close()
        self.games.store.close()


@pytest.fixture
def durable_pg() -> Iterator[localservices.LocalPostgres]:
    """A durable cluster of the test's own: it is crashed and restarted."""
    pg = localservices.start_postgres(durable=True)
    open_store(pg.url).close()  # migrated
    yield pg
    if pg.running():
        pg.stop("immediate")
    shutil.rmtree(pg.root, ignore_errors=True)


@pytest.fixture
def stack(tmp_path, durable_pg, own_redis) -> Iterator[Stack]:
    s = Stack(tmp_path, durable_pg, own_redis)
    s.process("w1"), s.process("w2"), s.process("beat", role="beat")
    yield s
    s.close()


def settle_and_check(s: Stack, bots: ApiBots, phase: str) -> dict[str, int]:
    """Hold the bots, let the workers catch up, and check every invariant over every game so far."""
    bots.pause()
    wait_until_settled(s.games, bots.games, timeout=120)
    accepted = bots.accepted()
    for g in bots.games:
        events = s.games.store.read(g)
        check_game(s.games, g)
        assert chain.verify_chain([chain_item(e) for e in events]) is None, f"{phase}: the chain of {g} is broken"
        keys = Counter(msgspec.json.decode(e.metadata)["command_id"] for e in events if e.type == "order.submitted")
        for (game, key), version in accepted.items():
            if game == g:
                assert keys[key] == 1, f"{phase}: order {key} of {g} is in the log {keys[key]} times"
                e = events[version - 1]
                assert e.type == "order.submitted" and msgspec.json.decode(e.metadata)["command_id"] == key, (phase, g, key)
    statuses = Counter(c.status for c in bots.calls)
    assert not statuses[500] and not statuses[0], f"{phase}: the API answered {statuses}"
    bots.resume()
    return {"games": len(bots.games), "orders accepted": len(accepted), **{f"HTTP {k}": v for k, v in statuses.items()}}


def play_on(bots: ApiBots, orders: int, timeout: float = 120) -> None:
    target = len(bots.accepted()) + orders
    wait_until(lambda: len(bots.accepted()) >= target, timeout, f"{orders} more orders accepted")


def test_workers_killed_at_the_fault_hook_again_and_again_lose_and_double_no_order(stack):
    bots = ApiBots(stack.live.url, stack.organiser, BOTS, seed=1).start()
    try:
        play_on(bots, 20)
        for point in ("before_commit", "after_commit", "before_commit"):
            faulty = stack.process("w1", fault=point)  # every fold it takes, it dies at that point
            faulty.wait_for_faults(3, timeout=90)  # kill -9 of its pool process, three times at least
            play_on(bots, 10)  # w2 rules on; the messages of the dead folds are delivered again
            stack.process("w1")
            counts = settle_and_check(stack, bots, f"killed {point}")
            print(f"after kills at {point}: {counts}")
    finally:
        bots.stop()


def test_redis_restarted_beat_stopped_and_postgres_crashed_under_load(stack):
    s = stack
    bots = ApiBots(s.live.url, s.organiser, BOTS, seed=2).start()
    try:
        play_on(bots, 20)

        # Redis stopped: orders are still accepted; it comes back empty (no persistence).
        down = time.monotonic()
        s.redis.stop()
        play_on(bots, 10)
        s.redis.start()
        during = bots.orders_answered(200, down, time.monotonic()) + bots.orders_answered(202, down, time.monotonic())
        assert during, "no order was accepted while Redis was down"
        print(f"after Redis restarted empty: {settle_and_check(s, bots, 'redis')}; {len(during)} orders while down")

        # Beat stopped: orders whose nudges are lost (Redis down) are ruled by nobody until it is back.
        s.processes["beat"].stop()
        s.redis.stop()
        play_on(bots, 5)
        bots.pause()
        s.redis.start()
        stuck = {g: unruled(s.games, g) for g in bots.games if unruled(s.games, g)}
        assert stuck, "every order got ruled although its nudge was lost"
        time.sleep(5 * SWEEP)
        assert all(set(v) <= set(unruled(s.games, g)) for g, v in stuck.items()), "ruled with no sweep and no nudge"
        s.process("beat", role="beat")
        bots.resume()
        print(f"after beat was back: {settle_and_check(s, bots, 'beat')}; {len(stuck)} games waited for it")

        # PostgreSQL crashed (immediate stop: no checkpoint) and restarted; durable commits survive.
        play_on(bots, 10)
        crashed = time.monotonic()
        s.pg.stop("immediate")
        time.sleep(3)
        s.pg.start()
        restarted = time.monotonic()
        with httpx.Client(base_url=s.live.url, timeout=30) as http:
            wait_until(lambda: http.get("/v1/health").status_code == 200, RECONNECT_GRACE, "the API back after PostgreSQL")
        back = time.monotonic()
        play_on(bots, 10)
        late = [c for c in bots.calls if c.status == 503 and not (c.end >= crashed and c.start <= back)]
        assert not late, f"503 outside the outage: {late[:3]}"
        unavailable = [c for c in bots.calls if c.status == 503]
        assert unavailable and all(c.retry_after and int(c.retry_after) >= 1 for c in unavailable)
        counts = settle_and_check(s, bots, "postgres")
        print(f"after PostgreSQL crashed for 3 s (API back {back - restarted:.1f} s after it): {counts}")
    finally:
        bots.stop()
