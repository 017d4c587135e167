"""Concurrent writers, tailing readers and folders, on real threads and real connections."""
from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import msgspec
import pytest

from domain.kernel.chain import verify_chain
from infra.eventstore import LockTimeout, Projection, VersionConflict, open_store
from infra.eventstore.base import chain_item
from tests.contract.support import create, order


def race(n: int, work):
    """Run work(i) on n threads released together; return results or exceptions, in thread order."""
    barrier = threading.Barrier(n)

    def run(i):
        barrier.wait()
        try:
            return work(i)
        except Exception as exc:  # the race's loser is part of the result
            return exc

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(run, range(n)))


def test_exactly_one_of_two_writers_wins_an_expected_version_race(store):
    create(store, "g1")
    for _ in range(10):
        version = store.head("g1").version
        results = race(2, lambda i, v=version: store.append("g1", [order(i)], expected_version=v))
        conflicts = [r for r in results if isinstance(r, VersionConflict)]
        wins = [r for r in results if not isinstance(r, Exception)]
        assert len(wins) == 1 and len(conflicts) == 1, results
        assert (conflicts[0].expected, conflicts[0].actual) == (version, version + 1)
        assert wins[0].first_version == version + 1
    assert [e.version for e in store.read("g1")] == list(range(1, 12))


def test_writers_without_expected_version_all_succeed_without_gaps(store):
    create(store, "g1")
    results = race(4, lambda i: [store.append("g1", [order(i * 100 + k), order(i * 100 + k + 50)]) for k in range(10)])
    ranges = sorted((r.first_version, r.last_version) for rs in results for r in rs)
    assert ranges == [(v, v + 1) for v in range(2, 82, 2)]
    assert [e.version for e in store.read("g1")] == list(range(1, 82))


def test_a_tailing_reader_sees_every_committed_event_exactly_once(store):
    games = [f"g{i}" for i in range(4)]
    # Two writers per game, so writers also contend for stream locks while positions are drawn.
    seen = tail_while(store, games, 8, lambda i: [store.append(games[i % 4], [order(k)] * (1 + k % 3)) for k in range(15)])
    assert len(seen) == 8 * sum(1 + k % 3 for k in range(15))


def test_one_event_appends_on_many_streams_reach_a_tailing_reader_without_gaps(store):
    # One event per append: PostgreSQL's single-event statement, writers on sixteen streams at once.
    games = [f"g{i}" for i in range(16)]
    seen = tail_while(store, games, 16, lambda i: [store.append(games[i], [order(k)]) for k in range(12)])
    assert len(seen) == 16 * 12


def tail_while(store, games: list[str], writers: int, work) -> list:
    """Events a reader tailing the global feed saw while `writers` threads ran `work(i)`; checks that
    it saw each committed event once, in position order."""
    for g in games:
        create(store, g)
    start = store.read_all()[-1].position
    writers_done = threading.Event()
    seen = []

    def tail():
        last = start
        while True:
            finished = writers_done.is_set()  # read the flag first: the read below then covers every commit
            page = store.read_all(after_position=last, limit=7)
            seen.extend(page)
            if page:
                last = page[-1].position
            elif finished:
                return

    reader = threading.Thread(target=tail)
    reader.start()
    race(writers, work)
    writers_done.set()
    reader.join()

    positions = [e.position for e in seen]
    assert positions == sorted(set(positions)), "a position was seen twice or out of order"
    committed = {(e.game_id, e.version) for g in games for e in store.read(g, after=1)}
    assert {(e.game_id, e.version) for e in seen} == committed
    return seen


def counter(projection: Projection) -> int:
    return msgspec.json.decode(projection.summary).get("count", 0)


def test_fold_serializes_two_folders_of_one_game(store):
    create(store, "g1")

    def increment(i):
        for _ in range(15):
            with store.fold("g1") as fold:
                count = counter(fold.projection)
                time.sleep(0.001)  # widen the read-modify-write window a lost update would need
                summary = msgspec.json.encode({"count": count + 1})
                fold.write(msgspec.structs.replace(fold.projection, summary=summary))

    race(2, increment)
    assert counter(store.projection("g1")) == 30


def test_a_folder_waits_for_the_lock_and_gives_up_after_the_lock_timeout(store_url):
    holder, waiter = open_store(store_url), open_store(store_url, lock_timeout=0.2)
    create(holder, "g1")
    locked, release = threading.Event(), threading.Event()

    def hold():
        with holder.fold("g1"):
            locked.set()
            release.wait()

    thread = threading.Thread(target=hold)
    thread.start()
    locked.wait()
    try:
        with pytest.raises(LockTimeout):
            with waiter.fold("g1"):
                pass
    finally:
        release.set()
        thread.join()
    with waiter.fold("g1") as fold:  # free again
        assert fold.projection.version == 0
    holder.close()
    waiter.close()


def test_a_fold_appends_and_writes_in_one_transaction(store):
    create(store, "g1")
    store.append("g1", [order(1)])
    with store.fold("g1") as fold:
        pending = fold.events(after=fold.projection.version)
        assert [e.version for e in pending] == [1, 2]
        result = fold.append([order(2, actor="worker", adjudicates=2)])
        fold.write(Projection(version=result.last_version, adjudicated=2, status="active", summary=b'{"turn":1}',
                              state=b"state-bytes"))
    projection = store.projection("g1")
    assert (projection.version, projection.adjudicated, projection.summary, projection.state) == (
        3, 2, b'{"turn":1}', b"state-bytes"
    )
    assert store.lagging() == []


