"""The command side: create games, take commands into the log; and each game's context (the
ruleset, pack and codec its genesis pinned), which the read side (`services.queries`) shares.

It never adjudicates: it appends commands (one short transaction each) and nudges the worker. The
API, the CLI and the tests call it; it knows nothing of HTTP.
"""
from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable

import msgspec

from domain.kernel import game
from domain.kernel.commands import DeadlineReached, EndRequested
from domain.kernel.log import (
    Codec, DiceSpec, ForkRef, GameCreated, OrderSubmitted, RefereeCommand, SystemCommand, encode, fold,
)
from domain.kernel.seats import PUBLIC, REFEREE, Layout, to_seats
from domain.kernel.timecontrol import DeadlinePolicy, TimeControl
from infra.auth import new_token
from infra.eventstore import AppendResult, EventStore, Idempotency, NewEvent, NewStream, UnknownGame
from services import keys
from services.catalog import Catalog


class BadOrder(ValueError):
    """The order is not well-formed for this game (HTTP 422); it never reaches the log."""


class UnknownSeat(LookupError):
    pass


class BadTimeControl(ValueError):
    """A `time_control` that is neither of its two shapes (HTTP 422 `invalid_time_control`)."""


def timing_of(body: Any) -> dict[str, Any]:
    """`time_control` and `deadline_policy` of a request body (POST /v1/games, /v1/tournaments) as
    the genesis pins them: the keyword arguments of `Games.create`."""
    tc, dp = body.time_control, body.deadline_policy
    return {"time_control": TimeControl(**msgspec.structs.asdict(tc)) if tc is not None else None,
            "deadline_policy": DeadlinePolicy(**msgspec.structs.asdict(dp)) if dp is not None else None}


def check_time_control(tc: TimeControl | None) -> None:
    if tc is not None and (why := tc.problem()) is not None:
        raise BadTimeControl(why)


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

    def replay(self, store: EventStore, game_id: str, at: int) -> Any:
        """The state after event `at`: the nearest snapshot at or before it (written by the worker
        every `snapshot_every` events) and the log after it folded through the pure `apply`."""
        g = self.genesis
        snap = store.snapshot(game_id, at_most=at, ruleset=g.ruleset, pack_hash=g.pack_hash)
        after, state = (snap[0], self.decode_state(snap[1])) if snap else (0, self.initial())
        events = store.read(game_id, after=after, upto=at)
        return fold(self.ruleset, self.codec, state, ((e.type, e.data) for e in events))


@dataclass(frozen=True)
class Created:
    game_id: str
    version: int
    seats: tuple[str, ...]
    replayed: bool = False  # an Idempotency-Key seen before: the game it created then
    tokens: dict[str, str] = field(default_factory=dict)  # seat -> token, shown once


GAME_KEYS = uuid.UUID("5f0c4a8e-2f7b-4c1e-9a57-0d3f6c1b2e90")  # names a game after its creator's Idempotency-Key


def request_hash(*parts: Any) -> bytes:
    return hashlib.sha256(msgspec.json.encode(parts, order="sorted")).digest()


SNAPSHOT_EVERY = 1000  # events between the worker's snapshots of a game's state (state?at=N reads the nearest)


