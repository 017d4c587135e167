"""The stored hash chain verifies and any changed stored field breaks it; one ruling per command."""
from __future__ import annotations

import msgspec
import pytest

from domain.kernel.chain import verify_chain
from infra.eventstore import DuplicateRuling, Projection, StoredEvent
from infra.eventstore.base import chain_item
from tests.contract.support import create, order, ruling, tamper_data


def logged_game(store) -> list[StoredEvent]:
    create(store, "g1")
    store.append("g1", [order(1, visibility="seats:a"), order(2, visibility="referee")])
    store.append("g1", [ruling(of=2), ruling(of=3)])
    return store.read("g1")


def test_the_stored_chain_verifies(store):
    assert verify_chain([chain_item(e) for e in logged_game(store)]) is None


def test_a_filtered_export_with_hidden_events_as_stubs_verifies(store):
    events = logged_game(store)
    items = [chain_item(e, reveal=e.visibility == "public") for e in events]
    assert [i.data is None for i in items] == [False, True, True, False, False]
    assert verify_chain(items) is None


CHANGES = {
    "game_id": "g2",
    "version": 9,
    "type": "order.cancelled",
    "schema_version": 2,
    "visibility": "public",
    "data": b'{"n":999}',
    "metadata": b'{"actor":"someone-else"}',
    "salt": bytes(16),
    "link": bytes(32),
    "recorded_at": "2000-01-01T00:00:00.000000Z",
}


def test_the_head_carries_the_link_of_the_last_event(store):
    events = logged_game(store)
    head = store.head(events[-1].game_id)
    assert (head.version, head.link) == (events[-1].version, events[-1].link)
    assert store.heads()[0].link == events[-1].link


@pytest.mark.parametrize("field", sorted(CHANGES))
def test_any_changed_stored_field_breaks_the_chain(store, field):
    events = logged_game(store)
    events[2] = msgspec.structs.replace(events[2], **{field: CHANGES[field]})
    if field == "recorded_at":  # the column mirrors the metadata; the metadata bytes are what is hashed
        events[2] = msgspec.structs.replace(events[2], metadata=events[2].metadata.replace(b"20", b"19", 1))
    assert verify_chain([chain_item(e) for e in events]) == 2


def test_a_row_tampered_in_the_database_is_caught_on_read(store, store_url):
    logged_game(store)
    tamper_data(store_url, "g1", 2, b'{"n":7}')
    assert verify_chain([chain_item(e) for e in store.read("g1")]) == 1


def test_a_second_ruling_of_one_command_is_refused_and_nothing_is_written(store):
    logged_game(store)
    with pytest.raises(DuplicateRuling) as duplicate:
        store.append("g1", [order(3), ruling(of=2)])
    assert duplicate.value.adjudicates == 2
    assert store.head("g1").version == 5


def test_one_batch_cannot_rule_a_command_twice(store):
    create(store, "g1")
    store.append("g1", [order(1)])
    with pytest.raises(DuplicateRuling):
        store.append("g1", [ruling(of=2), ruling(of=2)])
    assert store.head("g1").version == 2


def test_a_duplicate_ruling_inside_a_fold_rolls_the_fold_back(store):
    logged_game(store)
    with pytest.raises(DuplicateRuling):
        with store.fold("g1") as fold:
            fold.write(Projection(version=5, adjudicated=3, status="active", summary=b"{}"))
            fold.append([ruling(of=3)])
    assert store.head("g1").version == 5
    assert store.projection("g1").version == 0
