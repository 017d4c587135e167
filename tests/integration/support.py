"""Playing sandbox games like bots do, and the invariants every game's log must satisfy afterwards."""
from __future__ import annotations

import random
import threading
import time
from collections import Counter
from typing import Callable

import msgspec

from domain.kernel import game
from domain.kernel.dice import KeyedDice, mix_of
from domain.kernel.log import COMMAND_TYPES, fold
from infra.eventstore import AppendResult
from services.games import Games
from services.queries import Queries
from services.keys import Keyring

VERDICTS = ("ruling", "adjudication.failed")


def begun(games: Games, scenario: str) -> str:
    """A new game whose genesis (its first command) is already ruled: the game has begun."""
    from services.worker.fold import fold_game

    game_id = games.create(scenario).game_id
    fold_game(games, game_id)
    return game_id


def bot_move(games: Games, game_id: str, rng: random.Random) -> AppendResult | None:
    """Submit one random order among those the projection says are legal now (any seat); None when
    there is nothing to do. Orders chosen from a stale projection are often rejected: that is fine."""
    if games.store.projection(game_id).status != "active":
        return None
    seats = games.context(game_id).genesis.layout.seat_ids()
    options = [(seat, order) for seat in seats for order in Queries(games).legal(game_id, seat)]
    if not options:
        return None
    seat, order = rng.choice(options)
    return games.submit_order(game_id, seat, msgspec.to_builtins(order), principal=seat)


def play_in_process(games: Games, game_id: str, rng: random.Random, fold_once: Callable[[], object],
                    *, max_orders: int = 400) -> int:
    """Alternate bot orders and folds until the game is over; returns the orders submitted."""
    for n in range(max_orders):
        if bot_move(games, game_id, rng) is None:
            return n
        fold_once()
    raise AssertionError(f"game {game_id} did not end within {max_orders} orders")


class Bots:
    """One thread per game submitting random legal orders and waiting (briefly) for each ruling,
    as a bot with `?wait=` would, until stopped or the game is over."""

    def __init__(self, games: Games, game_ids: list[str], wait: Callable[[str, int, float], bool], *, seed: int = 0,
                 wait_seconds: float = 0.5):
        self.games, self.wait, self.wait_seconds = games, wait, wait_seconds
        self.stopping = threading.Event()
        self.submitted: Counter[str] = Counter()
        self.errors: list[BaseException] = []
        self._threads = [threading.Thread(target=self._play, args=(g, random.Random(f"{seed}:{g}")), daemon=True)
                         for g in game_ids]

    def start(self) -> "Bots":
        for t in self._threads:
            t.start()
        return self

    def _play(self, game_id: str, rng: random.Random) -> None:
        try:
            while not self.stopping.is_set():
                result = bot_move(self.games, game_id, rng)
                if result is None:
                    if self.games.store.projection(game_id).status != "active":
                        return
                    self.stopping.wait(0.05)  # nothing legal yet: the projection is catching up
                    continue
                self.submitted[game_id] += 1
                self.wait(game_id, result.last_version, self.wait_seconds)
        except BaseException as exc:  # reported by stop(): a submission must never fail
            self.errors.append(exc)

    def finish(self, timeout: float) -> None:
        """Let every bot play its game to the end, then stop."""
        for t in self._threads:
            t.join(timeout)
        self.stop()

    def stop(self, timeout: float = 30.0) -> None:
        self.stopping.set()
        for t in self._threads:
            t.join(timeout)
        assert not any(t.is_alive() for t in self._threads), "a bot did not stop"
        assert not self.errors, f"bots failed: {self.errors!r}"

    @property
    def total(self) -> int:
        return sum(self.submitted.values())


def wait_until_settled(games: Games, game_ids: list[str], timeout: float) -> None:
    """Bounded wait until no game has a command left to rule (halted games excepted)."""
    deadline = time.monotonic() + timeout
    while True:
        left = [g for g in game_ids if unruled(games, g)]
        if not left:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"games still have unruled commands after {timeout} s: {left}")
        time.sleep(0.1)


def unruled(games: Games, game_id: str) -> list[int]:
    """Commands after the last ruled one, unless the game is halted (then they wait for a referee)."""
    projection = games.store.projection(game_id)
    if projection.status == "halted":
        return []
    return [e.version for e in games.store.read(game_id, after=projection.adjudicated) if e.type in COMMAND_TYPES]


