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


class NewStream(msgspec.Struct, frozen=True, kw_only=True):
    """A stream to create: its genesis, its secrets, and its projection if not a new game's
    (a tournament keeps its own projection current, so the fold's lag sweep never picks it up)."""

    game_id: str
    ruleset: str
    pack_hash: str
    genesis: NewEvent
    secrets: dict[str, bytes] = {}
    projection: Projection | None = None


class StreamAppend(msgspec.Struct, frozen=True, kw_only=True):
    """Events appended to an existing stream in the same transaction as `create_streams`' new ones."""

    game_id: str
    events: tuple[NewEvent, ...]
    expected_version: int | None = None


class TokenRow(msgspec.Struct, frozen=True, kw_only=True):
    """An `api_token` row (infra/auth.py makes them) written with the streams it names."""

    id: str
    secret_hash: bytes
    role: str
    name: str
    game_id: str | None = None
    seat: str | None = None
    created_at: str
    revoked_at: str | None = None
    tournament_id: str | None = None
    entrant_id: str | None = None
