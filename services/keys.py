"""A game's dice keys: drawn at creation, kept outside the log, revealed epoch by epoch.

The seeds (K_T of each chain) are secrets in the event store; only the commitments go into the
genesis event. Keys leave the service only in `key.revealed` events.
"""
from __future__ import annotations

import hashlib
import secrets
from functools import lru_cache

from domain.kernel.dice import commitment, key_chain
from infra.eventstore import Secrets

CHAINS = ("public", "hidden")


def new_seeds() -> dict[str, bytes]:
    return {chain: secrets.token_bytes(32) for chain in CHAINS}


def pinned_seeds(label: str) -> dict[str, bytes]:
    """Seeds derived from a public label, not secret: for recording a fixture that a seed reproduces
    (tools.record_game). A game created with them has dice anyone knowing the label can foresee."""
    return {chain: hashlib.sha256(f"umpire-pinned-dice\x00{label}\x00{chain}".encode()).digest() for chain in CHAINS}


def commitments(seeds: dict[str, bytes], epochs: int) -> dict[str, str]:
    return {chain: commitment(key_chain(seed, epochs)[0]).hex() for chain, seed in seeds.items()}


def secret_name(chain: str) -> str:
    return f"dice:{chain}"


@lru_cache(maxsize=4096)
def _chain(seed: bytes, epochs: int) -> tuple[bytes, ...]:
    return tuple(key_chain(seed, epochs))


class Keyring:
    """Keys of one game, derived on demand from the stored seeds."""

    def __init__(self, store: Secrets, game_id: str, epochs: int):
        self._store, self._game_id, self._epochs = store, game_id, epochs
        self._seeds: dict[str, bytes] = {}

    def load(self) -> "Keyring":
        """Read the seeds now (the fold does, before it takes the projection lock: rules never
        wait on the store). A missing seed is left for `key` to report."""
        for chain in CHAINS:
            if chain not in self._seeds and (seed := self._store.get_secret(self._game_id, secret_name(chain))):
                self._seeds[chain] = seed
        return self

    def key(self, chain: str, epoch: int) -> bytes:
        if chain not in self._seeds:
            seed = self._store.get_secret(self._game_id, secret_name(chain))
            if seed is None:
                raise LookupError(f"game {self._game_id} has no {chain} dice key")
            self._seeds[chain] = seed
        if not 0 <= epoch < self._epochs:
            raise ValueError(f"epoch {epoch} is outside the committed chain (0..{self._epochs - 1})")
        return _chain(self._seeds[chain], self._epochs)[epoch]
