"""Packs, snapshots and secrets: write-once records that round-trip; migrations; an unreachable store."""
from __future__ import annotations

import pytest

from infra.eventstore import Conflict, StoreUnavailable, UnknownGame, open_store
from infra.eventstore.base import migrations
from infra.localservices import free_port
from tests.contract.support import create
from tests.contract.test_concurrency import race


def test_packs_round_trip_by_hash_and_are_write_once(store):
    store.put_pack("sha256:ab", b"pack bytes")
    store.put_pack("sha256:ab", b"pack bytes")  # the same bytes again: fine
    assert store.get_pack("sha256:ab") == b"pack bytes"
    assert store.get_pack("sha256:cd") is None
    with pytest.raises(Conflict):
        store.put_pack("sha256:ab", b"other bytes")


def test_snapshots_are_found_by_version_ruleset_and_pack(store):
    create(store, "g1")
    store.put_snapshot("g1", 10, "test-game@1", "pack-1", b"s10")
    store.put_snapshot("g1", 20, "test-game@1", "pack-1", b"s20")
    store.put_snapshot("g1", 15, "test-game@2", "pack-1", b"other ruleset")
    assert store.snapshot("g1", at_most=25, ruleset="test-game@1", pack_hash="pack-1") == (20, b"s20")
    assert store.snapshot("g1", at_most=19, ruleset="test-game@1", pack_hash="pack-1") == (10, b"s10")
    assert store.snapshot("g1", at_most=9, ruleset="test-game@1", pack_hash="pack-1") is None
    assert store.snapshot("g1", at_most=25, ruleset="test-game@1", pack_hash="pack-2") is None
    with pytest.raises(Conflict):
        store.put_snapshot("g1", 10, "test-game@1", "pack-1", b"different")


def test_secrets_round_trip_and_are_write_once(store):
    create(store, "g1")
    store.put_secret("g1", "dice", b"\x01" * 32)
    assert store.get_secret("g1", "dice") == b"\x01" * 32
    assert store.get_secret("g1", "other") is None
    with pytest.raises(Conflict):
        store.put_secret("g1", "dice", b"\x02" * 32)
    with pytest.raises(UnknownGame):
        store.put_secret("nope", "dice", b"x")


def test_secrets_never_enter_the_log(store):
    create(store, "g1")
    store.put_secret("g1", "dice", b"very-secret-key")
    assert all(b"very-secret-key" not in e.data + e.metadata for e in store.read_all())


def test_migrating_again_applies_nothing(store, store_url):
    assert store.migrate() == []
    open_store(store_url).close()
    assert store.migrate() == []


def test_concurrent_first_migrations_apply_each_migration_once(blank_url):
    stores = [open_store(blank_url, migrate=False) for _ in range(3)]
    try:
        applied = race(3, lambda i: stores[i].migrate())
    finally:
        for s in stores:
            s.close()
    assert sorted(applied, key=len) == [[], [], [name for name, _ in migrations(backend_of(blank_url))]]


def backend_of(url: str) -> str:
    return "sqlite" if url.startswith("sqlite:") else "postgres"


def test_an_unreachable_sqlite_store_reports_unavailable(tmp_path):
    with pytest.raises(StoreUnavailable):
        open_store(f"sqlite:///{tmp_path / 'missing-dir' / 'store.db'}")


def test_an_unreachable_postgres_store_reports_unavailable():
    with pytest.raises(StoreUnavailable):
        open_store(f"postgresql://postgres@127.0.0.1:{free_port()}/postgres", pool_timeout=0.5)
