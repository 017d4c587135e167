"""A pack's canonical encoding and content hash: what a game's genesis event pins.

The encoding is msgspec JSON of the decoded `Pack` with every object's keys sorted, so the hash
depends on the data only: not on which files held it, their order, or the key order inside them.
"""
from __future__ import annotations

import hashlib

import msgspec

from domain.kernel.pack.schema import Pack


def canonical_bytes(pack: Pack) -> bytes:
    return msgspec.json.encode(pack, order="sorted")


def pack_hash(pack: Pack) -> str:
    """SHA-256 of the canonical encoding, as lowercase hex."""
    return hashlib.sha256(canonical_bytes(pack)).hexdigest()
