"""The logic the backends share (their contract, split by role, is `recorders.py`).

Shared here, so the backends differ only in SQL dialect, locking and connection handling:
sealing events (salt, metadata bytes, chain links), the idempotency verdict, stream checks,
and loading migrations.
"""
from __future__ import annotations

import os
import re
from datetime import datetime, timezone
from importlib import resources
from typing import Sequence

import msgspec

from domain.kernel import chain
from infra.eventstore.errors import DuplicateRuling, IdempotencyMismatch, UnknownGame, VersionConflict
from infra.eventstore.recorders import Streams
from infra.eventstore.types import (
    AppendResult,
    EventMetadata,
    Idempotency,
    NewEvent,
    NewStream,
    Projection,
    StoredEvent,
)

SALT_BYTES = 16
LOCK_TIMEOUT_S = 5.0  # waits for a stream, projection or table lock longer than this fail with LockTimeout
_VISIBILITY = re.compile(r"public|referee|seats:[^,]+(,[^,]+)*")
_encode_metadata = msgspec.json.Encoder().encode


def utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds").replace("+00:00", "Z")


def check_visibility(visibility: str) -> None:
    """Visibility is hashed into the chain, so one audience must have exactly one spelling."""
    if not _VISIBILITY.fullmatch(visibility):
        raise ValueError(f"visibility {visibility!r} is not public, referee or seats:<id>,...")
    if visibility.startswith("seats:"):
        seats = visibility[len("seats:"):].split(",")
        if seats != sorted(set(seats)):
            raise ValueError(f"visibility {visibility!r}: seat ids must be sorted and distinct")


class Row(msgspec.Struct, frozen=True, kw_only=True):
    """A sealed event before it gets its global position."""

    version: int
    type: str
    schema_version: int
    visibility: str
    data: bytes
    metadata: bytes
    salt: bytes
    link: bytes
    adjudicates: int | None
    recorded_at: str

    def stored(self, game_id: str, position: int) -> StoredEvent:
        return StoredEvent(game_id=game_id, position=position, **msgspec.structs.asdict(self))


class Prepared(msgspec.Struct, frozen=True):
    """What an event needs before the stream is locked: its salt, metadata bytes and chain-link middle."""

    salt: bytes
    metadata: bytes
    middle: bytes


def prepare(events: Sequence[NewEvent], recorded_at: str) -> list[Prepared]:
    if not events:
        raise ValueError("append needs at least one event")
    rulings_in(events)
    prepared = []
    for event in events:
        check_visibility(event.visibility)
        salt = os.urandom(SALT_BYTES)
        metadata = _encode_metadata(EventMetadata(event.actor, event.command_id, event.adjudicates, recorded_at))
        middle = chain.link_middle(
            type=event.type,
            schema_version=event.schema_version,
            visibility=event.visibility,
            data_digest=chain.data_digest(salt, event.data),
            metadata_digest=chain.metadata_digest(salt, metadata),
        )
        prepared.append(Prepared(salt, metadata, middle))
    return prepared


def seal(game_id: str, after_version: int, prev_link: bytes, events: Sequence[NewEvent]) -> list[Row]:
    """Number, salt and chain `events` after `after_version`; `prev_link` must be read under the stream lock."""
    recorded_at = utc_now()
    head = chain.link_head(game_id)
    rows = []
    for offset, (event, p) in enumerate(zip(events, prepare(events, recorded_at), strict=True), start=1):
        version = after_version + offset
        prev_link = chain.link_from_parts(head, version, p.middle, prev_link)
        rows.append(
            Row(
                version=version,
                type=event.type,
                schema_version=event.schema_version,
                visibility=event.visibility,
                data=event.data,
                metadata=p.metadata,
                salt=p.salt,
                link=prev_link,
                adjudicates=event.adjudicates,
                recorded_at=recorded_at,
            )
        )
    return rows


def chain_item(event: StoredEvent, *, reveal: bool = True) -> chain.ChainItem:
    """The chain's view of a stored event: with its payload, or (reveal=False) as a digest-only stub."""
    return chain.ChainItem(
        game_id=event.game_id,
        version=event.version,
        type=event.type,
        schema_version=event.schema_version,
        visibility=event.visibility,
        data_digest=chain.data_digest(event.salt, event.data),
        metadata_digest=chain.metadata_digest(event.salt, event.metadata),
        link=event.link,
        salt=event.salt if reveal else None,
        data=event.data if reveal else None,
        metadata=event.metadata if reveal else None,
    )


