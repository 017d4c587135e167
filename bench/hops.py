"""One order's way from a bot to its ruling, hop by hop (issue 24, item 2): where the time of
order->ruling goes, so that what is not a commit can be cut.

bench_latency runs it on its durable stack: the API served over HTTP by uvicorn in this process
(server mode: PostgreSQL, Redis, one traced `umpire worker --concurrency 1`, bench/traced_worker.py),
one bot playing a sandbox game, one order at a time with `?wait=`. Each order's moments, on one
wall clock (same host), cut its time into consecutive hops that add up to the whole:

    HTTP parse+auth   the request sent -> the store's append begins (HTTP, routing, bearer token,
                      body and order decoding)
    append commit     the order appended and committed (durable: the API may answer 202 now)
    nudge publish     the Celery nudge sent to Redis
    worker wake-up    the nudge sent -> the fold task running in the worker's pool process
    fold read         the task running -> the first ruling begins (context, keys, the projection
                      row locked, the unruled log read, the state decoded)
    adjudicate        the rules (game.step) and the ruling's events encoded
    ruling commit     the ruling events and the projection written and committed (NOTIFY sent),
                      until the worker sees its commit done or the API's waiter is woken, whichever first
    NOTIFY            the worker sees its commit done -> the API's waiter woken (0 when the waiter
                      was woken first, or its first read found the ruling)
    ?wait reply       the ruling read and the 200 received by the bot

The API's moments come from wrapping, on this process's own runtime, Games.submit_order's store
append and its nudge, and the waiter's pause (services.queries.Pauses); the worker's from
bench/traced_worker.py. Nothing in the service is changed for it.
"""
from __future__ import annotations

import json
import random
import threading
import time
from typing import Any, Callable

import httpx
import msgspec
import redis as redis_client
import uvicorn

from bench import stack
from infra.auth import open_tokens
from infra.localservices import free_port
from services import queries
from services.api.app import create_app
from services.bootstrap import build
from services.config import Settings
from services.queries import Queries
from services.worker.app import DEFAULT_QUEUE, FOLD_QUEUE
from tests.faults.support import WorkerProcess

# The Redis list (per game) bench/traced_worker.py pushes each fold's moments to. Defined here, not
# there: importing traced_worker patches game.step and fold.fault in the importing process.
KEY = "bench.hops:"
HOPS = ("HTTP parse+auth", "append commit", "nudge publish", "worker wake-up", "fold read", "adjudicate",
        "ruling commit", "NOTIFY", "?wait reply")
PAUSE = 0.05  # s between a ruling and the next order: the worker goes back to waiting on Redis


def traced_worker(s: stack.Server) -> WorkerProcess:
    argv = ["celery", "-A", "bench.traced_worker", "worker", "--loglevel", "INFO", "--pool", "prefork",
            "--queues", f"{FOLD_QUEUE},{DEFAULT_QUEUE}", "--hostname", "traced@%h", "--without-gossip",
            "--without-mingle", "--concurrency", "1"]
    return WorkerProcess(database_url=s.database_url, redis_url=s.redis_url, data=s.root / "traced", name="traced",
                         argv=argv).start()


def _wrap(obj: Any, name: str, before: str | None, after: str | None, marks: dict) -> None:
    """Replace obj.name (on the instance) by a call noting the moments it begins and ends."""
    inner: Callable = getattr(obj, name)

    def noted(*args, **kwargs):
        if before:
            marks[before] = time.time()
        try:
            return inner(*args, **kwargs)
        finally:
            if after:
                marks[after] = time.time()

    setattr(obj, name, noted)


