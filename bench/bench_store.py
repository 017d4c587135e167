"""Appends/s of the PostgreSQL event store against a bare psycopg insert of the same bytes, same run.

PostgreSQL runs with fsync=on and synchronous_commit=on (a cluster of its own, started here, unless
UMPIRE_BENCH_DATABASE_URL names a durable server). Each writer is a thread appending one event per
transaction, with an idempotency key, to its own game: the API's path for one order. The baseline
is one autocommit `INSERT` of the same data bytes into a two-column-key table, per writer.
Runs alternate between store and baselines so drift on a shared machine hits all; each figure is
the median of the rounds. Also measured: the store without group commit, and (if installed) the
`eventsourcing` library's PostgreSQL recorder with the same payloads.

    python bench/bench_store.py [--seconds 5] [--rounds 3] [--quick] [--json bench/results.json]
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import shutil
import statistics
import sys
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from infra import localservices  # noqa: E402
from infra.eventstore import Idempotency, NewEvent, open_store  # noqa: E402

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


def eventsourcing_available() -> bool:
    try:
        import eventsourcing.postgres  # noqa: F401
    except ImportError:
        return False
    return True


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


def durable_server() -> tuple[str, callable]:
    if url := os.environ.get("UMPIRE_BENCH_DATABASE_URL"):
        return url, lambda: None
    pg = localservices.start_postgres(durable=True)

    def stop() -> None:
        pg.stop("immediate")
        shutil.rmtree(pg.root, ignore_errors=True)

    return pg.url, stop


def check_durable(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        for name in ("fsync", "synchronous_commit"):
            value = conn.execute(f"SHOW {name}").fetchone()[0]
            if value != "on":
                raise SystemExit(f"{name} is {value}: these figures are only meaningful with durable commits")


def fresh_database(url: str, name: str) -> str:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    return urlsplit(url)._replace(path="/" + name).geturl()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="a smoke run: 1 s, 1 round")
    parser.add_argument("--json", type=Path, default=Path(__file__).parent / "results.json")
    args = parser.parse_args()
    seconds, rounds = (1.0, 1) if args.quick else (args.seconds, args.rounds)

    server, stop = durable_server()
    try:
        check_durable(server)
        url = fresh_database(server, f"umpire_bench_{os.getpid()}")
        runs = {"bare": Bare(url), "store": Store(url, 32), "store-single": Store(url, 32, group_commit=False)}
        if eventsourcing_available():
            runs["eventsourcing"] = EventsourcingRecorder(url, 32)
        else:
            print("eventsourcing is not installed (pip install eventsourcing): its figure is skipped", file=sys.stderr)
        samples: dict[str, list[float]] = {}
        for _ in range(rounds):
            for n in (1, 32):
                for name, run in runs.items():
                    if name == "store-single" and n == 1:
                        continue  # the same code path as "store" for a lone writer
                    samples.setdefault(f"{name}/{n}", []).append(run_writers(n, seconds, run.writer))
        for name in ("store", "store-single"):
            runs[name].store.close()
    finally:
        stop()

    rate = {k: statistics.median(v) for k, v in samples.items()}
    figures = {
        "appends/s, 1 writer": (rate["store/1"], rate["bare/1"], "bare insert, 1 writer", 0.8),
        "appends/s, 32 writers": (rate["store/32"], rate["bare/1"], "bare insert, 1 writer", 3.0),
        "appends/s, 32 writers vs bare 32": (rate["store/32"], rate["bare/32"], "bare insert, 32 writers", None),
        "appends/s, 32 writers, no group commit": (rate["store-single/32"], rate["bare/1"], "bare insert, 1 writer", None),
    }
    if "eventsourcing/32" in rate:
        figures["appends/s, 32 writers vs eventsourcing"] = (
            rate["store/32"], rate["eventsourcing/32"], "eventsourcing recorder, 32 writers", 1.5
        )
        figures["eventsourcing appends/s, 1 writer"] = (
            rate["eventsourcing/1"], rate["bare/1"], "bare insert, 1 writer", None
        )
    print(f"cores: {os.cpu_count()}  PostgreSQL fsync=on synchronous_commit=on  {rounds} x {seconds:g} s per figure")
    print(f"{'figure':40} {'value':>9} {'baseline':>9}  {'ratio':>6}  target  baseline is")
    results = json.loads(args.json.read_text()) if args.json.exists() else {}
    for name, (value, baseline, what, target) in figures.items():
        ratio = value / baseline
        mark = "" if target is None else f">= {target:.1f}x {'ok' if ratio >= target else 'MISS'}"
        print(f"{name:40} {value:9.0f} {baseline:9.0f}  {ratio:5.2f}x  {mark:9} {what}")
        results[name] = {"value": round(value, 1), "baseline": round(baseline, 1), "ratio": round(ratio, 3),
                         "target": target}
    args.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
