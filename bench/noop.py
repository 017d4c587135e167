"""The round-trip floor: a no-op Celery task whose caller waits for it, configured as the umpire worker
is (Redis broker, acks late, prefetch 1, JSON). The task's only act is the reply: it pushes to a Redis
list the caller waits on (BLPOP), the quickest way for a caller to learn that a task ran.

Its workers run as `python -m celery -A bench.noop worker ...` (bench/bench_latency.py starts them,
with the umpire worker's pool and concurrency), on a queue of its own.
"""
from __future__ import annotations

import redis
from celery import Celery
from kombu import Exchange, Queue

from services.config import from_env
from services.worker.app import celery_config

QUEUE = "bench.noop"


def make_noop_app(redis_url: str) -> Celery:
    settings = from_env({"UMPIRE_REDIS_URL": redis_url})
    app = Celery("bench-noop", set_as_current=False)
    app.conf.update({**celery_config(settings),
                     "task_queues": (Queue(QUEUE, Exchange(QUEUE, type="direct"), routing_key=QUEUE),),
                     "task_default_queue": QUEUE, "task_routes": {}, "beat_schedule": {}})
    replies: list[redis.Redis] = []  # made in the pool process, on first use

    @app.task(name="bench.noop")
    def noop(reply: str) -> None:
        if not replies:
            replies.append(redis.Redis.from_url(redis_url))
        replies[0].rpush(reply, b"1")

    return app


def worker_argv(name: str, concurrency: int = 1) -> list[str]:
    return ["celery", "-A", "bench.noop", "worker", "--loglevel", "INFO", "--pool", "prefork", "--queues", QUEUE,
            "--hostname", f"{name}@%h", "--without-gossip", "--without-mingle", "--concurrency", str(concurrency)]


def __getattr__(name: str) -> Celery:
    """`app` for `celery -A bench.noop`, from UMPIRE_REDIS_URL."""
    if name == "app":
        globals()["app"] = built = make_noop_app(from_env().redis_url)
        return built
    raise AttributeError(name)
