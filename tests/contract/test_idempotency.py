"""Idempotency keys: a retry gets the first answer, a reused key with another body is refused."""
from __future__ import annotations

import pytest

from infra.eventstore import GameExists, Idempotency, IdempotencyMismatch, NewEvent
from tests.contract.support import create, order
from tests.contract.test_concurrency import race


def key(principal: str = "bot-1", name: str = "k1", body: bytes = b"body-1") -> Idempotency:
    return Idempotency(principal=principal, key=name, request_hash=body)


def test_a_retry_with_the_same_key_and_body_replays_the_first_answer(store):
    create(store, "g1")
    first = store.append("g1", [order(1), order(2)], idem=key())
    again = store.append("g1", [order(1), order(2)], idem=key())
    assert (first.first_version, first.last_version, first.replayed) == (2, 3, False)
    assert (again.first_version, again.last_version, again.replayed) == (2, 3, True)
    assert store.head("g1").version == 3


def test_a_replay_wins_over_a_now_stale_expected_version(store):
    create(store, "g1")
    store.append("g1", [order(1)], expected_version=1, idem=key())
    store.append("g1", [order(2)])
    assert store.append("g1", [order(1)], expected_version=1, idem=key()).replayed


def test_the_same_key_with_another_body_is_refused_and_writes_nothing(store):
    create(store, "g1")
    store.append("g1", [order(1)], idem=key(body=b"body-1"))
    with pytest.raises(IdempotencyMismatch):
        store.append("g1", [order(2)], idem=key(body=b"body-2"))
    assert store.head("g1").version == 2


def test_the_same_key_for_another_game_is_refused(store):
    create(store, "g1")
    create(store, "g2")
    store.append("g1", [order(1)], idem=key())
    with pytest.raises(IdempotencyMismatch):
        store.append("g2", [order(1)], idem=key())
    assert store.head("g2").version == 1


def test_keys_are_scoped_to_the_principal(store):
    create(store, "g1")
    a = store.append("g1", [order(1)], idem=key(principal="bot-a"))
    b = store.append("g1", [order(1)], idem=key(principal="bot-b"))
    assert (a.first_version, a.replayed, b.first_version, b.replayed) == (2, False, 3, False)


def test_concurrent_duplicates_append_once(store):
    create(store, "g1")
    results = race(4, lambda i: store.append("g1", [order(1)], idem=key()))
    assert all(not isinstance(r, Exception) for r in results), results
    assert sorted(r.replayed for r in results) == [False, True, True, True]
    assert {(r.first_version, r.last_version) for r in results} == {(2, 2)}
    assert store.head("g1").version == 2


def test_concurrent_uses_of_one_key_for_two_games_let_exactly_one_through(store):
    create(store, "g1")
    create(store, "g2")
    results = race(2, lambda i: store.append(["g1", "g2"][i], [order(i)], idem=key()))
    assert sorted(type(r).__name__ for r in results) == ["AppendResult", "IdempotencyMismatch"]
    assert store.head("g1").version + store.head("g2").version == 3


def test_creating_a_game_is_idempotent(store):
    genesis = NewEvent(type="game.created", data=b"{}")
    made = store.create_game("g1", ruleset="r@1", pack_hash="p", genesis=genesis, idem=key(name="create"))
    again = store.create_game("g1", ruleset="r@1", pack_hash="p", genesis=genesis, idem=key(name="create"))
    assert again == made
    with pytest.raises(IdempotencyMismatch):
        store.create_game("g1", ruleset="r@1", pack_hash="p", genesis=genesis, idem=key(name="create", body=b"x"))
    with pytest.raises(GameExists):
        store.create_game("g1", ruleset="r@1", pack_hash="p", genesis=genesis, idem=key(name="other"))
