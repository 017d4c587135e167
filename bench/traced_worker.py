"""The umpire worker with the moments of each fold written down, for bench_latency's hop breakdown.

    python -m celery -A bench.traced_worker worker ...   (bench/bench_latency.py starts it)

The worker is `services.bootstrap`'s app, unchanged; this module only wraps, in the worker's
processes, what a fold already passes through: Celery's task_prerun (the task is running: the
worker woke up), `game.step` (adjudication; the first call ends the fold's read: lock, log,
state), and the fold's fault points `before_commit` / `after_commit` (the ruling events and the
projection written, committed, NOTIFY sent with the commit). After each commit it pushes those
wall-clock moments to the Redis list `bench.hops:<game id>`, which the bench reads beside its own
moments (HTTP in, append, nudge, the waiter woken, the reply). Same host, so one clock.
"""
from __future__ import annotations

import json
import time

import redis
from celery.signals import task_prerun

from bench.hops import KEY
from domain.kernel import game
from services.config import from_env
from services.worker import fold

_marks: dict = {}
_client: list[redis.Redis] = []  # made in the pool process, on first use


@task_prerun.connect
def _task_started(**_) -> None:
    _marks.clear()
    _marks["task"] = time.time()


_step = game.step


def _timed_step(*args, **kwargs):
    began = time.time()
    _marks.setdefault("read", began)
    try:
        return _step(*args, **kwargs)
    finally:
        _marks["adjudicate"] = _marks.get("adjudicate", 0.0) + time.time() - began


_fault = fold.fault


def _traced_fault(point: str, game_id: str, first: int, last: int) -> None:
    _fault(point, game_id, first, last)
    _marks[point] = time.time()
    if point == "after_commit":
        if not _client:
            _client.append(redis.Redis.from_url(from_env().redis_url))
        _client[0].rpush(KEY + game_id, json.dumps({**_marks, "first": first, "last": last}))


game.step = _timed_step  # fold.py calls game.step and fault through their modules
fold.fault = _traced_fault


def __getattr__(name: str):
    """`app` for `celery -A bench.traced_worker`: the umpire worker's own."""
    if name == "app":
        from services import bootstrap

        globals()["app"] = built = bootstrap.app
        return built
    raise AttributeError(name)