class Games:
    def __init__(self, store: EventStore, catalog: Catalog, *, nudge: Callable[[str], None] | None = None,
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
               game_id: str | None = None, key: str | None = None, seat_tokens: bool = False,
               time_control: TimeControl | None = None, deadline_policy: DeadlinePolicy | None = None,
               dice_seeds: dict[str, bytes] | None = None) -> Created:
        """A game, begun by the worker. With `key` (an Idempotency-Key) the game is named after it, so a
        retry names the same game and returns it unchanged (`replayed`). With `seat_tokens`, a token per
        seat is written in the genesis' transaction (`Created.tokens`, shown once; none on a replay).
        With `time_control`, the genesis pins it (and the policy for a miss): the game is timed.
        `dice_seeds` (tools only, e.g. tools.record_game; the API never passes them): the dice seeds
        themselves instead of fresh secret ones, so a recording with the same seed rolls the same dice."""
        if key is not None:
            game_id = str(uuid.uuid5(GAME_KEYS, f"{principal}\x00{key}"))
        new, layout = self.prepare(scenario, options, game_id=game_id, principal=principal, time_control=time_control,
                                   deadline_policy=deadline_policy, dice_seeds=dice_seeds)
        seats = layout.seat_ids()
        issued = {seat: new_token("seat", seat, game_id=new.game_id, seat=seat) for seat in seats} if seat_tokens else {}
        timed = () if time_control is None else (msgspec.to_builtins(time_control), msgspec.to_builtins(deadline_policy))
        idem = (Idempotency(principal=principal, key=key, request_hash=request_hash("create", scenario, options or {}, *timed))
                if key is not None else None)
        result = self.store.create_streams([new], idem=idem, tokens=[row for _, row in issued.values()])
        self.nudge(new.game_id)  # the genesis is the first command the worker rules
        return Created(game_id=new.game_id, version=result.first_version, seats=seats, replayed=result.replayed,
                       tokens={} if result.replayed else {seat: i.token for seat, (i, _) in issued.items()})

    def prepare(self, scenario: str, options: dict[str, Any] | None = None, *, game_id: str | None = None,
                principal: str = "organiser", time_control: TimeControl | None = None,
                deadline_policy: DeadlinePolicy | None = None,
                dice_seeds: dict[str, bytes] | None = None) -> tuple[NewStream, Layout]:
        """A new game's stream (genesis and dice seeds) and its seat layout, not yet written: a
        tournament round writes all its games in one transaction."""
        check_time_control(time_control)
        ruleset, number = self.catalog.scenario(scenario)
        pack, h = self.catalog.pack(ruleset)
        ruleset, _ = self._binding(ruleset, pack, h)
        opts = ruleset.resolve_options(options)
        game_id = game_id or str(uuid.uuid4())
        state0 = ruleset.setup(pack, number, game_id=game_id, options=opts)
        self.store.put_pack(h, self.catalog.canonical(pack))
        timed = {} if time_control is None else {"time_control": time_control,
                                                  "deadline_policy": deadline_policy or DeadlinePolicy()}
        return (self._genesis_stream(game_id, ruleset, h, number, opts, state0, principal=principal, seeds=dice_seeds, **timed),
                state0.core.layout)

    def fork(self, game_id: str, at: int, *, principal: str) -> Created:
        """An unofficial game that starts from this game's state after event `at`, with fresh dice
        keys. Its genesis names (game, at, state digest); while the parent is running it is seen
        by referees only, since it holds the whole position, hidden pieces included."""
        ctx = self.context(game_id)
        parent = ctx.replay(self.store, game_id, at)
        new_id = str(uuid.uuid4())
        # The parent's last order is not the fork's to take back, nor its clocks the fork's to keep (unofficial).
        state = msgspec.structs.replace(parent, core=msgspec.structs.replace(parent.core, game_id=new_id, undo=None,
                                                                             time_control=msgspec.UNSET))
        raw = msgspec.json.encode(state)
        ref = ForkRef(game_id=game_id, version=at, state_digest=hashlib.sha256(msgspec.json.encode(parent)).hexdigest())
        running = self.store.projection(game_id).status != "finished"
        g = ctx.genesis
        new = self._genesis_stream(new_id, ctx.ruleset, g.pack_hash, g.scenario, g.options, state, principal=principal,
                                   fork=ref, initial=raw, visibility=REFEREE if running else PUBLIC)
        result = self.store.create_streams([new])
        self.nudge(new_id)
        return Created(game_id=new_id, version=result.first_version, seats=state.core.layout.seat_ids())

    def _genesis_stream(self, game_id, ruleset, h, scenario, opts, state0, *, principal, fork=None, initial=None,
                        visibility=PUBLIC, time_control=msgspec.UNSET, deadline_policy=msgspec.UNSET,
                        seeds: dict[str, bytes] | None = None) -> NewStream:
        epochs = ruleset.epochs(state0)
        seeds = seeds or keys.new_seeds()
        genesis = GameCreated(game_id=game_id, ruleset=ruleset.id, pack_hash=h, scenario=scenario, options=opts,
                              layout=state0.core.layout, official=fork is None, fork=fork,
                              initial_state=msgspec.json.decode(initial) if initial is not None else None,
                              dice=DiceSpec(mode="keyed", commitments=keys.commitments(seeds, epochs), epochs=epochs),
                              time_control=time_control, deadline_policy=deadline_policy)
        return NewStream(game_id=game_id, ruleset=ruleset.id, pack_hash=h,
                         genesis=NewEvent(type="game.created", data=encode(genesis), actor=principal, visibility=visibility),
                         secrets={keys.secret_name(chain): seed for chain, seed in seeds.items()})

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

    def submit_command(self, game_id: str, command: DeadlineReached | EndRequested, *, principal: str,
                       key: str | None = None) -> AppendResult:
        self.context(game_id)
        event = NewEvent(type="system.command", data=encode(SystemCommand(command=command)), actor=principal, command_id=key)
        return self._append(game_id, event, principal, key, None, ("command", command))

    def submit_deadline(self, game_id: str, seats: list[str], *, principal: str, key: str | None = None) -> AppendResult:
        """The organiser's or referee's word that these seats' deadline passed (the rules impose their defaults)."""
        known = self.context(game_id).genesis.layout.seat_ids()
        if unknown := [s for s in seats if s not in known]:
            raise UnknownSeat(f"no seat(s) {unknown} in game {game_id}")
        return self.submit_command(game_id, DeadlineReached(seats=tuple(seats)), principal=principal, key=key)

    def submit_end(self, game_id: str, reason: str, *, principal: str, key: str | None = None) -> AppendResult:
        return self.submit_command(game_id, EndRequested(by=principal, reason=reason), principal=principal, key=key)

    def add_time(self, game_id: str, seconds: float, *, seat: str | None, principal: str,
                 key: str | None = None) -> AppendResult:
        """`clock.extended`: the organiser's or referee's grant of more time to a seat to act (or to
        whoever is), recorded in the game's log; the tournament's clock adds it to the deadline."""
        if seat is not None and seat not in self.context(game_id).genesis.layout.seat_ids():
            raise UnknownSeat(f"there is no seat {seat!r} in game {game_id}")
        data = msgspec.json.encode({"type": "clock.extended", "seconds": seconds, "seat": seat, "by": principal})
        event = NewEvent(type="clock.extended", data=data, actor=principal, command_id=key)
        return self._append(game_id, event, principal, key, None, ("add-time", seconds, seat))

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

    # --- contexts: what the genesis of a game pinned, loaded once ------------------------------

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


__all__ = ["Games", "Context", "Created", "BadOrder", "BadTimeControl", "UnknownSeat", "PUBLIC"]
