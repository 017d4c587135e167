"""The PostgreSQL append call: appends prepared in Python, sent as one JSON batch to `umpire_append`
(migrations/postgres/0002_append_function.sql), and its status rows turned back into results.

Python prepares everything that needs no lock (salts, metadata bytes, payload digests and the
chain-link parts); the function does what must happen under the stream lock.
"""
from __future__ import annotations

from typing import NamedTuple, Sequence

import msgspec
import psycopg

from domain.kernel import chain
from infra.eventstore import base
from infra.eventstore.errors import DuplicateRuling, IdempotencyMismatch, UnknownGame, VersionConflict
from infra.eventstore.types import AppendResult, Idempotency, NewEvent

_APPEND = "SELECT status, first_version, last_version, detail FROM umpire_append(%s::json)"


class WireEvent(msgspec.Struct, frozen=True):
    type: str
    schema_version: int
    visibility: str
    data: bytes  # bytes travel as base64 in the JSON batch
    metadata: bytes
    salt: bytes
    adjudicates: int | None
    chain_middle: bytes


class Append(msgspec.Struct, frozen=True):
    """One append as umpire_append receives it, prepared outside any lock."""

    game_id: str
    expected_version: int | None
    principal: str | None
    key: str | None
    request_hash: bytes | None
    recorded_at: str
    chain_head: bytes
    rulings: list[int]
    count: int  # its events are sent flattened, in _Batch.events


class Pending(NamedTuple):
    append: Append
    events: list[WireEvent]


class Batch(msgspec.Struct, frozen=True):
    keyed: int  # appends with an idempotency key
    ruling: int  # appends with rulings
    appends: list[Append]
    events: list[WireEvent]


_encode_batch = msgspec.json.Encoder().encode


def prepare(game_id: str, events: Sequence[NewEvent], expected_version: int | None, idem: Idempotency | None) -> Pending:
    recorded_at = base.utc_now()
    wire = [
        WireEvent(e.type, e.schema_version, e.visibility, e.data, p.metadata, p.salt, e.adjudicates, p.middle)
        for e, p in zip(events, base.prepare(events, recorded_at), strict=True)
    ]
    append = Append(
        game_id,
        expected_version,
        idem.principal if idem else None,
        idem.key if idem else None,
        idem.request_hash if idem else None,
        recorded_at,
        chain.link_head(game_id),
        base.rulings_in(events),
        len(wire),
    )
    return Pending(append, wire)


def _outcome(append: Append, row: tuple) -> AppendResult | Exception:
    status, first, last, detail = row
    if status in ("appended", "replayed"):
        return AppendResult(first_version=first, last_version=last, replayed=status == "replayed")
    if status == "conflict":
        return VersionConflict(append.expected_version, detail)
    if status == "duplicate_ruling":
        return DuplicateRuling(detail)
    if status == "mismatch":
        return IdempotencyMismatch(append.principal, append.key)
    if status == "unknown_game":
        return UnknownGame(append.game_id)
    raise AssertionError(f"umpire_append answered {status!r}")


def _rounds(appends: Sequence[Append]) -> list[list[int]]:
    """Indexes of `appends` split into calls with distinct idempotency keys (a repeated key must see
    its first use), each sorted by game id so concurrent batches lock stream rows in one order."""
    rounds: list[list[int]] = []
    seen: list[set] = []
    for i, a in enumerate(appends):
        key = (a.principal, a.key) if a.key is not None else None
        r = next((r for r, keys in enumerate(seen) if key is None or key not in keys), len(rounds))
        if r == len(rounds):
            rounds.append([])
            seen.append(set())
        rounds[r].append(i)
        seen[r].add(key)
    return [sorted(r, key=lambda i: appends[i].game_id) for r in rounds]


def call(conn: psycopg.Connection, pending: Sequence[Pending]) -> list[AppendResult | Exception]:
    """Run `pending` appends through umpire_append, in the caller's transaction (autocommit: one per call)."""
    outcomes: list[AppendResult | Exception] = [None] * len(pending)  # type: ignore[list-item]
    for round_ in _rounds([p.append for p in pending]):
        batch = [pending[i] for i in round_]
        appends = [p.append for p in batch]
        wire = Batch(
            keyed=sum(a.key is not None for a in appends),
            ruling=sum(bool(a.rulings) for a in appends),
            appends=appends,
            events=[e for p in batch for e in p.events],
        )
        rows = conn.execute(_APPEND, (_encode_batch(wire).decode(),)).fetchall()
        for i, p, row in zip(round_, batch, rows, strict=True):
            outcomes[i] = _outcome(p.append, row)
    return outcomes


def raise_or_return(outcome: AppendResult | Exception) -> AppendResult:
    if isinstance(outcome, Exception):
        raise outcome
    return outcome
