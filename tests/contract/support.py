"""Small builders shared by the contract tests."""
from __future__ import annotations

import sqlite3

import msgspec

from infra.eventstore import EventStore, NewEvent, StoredEvent
from infra.eventstore.memory import database


def order(n: int, *, actor: str = "seat-a", visibility: str = "public", adjudicates: int | None = None) -> NewEvent:
    return NewEvent(type="order.submitted", data=b'{"n":%d}' % n, actor=actor, visibility=visibility,
                    adjudicates=adjudicates)


def ruling(of: int) -> NewEvent:
    return NewEvent(type="ruling", data=b'{"ok":true}', actor="worker", adjudicates=of)


def create(store: EventStore, game_id: str = "g1") -> StoredEvent:
    return store.create_game(
        game_id, ruleset="test-game@1", pack_hash="pack-1", genesis=NewEvent(type="game.created", data=b'{"seed":1}')
    )


def tamper_data(store_url: str, game_id: str, version: int, data: bytes) -> None:
    """Change a stored event's payload behind the store's back, where it keeps it."""
    if store_url.startswith("memory://"):
        db = database(store_url.removeprefix("memory://"))
        old = db.events[game_id][version - 1]
        db.events[game_id][version - 1] = db.feed[old.position - 1] = msgspec.structs.replace(old, data=data)
        return
    raw_execute(store_url, "UPDATE event SET data = %s WHERE game_id = %s AND version = %s", (data, game_id, version))


def raw_execute(store_url: str, sql: str, params: tuple) -> None:
    """Write to the tables behind the store's back (tampering tests). `sql` uses %s placeholders."""
    if store_url.startswith("sqlite:///"):
        conn = sqlite3.connect(store_url.removeprefix("sqlite:///"))
        with conn:
            conn.execute(sql.replace("%s", "?"), params)
        conn.close()
    else:
        import psycopg

        with psycopg.connect(store_url, autocommit=True) as conn:
            conn.execute(sql, params)
