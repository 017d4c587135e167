"""Values computed from one game state, kept while that state is in use (issue 24: a ruling asks
the same question of the same state several times: who controls which hex, what blocks a path).

A state is immutable: every effect applied makes a new state object (adjudication.py), so a
value derived from one state object stays right for as long as that object lives. Entries are
keyed by the state's and the game data's identities and hold both objects, so neither id can be
reused by another object while its entry exists, and an entry is used only when both objects are
the very ones it was computed from: nothing computed for one state is ever answered for another.

The table is small and cleared when full (the states of one ruling are what it serves); plain
dict operations keep it safe for threads (at worst two threads compute the same value).
"""
from __future__ import annotations

from functools import wraps
from typing import Any, Callable, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
LIMIT = 64  # entries; a ruling touches a handful of states

_entries: dict[tuple, tuple[Any, Any, Any]] = {}


def per_state(fn: F) -> F:
    """Memoise `fn(state, data, *args)` (args hashable) per state and data object. The value must
    not be changed by its callers (return frozensets, tuples, or values the callers only read)."""

    @wraps(fn)
    def memoised(state: Any, data: Any, *args: Any) -> Any:
        key = (fn, id(state), id(data), args)
        entry = _entries.get(key)
        if entry is not None and entry[0] is state and entry[1] is data:
            return entry[2]
        value = fn(state, data, *args)
        if len(_entries) >= LIMIT:
            _entries.clear()
        _entries[key] = (state, data, value)
        return value

    memoised.uncached = fn  # type: ignore[attr-defined]  # the computation itself, for tests
    return memoised  # type: ignore[return-value]
