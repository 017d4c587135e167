"""Creating a game writes its secrets atomically; the lag sweep's list of games to re-nudge."""
from __future__ import annotations

import pytest

from infra.eventstore import GameExists, NewEvent, Projection
from tests.contract.support import order

SEEDS = {"dice:public": b"\x01" * 32, "dice:hidden": b"\x02" * 32}


def create(store, game_id, *, secrets=SEEDS, visibility="public"):
    return store.create_game(game_id, ruleset="test-game@1", pack_hash="pack-1", secrets=secrets,
                             genesis=NewEvent(type="game.created", data=b'{"seed":1}', visibility=visibility))


def test_create_game_writes_the_secrets_with_the_genesis(store):
    create(store, "g1")
    assert {name: store.get_secret("g1", name) for name in SEEDS} == SEEDS
    assert store.get_secret("g1", "dice:other") is None


def test_a_create_that_fails_writes_no_secret_and_no_game(store):
    # The genesis is refused (visibility misspelt) after the secrets were inserted: all of it rolls back.
    with pytest.raises(ValueError):
        create(store, "g1", visibility="everyone")
    assert store.head("g1") is None
    create(store, "g1", secrets={"dice:public": b"\x09" * 32})
    assert store.get_secret("g1", "dice:public") == b"\x09" * 32 and store.get_secret("g1", "dice:hidden") is None


def test_a_refused_second_create_leaves_the_first_games_secrets(store):
    create(store, "g1")
    with pytest.raises(GameExists):
        create(store, "g1", secrets={"dice:public": b"\x07" * 32})
    assert store.get_secret("g1", "dice:public") == SEEDS["dice:public"]


def _write(store, game_id, **fields):
    with store.fold(game_id) as f:
        f.write(Projection(**{**{k: getattr(f.projection, k) for k in Projection.__struct_fields__}, **fields}))


def test_lagging_lists_games_whose_projection_is_behind_their_stream(store):
    create(store, "a")
    create(store, "b")
    _write(store, "a", version=1)
    assert store.lagging() == ["b"]
    store.append("a", [order(1)])
    assert store.lagging() == ["a", "b"]
    assert store.lagging(limit=1) == ["a"]


def test_a_halted_game_is_not_lagging_however_far_behind(store):
    create(store, "g1")
    _write(store, "g1", version=1, status="halted")
    store.append("g1", [order(1), order(2)])
    assert store.lagging() == []
    create(store, "g2")
    _write(store, "g2", version=1, status="finished")
    store.append("g2", [order(3)])
    assert store.lagging() == ["g2"]  # a finished game still rules (rejects) late commands
