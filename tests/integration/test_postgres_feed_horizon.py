"""PostgreSQL's global feed without a table lock (migrations/postgres/0003): positions come from the
transaction id, so a transaction that began first may commit last with lower positions. The feed
must hold later events back until it ends, never show them before it. (SQLite and the memory store
run one writer at a time: this race is PostgreSQL's own.)"""
from __future__ import annotations

import pytest

from infra.eventstore import open_store
from tests.contract.support import create, order, ruling


@pytest.fixture
def store(pg_url):
    s = open_store(pg_url, lock_timeout=0.2)  # read_all waits at most this for the horizon
    yield s
    s.close()


def test_an_append_committed_during_an_older_open_transaction_waits_for_it_in_the_feed(store):
    create(store, "slow")
    create(store, "fast")
    store.append("slow", [order(1)])
    start = store.read_all()[-1].position
    with store.fold("slow") as fold:  # holds a transaction id from its first statement
        fold.append([ruling(of=2)])
        later = store.append("fast", [order(2)])  # commits now, at higher positions
        assert store.read("fast", after=1)[0].version == later.first_version  # the stream shows it at once
        assert store.read_all(after_position=start) == []  # the feed cannot yet: a lower position may come
    feed = store.read_all(after_position=start)
    assert [(e.game_id, e.version) for e in feed] == [("slow", 3), ("fast", 2)]
    assert feed[0].position < feed[1].position


def test_appends_that_do_not_overlap_keep_their_commit_order_in_the_feed(store):
    create(store, "a")
    create(store, "b")
    for i in range(6):
        store.append("ab"[i % 2], [order(i), order(i + 10)])
    feed = [(e.game_id, e.data) for e in store.read_all() if e.version > 1]
    assert feed == [("ab"[i % 2], d) for i in range(6) for d in (order(i).data, order(i + 10).data)]
