"""On a durable cluster (fsync=on, synchronous_commit=on): committed appends survive a crash, and a
store answers StoreUnavailable while PostgreSQL is down and recovers by itself when it is back."""
from __future__ import annotations

import psycopg
import pytest

from domain.kernel.chain import verify_chain
from infra.eventstore import Idempotency, StoreUnavailable, open_store
from infra.eventstore.base import chain_item
from tests.contract.support import create, order


@pytest.fixture
def crashable(durable_pg_service):
    if durable_pg_service.local is None:
        pytest.skip("the durable server was given by URL, not started here: we cannot crash it")
    return durable_pg_service.local


def test_the_durable_fixture_runs_with_fsync_and_synchronous_commit(durable_pg_url):
    with psycopg.connect(durable_pg_url) as conn:
        settings = [conn.execute(f"SHOW {name}").fetchone()[0] for name in ("fsync", "synchronous_commit")]
    assert settings == ["on", "on"]


def test_committed_appends_survive_a_crash_and_the_store_recovers(durable_pg_url, crashable):
    # Long enough for the pools to reconnect to the restarted server (1 s timed out: they back off while it is
    # down; 10 s timed out once at load 17 on 2 cores).
    store = open_store(durable_pg_url, pool_timeout=30.0)
    try:
        create(store, "g1")
        for n in range(20):
            store.append("g1", [order(n)], idem=Idempotency(principal="bot", key=f"k{n}", request_hash=b"%d" % n))

        crashable.stop("immediate")  # no checkpoint: what was committed must come back from the WAL
        with pytest.raises(StoreUnavailable):
            store.append("g1", [order(99)])
        crashable.start()

        events = store.read("g1")  # the same store object: its pool replaced the dead connections
        assert [e.version for e in events] == list(range(1, 22))
        assert verify_chain([chain_item(e) for e in events]) is None
        retry = store.append("g1", [order(5)], idem=Idempotency(principal="bot", key="k5", request_hash=b"5"))
        assert (retry.first_version, retry.replayed) == (7, True)
    finally:
        store.close()