def rulings_in(events: Sequence[NewEvent]) -> list[int]:
    """The commands `events` rule, refusing a batch that rules one command twice."""
    seen: list[int] = []
    for event in events:
        if event.adjudicates is not None:
            if event.adjudicates in seen:
                raise DuplicateRuling(event.adjudicates)
            seen.append(event.adjudicates)
    return seen


def replay_of(idem: Idempotency, game_id: str, stored: tuple[str, bytes, int, int]) -> AppendResult:
    """The answer to a reused key: the original versions if it is the same request, else a mismatch."""
    stored_game, request_hash, first, last = stored
    if stored_game != game_id or request_hash != idem.request_hash:
        raise IdempotencyMismatch(idem.principal, idem.key)
    return AppendResult(first_version=first, last_version=last, replayed=True)


def check_stream(
    game_id: str,
    stream: tuple[int, bytes] | None,
    expected_version: int | None,
    ruled: Sequence[int],
) -> tuple[int, bytes]:
    """Refuse an append to a missing game, at a stale version, or ruling a command already ruled."""
    if stream is None:
        raise UnknownGame(game_id)
    version, head_link = stream
    if expected_version is not None and expected_version != version:
        raise VersionConflict(expected_version, version)
    if ruled:
        raise DuplicateRuling(min(ruled))
    return version, head_link


def migrations(backend: str) -> list[tuple[str, str]]:
    """(name, sql) of a backend's migrations, in the order their names sort ("0001_...", "0002_...")."""
    folder = resources.files("infra.eventstore") / "migrations" / backend
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".sql")), key=lambda f: f.name)
    return [(f.name.removesuffix(".sql"), f.read_text()) for f in files]


NEW_PROJECTION = Projection(version=0, adjudicated=0, status="active", summary=b"{}", state=None)
STATUSES = ("active", "halted", "finished")


class CreateGame:
    """A single game's creation is a one-stream `create_streams` on every backend."""

    def create_game(
        self: Streams,
        game_id: str,
        *,
        ruleset: str,
        pack_hash: str,
        genesis: NewEvent,
        idem: Idempotency | None = None,
        secrets: dict[str, bytes] | None = None,
    ) -> StoredEvent:
        self.create_streams([NewStream(game_id=game_id, ruleset=ruleset, pack_hash=pack_hash, genesis=genesis,
                                       secrets=secrets or {})], idem=idem)
        return self.read(game_id, after=0, upto=1)[0]


class WriteOnce:
    """Packs, snapshots and secrets: rows written once (the same bytes again change nothing, other
    bytes are a Conflict). Both backends share these reads and writes; each gives `_put_once`,
    `_conn` and its parameter mark, written `?` here."""

    MARK = "?"

    def _row(self, sql: str, args: tuple) -> tuple | None:
        with self._conn() as conn:  # type: ignore[attr-defined]
            return conn.execute(sql.replace("?", self.MARK), args).fetchone()

    def put_pack(self, hash: str, data: bytes) -> None:
        self._put_once("pack", {"hash": hash}, "data", data)

    def get_pack(self, hash: str) -> bytes | None:
        row = self._row("SELECT data FROM pack WHERE hash = ?", (hash,))
        return row[0] if row else None

    def put_snapshot(self, game_id: str, version: int, ruleset: str, pack_hash: str, state: bytes) -> None:
        key = {"game_id": game_id, "ruleset": ruleset, "pack_hash": pack_hash, "version": version}
        self._put_once("snapshot", key, "state", state)

    def snapshot(self, game_id: str, *, at_most: int, ruleset: str, pack_hash: str) -> tuple[int, bytes] | None:
        row = self._row("SELECT version, state FROM snapshot WHERE game_id = ? AND ruleset = ? AND pack_hash = ?"
                        " AND version <= ? ORDER BY version DESC LIMIT 1", (game_id, ruleset, pack_hash, at_most))
        return (row[0], row[1]) if row else None

    def put_secret(self, game_id: str, name: str, value: bytes) -> None:
        self._put_once("secret", {"game_id": game_id, "name": name}, "value", value)

    def get_secret(self, game_id: str, name: str) -> bytes | None:
        row = self._row("SELECT value FROM secret WHERE game_id = ? AND name = ?", (game_id, name))
        return row[0] if row else None


def check_projection_write(old: Projection, new: Projection) -> None:
    """A projection only moves forward: a fold that would rewind it is a bug, not a retry."""
    if new.status not in STATUSES:
        raise ValueError(f"projection status {new.status!r} is not one of {STATUSES}")
    if new.version < old.version or new.adjudicated < old.adjudicated:
        raise ValueError(
            f"projection would move back: version {old.version}->{new.version},"
            f" adjudicated {old.adjudicated}->{new.adjudicated}"
        )
