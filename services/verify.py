"""`umpire verify FILE`: check an export offline, with no server and no database.

1. The hash chain, re-hashed from the payloads (hidden events as their digests).
   The export is whole: as many events as its header announces, ending at the header's head link,
   and, given a head the referee recorded earlier (`--head VERSION:LINK`), that event is in it.
2. Each revealed dice key against the genesis commitment.
3. Every command re-adjudicated from genesis with the pinned ruleset and pack (found by hash),
   its dice re-derived from the revealed keys, each ruling compared byte for byte with the log.

It stops re-adjudicating where it cannot go on (a key not revealed yet, an event hidden from the
caller) and says so. Exit status: 0 verified in full; 3 everything checkable matches but some
rulings are not checkable yet (0 with `--partial-ok`; the word OK is then never printed); 1 a
failure, naming the first bad event, or a file that is not an export, naming the line.
"""
from __future__ import annotations

import gzip
import sys
from typing import Callable

import msgspec

from domain.kernel import chain, game
from domain.kernel.dice import KeyedDice, key_for, mix_of, verify_key
from domain.kernel.log import COMMAND_TYPES, Codec, GameCreated, KeyRevealed
from domain.tournament import events as tournament_events
from domain.tournament import state as tournament_state
from domain.tournament.events import RULESET as TOURNAMENT
from services.catalog import Catalog
from services.export import ExportEvent, ExportHeader, parse, state_digest


class Report(msgspec.Struct, kw_only=True):
    events: int = 0
    chain_ok: bool = True
    keys_checked: int = 0
    rulings_checked: int = 0
    initial_state_checked: bool = False  # the header's initial-state digest matched the rebuilt state
    first_bad: dict | None = None  # {version, what, recorded, recomputed, why}
    unverified: list[str] = []

    @property
    def ok(self) -> bool:
        return self.chain_ok and self.first_bad is None


class KeyUnknown(Exception):
    pass


def _bad(report: Report, version: int, what: str, why: str, recorded=None, recomputed=None) -> Report:
    report.first_bad = {"version": version, "what": what, "why": why, "recorded": recorded, "recomputed": recomputed}
    return report


def verify(header: ExportHeader, events: list[ExportEvent], catalog: Catalog, *,
           progress: Callable[[int, int], None] | None = None, ruleset: str | None = None,
           head: tuple[int, str] | None = None) -> Report:
    """`ruleset` re-adjudicates under another version than the one the game pinned (e.g. a newer
    fix): the report then names the first ruling that version would have made differently.
    `head` is (version, link hex) as recorded earlier: the export must hold that very event."""
    report = Report(events=len(events))
    items = [_item(header.game_id, e) for e in events]
    bad = chain.verify_chain(items)
    if [e.version for e in events] != list(range(1, len(events) + 1)):
        gap = next(i for i, e in enumerate(events) if e.version != i + 1)
        bad = gap if bad is None else min(bad, gap)
    if bad is not None:
        report.chain_ok = False
        return _bad(report, events[bad].version, "chain", "the event's link or payload does not match the chain")
    if _cut(header, events, head, report):
        return report
    if header.ruleset == TOURNAMENT:
        return _tournament(events, report)
    genesis_event = events[0]
    if genesis_event.data is None:
        report.unverified.append("the genesis is hidden: nothing can be re-adjudicated")
        return report
    genesis = msgspec.json.decode(genesis_event.data.encode(), type=GameCreated)
    keys = _revealed_keys(events, genesis, report)
    if report.first_bad:
        return report
    return _readjudicate(header, events, genesis, keys, catalog, report, progress, ruleset or genesis.ruleset)


def _tournament(events: list[ExportEvent], report: Report) -> Report:
    """A tournament's stream: each event decodes as the type its chain records, and the stream folds
    (created first, then entrants, rounds and results). Its games' results are checked by verifying
    the games' own exports; the standings are a fold of this stream."""
    decoded = []
    for e in events:
        try:
            event = tournament_events.decode((e.data or "").encode())
        except msgspec.ValidationError as exc:
            return _bad(report, e.version, "event", f"not an {TOURNAMENT} event: {exc}")
        if tournament_events.type_of(event) != e.type:
            return _bad(report, e.version, "event", f"the chain records {e.type!r}, the payload is {tournament_events.type_of(event)!r}")
        decoded.append(event)
    try:
        tournament_state.fold(decoded)
    except ValueError as exc:
        return _bad(report, 1, "event", str(exc))
    return report


