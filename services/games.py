"""The application service: create games, take commands into the log, read states and logs.

It never adjudicates: it appends commands (one short transaction each) and nudges the worker;
reads use the worker's projection or replay the log through the pure `apply`. The API, the CLI
and the tests call it; it knows nothing of HTTP.
"""
from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass
from typing import Any, Callable

import msgspec

from domain.kernel import chain, game
from domain.kernel.commands import Command
from domain.kernel.log import (
    COMMAND_TYPES, Codec, DiceSpec, ForkRef, GameCreated, OrderSubmitted, RefereeCommand, SystemCommand, encode, fold,
)
from domain.kernel.seats import PUBLIC, REFEREE, Viewer, can_see, to_seats
from infra.eventstore import AppendResult, Idempotency, NewEvent, StoredEvent, UnknownGame
from services import keys
from services.catalog import Catalog


class BadOrder(ValueError):
    """The order is not well-formed for this game (HTTP 422); it never reaches the log."""


class UnknownSeat(LookupError):
    pass


@dataclass(frozen=True)
class Context:
    """What replaying one game needs, pinned by its genesis."""

    genesis: GameCreated
    ruleset: Any
    pack: Any
    codec: Codec

    def initial(self) -> Any:
        return game.initial(self.ruleset, self.pack, self.genesis)

    def decode_state(self, data: bytes) -> Any:
        return msgspec.json.decode(data, type=self.ruleset.state_type)


@dataclass(frozen=True)
class Created:
    game_id: str
    version: int
    seats: tuple[str, ...]


def request_hash(*parts: Any) -> bytes:
    return hashlib.sha256(msgspec.json.encode(parts, order="sorted")).digest()


SNAPSHOT_EVERY = 1000  # events between the worker's snapshots of a game's state (state?at=N reads the nearest)


