"""The one decider: rule a game's pending commands and fold the rulings into its projection.

Called by the Celery task (server mode) and by the embedded fold thread, with only a game id.
Under the projection row lock it reads the commands after the last ruled one, rules them in log
order in memory (no table lock held while rules run), then in one transaction appends the ruling
events and writes the projection. It starts from the state this process left in memory when the
projection still holds the bytes it wrote (warm.py; the store then need not send them), else from
the projection's state decoded; a fold that only rejected leaves the state column as it was.
`UNIQUE (game, adjudicates)` makes a parallel or repeated fold harmless. A command that breaks the rules engine is recorded as `adjudication.failed` and the
game halts; it is never retried in a loop.

The projection's `version` keeps one promise the lag sweep relies on: every command at or below
it is ruled. So it stays below a command this fold left for the next one (over the batch or time
budget, or appended by a player after the fold read the log), and a lost nudge is found again.
"""
from __future__ import annotations

import logging
import os
import signal
import threading
import time
import weakref
from contextlib import contextmanager
from functools import lru_cache

import msgspec

from domain.kernel import game
from domain.kernel.dice import KeyedDice, mix_of
from domain.kernel.log import COMMAND_TYPES, AdjudicationFailed, KeyRevealed, encode
from domain.kernel.seats import PUBLIC
from infra.eventstore import Conflict, NewEvent, Projection, StoreError
from services.games import Context, Games
from services.keys import CHAINS, Keyring
from services.worker.warm import WarmStates

WORKER = "worker"
log = logging.getLogger("umpire.fold")


class RulingTimeout(Exception):
    pass


STALL_SECONDS = 3.0


def fault(point: str, game_id: str, first: int, last: int) -> None:
    """UMPIRE_FAULT=before_commit|after_commit: kill this process at that moment; `stall_<point>`:
    hold the fold there for STALL_SECONDS, so a test can break the broker under a running fold
    (fault tests only). The line logged first is how a test learns which fold it was and which
    commands it was ruling."""
    chosen = os.environ.get("UMPIRE_FAULT")
    if chosen == point:
        log.warning("fault injected at %s: game %s, commands %d..%d", point, game_id, first, last)
        os.kill(os.getpid(), signal.SIGKILL)
    elif chosen == f"stall_{point}":
        log.warning("fault injected at %s: game %s, commands %d..%d", chosen, game_id, first, last)
        time.sleep(STALL_SECONDS)


@contextmanager
def time_limit(seconds: float):
    """Bound one ruling. SIGALRM works only on the main thread (Celery's prefork and solo pools
    run tasks there); the embedded fold thread has no per-ruling limit."""
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
    more: bool = False  # commands are left for another fold (batch or time budget spent)


