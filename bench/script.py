"""Scripted games: the commands of a random game, chosen in memory before any is ruled, and appended
to the log in one go (a worker then rules them all: "orders preloaded").

Each order is chosen among the legal orders of the state it will be ruled on, with the dice the
worker will roll (the game's own keys and the version the command will have in the log: the
genesis is 1, the commands follow in order), so every order is accepted when ruled. Padding, if
asked for, is out-of-turn orders from a seat that is not to act (the kernel rejects them before any
rule runs): a bot re-sending while it waits, which makes a long log cheaply.
"""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any, Callable

import msgspec

from domain.kernel import game
from domain.kernel.commands import KERNEL_ORDERS, Begin, DisputeEvent, EndRequested, SeatOrder
from domain.kernel.dice import KeyedDice, mix_of
from domain.kernel.log import OrderSubmitted, SystemCommand, encode
from domain.kernel.seats import PUBLIC, to_seats
from infra.eventstore import NewEvent
from services.games import Games
from services.keys import Keyring


Pick = Callable[[random.Random, Any, Any, list[tuple[str, Any]]], tuple[str, Any]]  # (rng, ruleset, state, choices)


def uniform(rng: random.Random, ruleset: Any, state: Any, choices: list[tuple[str, Any]]) -> tuple[str, Any]:
    return rng.choice(choices)


@dataclass(frozen=True)
class Scripted:
    commands: list[Any]  # SeatOrder or EndRequested, in log order (the genesis not included)
    accepted: int  # commands that will be accepted (the others: padding, rejected out of turn)
    effects: int  # effect events their rulings will append


def script(games: Games, game_id: str, rng: random.Random, *, max_orders: int = 100_000, max_events: int = 10**9,
           pad: int = 0, end: bool = False, pick: Pick = uniform) -> Scripted:
    """Random legal orders, each after `pad` out-of-turn orders, until the game ends, `max_orders`
    are chosen or the log would hold `max_events` (commands, rulings and effects; the fold adds a few
    key.revealed); then, with `end`, an organiser's EndRequested if the game is still on. `pick`
    chooses among every seat's legal orders (uniformly unless told otherwise)."""
    ctx = games.context(game_id)
    keys = Keyring(games.store, game_id, ctx.genesis.dice.epochs).load()
    seats = ctx.genesis.layout.seat_ids()
    state, out, accepted, effects, orders, events = ctx.initial(), [], 0, 0, 0, 0
    queue: list[Any] = [Begin()]  # the genesis, version 1, is the first command ruled
    for version in itertools.count(1):
        command = queue.pop(0)
        dice = KeyedDice(game_id=game_id, command=version, keys=keys.key, mix=mix_of(state.core.entropy))
        ruling, state, _ = game.step(ctx.ruleset, state, command, dice, version=version, visibility=PUBLIC)
        ok = game.is_accepted(ruling)
        if version > 1:
            out.append(command)
            accepted += ok
        effects += len(getattr(ruling, "effects", ()))
        events += 2 + len(getattr(ruling, "effects", ()))
        if queue:
            continue
        if state.core.finished:
            break
        if orders == max_orders or events >= max_events:
            if not end:
                break
            queue.append(EndRequested(by="organiser", reason="the bench's script ends here"))
            continue
        seat, order = pick(rng, ctx.ruleset, state, [(s, o) for s in seats for o in game.legal(ctx.ruleset, state, s)])
        queue.append(SeatOrder(seat=seat, order=order))
        orders += 1
        idle = [s for s in seats if s not in game.to_act(ctx.ruleset, state)]
        if idle and pad and not isinstance(order, (*KERNEL_ORDERS, DisputeEvent)):  # those are not turn-bound
            queue += [SeatOrder(seat=idle[0], order=order) for _ in range(pad)]
            queue.append(queue.pop(0))  # the real order comes after its padding
    return Scripted(commands=out, accepted=accepted, effects=effects)


def event(command: Any) -> NewEvent:
    """The event Games.submit_order / submit_command appends for this command (same bytes)."""
    if isinstance(command, SeatOrder):
        data = encode(OrderSubmitted(seat=command.seat, order=msgspec.Raw(encode(command.order))))
        return NewEvent(type="order.submitted", data=data, visibility=to_seats(command.seat), actor=command.seat)
    return NewEvent(type="system.command", data=encode(SystemCommand(command=command)), actor="organiser")


def append(games: Games, game_id: str, commands: list[Any], *, batch: int = 1) -> None:
    """Append the commands, `batch` per transaction, without nudging anyone."""
    for i in range(0, len(commands), batch):
        games.store.append(game_id, [event(c) for c in commands[i:i + batch]])