def test_a_fold_that_raises_leaves_no_trace(store):
    create(store, "g1")
    try:
        with store.fold("g1") as fold:
            fold.append([order(1, actor="worker", adjudicates=1)])
            fold.write(Projection(version=2, adjudicated=1, status="halted", summary=b"{}"))
            raise RuntimeError("the rules engine broke")
    except RuntimeError:
        pass
    assert store.head("g1").version == 1
    assert store.projection("g1").status == "active"
    assert store.projections_by_status("halted") == []


def test_a_projection_never_moves_back(store):
    create(store, "g1")
    with store.fold("g1") as fold:
        fold.write(Projection(version=1, adjudicated=0, status="active", summary=b"{}"))
    with store.fold("g1") as fold:
        try:
            fold.write(Projection(version=0, adjudicated=0, status="active", summary=b"{}"))
        except ValueError:
            pass
        else:
            raise AssertionError("a rewind was accepted")
    assert store.projection("g1").version == 1


def test_lagging_and_status_queries_follow_the_projection(store):
    for g in ["a", "b", "c"]:
        create(store, g)
    with store.fold("b") as fold:
        fold.write(Projection(version=1, adjudicated=0, status="halted", summary=b"{}"))
    assert store.lagging() == ["a", "c"]
    assert store.lagging(limit=1) == ["a"]
    assert store.projections_by_status("halted") == ["b"]
    assert store.projections_by_status("active") == ["a", "c"]


def test_a_fold_told_the_state_it_knows_reads_the_rows_state_either_way(store):
    """`known_state` may spare the store sending the state back; the projection is the row's whatever
    the caller believes."""
    create(store, "g1")
    with store.fold("g1") as fold:
        fold.write(Projection(version=1, adjudicated=0, status="active", summary=b"{}", state=b"the-state"))
    with store.fold("g1", known_state=b"the-state") as fold:
        assert fold.projection.state == b"the-state"
    with store.fold("g1", known_state=b"another-state") as fold:
        assert fold.projection.state == b"the-state"
    assert store.projection("g1").state == b"the-state"


def test_a_fold_writing_back_the_state_it_read_keeps_it(store):
    """A fold of rejections only passes back the very bytes it read: the row keeps its state, and the
    rest of the projection is written."""
    create(store, "g1")
    store.append("g1", [order(1)])
    with store.fold("g1") as fold:
        fold.write(Projection(version=1, adjudicated=0, status="active", summary=b"{}", state=b"the-state"))
    for known in (None, b"the-state"):
        with store.fold("g1", known_state=known) as fold:
            p = fold.projection
            adjudicated = p.adjudicated + 1
            result = fold.append([order(2, actor="worker", adjudicates=adjudicated + 1)])
            fold.write(Projection(version=result.last_version, adjudicated=adjudicated + 1, status="active",
                                  summary=b'{"n":1}', state=p.state))
        after = store.projection("g1")
        assert (after.state, after.summary, after.version) == (b"the-state", b'{"n":1}', result.last_version)


def test_two_appends_in_one_fold_get_distinct_positions_in_order(store):
    """The fold's first append takes the short path (PostgreSQL: the lean statement under a
    savepoint); a second one in the same transaction numbers its events after the first's."""
    create(store, "g1")
    store.append("g1", [order(1), order(1)])
    with store.fold("g1") as fold:
        first = fold.append([order(2, actor="worker", adjudicates=2)])
        second = fold.append([order(2, actor="worker", adjudicates=3)])
        fold.write(Projection(version=second.last_version, adjudicated=3, status="active", summary=b"{}"))
    assert (first.first_version, second.first_version) == (4, 5)
    feed = [e for e in store.read_all(limit=100) if e.game_id == "g1"]
    assert [e.version for e in feed] == [1, 2, 3, 4, 5]
    assert len({e.position for e in feed}) == 5
    assert verify_chain([chain_item(e) for e in store.read("g1")]) is None


def test_a_postgres_fold_gives_up_on_a_locked_game_well_before_the_stores_lock_timeout(pg_url):
    """A fold's wait for its game's lock is bounded by its own, shorter timeout (a locked game must
    not hold a worker's process for the whole lock_timeout); the rest of the fold keeps the store's.
    No clock is read: with a 60 s lock_timeout, a holder that keeps the lock until the waiter has
    answered, and a waiter that answers LockTimeout, the shorter wait is the only way through."""
    from infra.eventstore.postgres import PostgresStore

    holder, waiter = open_store(pg_url), PostgresStore(pg_url, lock_timeout=60, fold_lock_timeout=0.2)
    create(holder, "g1")
    locked, release = threading.Event(), threading.Event()

    def hold():
        with holder.fold("g1"):
            locked.set()
            release.wait(120)

    thread = threading.Thread(target=hold)
    thread.start()
    locked.wait()
    try:
        with pytest.raises(LockTimeout):
            with waiter.fold("g1"):
                pass
        assert not release.is_set()  # the holder still held the lock when the waiter gave up
    finally:
        release.set()
        thread.join()
    with waiter.fold("g1") as fold:
        assert fold._conn.execute("SHOW lock_timeout").fetchone()[0] == "1min"  # back to the store's
    holder.close()
    waiter.close()
