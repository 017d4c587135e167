"""The per-game hash chain (ARCHITECTURE §6), shared by the event store and the offline verifier.

    link = SHA-256(f(tag) || f(game id) || f(version) || f(type) || f(schema version) ||
                   f(visibility) || f(SHA-256(salt || data)) || f(SHA-256(salt || metadata)) || f(prev))

where f(x) is x prefixed with its length as 4 bytes big-endian, so no two field sequences encode
to the same bytes. Payloads enter only through salted digests: a filtered export can replace a
hidden event by a stub carrying its two digests and the chain still verifies, while the random
per-event salt keeps anyone from guessing a short hidden payload (a move, a die) from its digest.

Standard library only, so the verifier can be copied out and run anywhere.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Iterable

TAG = b"umpire-chain-1"
GENESIS = bytes(32)  # the "previous link" of version 1


def _field(value: bytes) -> bytes:
    return len(value).to_bytes(4, "big") + value


def data_digest(salt: bytes, data: bytes) -> bytes:
    return hashlib.sha256(salt + data).digest()


# Same construction; a separate name so call sites say which part they hash.
metadata_digest = data_digest


def link_head(game_id: str) -> bytes:
    """The fields before the version, the same for every event of a game."""
    return _field(TAG) + _field(game_id.encode())


def link_middle(*, type: str, schema_version: int, visibility: str, data_digest: bytes, metadata_digest: bytes) -> bytes:
    """The fields between the version and the previous link: known before the stream is locked."""
    return b"".join(
        _field(f)
        for f in (type.encode(), str(schema_version).encode("ascii"), visibility.encode(), data_digest, metadata_digest)
    )


def link_from_parts(head: bytes, version: int, middle: bytes, prev: bytes) -> bytes:
    """The link from its parts. The PostgreSQL append function (infra/eventstore/migrations/postgres)
    computes exactly this under the stream lock: sha256(head || f(version) || middle || f(prev))."""
    return hashlib.sha256(head + _field(str(version).encode("ascii")) + middle + _field(prev)).digest()


def link(
    *,
    game_id: str,
    version: int,
    type: str,
    schema_version: int,
    visibility: str,
    data_digest: bytes,
    metadata_digest: bytes,
    prev: bytes,
) -> bytes:
    middle = link_middle(
        type=type,
        schema_version=schema_version,
        visibility=visibility,
        data_digest=data_digest,
        metadata_digest=metadata_digest,
    )
    return link_from_parts(link_head(game_id), version, middle, prev)


@dataclass(frozen=True, slots=True)
class ChainItem:
    """One event as an export carries it: digests always, payloads only where the reader may see them.

    When `salt` and `data` (or `metadata`) are present they must hash to the digest they replace.
    """

    game_id: str
    version: int
    type: str
    schema_version: int
    visibility: str
    data_digest: bytes
    metadata_digest: bytes
    link: bytes
    salt: bytes | None = None
    data: bytes | None = None
    metadata: bytes | None = None


def _payload_matches(item: ChainItem) -> bool:
    if item.data is None and item.metadata is None:
        return True
    if item.salt is None:
        return False
    if item.data is not None and data_digest(item.salt, item.data) != item.data_digest:
        return False
    return item.metadata is None or metadata_digest(item.salt, item.metadata) == item.metadata_digest


def verify_chain(items: Iterable[ChainItem], *, prev: bytes = GENESIS) -> int | None:
    """Index of the first item whose payload, link or place in the chain is wrong; None if all hold.

    `prev` is the link before the first item (GENESIS when the export starts at version 1).
    """
    for index, item in enumerate(items):
        expected = link(
            game_id=item.game_id,
            version=item.version,
            type=item.type,
            schema_version=item.schema_version,
            visibility=item.visibility,
            data_digest=item.data_digest,
            metadata_digest=item.metadata_digest,
            prev=prev,
        )
        if expected != item.link or not _payload_matches(item):
            return index
        prev = item.link
    return None
