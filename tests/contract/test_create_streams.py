"""`create_streams` (issue 20, item 3): a tournament round's games, their secrets, the round's event
in the tournament stream and the seats' tokens are written in one transaction, on every backend;
an `Idempotency-Key` makes a retry return the first answer and write nothing."""
from __future__ import annotations

import pytest

from infra.eventstore import (
    GameExists, Idempotency, IdempotencyMismatch, NewEvent, NewStream, Projection, StreamAppend, TokenRow,
)

SEEDS = {"dice:public": b"\x01" * 32}


def stream(game_id: str) -> NewStream:
    return NewStream(game_id=game_id, ruleset="test-game@1", pack_hash="p", secrets=SEEDS,
                     genesis=NewEvent(type="game.created", data=b'{"g":1}'))


def tournament(store) -> None:
    store.create_streams([NewStream(game_id="t", ruleset="umpire-tournament@1", pack_hash="",
                                    genesis=NewEvent(type="tournament.created", data=b"{}"),
                                    projection=Projection(version=1, adjudicated=1, status="tournament", summary=b"{}"))])


def round_event(version: int | None = 1) -> StreamAppend:
    return StreamAppend(game_id="t", events=(NewEvent(type="round.paired", data=b'{"round":1}'),), expected_version=version)


def token(game_id: str, tid: str) -> TokenRow:
    return TokenRow(id=tid, secret_hash=b"h" * 32, role="seat", name="blue", game_id=game_id, seat="blue",
                    created_at="2026-01-01T00:00:00Z")


def test_a_round_is_written_whole(store):
    tournament(store)
    result = store.create_streams([stream("g1"), stream("g2")], then=round_event(),
                                  tokens=[token("g1", "a" * 16), token("g2", "b" * 16)])
    assert (result.first_version, result.last_version, result.replayed) == (2, 2, False)
    assert [store.head(g).version for g in ("g1", "g2", "t")] == [1, 1, 2]
    assert store.get_secret("g2", "dice:public") == SEEDS["dice:public"]
    assert store.projection("t").status == "tournament" and store.projection("g1").status == "active"
    assert "t" not in store.lagging()  # the tournament keeps its own projection current


def test_a_failure_in_the_middle_of_a_round_leaves_none_of_it(store):
    # The third game's id is taken: the two before it, their secrets and the round event roll back.
    tournament(store)
    store.create_game("taken", ruleset="test-game@1", pack_hash="p", genesis=NewEvent(type="game.created", data=b"{}"))
    with pytest.raises(GameExists):
        store.create_streams([stream("g1"), stream("g2"), stream("taken")], then=round_event())
    assert store.head("g1") is None and store.head("g2") is None and store.head("t").version == 1
    assert store.get_secret("g1", "dice:public") is None


def test_a_stale_round_writes_no_game(store):
    tournament(store)
    store.create_streams([stream("g1")], then=round_event(1))
    from infra.eventstore import VersionConflict

    with pytest.raises(VersionConflict):
        store.create_streams([stream("g2")], then=round_event(1))  # another round was paired meanwhile
    assert store.head("g2") is None


def test_a_retry_with_the_key_returns_the_first_round_and_writes_nothing(store):
    tournament(store)
    idem = Idempotency(principal="organiser:o", key="round-1", request_hash=b"r1")
    first = store.create_streams([stream("g1")], then=round_event(), idem=idem)
    again = store.create_streams([stream("g9")], then=round_event(), idem=idem)
    assert again.replayed and (again.first_version, again.last_version) == (first.first_version, first.last_version)
    assert store.head("g9") is None and store.head("t").version == 2
    with pytest.raises(IdempotencyMismatch):
        store.create_streams([stream("g8")], then=round_event(), idem=Idempotency(principal="organiser:o", key="round-1",
                                                                                    request_hash=b"other"))


def test_a_single_game_with_a_key_is_created_once(store):
    # The service names a keyed game after its key, so a retry names the same stream.
    idem = Idempotency(principal="organiser:o", key="game-1", request_hash=b"g")
    first = store.create_streams([stream("g1")], idem=idem)
    again = store.create_streams([stream("g1")], idem=idem)
    assert (first.first_version, first.replayed) == (1, False) and again.replayed
    assert store.head("g1").version == 1
