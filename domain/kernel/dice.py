"""Dice anyone can verify: committed key chains, HMAC draws, unbiased sampling.

Keys. For each of two chains (public rolls, hidden rolls) the service draws a random seed K_T and
derives K_t = SHA-256(K_{t+1}) down to K_0; the commitment SHA-256(K_0) is published at genesis.
Epoch t's rolls use K_t; revealing K_t when epoch t ends lets anyone check every roll of epochs
<= t (hash down) and prove the key was fixed at genesis (hash to the commitment), while K_{t+1}
stays unknowable. Hidden rolls (e.g. a concealed unit's) use the second chain so they never hold
back the release of a public key.

Draws. A draw is HMAC-SHA256(K_epoch, fields) over length-prefixed fields: the version tag, the
game id, the seat-entropy mix, the chain, the command's log version, the draw index and the
attempt. The first 8 bytes read as an unsigned integer give an unbiased value in [0, n) by
rejection sampling; a rejected attempt increments `attempt`. See docs/dice.md for test vectors.
"""
from __future__ import annotations

import hashlib
import hmac
from typing import Callable, Literal, Protocol, Sequence, TypeVar

import msgspec

VERSION_TAG = b"umpire-dice-1"
Chain = Literal["public", "hidden", "scripted"]
T = TypeVar("T")


def _field(b: bytes) -> bytes:
    return len(b).to_bytes(4, "big") + b


def key_chain(seed: bytes, epochs: int) -> list[bytes]:
    """Keys K_0..K_T for epochs 0..T (T = epochs - 1), with K_T = seed."""
    keys = [seed]
    for _ in range(epochs - 1):
        keys.append(hashlib.sha256(keys[-1]).digest())
    keys.reverse()
    return keys


def commitment(k0: bytes) -> bytes:
    return hashlib.sha256(k0).digest()


def verify_key(key: bytes, epoch: int, commit: bytes) -> bool:
    """True if `key` is the key of `epoch` in the chain committed to by `commit`."""
    h = key
    for _ in range(epoch + 1):
        h = hashlib.sha256(h).digest()
    return hmac.compare_digest(h, commit)


def key_for(key: bytes, from_epoch: int, to_epoch: int) -> bytes:
    """Derive an earlier epoch's key from a later one (K_t -> K_s for s <= t)."""
    if to_epoch > from_epoch:
        raise ValueError("a key only yields the keys of earlier epochs")
    for _ in range(from_epoch - to_epoch):
        key = hashlib.sha256(key).digest()
    return key


def mix_of(entropy: dict[str, str]) -> bytes:
    """The mix of the seats' entropy digests (empty when none was supplied)."""
    if not entropy:
        return b""
    return hashlib.sha256("".join(f"{seat}={digest};" for seat, digest in sorted(entropy.items())).encode()).digest()


def draw_digest(key: bytes, *, game_id: str, mix: bytes, chain: str, command: int, draw: int, attempt: int) -> bytes:
    msg = b"".join(
        _field(x)
        for x in (VERSION_TAG, game_id.encode(), mix, chain.encode(), str(command).encode(), str(draw).encode(), str(attempt).encode())
    )
    return hmac.new(key, msg, hashlib.sha256).digest()


def sample(n: int, digest_at: Callable[[int], bytes]) -> tuple[int, int]:
    """Unbiased value in [0, n) from successive attempts; returns (value, attempts used)."""
    if n < 1:
        raise ValueError("need at least one outcome")
    limit = (1 << 64) // n * n
    attempt = 0
    while True:
        x = int.from_bytes(digest_at(attempt)[:8], "big")
        if x < limit:
            return x % n, attempt + 1
        attempt += 1


class Roll(msgspec.Struct, frozen=True, kw_only=True):
    """One die as recorded in the effect that used it: enough to re-derive it from the key."""

    sides: int
    value: int
    purpose: str
    chain: Chain
    epoch: int
    command: int
    draw: int
    attempts: int = 1

    @property
    def face(self) -> int:
        """The face shown on a d10 whose 0 reads as 10."""
        return self.value % 10 if self.sides == 10 else self.value


class Dice(Protocol):
    def roll(self, sides: int, *, purpose: str, epoch: int, hidden: bool = False) -> Roll: ...


class KeyedDice:
    """Draws from the game's key chains for one command."""

    def __init__(self, *, game_id: str, command: int, keys: Callable[[str, int], bytes], mix: bytes = b""):
        # keys(chain, epoch) -> bytes; the worker supplies it from the secret store.
        self._game_id, self._command, self._keys, self._mix = game_id, command, keys, mix
        self._next = {"public": 0, "hidden": 0}

    def roll(self, sides: int, *, purpose: str, epoch: int, hidden: bool = False) -> Roll:
        chain: Literal["public", "hidden"] = "hidden" if hidden else "public"
        draw = self._next[chain]
        self._next[chain] += 1
        key = self._keys(chain, epoch)

        def at(attempt: int) -> bytes:
            return draw_digest(key, game_id=self._game_id, mix=self._mix, chain=chain, command=self._command, draw=draw, attempt=attempt)

        value, attempts = sample(sides, at)
        return Roll(sides=sides, value=value + 1, purpose=purpose, chain=chain, epoch=epoch, command=self._command, draw=draw, attempts=attempts)


class ScriptedDice:
    """Dice fixed in advance: conformance cases and sandbox games (their genesis says so)."""

    def __init__(self, values: Sequence[int], *, command: int = 0):
        self._values = list(values)
        self._command = command
        self._draw = 0

    def roll(self, sides: int, *, purpose: str, epoch: int, hidden: bool = False) -> Roll:
        if self._draw >= len(self._values):
            raise ScriptExhausted(f"the script has no die left for {purpose!r} (draw {self._draw})")
        value = self._values[self._draw]
        if not 1 <= value <= sides:
            raise ValueError(f"scripted die {value} is not a face of a d{sides}")
        roll = Roll(sides=sides, value=value, purpose=purpose, chain="scripted", epoch=epoch, command=self._command, draw=self._draw)
        self._draw += 1
        return roll

    @property
    def used(self) -> int:
        return self._draw


class ScriptExhausted(Exception):
    pass


def verify_roll(roll: Roll, key: bytes, *, game_id: str, mix: bytes = b"") -> bool:
    """Re-derive a recorded roll from its epoch key."""
    if roll.chain == "scripted":
        return False

    def at(attempt: int) -> bytes:
        return draw_digest(key, game_id=game_id, mix=mix, chain=roll.chain, command=roll.command, draw=roll.draw, attempt=attempt)

    value, attempts = sample(roll.sides, at)
    return value + 1 == roll.value and attempts == roll.attempts


def shuffle(dice: Dice, items: Sequence[T], *, purpose: str, epoch: int, hidden: bool = False) -> tuple[list[T], list[Roll]]:
    """Fisher-Yates on the dice stream: draws from a cup without replacement."""
    out = list(items)
    rolls = []
    for i in range(len(out) - 1, 0, -1):
        r = dice.roll(i + 1, purpose=purpose, epoch=epoch, hidden=hidden)
        rolls.append(r)
        j = r.value - 1
        out[i], out[j] = out[j], out[i]
    return out, rolls
