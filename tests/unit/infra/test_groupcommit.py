"""Group commit batching, with a batch function that records what it was given."""
from __future__ import annotations

import threading

import pytest

from infra.eventstore.groupcommit import GroupCommit


class Recorder:
    """A batch function that can be held open, so callers pile up behind a running batch."""

    def __init__(self):
        self.batches: list[list[int]] = []
        self.threads: list[str] = []
        self.release = threading.Event()
        self.release.set()
        self.entered = threading.Event()

    def __call__(self, items):
        self.batches.append(list(items))
        self.threads.append(threading.current_thread().name)
        self.entered.set()
        self.release.wait()
        return [ValueError(i) if i < 0 else i * 10 for i in items]


def test_a_lone_caller_runs_its_own_batch_on_its_own_thread():
    run = Recorder()
    group = GroupCommit(run, lanes=1)
    assert group.submit(3) == 30
    assert run.batches == [[3]] and run.threads == [threading.current_thread().name]


def test_callers_arriving_while_the_lane_is_busy_share_the_next_batch():
    run = Recorder()
    group = GroupCommit(run, lanes=1)
    run.release.clear()
    results = {}
    first = threading.Thread(target=lambda: results.setdefault(0, group.submit(0)))
    first.start()
    run.entered.wait()
    waiting = [threading.Thread(target=lambda i=i: results.setdefault(i, group.submit(i))) for i in range(1, 6)]
    for t in waiting:
        t.start()
    while len(group._queue) < 5:  # all five are queued behind the running batch
        threading.Event().wait(0.001)
    run.release.set()
    for t in [first, *waiting]:
        t.join()
    assert run.batches[0] == [0]
    assert sorted(run.batches[1]) == [1, 2, 3, 4, 5] and len(run.batches) == 2
    assert results == {i: i * 10 for i in range(6)}


def test_each_item_keeps_its_own_outcome():
    run = Recorder()
    group = GroupCommit(run, lanes=1)
    with pytest.raises(ValueError):
        group.submit(-1)
    assert group.submit(2) == 20


def test_a_failing_batch_fails_each_of_its_callers_and_frees_the_lane():
    calls = []

    def broken(items):
        calls.append(items)
        raise ConnectionError("database went away")

    group = GroupCommit(broken, lanes=1)
    with pytest.raises(ConnectionError):
        group.submit(1)
    with pytest.raises(ConnectionError):
        group.submit(2)
    assert calls == [[1], [2]]
