"""What the log holds, and the fold that turns it into state.

A game's stream: `game.created` (genesis), then commands (`order.submitted`, `system.command`,
`referee.command`), each followed, once ruled, by one `ruling` event naming the command it
adjudicates and the effect events of that ruling (or by `adjudication.failed`). `key.revealed`
publishes a dice key when its epoch ends. State is the fold of the effects; nothing else changes it.
"""
from __future__ import annotations

from typing import Any, Iterable, Union

import msgspec

from domain.kernel.citation import Citation
from domain.kernel.commands import (
    KERNEL_ORDERS, Accepted, Begin, Command, DeadlineReached, EndRequested, Partial, RefereeOrder, Ruling, SeatOrder,
)
from domain.kernel.effects import KERNEL_EFFECTS
from domain.kernel.evolve import apply
from domain.kernel.seats import Layout
from domain.kernel.timecontrol import DeadlinePolicy, TimeControl

# The genesis event is the game's first command: ruling it begins the game.
COMMAND_TYPES = frozenset({"game.created", "order.submitted", "system.command", "referee.command"})


class DiceSpec(msgspec.Struct, frozen=True, kw_only=True):
    """How this game's dice are drawn: from committed key chains, or a script (conformance
    cases and sandbox games, which say so here)."""

    mode: str  # "keyed" | "scripted"
    commitments: dict[str, str] = {}  # chain -> hex SHA-256(K_0)
    epochs: int = 0
    script: tuple[int, ...] = ()


class ForkRef(msgspec.Struct, frozen=True, kw_only=True):
    game_id: str
    version: int
    state_digest: str


class GameCreated(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", tag="game.created"):
    game_id: str
    ruleset: str
    pack_hash: str
    scenario: str
    options: dict[str, Any]
    layout: Layout
    dice: DiceSpec
    fork: ForkRef | None = None
    initial_state: Any = None  # a fork starts from its parent's state at `fork.version`
    official: bool = True
    # A timed game (a tournament's, or POST /v1/games with `time_control`): its rulings record the
    # seats' clocks, and the scheduler rules a miss by `deadline_policy`. UNSET (never encoded) in an
    # untimed game, whose genesis is then byte for byte what it was before clocks.
    time_control: TimeControl | msgspec.UnsetType = msgspec.UNSET
    deadline_policy: DeadlinePolicy | msgspec.UnsetType = msgspec.UNSET


class OrderSubmitted(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", tag="order.submitted"):
    seat: str
    order: msgspec.Raw


class SystemCommand(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", tag="system.command"):
    command: DeadlineReached | EndRequested


class RefereeCommand(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", tag="referee.command"):
    by: str
    order: msgspec.Raw


class RulingRecorded(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", tag="ruling"):
    adjudicates: int
    verdict: str  # "accepted" | "rejected"
    effects: int = 0
    citations: tuple[Citation, ...] = ()
    code: str = ""
    message: str = ""
    partial: Partial | None = None
    details: dict[str, Any] = {}


class AdjudicationFailed(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", tag="adjudication.failed"):
    adjudicates: int
    error: str


class KeyRevealed(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", tag="key.revealed"):
    chain: str
    epoch: int
    key: str  # hex


def tag_of(struct_type: type) -> str:
    return struct_type.__struct_config__.tag  # type: ignore[attr-defined]


class Codec:
    """Encoders and decoders of one ruleset's orders and effects (kernel's included)."""

    def __init__(self, ruleset: Any):
        effect_types = tuple(KERNEL_EFFECTS) + tuple(_members(ruleset.effect_type))
        order_types = tuple(KERNEL_ORDERS) + tuple(_members(ruleset.order_type))
        self.effect_tags = frozenset(tag_of(t) for t in effect_types)
        self.order_tags = frozenset(tag_of(t) for t in order_types)
        self.Effect = _union(effect_types)
        self.Order = _union(order_types)
        self._effect = msgspec.json.Decoder(self.Effect)
        self._order = msgspec.json.Decoder(self.Order)
        self._genesis = msgspec.json.Decoder(GameCreated)
        self._submitted = msgspec.json.Decoder(OrderSubmitted)
        self._system = msgspec.json.Decoder(SystemCommand)
        self._referee = msgspec.json.Decoder(RefereeCommand)

    def decode_effect(self, data: bytes) -> Any:
        return self._effect.decode(data)

    def decode_order(self, data: bytes) -> Any:
        return self._order.decode(data)

    def decode_genesis(self, data: bytes) -> GameCreated:
        return self._genesis.decode(data)

    def decode_command(self, type_: str, data: bytes) -> Command:
        """The command a logged command event (`COMMAND_TYPES`) asks the umpire to rule."""
        match type_:
            case "game.created":
                return Begin()
            case "order.submitted":
                sub = self._submitted.decode(data)
                return SeatOrder(seat=sub.seat, order=self.decode_order(sub.order))
            case "system.command":
                return self._system.decode(data).command
            case "referee.command":
                ref = self._referee.decode(data)
                return RefereeOrder(order=self.decode_order(ref.order), by=ref.by)
        raise ValueError(f"{type_} is not a command")


def _members(union: Any) -> tuple[type, ...]:
    return getattr(union, "__args__", (union,))


def _union(types: tuple[type, ...]) -> Any:
    return Union[types]


encode = msgspec.json.encode


def fold(ruleset: Any, codec: Codec, initial: Any, events: Iterable[tuple[str, bytes]]) -> Any:
    """Apply the effects among (type, data) events to a state; other events change nothing."""
    state = initial
    tags = codec.effect_tags
    for type_, data in events:
        if type_ in tags:
            state = apply(ruleset, state, codec.decode_effect(data))
    return state


class Entry(msgspec.Struct, frozen=True, kw_only=True):
    """An event about to be appended: its type tag, exact bytes and visibility."""

    type: str
    data: bytes
    visibility: str
    adjudicates: int | None = None


def ruling_entries(ruling: Ruling, *, adjudicates: int, visibility: str) -> list[Entry]:
    """The events that record a ruling: one `ruling` event naming the command it adjudicates,
    then one event per effect, each with its own visibility. A rejection is seen by whoever
    could see the command (`visibility`); an acceptance is public, its effects as they say."""
    if isinstance(ruling, Accepted):
        head = RulingRecorded(adjudicates=adjudicates, verdict="accepted", effects=len(ruling.effects),
                              citations=ruling.citations, partial=ruling.partial)
        out = [Entry(type="ruling", data=encode(head), visibility="public", adjudicates=adjudicates)]
        out += [Entry(type=tag_of(type(e)), data=encode(e), visibility=e.vis) for e in ruling.effects]
        return out
    head = RulingRecorded(adjudicates=adjudicates, verdict="rejected", code=ruling.code, message=ruling.message,
                          citations=(ruling.citation,) if ruling.citation else (), details=ruling.details)
    return [Entry(type="ruling", data=encode(head), visibility=visibility, adjudicates=adjudicates)]
