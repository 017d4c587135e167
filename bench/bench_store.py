"""Appends/s of the PostgreSQL event store against a bare psycopg insert of the same bytes, same run.

PostgreSQL runs with fsync=on and synchronous_commit=on (bench/stack.py). Each writer is a thread
appending one event per transaction, with an idempotency key, to its own game: the API's path for
one order. The baseline is one autocommit `INSERT` of the same data bytes into a two-column-key
table, per writer. Runs alternate between store and baselines so drift on a shared machine hits
all; each figure is the median of the rounds. Also measured: the store without group commit, and
the `eventsourcing` library's PostgreSQL recorder (pip install -e '.[bench]') with the same payloads.

    python -m bench.run store [--quick]
"""
from __future__ import annotations

import itertools
import statistics
import threading
import time
import uuid
from urllib.parse import urlsplit

import psycopg

from bench import stack
from bench.results import figure
from infra.eventstore import Idempotency, NewEvent, open_store

PAYLOAD = (
    b'{"kind":"move","unit":"II/12 Pz","from":"0840","path":["0841","0942","0943","1043"],'
    b'"mode":"tactical","phase":{"turn":3,"side":"axis","step":"movement"},"client":"bot-7","note":""}'
)


def run_writers(n: int, seconds: float, make_writer) -> float:
    """Operations per second of n threads, each looping on its own `make_writer(i)` until the deadline."""
    writers = [make_writer(i) for i in range(n)]
    counts = [0] * n
    start = threading.Barrier(n + 1)
    stop_at = [0.0]

    def loop(i: int) -> None:
        write = writers[i]
        write()  # warm: connection open, statements prepared
        start.wait()
        done = 0
        while time.perf_counter() < stop_at[0]:
            write()
            done += 1
        counts[i] = done

    threads = [threading.Thread(target=loop, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    stop_at[0] = time.perf_counter() + 3600
    start.wait()
    began = time.perf_counter()
    stop_at[0] = began + seconds
    for t in threads:
        t.join()
    return sum(counts) / (time.perf_counter() - began)


class Bare:
    """The baseline: one autocommit single-row INSERT of the same bytes, one connection per writer."""

    def __init__(self, url: str):
        self.url = url
        self.ids = itertools.count()
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS bare (game_id text, version integer, data bytea,"
                         " PRIMARY KEY (game_id, version))")

    def writer(self, i: int):
        conn = psycopg.connect(self.url, autocommit=True)
        versions = itertools.count(next(self.ids) * 10_000_000)

        def write() -> None:
            conn.execute("INSERT INTO bare VALUES (%s, %s, %s)", (f"g{i}", next(versions), PAYLOAD))

        return write


class EventsourcingRecorder:
    """The `eventsourcing` library's PostgreSQL application recorder (table lock per insert, like ours)."""

    def __init__(self, url: str, writers: int):
        from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore

        u = urlsplit(url)
        datastore = PostgresDatastore(u.path.lstrip("/"), u.hostname, u.port, u.username or "postgres",
                                      u.password or "", pool_size=writers)
        self.recorder = PostgresApplicationRecorder(datastore)
        self.recorder.create_table()

    def writer(self, i: int):
        from eventsourcing.persistence import StoredEvent

        originator, versions = uuid.uuid4(), itertools.count(1)

        def write() -> None:
            self.recorder.insert_events([StoredEvent(originator, next(versions), "bench:Order", PAYLOAD)])

        return write


class Store:
    def __init__(self, url: str, writers: int, *, group_commit: bool = True):
        self.store = open_store(url, min_size=writers, max_size=writers, group_commit=group_commit)
        self.keys = itertools.count()
        for i in range(writers):
            if self.store.head(f"g{i}") is None:
                self.store.create_game(f"g{i}", ruleset="bench@1", pack_hash="p",
                                       genesis=NewEvent(type="game.created", data=b"{}"))

    def writer(self, i: int):
        def write() -> None:
            k = next(self.keys)
            self.store.append(
                f"g{i}",
                [NewEvent(type="order.submitted", data=PAYLOAD, visibility="seats:axis", actor=f"bot-{i}")],
                idem=Idempotency(principal=f"bot-{i}", key=f"k{k}", request_hash=k.to_bytes(8, "big")),
            )

        return write


def run(quick: bool) -> dict[str, dict]:
    seconds, rounds = (1.0, 1) if quick else (5.0, 3)
    with stack.database() as url:
        runs = {"bare": Bare(url), "store": Store(url, 32), "store-single": Store(url, 32, group_commit=False),
                "eventsourcing": EventsourcingRecorder(url, 32)}
        samples: dict[str, list[float]] = {}
        try:
            for _ in range(rounds):
                for n in (1, 32):
                    for name, r in runs.items():
                        if name == "store-single" and n == 1:
                            continue  # the same code path as "store" for a lone writer
                        samples.setdefault(f"{name}/{n}", []).append(run_writers(n, seconds, r.writer))
        finally:
            for name in ("store", "store-single"):
                runs[name].store.close()
    rate = {k: statistics.median(v) for k, v in samples.items()}
    for k, v in sorted(rate.items()):
        print(f"  {k:20s} {v:8.0f} appends/s")
    how = f"median of {rounds} x {seconds:g} s; one event and one idempotency row per append, each writer a thread on its own game"
    return {
        "appends/s, 1 writer": figure(
            rate["store/1"], rate["bare/1"], target=0.5, unit="/s", baseline_is="bare single-row psycopg INSERT, 1 writer",
            note=how),
        "appends/s, 32 writers": figure(
            rate["store/32"], rate["bare/1"], target=3.0, unit="/s", baseline_is="bare single-row psycopg INSERT, 1 writer",
            note=f"group commit; without it {rate['store-single/32']:.0f}/s; bare INSERT with 32 writers "
                 f"{rate['bare/32']:.0f}/s (each its own commit)"),
        "appends/s, 32 writers vs eventsourcing": figure(
            rate["store/32"], rate["eventsourcing/32"], target=1.5, unit="/s",
            baseline_is="eventsourcing PostgresApplicationRecorder, 32 writers, same payloads",
            note=f"eventsourcing with 1 writer: {rate['eventsourcing/1']:.0f}/s"),
    }
