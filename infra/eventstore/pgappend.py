"""The PostgreSQL append call: appends prepared in Python, sent as one JSON batch to `umpire_append`
(migrations/postgres/0002_append_function.sql), and its status rows turned back into results.

Python prepares everything that needs no lock (salts, metadata bytes, payload digests and the
chain-link parts); the function does what must happen under the stream lock.

`call_lean` is the common case's shorter path (migrations/postgres/0003): one SQL statement, no
procedural steps, with the checks as constraints rather than lookups. It locks the batch's stream
rows, computes the links (umpire_links's formula) of the appends whose expected version holds, and inserts
their keys and events; a key already taken or a command already ruled is a unique violation that
rolls the statement back whole. Whatever it did not append (a version conflict, an unknown game,
a retry, a second ruling) then goes through `umpire_append`, which tells each outcome apart. Both
run as their own transaction, so a refusal answered by the second is as current as the first.

An append of one event (an order, the common case) takes `_ONE` instead: a single UPDATE of its
stream row checks the expected version and computes the link from the head link the row holds, and
the key and the event are inserted from what it returns, all with plain parameters (no JSON to
parse, no recursion, no separate row lock).
"""
from __future__ import annotations

from typing import NamedTuple, Sequence

import msgspec
import psycopg
from psycopg import errors as pgerr

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


# No PL/pgSQL here: a function call costs its expression set-up again in every transaction and
# its clean-up at commit, which measured more than the statement's own work. So the links are a
# recursive step (the formula of umpire_links) and positions start at the transaction's base with
# no probe: the statement is the first of its own transaction (call_lean runs it in autocommit).
_LEAN = """
WITH RECURSIVE a AS MATERIALIZED (
  SELECT x.*, sum(x.count) OVER (ORDER BY x.ai) - x.count AS e0
    FROM ROWS FROM (json_to_recordset(%(batch)s::json -> 'appends')
                    AS (game_id text, expected_version integer, principal text, key text, request_hash text,
                        recorded_at text, chain_head text, count integer)) WITH ORDINALITY
         AS x(game_id, expected_version, principal, key, request_hash, recorded_at, chain_head, count, ai)),
e AS MATERIALIZED (
  SELECT * FROM ROWS FROM (json_to_recordset(%(batch)s::json -> 'events')
                          AS (type text, schema_version integer, visibility text, data text, metadata text, salt text,
                              adjudicates integer, chain_middle text)) WITH ORDINALITY
         AS y(type, schema_version, visibility, data, metadata, salt, adjudicates, chain_middle, ei)),
head AS MATERIALIZED (  -- stream rows locked in game-id order; after a wait, the committed row
  SELECT a.*, gs.version AS v0, gs.head_link FROM a JOIN game_stream gs USING (game_id)
   ORDER BY gs.game_id FOR UPDATE OF gs),
ok AS MATERIALIZED (
  SELECT h.* FROM head h WHERE h.expected_version IS NULL OR h.expected_version = h.v0),
link (ai, eo, v, link) AS (  -- sha256(head || f(version) || middle || f(prev)), f(x) = int4 length || x
  SELECT ok.ai, 0, ok.v0, ok.head_link FROM ok
  UNION ALL
  SELECT l.ai, l.eo + 1, l.v + 1,
         sha256(decode(ok.chain_head, 'base64') || int4send(length(convert_to((l.v + 1)::text, 'UTF8')))
                || convert_to((l.v + 1)::text, 'UTF8') || decode(e.chain_middle, 'base64')
                || int4send(length(l.link)) || l.link)
    FROM link l JOIN ok USING (ai) JOIN e ON e.ei = ok.e0 + l.eo + 1
   WHERE l.eo < ok.count),
claim AS (  -- in key order, as umpire_append: two batches waiting on each other's keys cannot deadlock
  INSERT INTO command
  SELECT principal, key, game_id, decode(request_hash, 'base64'), v0 + 1, v0 + count, recorded_at
    FROM ok WHERE key IS NOT NULL ORDER BY principal, key),
moved AS (
  UPDATE game_stream gs SET version = ok.v0 + ok.count, head_link = l.link
    FROM ok JOIN link l ON l.ai = ok.ai AND l.eo = ok.count WHERE gs.game_id = ok.game_id),
written AS (
  INSERT INTO event (position, game_id, version, type, schema_version, visibility, data, metadata, salt, link,
                     adjudicates, recorded_at)
  SELECT (pg_current_xact_id()::text::bigint << 20) + e.ei - 1, ok.game_id, l.v, e.type, e.schema_version,
         e.visibility, decode(e.data, 'base64'), decode(e.metadata, 'base64'), decode(e.salt, 'base64'), l.link,
         e.adjudicates, ok.recorded_at
    FROM ok JOIN link l ON l.ai = ok.ai AND l.eo > 0 JOIN e ON e.ei = ok.e0 + l.eo)
SELECT ai, v0 + 1, v0 + count FROM ok
"""
# One append of one event: the UPDATE locks the stream row (after a wait it re-reads the committed
# row, so the version check and the link use the latest head), and what it returns is the event's
# version and link. No row back: a version conflict or an unknown game; a unique violation: a key
# already taken or a command already ruled. Either way nothing was written and `call` tells which.
# Same link formula as umpire_links, same position rule as _LEAN (the transaction's first events).
_ONE = """
WITH s AS (
  UPDATE game_stream
     SET version = version + 1,
         head_link = sha256(%(chain_head)s || int4send(octet_length(convert_to((version + 1)::text, 'UTF8')))
                            || convert_to((version + 1)::text, 'UTF8') || %(chain_middle)s
                            || int4send(length(head_link)) || head_link)
   WHERE game_id = %(game_id)s AND (%(expected_version)s::integer IS NULL OR version = %(expected_version)s::integer)
  RETURNING version, head_link),
claim AS (
  INSERT INTO command
  SELECT %(principal)s, %(key)s, %(game_id)s, %(request_hash)s, s.version, s.version, %(recorded_at)s
    FROM s WHERE %(key)s::text IS NOT NULL),
written AS (
  INSERT INTO event (position, game_id, version, type, schema_version, visibility, data, metadata, salt, link,
                     adjudicates, recorded_at)
  SELECT pg_current_xact_id()::text::bigint << 20, %(game_id)s, s.version, %(type)s, %(schema_version)s::smallint,
         %(visibility)s, %(data)s, %(metadata)s, %(salt)s, s.head_link, %(adjudicates)s::integer, %(recorded_at)s
    FROM s)
SELECT 1, version, version FROM s
"""


