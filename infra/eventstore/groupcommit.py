"""Group commit: appends that arrive while others are committing share the next transaction.

Every durable commit waits for an fsync, and each transaction has a fixed cost besides, so one
append per transaction caps throughput at about one commit per append however many writers wait.
Here a caller that finds a free lane runs its own append at once (no hand-off, so a lone writer pays
nothing); callers that arrive while all lanes are busy queue up, and when a lane frees, the whole
queue becomes one batch, run by the thread of its first caller. Each item keeps its own outcome: the
batch function returns one result or exception per item.
"""
from __future__ import annotations

import threading
from typing import Callable, Generic, Sequence, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class _Slot(Generic[T]):
    __slots__ = ("item", "outcome", "done", "lead")

    def __init__(self, item: T):
        self.item = item
        self.outcome: object = None
        self.done = threading.Event()
        self.lead: list[_Slot[T]] | None = None  # set when this caller must run the next batch


class GroupCommit(Generic[T, R]):
    def __init__(
        self,
        run_batch: Callable[[Sequence[T]], Sequence[R | BaseException]],
        *,
        lanes: int = 2,
        max_batch: int = 256,
    ):
        self._run_batch = run_batch
        self._lanes = lanes
        self._max_batch = max_batch
        self._guard = threading.Lock()
        self._busy = 0
        self._queue: list[_Slot[T]] = []

    def submit(self, item: T) -> R:
        slot = _Slot(item)
        with self._guard:
            if self._busy < self._lanes:
                self._busy += 1
                batch: list[_Slot[T]] | None = [slot]
            else:
                self._queue.append(slot)
                batch = None
        if batch is None:
            slot.done.wait()
            batch = slot.lead
        if batch is not None:
            self._lead(batch)
        if isinstance(slot.outcome, BaseException):
            raise slot.outcome
        return slot.outcome  # type: ignore[return-value]

    def _lead(self, batch: list[_Slot[T]]) -> None:
        try:
            outcomes = list(self._run_batch([s.item for s in batch]))
            if len(outcomes) != len(batch):
                raise RuntimeError(f"a batch of {len(batch)} got {len(outcomes)} outcomes")
        except BaseException as exc:  # the batch as a whole failed: every caller in it sees why
            outcomes = [exc] * len(batch)
        with self._guard:
            following = self._queue[: self._max_batch]
            del self._queue[: self._max_batch]
            if not following:
                self._busy -= 1
        for s, outcome in zip(batch, outcomes, strict=True):
            s.outcome = outcome
            s.lead = None
            s.done.set()
        if following:  # keep the lane: the next batch's first caller runs it
            following[0].lead = following
            following[0].done.set()
