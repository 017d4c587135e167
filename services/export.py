"""Exports a referee can verify offline: NDJSON (header, then one line per event) and a readable
text export in the spirit of PGN.

Each event line carries what the hash chain needs: version, type, schema version, visibility,
link, and either the exact payload bytes with their salt (where the caller may see them) or the
two salted digests (a stub). Payloads are the exact stored JSON text, so the chain re-hashes.
Dice keys appear only in `key.revealed` events, never in a header. The header ends with the event
count and the last event's link, so a file cut short is caught; a head recorded earlier from
GET /v1/games/{id} (`version`, `head_link`) proves the export extends that log unaltered.
"""
from __future__ import annotations

import hashlib
from typing import Any, Iterator

import msgspec

from domain.kernel import chain
from domain.kernel.seats import Viewer, can_see
from domain.tournament.events import RULESET as TOURNAMENT
from services.games import Games
from services.tournaments import TournamentLog
from services.queries import Queries

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
    head: str | None = None  # the last event's link: with `events`, a file cut short (or padded) shows
    # The state before the first command, as a digest and how to rebuild it (`umpire verify` does and
    # compares): a referee checks the position the rulings start from, not only the rulings. Older
    # exports have none.
    initial_state: dict[str, str] | None = None


REBUILD = ("the ruleset's setup(pack, scenario, game_id, options) from the genesis event (a fork's: the genesis's "
           "initial_state), encoded as JSON by msgspec with order='deterministic' (sets and dict keys sorted)")
_CANONICAL = msgspec.json.Encoder(order="deterministic")  # a set's order varies from process to process


def state_digest(state: Any) -> str:
    return hashlib.sha256(_CANONICAL.encode(state)).hexdigest()


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
                          options=g.options, dice=msgspec.to_builtins(g.dice), viewer=who, events=len(events),
                          head=events[-1].link.hex(),
                          initial_state={"sha256": state_digest(ctx.initial()), "rebuild": REBUILD})
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


def tournament_lines(games: Games, tid: str) -> Iterator[bytes]:
    """A tournament's stream (`umpire-tournament@1`) in the same format; every tournament event is public."""
    version, t = TournamentLog(games.store).load(tid)
    events = games.store.read(tid, upto=version)
    header = ExportHeader(format=FORMAT, game_id=tid, ruleset=TOURNAMENT, pack_hash="", scenario=t.created.scenario,
                          options={}, dice={}, viewer="public", events=len(events), head=events[-1].link.hex())
    yield msgspec.json.encode(header) + b"\n"
    for e in events:
        yield msgspec.json.encode(ExportEvent(
            version=e.version, type=e.type, schema_version=e.schema_version, visibility=e.visibility, link=e.link.hex(),
            data_digest=chain.data_digest(e.salt, e.data).hex(), metadata_digest=chain.metadata_digest(e.salt, e.metadata).hex(),
            adjudicates=e.adjudicates, salt=e.salt.hex(), data=e.data.decode(), metadata=e.metadata.decode())) + b"\n"


def parse(lines: Iterator[bytes] | list[bytes]) -> tuple[ExportHeader, list[ExportEvent]]:
    it = iter(lines)
    header = msgspec.json.decode(next(it), type=ExportHeader)
    if header.format != FORMAT:
        raise ValueError(f"not an Umpire export ({header.format!r})")
    events = [msgspec.json.decode(line, type=ExportEvent) for line in it if line.strip()]
    return header, events


def text_export(games: Games, game_id: str, viewer: Viewer) -> str:
    """A readable record in the spirit of PGN: tag pairs, then the orders by turn and phase with
    their rulings, dice and citations as {comments}."""
    ctx = games.context(game_id)
    summary = Queries(games).summary(game_id)
    over = summary["status"] == "finished"
    g = ctx.genesis
    tags = {
        "Game": ctx.ruleset.title, "GameId": game_id, "Scenario": f"{ctx.ruleset.name}/{g.scenario}",
        "Ruleset": g.ruleset, "PackHash": g.pack_hash, "Commitment": " ".join(f"{k}:{v}" for k, v in sorted(g.dice.commitments.items())),
        "Result": (summary["result"] or {}).get("level", "*"), "Players": " ".join(s.id for s in g.layout.seats),
        "Official": "yes" if g.official else "no (fork)",
    }
    lines = [f'[{k} "{v}"]' for k, v in tags.items()] + [""]
    events = games.store.read(game_id)
    label = ""
    by_version = {e.version: e for e in events}
    for e in events:
        if e.type == "phase.advanced" and can_see(e.visibility, viewer, game_over=over):
            label = msgspec.json.decode(e.data).get("label", "")
            lines.append(f"\n{label}")
        if e.type != "ruling" or e.adjudicates is None:
            continue
        cmd = by_version.get(e.adjudicates)
        if cmd is None or not can_see(cmd.visibility, viewer, game_over=over) or cmd.type == "game.created":
            continue
        r: dict[str, Any] = msgspec.json.decode(e.data) if can_see(e.visibility, viewer, game_over=over) else {"verdict": "hidden"}
        payload = msgspec.json.decode(cmd.data)
        who = payload.get("seat") or payload.get("by") or "umpire"
        what = payload.get("order") or payload.get("command")
        comment = r["verdict"] if r["verdict"] != "rejected" else f"rejected {r.get('code')}: {r.get('message')}"
        if r.get("citations"):
            comment += "; " + "; ".join(_cite(c) for c in r["citations"])
        lines.append(f"{cmd.version}. {who}: {msgspec.json.encode(what).decode()} {{{comment}}}")
        for x in events[e.version:e.version + r.get("effects", 0)]:
            if not can_see(x.visibility, viewer, game_over=over):
                continue
            d = msgspec.json.decode(x.data)
            if isinstance(d.get("roll"), dict):
                roll = d["roll"]
                cites = "; ".join(_cite(c) for c in d.get("cite", []))
                lines.append(f"   {{die d{roll['sides']}={roll['value']} ({roll['purpose']}, {roll['chain']} epoch {roll['epoch']}, "
                             f"draw {roll['draw']}) -> {d.get('odds', '')} {d.get('result', '')}; {cites}}}")
    return "\n".join(lines) + "\n"


def _cite(c: dict) -> str:
    if c.get("kind") == "rulebook":
        lines = c.get("lines") or []
        where = f" L{lines[0]}" if lines else ""
        case = f" ({c['case']})" if c.get("case") else ""
        return f"{c['section']}{case}{where}"
    return c.get("entry") or c.get("name") or c.get("option") or c.get("reference", "")