def _one_params(pending: Pending) -> dict:
    a, e = pending.append, pending.events[0]
    return {"game_id": a.game_id, "expected_version": a.expected_version, "principal": a.principal, "key": a.key,
            "request_hash": a.request_hash, "recorded_at": a.recorded_at, "chain_head": a.chain_head,
            "chain_middle": e.chain_middle, "type": e.type, "schema_version": e.schema_version,
            "visibility": e.visibility, "data": e.data, "metadata": e.metadata, "salt": e.salt,
            "adjudicates": e.adjudicates}


def _lean_rows(conn: psycopg.Connection, pending: Sequence[Pending]) -> list[tuple]:
    """(index + 1, first version, last version) of the appends the lean statement appended; it
    raises UniqueViolation when it wrote nothing. The caller has checked `_lean_fits`."""
    if len(pending) == 1 and pending[0].append.count == 1:
        return conn.execute(_ONE, _one_params(pending[0]), prepare=True).fetchall()
    batch = _encode_batch(Batch(keyed=0, ruling=0, appends=[p.append for p in pending],
                                events=[e for p in pending for e in p.events])).decode()
    return conn.execute(_LEAN, {"batch": batch}, prepare=True).fetchall()


# A transaction numbers at most this many events from its base (migrations/postgres/0003).
_TRANSACTION_EVENTS = 1 << 20


def _lean_fits(appends: Sequence[Append]) -> bool:
    """One statement updates a stream row once and sees no key twice: distinct games and keys; and
    the events fit in one transaction's range of positions."""
    keys = [(a.principal, a.key) for a in appends if a.key is not None]
    return (len({a.game_id for a in appends}) == len(appends) and len(set(keys)) == len(keys)
            and sum(a.count for a in appends) < _TRANSACTION_EVENTS)


def lean_in_transaction(conn: psycopg.Connection, pending: Pending) -> AppendResult | Exception:
    """One append inside the caller's transaction (a fold's), which has written no event before it:
    the lean statement under a savepoint, and `call` after rolling it back when it did not append
    (a second ruling). The statement numbers its events from the transaction's base with no probe,
    so it may run once per transaction, before any other event insert: the caller guarantees it."""
    row = None
    if _lean_fits([pending.append]):
        try:
            with conn.transaction():  # a savepoint: a unique violation undoes the statement only
                row = next(iter(_lean_rows(conn, [pending])), None)
        except pgerr.UniqueViolation:
            row = None
    if row is not None:
        return AppendResult(first_version=row[1], last_version=row[2], replayed=False)
    return call(conn, [pending])[0]


def call_lean(conn: psycopg.Connection, pending: Sequence[Pending]) -> list[AppendResult | Exception]:
    """Run `pending` appends on an autocommit connection: the lean statement, then `call` for the rest."""
    if conn.autocommit is False:
        raise ValueError("call_lean runs its own transactions; inside one, use call")
    done: dict[int, AppendResult] = {}
    if _lean_fits([p.append for p in pending]):
        try:
            rows = _lean_rows(conn, pending)
        except pgerr.UniqueViolation:  # a retry or a second ruling: nothing was written
            rows = []
        done = {ai - 1: AppendResult(first_version=f, last_version=last, replayed=False) for ai, f, last in rows}
    rest = [i for i in range(len(pending)) if i not in done]
    outcomes: list[AppendResult | Exception] = [done.get(i) for i in range(len(pending))]  # type: ignore[misc]
    for i, outcome in zip(rest, call(conn, [pending[i] for i in rest]) if rest else [], strict=True):
        outcomes[i] = outcome
    return outcomes


def raise_or_return(outcome: AppendResult | Exception) -> AppendResult:
    if isinstance(outcome, Exception):
        raise outcome
    return outcome