class Games:
    def __init__(self, store, catalog: Catalog, *, nudge: Callable[[str], None] | None = None,
                 snapshot_every: int = SNAPSHOT_EVERY):
        self.store = store
        self.catalog = catalog
        self.snapshot_every = snapshot_every
        self._nudge = nudge or (lambda game_id: None)
        self._contexts: dict[str, Context] = {}
        # A bound ruleset (B&P: its map, tables and search graph, ~3 MB) and its codec are the same for
        # every game of one (ruleset, pack): shared, so a worker's memory does not grow with each game.
        self._bound: dict[tuple[str, str], tuple[Any, Codec]] = {}

    def _binding(self, ruleset, pack, h: str) -> tuple[Any, Codec]:
        key = (ruleset.id, h)
        if key not in self._bound:
            bound = ruleset.bind(pack)
            self._bound[key] = (bound, Codec(bound))
        return self._bound[key]

    # --- writing -------------------------------------------------------------------------------

    def create(self, scenario: str, options: dict[str, Any] | None = None, *, principal: str = "organiser",
               game_id: str | None = None) -> Created:
        ruleset, number = self.catalog.scenario(scenario)
        pack, h = self.catalog.pack(ruleset)
        ruleset, _ = self._binding(ruleset, pack, h)
        opts = ruleset.resolve_options(options)
        game_id = game_id or str(uuid.uuid4())
        state0 = ruleset.setup(pack, number, game_id=game_id, options=opts)
        self.store.put_pack(h, self.catalog.canonical(pack))
        return self._genesis(game_id, ruleset, h, number, opts, state0, principal=principal)

    def fork(self, game_id: str, at: int, *, principal: str) -> Created:
        """An unofficial game that starts from this game's state after event `at`, with fresh dice
        keys. Its genesis names (game, at, state digest); while the parent is running it is seen
        by referees only, since it holds the whole position, hidden pieces included."""
        ctx = self.context(game_id)
        parent = self.state(game_id, at)
        new_id = str(uuid.uuid4())
        # The parent's last order is not the fork's to take back.
        state = msgspec.structs.replace(parent, core=msgspec.structs.replace(parent.core, game_id=new_id, undo=None))
        raw = msgspec.json.encode(state)
        ref = ForkRef(game_id=game_id, version=at, state_digest=hashlib.sha256(msgspec.json.encode(parent)).hexdigest())
        running = self.store.projection(game_id).status != "finished"
        g = ctx.genesis
        return self._genesis(new_id, ctx.ruleset, g.pack_hash, g.scenario, g.options, state, principal=principal, fork=ref,
                             initial=raw, visibility=REFEREE if running else PUBLIC)

    def _genesis(self, game_id, ruleset, h, scenario, opts, state0, *, principal, fork=None, initial=None,
                 visibility=PUBLIC) -> Created:
        epochs = ruleset.epochs(state0)
        seeds = keys.new_seeds()
        genesis = GameCreated(game_id=game_id, ruleset=ruleset.id, pack_hash=h, scenario=scenario, options=opts,
                              layout=state0.core.layout, official=fork is None, fork=fork,
                              initial_state=msgspec.json.decode(initial) if initial is not None else None,
                              dice=DiceSpec(mode="keyed", commitments=keys.commitments(seeds, epochs), epochs=epochs))
        event = self.store.create_game(game_id, ruleset=ruleset.id, pack_hash=h,
                                       genesis=NewEvent(type="game.created", data=encode(genesis), actor=principal,
                                                        visibility=visibility),
                                       secrets={keys.secret_name(chain): seed for chain, seed in seeds.items()})
        self.nudge(game_id)  # the genesis is the first command the worker rules
        return Created(game_id=game_id, version=event.version, seats=state0.core.layout.seat_ids())

    def submit_order(self, game_id: str, seat: str, order: bytes | dict, *, principal: str, key: str | None = None,
                     expected_version: int | None = None) -> AppendResult:
        ctx = self.context(game_id)
        if seat not in ctx.genesis.layout.seat_ids():
            raise UnknownSeat(f"there is no seat {seat!r} in game {game_id}")
        raw = order if isinstance(order, bytes) else msgspec.json.encode(order)
        try:
            decoded = ctx.codec.decode_order(raw)
        except msgspec.ValidationError as e:
            raise BadOrder(f"not an order of {ctx.ruleset.id}: {e}") from None
        except msgspec.DecodeError as e:
            raise BadOrder(f"the order is not valid JSON: {e}") from None
        data = encode(OrderSubmitted(seat=seat, order=msgspec.Raw(encode(decoded))))
        event = NewEvent(type="order.submitted", data=data, visibility=to_seats(seat), actor=principal, command_id=key)
        return self._append(game_id, event, principal, key, expected_version, ("order", seat, decoded, expected_version))

    def submit_command(self, game_id: str, command: Command, *, principal: str, key: str | None = None) -> AppendResult:
        self.context(game_id)
        event = NewEvent(type="system.command", data=encode(SystemCommand(command=command)), actor=principal, command_id=key)
        return self._append(game_id, event, principal, key, None, ("command", command))

    def submit_referee(self, game_id: str, order: bytes | dict, *, principal: str, key: str | None = None) -> AppendResult:
        ctx = self.context(game_id)
        raw = order if isinstance(order, bytes) else msgspec.json.encode(order)
        try:
            decoded = ctx.codec.decode_order(raw)
        except (msgspec.ValidationError, msgspec.DecodeError) as e:
            raise BadOrder(f"not an order of {ctx.ruleset.id}: {e}") from None
        event = NewEvent(type="referee.command", data=encode(RefereeCommand(by=principal, order=msgspec.Raw(encode(decoded)))),
                         visibility=REFEREE, actor=principal, command_id=key)
        return self._append(game_id, event, principal, key, None, ("referee", decoded))

    def _append(self, game_id, event, principal, key, expected_version, body) -> AppendResult:
        idem = Idempotency(principal=principal, key=key, request_hash=request_hash(game_id, *body)) if key else None
        result = self.store.append(game_id, [event], expected_version=expected_version, idem=idem)
        self.nudge(game_id)
        return result

    def nudge(self, game_id: str) -> None:
        """Wake the worker; the order is already committed, so a failed nudge fails nothing."""
        try:
            self._nudge(game_id)
        except Exception:
            pass

    # --- reading -------------------------------------------------------------------------------

    def context(self, game_id: str) -> Context:
        ctx = self._contexts.get(game_id)
        if ctx is None:
            first = self.store.read(game_id, limit=1)
            if not first:
                raise UnknownGame(game_id)
            genesis = msgspec.json.decode(first[0].data, type=GameCreated)
            pack = self.catalog.pack_by_hash(genesis.pack_hash, self._stored_pack(genesis.pack_hash))
            ruleset, codec = self._binding(self.catalog.ruleset(genesis.ruleset), pack, genesis.pack_hash)
            ctx = self._contexts[game_id] = Context(genesis=genesis, ruleset=ruleset, pack=pack, codec=codec)
        return ctx

    def _stored_pack(self, h: str) -> bytes | None:
        try:
            self.catalog.pack_by_hash(h)
            return None
        except LookupError:
            return self.store.get_pack(h)

    def state(self, game_id: str, at: int | None = None) -> Any:
        """The state now (the worker's projection), or after event `at`: the nearest snapshot at or
        before it (written by the worker every `snapshot_every` events) and the log after it replayed."""
        ctx = self.context(game_id)
        if at is None:
            proj = self.store.projection(game_id)
            if proj.state is not None:
                return ctx.decode_state(proj.state)
            return ctx.initial()
        g = ctx.genesis
        snap = self.store.snapshot(game_id, at_most=at, ruleset=g.ruleset, pack_hash=g.pack_hash)
        after, state = (snap[0], ctx.decode_state(snap[1])) if snap else (0, ctx.initial())
        events = self.store.read(game_id, after=after, upto=at)
        return fold(ctx.ruleset, ctx.codec, state, ((e.type, e.data) for e in events))

    def view(self, game_id: str, viewer: Viewer, at: int | None = None) -> dict[str, Any]:
        ctx = self.context(game_id)
        return game.view(ctx.ruleset, self.state(game_id, at), viewer)

    def legal(self, game_id: str, seat: str, unit: str | None = None) -> list[Any]:
        ctx = self.context(game_id)
        return game.legal(ctx.ruleset, self.state(game_id), seat, unit=unit)

    def summary(self, game_id: str) -> dict[str, Any]:
        ctx = self.context(game_id)
        # The projection first: a fold commits its events with it, so the head read after it holds
        # at least every event `adjudicated` accounts for (the other way round, a fold landing
        # between the reads gives a `version` behind the log, and an order sent at it is a 409).
        proj = self.store.projection(game_id)
        head = self.store.head(game_id)
        summary = msgspec.json.decode(proj.summary) if proj.summary not in (b"", b"{}") else game.summary(ctx.ruleset, ctx.initial())
        return {"id": game_id, "scenario": f"{ctx.ruleset.name}/{ctx.genesis.scenario}", "ruleset": ctx.ruleset.id,
                "status": proj.status, "turn": summary["turn"], "phase": summary["phase"], "label": summary["label"],
                "to_act": summary["to_act"] if proj.status == "active" else [], "version": head.version,
                "head_link": head.link.hex(),
                "adjudicated_version": proj.adjudicated, "result": summary["result"], "official": ctx.genesis.official}

    def events(self, game_id: str, viewer: Viewer, *, after: int = 0, limit: int = 100) -> list[dict[str, Any]]:
        self.context(game_id)
        over = self.store.projection(game_id).status == "finished"
        return [event_view(e, viewer, game_over=over) for e in self.store.read(game_id, after=after, limit=limit)]

    def ruling(self, game_id: str, command_version: int, viewer: Viewer) -> dict[str, Any] | None:
        """The ruling on a command and its effects, as the viewer may see them; None until ruled."""
        proj = self.store.projection(game_id)
        if proj.adjudicated < command_version:
            return None
        events = self.store.read(game_id, after=command_version)
        for i, e in enumerate(events):
            if e.type in ("ruling", "adjudication.failed") and e.adjudicates == command_version:
                head = event_view(e, viewer, game_over=proj.status == "finished")
                if e.type == "adjudication.failed":
                    return {"ruling": head, "effects": []}
                n = msgspec.json.decode(e.data).get("effects", 0)
                return {"ruling": head, "effects": [event_view(x, viewer, game_over=proj.status == "finished") for x in events[i + 1:i + 1 + n]]}
        return None


def event_view(e: StoredEvent, viewer: Viewer, *, game_over: bool = False) -> dict[str, Any]:
    """An event as the viewer may see it; hidden ones as stubs that still verify in the chain."""
    out: dict[str, Any] = {"version": e.version, "position": e.position, "type": e.type, "visibility": e.visibility,
                           "schema_version": e.schema_version, "recorded_at": e.recorded_at, "link": e.link.hex()}
    if e.adjudicates is not None:
        out["adjudicates"] = e.adjudicates
    if can_see(e.visibility, viewer, game_over=game_over):
        out["data"] = msgspec.json.decode(e.data)
        out["metadata"] = msgspec.json.decode(e.metadata)
        out["salt"] = e.salt.hex()
    else:
        out["hidden"] = True
        out["data_digest"] = chain.data_digest(e.salt, e.data).hex()
        out["metadata_digest"] = chain.metadata_digest(e.salt, e.metadata).hex()
    return out


def is_command(e: StoredEvent) -> bool:
    return e.type in COMMAND_TYPES


__all__ = ["Games", "Context", "Created", "BadOrder", "UnknownSeat", "event_view", "PUBLIC"]
