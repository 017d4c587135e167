"""The hash chain of ARCHITECTURE §6: exact byte layout, and every kind of tampering is caught."""
from __future__ import annotations

import dataclasses
import hashlib

import pytest

from domain.kernel import chain
from domain.kernel.chain import ChainItem, verify_chain


def make_chain(n: int = 4, game_id: str = "g-1") -> list[ChainItem]:
    items, prev = [], chain.GENESIS
    for version in range(1, n + 1):
        salt = bytes([version]) * 16
        data = b'{"order":%d}' % version
        metadata = b'{"actor":"seat-a","recorded_at":"2025-01-01T00:00:0%dZ"}' % version
        fields = dict(
            game_id=game_id,
            version=version,
            type="order.submitted",
            schema_version=1,
            visibility="public" if version % 2 else "seats:a",
            data_digest=chain.data_digest(salt, data),
            metadata_digest=chain.metadata_digest(salt, metadata),
        )
        prev = chain.link(**fields, prev=prev)
        items.append(ChainItem(**fields, link=prev, salt=salt, data=data, metadata=metadata))
    return items


def test_link_is_sha256_of_length_prefixed_fields_in_the_documented_order():
    salt, data, metadata = b"s" * 16, b'{"x":1}', b'{"actor":"w"}'

    def f(b: bytes) -> bytes:
        return len(b).to_bytes(4, "big") + b

    expected = hashlib.sha256(
        f(b"umpire-chain-1") + f(b"game") + f(b"12") + f(b"ruling") + f(b"3") + f(b"referee")
        + f(hashlib.sha256(salt + data).digest()) + f(hashlib.sha256(salt + metadata).digest()) + f(bytes(32))
    ).digest()
    got = chain.link(
        game_id="game", version=12, type="ruling", schema_version=3, visibility="referee",
        data_digest=chain.data_digest(salt, data), metadata_digest=chain.metadata_digest(salt, metadata),
        prev=chain.GENESIS,
    )
    assert got == expected


def test_an_untouched_chain_verifies():
    assert verify_chain(make_chain()) is None


def test_a_suffix_verifies_from_the_link_before_it():
    items = make_chain()
    assert verify_chain(items[2:], prev=items[1].link) is None
    assert verify_chain(items[2:]) == 0  # not from genesis


CHANGES = {
    "game_id": "g-2",
    "version": 7,
    "type": "order.cancelled",
    "schema_version": 2,
    "visibility": "referee",
    "data_digest": bytes(32),
    "metadata_digest": bytes(32),
    "link": bytes(32),
    "salt": b"x" * 16,
    "data": b'{"order":99}',
    "metadata": b'{"actor":"someone-else"}',
}


@pytest.mark.parametrize("field", sorted(CHANGES))
def test_changing_any_field_breaks_the_chain_at_that_event(field):
    assert {f.name for f in dataclasses.fields(ChainItem)} == set(CHANGES)  # every field is covered
    items = make_chain()
    items[2] = dataclasses.replace(items[2], **{field: CHANGES[field]})
    assert verify_chain(items) == 2


def test_a_consistent_rewrite_of_one_event_breaks_the_next_link():
    items = make_chain()
    forged = dataclasses.replace(items[1], data=b'{"order":42}', data_digest=chain.data_digest(items[1].salt, b'{"order":42}'))
    fields = {k: getattr(forged, k) for k in ("game_id", "version", "type", "schema_version", "visibility",
                                             "data_digest", "metadata_digest")}
    items[1] = dataclasses.replace(forged, link=chain.link(**fields, prev=items[0].link))
    assert verify_chain(items) == 2


def test_reordering_breaks_the_chain():
    items = make_chain()
    items[1], items[2] = items[2], items[1]
    assert verify_chain(items) == 1


def test_dropping_an_event_breaks_the_chain():
    items = make_chain()
    del items[1]
    assert verify_chain(items) == 1


def test_a_stub_with_only_digests_verifies():
    items = make_chain()
    items[1] = dataclasses.replace(items[1], salt=None, data=None, metadata=None)
    assert verify_chain(items) is None


def test_a_stub_that_reveals_metadata_but_not_data_verifies():
    items = make_chain()
    items[1] = dataclasses.replace(items[1], data=None)
    assert verify_chain(items) is None


def test_a_payload_without_its_salt_does_not_verify():
    items = make_chain()
    items[1] = dataclasses.replace(items[1], salt=None)
    assert verify_chain(items) == 1


def test_length_prefixes_keep_a_byte_from_moving_between_fields():
    common = dict(game_id="g", version=1, schema_version=1, data_digest=bytes(32), metadata_digest=bytes(32),
                  prev=chain.GENESIS)
    assert chain.link(type="order", visibility="public", **common) != chain.link(
        type="orderp", visibility="ublic", **common
    )


def test_the_salt_hides_equal_payloads():
    assert chain.data_digest(b"a" * 16, b'{"die":6}') != chain.data_digest(b"b" * 16, b'{"die":6}')
