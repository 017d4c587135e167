"""What the benches run on: durable PostgreSQL, Redis and `umpire worker` processes, started here.

PostgreSQL is a cluster of its own with fsync=on and synchronous_commit=on (checked), unless
UMPIRE_BENCH_DATABASE_URL names a server (which must be durable too); Redis is always our own.

    with stack.server(sandbox=True) as s:   # s.rt: the API side (Games, Celery nudges)
        w = s.worker("w1", concurrency=1)    # a real `umpire worker` process
"""
from __future__ import annotations

import math
import os
import shutil
import tempfile
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator
from urllib.parse import urlsplit

import psycopg

from infra import localservices
from services.config import Settings
from services.bootstrap import Runtime, build
from tests.faults.support import WorkerProcess


def check_durable(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        for name in ("fsync", "synchronous_commit"):
            value = conn.execute(f"SHOW {name}").fetchone()[0]
            if value != "on":
                raise SystemExit(f"{name} is {value}: the figures are only meaningful with durable commits")


@contextmanager
def database() -> Iterator[str]:
    """A fresh database on a durable server, dropped afterwards (and the server stopped, if ours)."""
    pg = None
    server = os.environ.get("UMPIRE_BENCH_DATABASE_URL")
    if not server:
        pg = localservices.start_postgres(durable=True)
        server = pg.url
    name = f"umpire_bench_{uuid.uuid4().hex[:8]}"
    try:
        check_durable(server)
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        yield urlsplit(server)._replace(path="/" + name).geturl()
    finally:
        if pg is not None:
            pg.stop("immediate")
            shutil.rmtree(pg.root, ignore_errors=True)
        else:
            with psycopg.connect(server, autocommit=True) as conn:
                conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@dataclass
class Server:
    rt: Runtime
    database_url: str
    redis_url: str
    root: Path
    workers: list[WorkerProcess] = field(default_factory=list)

    def worker(self, name: str = "w1", *, concurrency: int = 1, sweep_seconds: float = 3600.0,
               beat: bool = False) -> WorkerProcess:
        """A started `umpire worker` (no beat unless asked: the benches nudge every game themselves)."""
        w = WorkerProcess(database_url=self.database_url, redis_url=self.redis_url, data=self.root / name,
                          concurrency=concurrency, sweep_seconds=sweep_seconds, beat=beat, name=name)
        self.workers.append(w)
        return w.start()


@contextmanager
def server(**settings) -> Iterator[Server]:
    root = Path(tempfile.mkdtemp(prefix="umpire-bench."))
    with database() as url:
        redis = localservices.start_redis(root=root / "redis")
        rt = build(Settings(data=root / "api", database_url=url, redis_url=redis.url, sandbox=True, **settings))
        s = Server(rt=rt, database_url=url, redis_url=redis.url, root=root)
        try:
            yield s
        finally:
            for w in s.workers:
                w.stop()
            rt.stop()
            redis.stop()
            shutil.rmtree(root, ignore_errors=True)


def wait(condition, timeout: float = 900.0, poll: float = 0.005) -> float:
    """Seconds until `condition()` holds (polled); TimeoutError after `timeout`."""
    start = time.perf_counter()
    while not condition():
        if time.perf_counter() - start > timeout:
            raise TimeoutError("the bench did not finish")
        time.sleep(poll)
    return time.perf_counter() - start


def rss_mb(pids: list[int]) -> float:
    """Resident memory of these processes together, in MB."""
    total = 0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        total += next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:"))
    return total / 1024


def percentile(samples: list[float], p: float) -> float:
    """The nearest-rank percentile p (0..100) of the samples."""
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]
