"""The one decider: rule a game's pending commands and fold the rulings into its projection.

Called by the Celery task (server mode) and by the embedded fold thread, with only a game id.
Under the projection row lock it reads the commands after the last ruled one, rules them in log
order in memory (no table lock held while rules run), then in one transaction appends the ruling
events and writes the projection. `UNIQUE (game, adjudicates)` makes a parallel or repeated fold
harmless. A command that breaks the rules engine is recorded as `adjudication.failed` and the
game halts; it is never retried in a loop.
"""
from __future__ import annotations

import os
import signal
import threading
from contextlib import contextmanager
from typing import Any

import msgspec

from domain.kernel import game
from domain.kernel.commands import Begin, RefereeOrder, SeatOrder
from domain.kernel.dice import KeyedDice
from domain.kernel.log import (
    COMMAND_TYPES, AdjudicationFailed, KeyRevealed, OrderSubmitted, RefereeCommand, SystemCommand, encode, ruling_entries,
)
from domain.kernel.seats import PUBLIC
from infra.eventstore import NewEvent, Projection
from services.games import Context, Games
from services.keys import Keyring

WORKER = "worker"


class RulingTimeout(Exception):
    pass


class FaultInjected(Exception):
    """Raised by the fault hook when a test asks for a crash at a chosen moment."""


def fault(point: str) -> None:
    """UMPIRE_FAULT=before_commit|after_commit: kill this process at that moment (tests only)."""
    if os.environ.get("UMPIRE_FAULT") == point:
        os.kill(os.getpid(), signal.SIGKILL)


@contextmanager
def time_limit(seconds: float):
    """Bound one ruling. SIGALRM works only on the main thread; elsewhere the Celery hard time
    limit is the guard."""
    if seconds <= 0 or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum, frame):
        raise RulingTimeout(f"ruling took longer than {seconds} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


class FoldResult(msgspec.Struct, frozen=True, kw_only=True):
    game_id: str
    ruled: int = 0
    appended: int = 0
    status: str = "active"
    more: bool = False


def fold_game(games: Games, game_id: str, *, batch: int = 200, ruling_seconds: float = 20.0) -> FoldResult:
    store = games.store
    ctx = games.context(game_id)
    with store.fold(game_id) as f:
        proj = f.projection
        if proj.status != "active":
            return FoldResult(game_id=game_id, status=proj.status)
        state = ctx.decode_state(proj.state) if proj.state is not None else ctx.initial()
        pending = [e for e in f.events(proj.adjudicated) if e.type in COMMAND_TYPES and e.version > proj.adjudicated]
        more = len(pending) > batch
        pending = pending[:batch]
        if not pending:
            return FoldResult(game_id=game_id)
        keyring = Keyring(store, game_id, ctx.genesis.dice.epochs)
        revealed = _revealed_epoch(ctx, state)
        out: list[NewEvent] = []
        status, adjudicated = "active", proj.adjudicated
        for cmd in pending:
            try:
                with time_limit(ruling_seconds):
                    command = decode_command(ctx, cmd)
                    dice = KeyedDice(game_id=game_id, command=cmd.version, keys=keyring.key)
                    ruling = game.adjudicate(ctx.ruleset, state, command, dice, version=cmd.version)
                    after = state
                    for e in getattr(ruling, "effects", ()):
                        after = game.apply(ctx.ruleset, after, e)
            except Exception as exc:  # the rules engine broke: record it, halt, never loop
                error = f"{type(exc).__name__}: {exc}"
                out.append(NewEvent(type="adjudication.failed", actor=WORKER, adjudicates=cmd.version,
                                    data=encode(AdjudicationFailed(adjudicates=cmd.version, error=error))))
                status, adjudicated = "halted", cmd.version
                break
            out += [NewEvent(type=x.type, data=x.data, visibility=x.visibility, actor=WORKER, adjudicates=x.adjudicates)
                    for x in ruling_entries(ruling, adjudicates=cmd.version, visibility=cmd.visibility)]
            state, adjudicated = after, cmd.version
            out += _key_events(ctx, keyring, state, revealed)
            revealed = _revealed_epoch(ctx, state)
            if state.core.finished:
                status = "finished"
                break
        fault("before_commit")
        result = f.append(out)
        summary = game.summary(ctx.ruleset, state)
        f.write(Projection(version=result.last_version, adjudicated=adjudicated, status=status,
                           summary=msgspec.json.encode(summary), state=msgspec.json.encode(state)))
    fault("after_commit")
    return FoldResult(game_id=game_id, ruled=len([e for e in out if e.adjudicates is not None]), appended=len(out),
                      status=status, more=more and status == "active")


def decode_command(ctx: Context, e) -> Any:
    match e.type:
        case "game.created":
            return Begin()
        case "order.submitted":
            sub = msgspec.json.decode(e.data, type=OrderSubmitted)
            return SeatOrder(seat=sub.seat, order=ctx.codec.decode_order(sub.order))
        case "system.command":
            return msgspec.json.decode(e.data, type=SystemCommand).command
        case "referee.command":
            ref = msgspec.json.decode(e.data, type=RefereeCommand)
            return RefereeOrder(order=ctx.codec.decode_order(ref.order), by=ref.by)
    raise ValueError(f"{e.type} is not a command")


def _revealed_epoch(ctx: Context, state) -> int:
    """The last public epoch whose key is out: every epoch before the current one."""
    return ctx.ruleset.epoch(state.core.clock) - 1


def _key_events(ctx: Context, keyring: Keyring, state, revealed: int) -> list[NewEvent]:
    """Publish the key of every epoch that has ended; at the end of the game, every key."""
    out = []
    last = ctx.genesis.dice.epochs - 1
    if state.core.finished:
        for chain in ("public", "hidden"):
            out.append(_reveal(keyring, chain, last))
        return out
    now = ctx.ruleset.epoch(state.core.clock) - 1
    if now > revealed:
        out.append(_reveal(keyring, "public", min(now, last)))
    return out


def _reveal(keyring: Keyring, chain: str, epoch: int) -> NewEvent:
    data = encode(KeyRevealed(chain=chain, epoch=epoch, key=keyring.key(chain, epoch).hex()))
    return NewEvent(type="key.revealed", data=data, visibility=PUBLIC, actor=WORKER)