class Api:
    """The HTTP API of a runtime of its own on the stack's store and broker, served by uvicorn on a
    thread of this process, its order path noted in `marks`."""

    def __init__(self, s: stack.Server):
        self.settings = Settings(data=s.root / "http", database_url=s.database_url, redis_url=s.redis_url, sandbox=True,
                                 rate_orders="off", rate_reads="off")
        self.runtime = build(self.settings)
        self.tokens = open_tokens(self.settings.store_url)
        self.marks: dict[str, float] = {}
        games = self.runtime.games
        _wrap(games.store, "append", "append", "appended", self.marks)
        _wrap(games, "_nudge", None, "nudged", self.marks)
        self.port = free_port()
        config = uvicorn.Config(create_app(self.settings, self.runtime, self.tokens), host="127.0.0.1", port=self.port,
                                log_level="warning", lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> "Api":
        pause_async = queries.Pauses.pause_async
        marks = self.marks

        async def noted(pauses, left: float) -> None:
            await pause_async(pauses, left)
            marks["woken"] = time.time()

        self._restore = pause_async
        queries.Pauses.pause_async = noted  # type: ignore[method-assign]
        self.thread.start()
        stack.wait(lambda: self.server.started, timeout=60)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(30)
        queries.Pauses.pause_async = self._restore  # type: ignore[method-assign]
        self.tokens.close()


def breakdown(s: stack.Server, orders: int, seed: int = 7) -> tuple[dict[str, list[float]], list[float]]:
    """({hop: seconds per order}, order->ruling seconds per order) over `orders` orders."""
    rng = random.Random(seed)
    worker = traced_worker(s)
    hops: dict[str, list[float]] = {h: [] for h in HOPS}
    totals: list[float] = []
    r = redis_client.Redis.from_url(s.redis_url)
    try:
        with Api(s) as api, httpx.Client(base_url=f"http://127.0.0.1:{api.port}", timeout=60) as http:
            games = api.runtime.games
            game_id, seats = _new_game(api)
            while len(totals) < orders:
                if games.store.projection(game_id).status != "active":
                    game_id, seats = _new_game(api)
                options = [(seat, o) for seat in seats for o in Queries(games).legal(game_id, seat)]
                seat, order = rng.choice(options)
                r.delete(KEY + game_id)
                api.marks.clear()
                sent = time.time()
                reply = http.post(f"/v1/games/{game_id}/orders", params={"wait": 30},
                                  json={"order": msgspec.to_builtins(order)},
                                  headers={"Authorization": f"Bearer {seats[seat]}"})
                received = time.time()
                if reply.status_code != 200:
                    raise RuntimeError(f"order not ruled within 30 s: {reply.status_code} {reply.text[:300]}")
                version = reply.json()["version"]
                w = _worker_marks(r, game_id, version)
                a = dict(api.marks)
                # The commit's end as first seen: by the worker, or by the waiter its NOTIFY woke (the worker
                # may get the CPU back after the API has already answered).
                woken = a.get("woken", 0.0)
                woken = woken if woken > w["before_commit"] else None
                committed = min(w["after_commit"], received, *([woken] if woken else []))
                moments = [sent, a["append"], a["appended"], a["nudged"], w["task"], w["read"], w["before_commit"],
                           committed, max(committed, woken or committed), received]
                for hop, (t0, t1) in zip(HOPS, zip(moments, moments[1:])):
                    hops[hop].append(t1 - t0)
                totals.append(received - sent)
                time.sleep(PAUSE)
    finally:
        r.close()
        worker.stop()
    return hops, totals


def _new_game(api: Api) -> tuple[str, dict[str, str]]:
    games = api.runtime.games
    game_id = games.create("sandbox/1").game_id
    if not api.runtime.wait_for(game_id, 1, 60):
        raise TimeoutError("the sandbox game's genesis was not ruled within 60 s")
    seats = games.context(game_id).genesis.layout.seat_ids()
    return game_id, {seat: issued.token for seat, issued in api.tokens.issue_seats(game_id, seats).items()}


def _worker_marks(r: redis_client.Redis, game_id: str, version: int) -> dict[str, float]:
    """The traced worker's moments for the fold that ruled the command at `version`."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        got = r.blpop([KEY + game_id], timeout=max(1, int(deadline - time.monotonic())))
        if got is None:
            break
        marks = json.loads(got[1])
        if marks["first"] <= version <= marks["last"] and "task" in marks and "read" in marks:
            return marks
    raise TimeoutError(f"no traced fold of command {version} of game {game_id}")


def report(hops: dict[str, list[float]], totals: list[float]) -> str:
    p = stack.percentile
    lines = [f"  order->ruling over HTTP, one bot: p50 {p(totals, 50) * 1000:.1f} ms, p99 {p(totals, 99) * 1000:.1f} ms "
             f"over {len(totals)} orders; by hop (p50 / p99 ms):"]
    lines += [f"    {hop:<16} {p(v, 50) * 1000:7.2f} / {p(v, 99) * 1000:7.2f}" for hop, v in hops.items()]
    return "\n".join(lines)