def fold_game(games: Games, game_id: str, *, batch: int = 200, ruling_seconds: float = 20.0,
              budget_seconds: float = 5.0, passthrough: tuple[type[BaseException], ...] = ()) -> FoldResult:
    """Rule what is pending. `budget_seconds` stops taking new commands once spent, so a fold holds
    the projection lock (and, on SQLite, the write lock) briefly; `ruling_seconds` bounds one
    ruling. Exceptions in `passthrough` (e.g. Celery's soft time limit) and store errors abort the
    fold without a verdict: they are not the command's fault."""
    store = games.store
    ctx = games.context(game_id)
    keyring = _keyring(games, game_id, ctx.genesis.dice.epochs)
    started = time.monotonic()
    warm = _warm(games)
    with store.fold(game_id, known_state=warm.stored(game_id)) as f:
        proj = f.projection
        if proj.status == "halted":
            return FoldResult(game_id=game_id, status=proj.status)
        events, truncated = _unruled(f, proj.adjudicated, batch)
        seen = max(proj.version, events[-1].version if events else 0)
        pending = [e for e in events if e.type in COMMAND_TYPES]  # the first after the last ruled one
        if not pending:
            if seen > proj.version:  # events that need no ruling: account for them, so the sweep stops
                f.write(msgspec.structs.replace(proj, version=seen))
            return FoldResult(game_id=game_id, status=proj.status)
        state = warm.state(game_id, proj.state, ctx.decode_state) if proj.state is not None else ctx.initial()
        before = state
        out: list[NewEvent] = []
        status, adjudicated, count = proj.status, proj.adjudicated, 0
        for cmd in pending:
            if count == batch or (count and time.monotonic() - started > budget_seconds):
                break
            try:
                with time_limit(ruling_seconds):
                    command = ctx.codec.decode_command(cmd.type, cmd.data)
                    dice = KeyedDice(game_id=game_id, command=cmd.version, keys=keyring.key, mix=mix_of(state.core.entropy))
                    ruled = game.step(ctx.ruleset, state, command, dice, version=cmd.version, visibility=cmd.visibility)
                    reveals = _key_events(ctx, keyring, state, ruled.state)
            except StoreError:
                raise
            except passthrough:  # () catches nothing
                raise
            except Exception as exc:  # the rules engine broke: record it, halt, never loop
                out.append(NewEvent(type="adjudication.failed", actor=WORKER, adjudicates=cmd.version,
                                    data=encode(AdjudicationFailed(adjudicates=cmd.version,
                                                                   error=f"{type(exc).__name__}: {exc}"))))
                status, adjudicated, count = "halted", cmd.version, count + 1
                break
            out += [NewEvent(type=x.type, data=x.data, visibility=x.visibility, actor=WORKER, adjudicates=x.adjudicates)
                    for x in ruled.entries]
            out += reveals
            state, adjudicated, count = ruled.state, cmd.version, count + 1
            status = "finished" if state.core.finished else "active"  # a finished game still rules: it rejects
        fault("before_commit", game_id, pending[0].version, adjudicated)
        result = f.append(out)
        left = count < len(pending) or result.first_version - 1 > seen  # unread commands came in meanwhile
        # Rejections leave the state object as it was: its stored bytes are the row's already, and
        # passing that very object lets the store leave the ~40 kB column unwritten.
        encoded = proj.state if state is before and proj.state is not None else msgspec.json.encode(state)
        f.write(Projection(version=max(proj.version, adjudicated) if left else result.last_version,
                           adjudicated=adjudicated, status=status,
                           summary=msgspec.json.encode(game.summary(ctx.ruleset, state)), state=encoded))
    warm.keep(game_id, encoded, state)  # committed: the next fold finds these bytes, and takes this state
    fault("after_commit", game_id, pending[0].version, adjudicated)
    every = games.snapshot_every
    if every and result.last_version // every > proj.adjudicated // every:
        _snapshot(games, ctx, game_id, result.last_version, state)
    return FoldResult(game_id=game_id, ruled=count, appended=len(out), status=status,
                      more=(count < len(pending) or truncated) and status != "halted")


def _unruled(f, after: int, batch: int) -> tuple[list, bool]:
    """The log after the last ruled command, as far as its first `batch` commands (or its end): a
    backlog of thousands of commands is read a batch at a time, not whole by every fold. Returns
    (events, whether the log goes on)."""
    limit = 4 * batch
    while True:
        events = f.events(after, limit=limit)
        if len(events) < limit or sum(e.type in COMMAND_TYPES for e in events) >= batch:
            return events, len(events) == limit
        limit *= 4  # a long run of rulings and effects before the next command


def _snapshot(games: Games, ctx: Context, game_id: str, version: int, state) -> None:
    """The state after event `version` (the fold's last: every effect up to it is in `state`), for
    state?at=N to start from. Written after the commit, so only committed state is ever snapshotted;
    a lost one (the process died first) only makes replays longer."""
    g = ctx.genesis
    try:
        games.store.put_snapshot(game_id, version, g.ruleset, g.pack_hash, msgspec.json.encode(state))
    except Conflict:  # a different state at the same version: the rules are not deterministic
        log.error("game %s: the snapshot at version %d differs from the one stored", game_id, version)


_WARM: "weakref.WeakKeyDictionary[Games, WarmStates]" = weakref.WeakKeyDictionary()
_WARM_LOCK = threading.Lock()


def _warm(games: Games) -> WarmStates:
    """The warm states of folds over this `Games` (its store), made on first use."""
    with _WARM_LOCK:
        return _WARM.setdefault(games, WarmStates())


@lru_cache(maxsize=4096)
def _keyring(games: Games, game_id: str, epochs: int) -> Keyring:
    """A game's seeds never change (written with its genesis): read them once per process (and store)."""
    return Keyring(games.store, game_id, epochs).load()


def _key_events(ctx: Context, keyring: Keyring, before, after) -> list[NewEvent]:
    """Publish the public key of an epoch that has just ended (the latest one: earlier keys hash
    down from it); when the game ends, the last key of every chain, once."""
    last = ctx.genesis.dice.epochs - 1
    if after.core.finished:
        return [] if before.core.finished else [_reveal(keyring, chain, last) for chain in CHAINS]
    ended = ctx.ruleset.epoch(after.core.clock) - 1
    if ended > ctx.ruleset.epoch(before.core.clock) - 1:
        return [_reveal(keyring, "public", min(ended, last))]
    return []


def _reveal(keyring: Keyring, chain: str, epoch: int) -> NewEvent:
    data = encode(KeyRevealed(chain=chain, epoch=epoch, key=keyring.key(chain, epoch).hex()))
    return NewEvent(type="key.revealed", data=data, visibility=PUBLIC, actor=WORKER)
