"""Exports a referee can verify offline: NDJSON (header, then one line per event) and a readable
text export in the spirit of PGN.

Each event line carries what the hash chain needs: version, type, schema version, visibility,
link, and either the exact payload bytes with their salt (where the caller may see them) or the
two salted digests (a stub). Payloads are the exact stored JSON text, so the chain re-hashes.
Dice keys appear only in `key.revealed` events, never in a header.
"""
from __future__ import annotations

from typing import Any, Iterator

import msgspec

from domain.kernel import chain
from domain.kernel.seats import Viewer, can_see
from services.games import Games

FORMAT = "umpire-export-1"


class ExportHeader(msgspec.Struct, frozen=True, kw_only=True):
    format: str
    game_id: str
    ruleset: str
    pack_hash: str
    scenario: str
    options: dict[str, Any]
    dice: dict[str, Any]
    viewer: str
    events: int


class ExportEvent(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    version: int
    type: str
    schema_version: int
    visibility: str
    link: str
    data_digest: str
    metadata_digest: str
    adjudicates: int | None = None
    salt: str | None = None
    data: str | None = None
    metadata: str | None = None


def export_lines(games: Games, game_id: str, viewer: Viewer) -> Iterator[bytes]:
    ctx = games.context(game_id)
    over = games.store.projection(game_id).status == "finished"
    events = games.store.read(game_id)
    g = ctx.genesis
    who = viewer.role if viewer.role != "seat" else f"seat:{viewer.seat}"
    header = ExportHeader(format=FORMAT, game_id=game_id, ruleset=g.ruleset, pack_hash=g.pack_hash, scenario=g.scenario,
                          options=g.options, dice=msgspec.to_builtins(g.dice), viewer=who, events=len(events))
    yield msgspec.json.encode(header) + b"\n"
    for e in events:
        visible = can_see(e.visibility, viewer, game_over=over)
        line = ExportEvent(
            version=e.version, type=e.type, schema_version=e.schema_version, visibility=e.visibility, link=e.link.hex(),
            data_digest=chain.data_digest(e.salt, e.data).hex(), metadata_digest=chain.metadata_digest(e.salt, e.metadata).hex(),
            adjudicates=e.adjudicates,
            salt=e.salt.hex() if visible else None,
            data=e.data.decode() if visible else None,
            metadata=e.metadata.decode() if visible else None,
        )
        yield msgspec.json.encode(line) + b"\n"


def parse(lines: Iterator[bytes] | list[bytes]) -> tuple[ExportHeader, list[ExportEvent]]:
    it = iter(lines)
    header = msgspec.json.decode(next(it), type=ExportHeader)
    if header.format != FORMAT:
        raise ValueError(f"not an Umpire export ({header.format!r})")
    events = [msgspec.json.decode(line, type=ExportEvent) for line in it if line.strip()]
    return header, events