def _cut(header: ExportHeader, events: list[ExportEvent], head: tuple[int, str] | None, report: Report) -> bool:
    """The chain proves each event follows the one before; only the ends say nothing was cut off."""
    if not events:
        _bad(report, 0, "truncated", "the export holds no events, not even the genesis")
        return True
    last = events[-1]
    if len(events) != header.events or (header.head is not None and last.link != header.head):
        _bad(report, last.version, "truncated", f"the header announces {header.events} events ending at link "
             f"{header.head}; the file has {len(events)} ending at {last.link}: lines were cut off or added")
    elif head is not None and head[0] > len(events):
        _bad(report, last.version, "truncated", f"the export ends at event {last.version}, before the recorded "
             f"head (event {head[0]}): it was cut short, or is older than that record")
    elif head is not None and events[head[0] - 1].link != head[1].lower():
        _bad(report, head[0], "head", "this event's link is not the one recorded: the log was altered since",
             recorded=head[1], recomputed=events[head[0] - 1].link)
    return report.first_bad is not None


def verify_game(games, game_id: str) -> Report:
    """The offline check on a game of this service: its full export, re-verified."""
    from domain.kernel.seats import REFEREE_VIEWER
    from services.export import export_lines

    header, events = parse(list(export_lines(games, game_id, REFEREE_VIEWER)))
    return verify(header, events, games.catalog)


def verify_finished(games, *, limit: int = 100_000) -> dict[str, Report]:
    """Every finished game, verified (the worker job, and `umpire verify --finished`)."""
    return {g: verify_game(games, g) for g in games.store.projections_by_status("finished", limit=limit)}


def _item(game_id: str, e: ExportEvent) -> chain.ChainItem:
    return chain.ChainItem(
        game_id=game_id, version=e.version, type=e.type, schema_version=e.schema_version, visibility=e.visibility,
        data_digest=bytes.fromhex(e.data_digest), metadata_digest=bytes.fromhex(e.metadata_digest), link=bytes.fromhex(e.link),
        salt=bytes.fromhex(e.salt) if e.salt else None,
        data=e.data.encode() if e.data is not None else None, metadata=e.metadata.encode() if e.metadata is not None else None)


def _revealed_keys(events, genesis: GameCreated, report: Report) -> dict[str, tuple[int, bytes]]:
    """The latest revealed key of each chain (it yields every earlier epoch's key)."""
    known: dict[str, tuple[int, bytes]] = {}
    for e in events:
        if e.type != "key.revealed" or e.data is None:
            continue
        k = msgspec.json.decode(e.data.encode(), type=KeyRevealed)
        commit = bytes.fromhex(genesis.dice.commitments.get(k.chain, ""))
        if not verify_key(bytes.fromhex(k.key), k.epoch, commit):
            _bad(report, e.version, "key", f"the {k.chain} key of epoch {k.epoch} does not hash to the genesis commitment")
            return known
        report.keys_checked += 1
        if k.epoch >= known.get(k.chain, (-1, b""))[0]:
            known[k.chain] = (k.epoch, bytes.fromhex(k.key))
    return known


def _readjudicate(header, events, genesis, keys, catalog, report, progress, ruleset_id: str) -> Report:
    try:
        ruleset = catalog.ruleset(ruleset_id)
        pack = catalog.installed_by_hash(ruleset, genesis.pack_hash)
    except Exception as exc:
        report.unverified.append(f"rulings not re-adjudicated: {exc}")
        return report
    if pack is None:
        report.unverified.append(f"rulings not re-adjudicated: pack {genesis.pack_hash} is not installed here")
        return report
    ruleset = ruleset.bind(pack)
    codec = Codec(ruleset)
    state = game.initial(ruleset, pack, genesis)
    if header.initial_state is not None and ruleset_id == genesis.ruleset:
        digest = state_digest(state)
        if digest != header.initial_state.get("sha256"):
            return _bad(report, 1, "initial_state", "the state rebuilt from the genesis is not the one the export's header "
                        "names", recorded=header.initial_state.get("sha256"), recomputed=digest)
        report.initial_state_checked = True
    commands = {e.version: e for e in events if e.type in COMMAND_TYPES}

    def key(chain_name: str, epoch: int) -> bytes:
        latest = keys.get(chain_name)
        if latest is None or epoch > latest[0]:
            raise KeyUnknown(f"the {chain_name} key of epoch {epoch} is not revealed yet")
        return key_for(latest[1], latest[0], epoch)

    i = 0
    while i < len(events):
        e = events[i]
        if progress:
            progress(i, len(events))
        if e.type in codec.effect_tags:
            if e.data is None:
                report.unverified.append(f"rulings after event {e.version} not re-adjudicated: it is hidden from this export's reader")
                return report
            state = game.apply(ruleset, state, codec.decode_effect(e.data.encode()))
        elif e.type == "ruling" and e.data is not None:
            cmd = commands.get(e.adjudicates)
            if cmd is None or cmd.data is None:
                report.unverified.append(f"rulings from event {e.version} not re-adjudicated: command {e.adjudicates} is hidden")
                return report
            command = codec.decode_command(cmd.type, cmd.data.encode())
            dice = KeyedDice(game_id=genesis.game_id, command=cmd.version, keys=key, mix=mix_of(state.core.entropy))
            try:
                ruled = game.step(ruleset, state, command, dice, version=cmd.version, visibility=cmd.visibility)
            except KeyUnknown as exc:
                report.unverified.append(f"rulings from event {e.version} on not re-adjudicated yet: {exc}")
                return report
            expected = ruled.entries
            recorded = events[i:i + len(expected)]
            for want, got in zip(expected, recorded):
                if got.data is not None and (want.type != got.type or want.data.decode() != got.data or want.visibility != got.visibility):
                    return _bad(report, got.version, "ruling", f"re-adjudicating command {cmd.version} gives a different event",
                                recorded={"type": got.type, "visibility": got.visibility, "data": got.data},
                                recomputed={"type": want.type, "visibility": want.visibility, "data": want.data.decode()})
            if len(recorded) < len(expected):
                return _bad(report, recorded[-1].version if recorded else e.version, "ruling",
                            f"command {cmd.version}'s ruling has fewer events than re-adjudication gives")
            report.rulings_checked += 1
            state = ruled.state
            i += len(expected)
            continue
        i += 1
    return report


