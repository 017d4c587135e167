"""Store errors; each maps to one API answer (noted per class)."""
from __future__ import annotations


class StoreError(Exception):
    pass


class UnknownGame(StoreError):  # 404
    def __init__(self, game_id: str):
        super().__init__(f"unknown game {game_id!r}")
        self.game_id = game_id


class GameExists(StoreError):  # 409
    def __init__(self, game_id: str):
        super().__init__(f"game {game_id!r} already exists")
        self.game_id = game_id


class VersionConflict(StoreError):  # 409 with the current version
    def __init__(self, expected: int, actual: int):
        super().__init__(f"expected version {expected}, stream is at {actual}")
        self.expected = expected
        self.actual = actual


class IdempotencyMismatch(StoreError):  # 422: the key was used with another request body
    def __init__(self, principal: str, key: str):
        super().__init__(f"idempotency key {key!r} of {principal!r} was used with another request")
        self.principal = principal
        self.key = key


class DuplicateRuling(StoreError):  # a second ruling for one command; nothing was written
    def __init__(self, adjudicates: int):
        super().__init__(f"command at version {adjudicates} is already ruled")
        self.adjudicates = adjudicates


class StoreUnavailable(StoreError):  # 503 with Retry-After
    pass


class LockTimeout(StoreUnavailable):
    """A row or table lock was not granted within the lock timeout; retrying later is safe."""


class Conflict(StoreError):
    """A write-once record (pack, snapshot, secret) already holds different bytes."""