def verdict_counts(games: Games, game_id: str) -> Counter[int]:
    return Counter(e.adjudicates for e in games.store.read(game_id) if e.type in VERDICTS)


def check_game(games: Games, game_id: str) -> dict[str, int]:
    """The invariants of a settled game:
    - every command is ruled exactly once, after it and in log order (on a halted game: up to the
      failed one, none after);
    - every ruling and its effects equal a fresh adjudication of the command, against the state the
      log had before it, with the game's own dice keys (no ruling was made twice or on a stale state);
    - the projection's state is byte-equal to a fresh fold of the log, and its checkpoints agree;
    - the latest snapshot (if any) is byte-equal to a fresh fold of the log up to its version."""
    store = games.store
    ctx = games.context(game_id)
    events = store.read(game_id)
    projection = store.projection(game_id)
    commands = [e for e in events if e.type in COMMAND_TYPES]
    verdicts = [e for e in events if e.type in VERDICTS]
    counts = Counter(v.adjudicates for v in verdicts)
    assert all(n == 1 for n in counts.values()), f"ruled more than once: {[c for c, n in counts.items() if n > 1]}"
    ruled = [c for c in commands if c.version in counts]
    assert [v.adjudicates for v in verdicts] == [c.version for c in ruled], "rulings out of log order"
    assert all(v.adjudicates < v.version for v in verdicts)
    failed = [v for v in verdicts if v.type == "adjudication.failed"]
    if projection.status == "halted":
        assert len(failed) == 1 and failed[0].adjudicates == projection.adjudicated
        assert ruled == [c for c in commands if c.version <= projection.adjudicated], "a command after the halt was ruled"
    else:
        assert not failed and ruled == commands, f"unruled commands: {[c.version for c in commands if c not in ruled]}"

    # Re-adjudicate every ruled command and compare with what the log recorded.
    keyring = Keyring(store, game_id, ctx.genesis.dice.epochs).load()
    by_command = {}
    for i, e in enumerate(events):
        if e.type == "ruling":
            n = msgspec.json.decode(e.data).get("effects", 0)
            by_command[e.adjudicates] = [(x.type, x.data, x.visibility) for x in events[i:i + 1 + n]]
    state = ctx.initial()
    for c in ruled:
        if c.version not in by_command:
            break  # the failed command: nothing to compare
        dice = KeyedDice(game_id=game_id, command=c.version, keys=keyring.key, mix=mix_of(state.core.entropy))
        fresh = game.step(ctx.ruleset, state, ctx.codec.decode_command(c.type, c.data), dice, version=c.version,
                          visibility=c.visibility)
        assert [(x.type, x.data, x.visibility) for x in fresh.entries] == by_command[c.version], \
            f"the ruling of command {c.version} differs from a fresh adjudication"
        state = fresh.state

    folded = fold(ctx.ruleset, ctx.codec, ctx.initial(), ((e.type, e.data) for e in events))
    assert msgspec.json.encode(folded) == msgspec.json.encode(state)
    g = ctx.genesis
    if events and (snap := store.snapshot(game_id, at_most=events[-1].version, ruleset=g.ruleset, pack_hash=g.pack_hash)):
        upto = fold(ctx.ruleset, ctx.codec, ctx.initial(), ((e.type, e.data) for e in events if e.version <= snap[0]))
        assert snap[1] == msgspec.json.encode(upto), f"the snapshot at {snap[0]} differs from a fresh fold"
    if not ruled:  # never folded, or folded with nothing to rule: no state stored yet
        assert projection.state in (None, msgspec.json.encode(folded)) and projection.adjudicated == 0
        return {"commands": 0, "ruled": 0, "events": len(events)}
    assert projection.state == msgspec.json.encode(folded), "the projection differs from a fresh fold of its log"
    assert projection.adjudicated == ruled[-1].version
    if projection.status != "halted":
        assert projection.version == events[-1].version, "a settled projection has accounted for the whole log"
        assert projection.status == ("finished" if folded.core.finished else "active")
    orders = [c for c in commands if c.type != "game.created"]  # the genesis is ruled like any command
    return {"commands": len(orders), "ruled": len([c for c in ruled if c.type != "game.created"]), "events": len(events)}