PARTIAL = 3  # exit status: verified as far as the file allows, some rulings not checkable yet


class Unreadable(Exception):
    """The file is not an export as written: a line cut short, not JSON, or not an event."""


def read_export(path: str) -> tuple[ExportHeader, list[ExportEvent]]:
    """The export in `path`; `Unreadable` names the first line that is not what it must be."""
    try:
        with (gzip.open if path.endswith(".gz") else open)(path, "rb") as f:
            lines = f.read().splitlines()
    except (OSError, EOFError) as exc:
        raise Unreadable(f"cannot read {path}: {exc}") from None
    if not lines:
        raise Unreadable("the file is empty: an export starts with its header line")
    try:
        header, _ = parse(lines[:1])
    except (msgspec.DecodeError, msgspec.ValidationError, ValueError) as exc:
        raise Unreadable(f"line 1 is not the header of an Umpire export ({exc})") from None
    events = []
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        try:
            events.append(_event.decode(line))
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise Unreadable(f"line {number} is not an event of an Umpire export ({exc}); "
                             "was the file cut short or edited?") from None
    return header, events


_event = msgspec.json.Decoder(ExportEvent)


def main(path: str, out=None, catalog: Catalog | None = None, ruleset: str | None = None,
         head: tuple[int, str] | None = None, partial_ok: bool = False) -> int:
    """0: verified in full; 3 (`PARTIAL`; 0 with `partial_ok`): everything checkable matches but some
    rulings cannot be checked yet (a running game, a seat's filtered export); 1: failed, or unreadable."""
    out = out or sys.stdout  # looked up now, not at import: whoever redirected stdout gets the report
    try:
        header, events = read_export(path)
    except Unreadable as exc:
        print(f"FAILED: {exc}", file=out)
        return 1
    catalog = catalog or Catalog(sandbox=True)
    bar = _Progress(out) if len(events) > 2000 else None
    report = verify(header, events, catalog, progress=bar, ruleset=ruleset, head=head)
    if ruleset:
        print(f"re-adjudicated under {ruleset} (the game pinned {header.ruleset})", file=out)
    if head is not None and report.ok:
        print(f"the recorded head (event {head[0]}) is in this export", file=out)
    print(f"{report.events} events; chain {'verified' if report.chain_ok else 'BROKEN'}; "
          f"{report.keys_checked} dice keys checked; {report.rulings_checked} rulings re-adjudicated", file=out)
    if report.initial_state_checked:
        print(f"initial state rebuilt: sha256 {header.initial_state['sha256'] if header.initial_state else ''} as the header names", file=out)
    for line in report.unverified:
        print(f"not verifiable: {line}", file=out)
    if report.first_bad:
        b = report.first_bad
        print(f"FIRST BAD EVENT: version {b['version']} ({b['what']}): {b['why']}", file=out)
        if b.get("recorded") is not None:
            print(f"  recorded:   {b['recorded']}", file=out)
            print(f"  recomputed: {b['recomputed']}", file=out)
    if not report.ok:
        print("FAILED", file=out)
        return 1
    unchecked = sum(e.type == "ruling" for e in events) - report.rulings_checked
    if report.unverified:
        print(f"PARTIAL: everything checkable matches; {unchecked} of the file's rulings are not checkable yet"
              + (" (--partial-ok: exit 0)" if partial_ok else f" (exit {PARTIAL}; --partial-ok accepts it)"), file=out)
        return 0 if partial_ok else PARTIAL
    print("OK: verified in full", file=out)
    return 0


class _Progress:
    def __init__(self, out):
        self.out, self.last = out, -1

    def __call__(self, i: int, n: int) -> None:
        pct = 100 * i // max(n, 1)
        if pct // 10 != self.last // 10:
            self.last = pct
            print(f"  re-adjudicating: {pct}%", file=self.out)
