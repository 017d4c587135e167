"""The event store's value types: what callers append and what the store hands back."""
from __future__ import annotations

import msgspec


class NewEvent(msgspec.Struct, frozen=True, kw_only=True):
    """An event to append. `data` is the exact msgspec JSON of the payload; it is stored and hashed as-is."""

    type: str  # stable tag, e.g. "order.submitted", "ruling", "unit.moved"
    data: bytes
    visibility: str = "public"  # "public" | "referee" | "seats:<id>,<id>" (seat ids sorted)
    schema_version: int = 1
    actor: str = ""  # principal id: "worker", "system", a token principal
    command_id: str | None = None
    adjudicates: int | None = None  # rulings: version of the command ruled; unique per game


class EventMetadata(msgspec.Struct, frozen=True):
    """What `StoredEvent.metadata` holds; field order is part of the stored bytes, never reorder."""

    actor: str
    command_id: str | None
    adjudicates: int | None
    recorded_at: str


class StoredEvent(msgspec.Struct, frozen=True, kw_only=True):
    game_id: str
    version: int  # per game, gapless from 1
    position: int  # global, in commit order; may have holes, never out of order
    type: str
    schema_version: int
    visibility: str
    data: bytes
    metadata: bytes  # exact msgspec JSON of EventMetadata
    salt: bytes  # 16 random bytes, per event
    link: bytes  # 32-byte hash-chain link (domain/kernel/chain.py)
    adjudicates: int | None
    recorded_at: str  # ISO-8601 UTC, also inside metadata


class Idempotency(msgspec.Struct, frozen=True, kw_only=True):
    principal: str  # keys are scoped to the caller that sent them
    key: str
    request_hash: bytes  # fingerprint of the canonical request body


class AppendResult(msgspec.Struct, frozen=True, kw_only=True):
    first_version: int
    last_version: int
    replayed: bool = False  # same key and body seen before: nothing appended, original versions


class GameHead(msgspec.Struct, frozen=True, kw_only=True):
    game_id: str
    ruleset: str
    pack_hash: str
    version: int
    created_at: str
    link: bytes  # the hash-chain link of event `version`: a referee records it to check later exports by


class Projection(msgspec.Struct, frozen=True, kw_only=True):
    version: int  # last event folded into state
    adjudicated: int  # version of the last command ruled
    status: str  # "active" | "halted" | "finished"
    summary: bytes  # JSON the API serves as-is (turn, phase, to_act, ...)
    state: bytes | None = None
