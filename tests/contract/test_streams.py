"""Streams: gapless per-game versions, a global position in commit order, reads and heads."""
from __future__ import annotations

import msgspec
import pytest

from infra.eventstore import GameExists, NewEvent, UnknownGame, VersionConflict
from tests.contract.support import create, order


def test_create_game_writes_genesis_at_version_one_with_a_fresh_projection(store):
    genesis = create(store, "g1")
    assert (genesis.version, genesis.type, genesis.data) == (1, "game.created", b'{"seed":1}')
    head = store.head("g1")
    assert (head.game_id, head.ruleset, head.pack_hash, head.version) == ("g1", "test-game@1", "pack-1", 1)
    projection = store.projection("g1")
    assert (projection.version, projection.adjudicated, projection.status) == (0, 0, "active")
    assert store.lagging() == ["g1"]


def test_creating_a_game_twice_is_refused(store):
    create(store, "g1")
    with pytest.raises(GameExists):
        create(store, "g1")
    assert store.head("g1").version == 1


def test_versions_are_gapless_and_follow_append_order(store):
    create(store, "g1")
    r1 = store.append("g1", [order(1), order(2)])
    r2 = store.append("g1", [order(3)])
    assert (r1.first_version, r1.last_version, r1.replayed) == (2, 3, False)
    assert (r2.first_version, r2.last_version) == (4, 4)
    events = store.read("g1")
    assert [e.version for e in events] == [1, 2, 3, 4]
    assert [e.data for e in events[1:]] == [b'{"n":1}', b'{"n":2}', b'{"n":3}']


def test_global_positions_increase_in_commit_order_across_games(store):
    create(store, "a")
    create(store, "b")
    store.append("a", [order(1)])
    store.append("b", [order(2), order(3)])
    store.append("a", [order(4)])
    feed = store.read_all()
    assert [(e.game_id, e.version) for e in feed] == [("a", 1), ("b", 1), ("a", 2), ("b", 2), ("b", 3), ("a", 3)]
    positions = [e.position for e in feed]
    assert positions == sorted(positions) and len(set(positions)) == len(positions)


def test_read_all_pages_by_position(store):
    create(store, "a")
    store.append("a", [order(n) for n in range(10)])
    first = store.read_all(limit=4)
    rest = store.read_all(after_position=first[-1].position)
    assert [e.version for e in first + rest] == list(range(1, 12))


def test_read_after_upto_and_limit(store):
    create(store, "g1")
    store.append("g1", [order(n) for n in range(9)])
    assert [e.version for e in store.read("g1", after=3)] == list(range(4, 11))
    assert [e.version for e in store.read("g1", after=3, upto=6)] == [4, 5, 6]
    assert [e.version for e in store.read("g1", after=3, limit=2)] == [4, 5]
    assert store.read("g1", after=10) == []


def test_stored_events_keep_exact_bytes_and_metadata(store):
    create(store, "g1")
    data = b'{"b": 2,  "a":1.50}'  # not canonical JSON on purpose: stored as sent
    store.append("g1", [NewEvent(type="order.submitted", data=data, visibility="seats:a,b", schema_version=3,
                                 actor="seat-a", command_id="cmd-7")])
    event = store.read("g1", after=1)[0]
    assert (event.data, event.visibility, event.schema_version, event.adjudicates) == (data, "seats:a,b", 3, None)
    meta = msgspec.json.decode(event.metadata)
    assert meta == {"actor": "seat-a", "command_id": "cmd-7", "adjudicates": None, "recorded_at": event.recorded_at}
    assert event.recorded_at.endswith("Z") and len(event.salt) == 16 and len(event.link) == 32


def test_expected_version_is_checked(store):
    create(store, "g1")
    store.append("g1", [order(1)], expected_version=1)
    with pytest.raises(VersionConflict) as conflict:
        store.append("g1", [order(2)], expected_version=1)
    assert (conflict.value.expected, conflict.value.actual) == (1, 2)
    assert store.head("g1").version == 2


@pytest.mark.parametrize("visibility", ["seats:b,a", "seats:a,a", "everyone", "seats:"])
def test_visibility_must_have_its_one_spelling(store, visibility):
    create(store, "g1")
    with pytest.raises(ValueError):
        store.append("g1", [order(1, visibility=visibility)])
    assert store.head("g1").version == 1


def test_unknown_games_are_reported(store):
    with pytest.raises(UnknownGame):
        store.append("nope", [order(1)])
    with pytest.raises(UnknownGame):
        store.read("nope")
    with pytest.raises(UnknownGame):
        store.projection("nope")
    with pytest.raises(UnknownGame):
        with store.fold("nope"):
            pass
    assert store.head("nope") is None


def test_an_empty_append_is_refused(store):
    create(store, "g1")
    with pytest.raises(ValueError):
        store.append("g1", [])


def test_heads_page_by_game_id(store):
    for g in ["c", "a", "b", "d"]:
        create(store, g)
    first = store.heads(limit=2)
    rest = store.heads(after=first[-1].game_id)
    assert [h.game_id for h in first] == ["a", "b"]
    assert [h.game_id for h in rest] == ["c", "d"]
