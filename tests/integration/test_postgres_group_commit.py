"""PostgreSQL group commit: appends sharing one transaction keep their own checks, keys, links and outcomes."""
from __future__ import annotations

import threading

import psycopg
import pytest

from domain.kernel.chain import verify_chain
from infra.eventstore import (
    AppendResult,
    DuplicateRuling,
    Idempotency,
    IdempotencyMismatch,
    LockTimeout,
    UnknownGame,
    VersionConflict,
    open_store,
)
from infra.eventstore.base import chain_item
from infra.eventstore.pgappend import prepare as _prepare
from tests.contract.support import create, order, ruling


@pytest.fixture
def store(pg_url):
    s = open_store(pg_url, lock_timeout=0.3)
    yield s
    s.close()


def key(name: str, body: bytes = b"b") -> Idempotency:
    return Idempotency(principal="bot", key=name, request_hash=body)


def test_one_batch_gives_every_append_its_own_outcome(store):
    for g in ("g1", "g2", "g3"):
        create(store, g)
    store.append("g1", [order(1)], idem=key("used"))  # g1 at 2
    store.append("g3", [order(1), ruling(of=2)])  # g3 at 3, command 2 ruled

    batch = [
        _prepare("g2", [order(10)], 1, key("fresh")),  # appended (g2 -> 2)
        _prepare("g1", [order(11)], 1, None),  # conflict: g1 is at 2
        _prepare("g1", [order(12)], None, key("used", b"other body")),  # mismatch
        _prepare("g3", [ruling(of=2)], None, key("refused")),  # duplicate ruling; its key stays free
        _prepare("nope", [order(13)], None, None),  # unknown game
        _prepare("g2", [order(14), ruling(of=2)], 2, None),  # appended after the first g2 append (-> 4)
        _prepare("g2", [order(10)], 1, key("fresh")),  # the same key again in the batch: replayed
        _prepare("g2", [ruling(of=2)], None, None),  # command 2 ruled earlier in this batch
        _prepare("g1", [order(15)], None, key("used")),  # a retry of an earlier request: replayed
    ]
    outcomes = store._run_batch(batch)

    assert outcomes[0] == AppendResult(first_version=2, last_version=2)
    assert isinstance(outcomes[1], VersionConflict) and (outcomes[1].expected, outcomes[1].actual) == (1, 2)
    assert isinstance(outcomes[2], IdempotencyMismatch)
    assert isinstance(outcomes[3], DuplicateRuling) and outcomes[3].adjudicates == 2
    assert isinstance(outcomes[4], UnknownGame)
    assert outcomes[5] == AppendResult(first_version=3, last_version=4)
    assert outcomes[6] == AppendResult(first_version=2, last_version=2, replayed=True)
    assert isinstance(outcomes[7], DuplicateRuling) and outcomes[7].adjudicates == 2
    assert outcomes[8] == AppendResult(first_version=2, last_version=2, replayed=True)

    assert [store.head(g).version for g in ("g1", "g2", "g3")] == [2, 4, 3]
    for g in ("g1", "g2", "g3"):
        assert verify_chain([chain_item(e) for e in store.read(g)]) is None
    feed = store.read_all()
    assert [e.position for e in feed] == sorted(e.position for e in feed)
    assert store.append("g3", [order(2)], idem=key("refused")).first_version == 4  # the refused key was freed


def test_a_batch_of_one_event_appends_gives_each_its_outcome(store):
    # Distinct games and keys, one event each: the lean statement takes the batch, and what it leaves
    # (a conflict, an unknown game) goes through umpire_append.
    for g in ("g1", "g2", "g3", "g4"):
        create(store, g)
    store.append("g4", [order(1)])  # g4 at 2
    outcomes = store._run_batch([
        _prepare("g3", [order(10)], 1, key("k3")),
        _prepare("g1", [order(11)], None, key("k1")),
        _prepare("g4", [order(12)], 1, key("k4")),  # conflict: g4 is at 2
        _prepare("nope", [order(13)], None, None),
        _prepare("g2", [ruling(of=1)], 1, None),
    ])
    assert outcomes[0] == AppendResult(first_version=2, last_version=2)
    assert outcomes[1] == AppendResult(first_version=2, last_version=2)
    assert isinstance(outcomes[2], VersionConflict) and (outcomes[2].expected, outcomes[2].actual) == (1, 2)
    assert isinstance(outcomes[3], UnknownGame)
    assert outcomes[4] == AppendResult(first_version=2, last_version=2)
    new = [e for e in store.read_all() if e.version == 2 and e.game_id != "g4"]
    assert [e.game_id for e in sorted(new, key=lambda e: e.position)] == ["g3", "g1", "g2"]  # batch order

    # A key already taken and a command already ruled: the statement writes nothing, each append
    # gets its own outcome from umpire_append, the conflict's key stays free.
    outcomes = store._run_batch([
        _prepare("g1", [order(20)], None, key("k1")),  # a retry: replayed
        _prepare("g3", [order(21)], None, key("k3", b"other body")),  # mismatch
        _prepare("g2", [ruling(of=1)], None, key("r2")),  # duplicate ruling
        _prepare("g4", [order(22)], None, key("k4")),  # appended
    ])
    assert outcomes[0] == AppendResult(first_version=2, last_version=2, replayed=True)
    assert isinstance(outcomes[1], IdempotencyMismatch)
    assert isinstance(outcomes[2], DuplicateRuling) and outcomes[2].adjudicates == 1
    assert outcomes[3] == AppendResult(first_version=3, last_version=3)
    assert [store.head(g).version for g in ("g1", "g2", "g3", "g4")] == [2, 2, 2, 3]
    for g in ("g1", "g2", "g3", "g4"):
        assert verify_chain([chain_item(e) for e in store.read(g)]) is None
    assert store.append("g2", [order(23)], idem=key("r2")).first_version == 3  # the refused key was freed


def test_an_append_stuck_on_a_lock_does_not_sink_the_others(store, pg_url):
    create(store, "g1")
    create(store, "g2")
    holder = psycopg.connect(pg_url)  # holds g2's stream row, as a slow writer would
    holder.execute("SELECT 1 FROM game_stream WHERE game_id = 'g2' FOR UPDATE")
    try:
        outcomes = store._run_batch([_prepare("g1", [order(1)], None, None), _prepare("g2", [order(2)], None, None)])
    finally:
        holder.rollback()
        holder.close()
    assert outcomes[0] == AppendResult(first_version=2, last_version=2)
    assert isinstance(outcomes[1], LockTimeout)
    assert (store.head("g1").version, store.head("g2").version) == (2, 1)


def test_concurrent_writers_share_transactions(store):
    for i in range(16):
        create(store, f"g{i}")
    batches = []
    run_batch = store._run_batch

    def recording(appends):
        batches.append(len(appends))
        return run_batch(appends)

    store._group._run_batch = recording
    barrier = threading.Barrier(16)

    def write(i):
        barrier.wait()
        for n in range(10):
            store.append(f"g{i}", [order(n)], idem=key(f"{i}-{n}"))

    threads = [threading.Thread(target=write, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(batches) == 160 and max(batches) > 1  # some appends shared a transaction
    assert all(store.head(f"g{i}").version == 11 for i in range(16))
